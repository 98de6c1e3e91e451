import { Badge, Box, Group, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../messages/message-keys.ts';
import { screenLink } from '../navigation/screen-link.ts';
import type { Screen } from '../navigation/screen-url.ts';

/** The tabs of the bar: booking belongs to the visits. */
export type Section = 'home' | 'program' | 'symptoms' | 'messages';

const sections: readonly Section[] = ['home', 'program', 'symptoms', 'messages'];

/** Height of the bar; the page keeps this much room below its content. */
export const navBarHeight = 64;

function Icon({ section }: { section: Section }): ReactElement {
  const common = {
    width: 24,
    height: 24,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    focusable: false,
  };
  switch (section) {
    case 'home':
      return (
        <svg {...common}>
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M16 3v4M8 3v4M3 11h18" />
        </svg>
      );
    case 'program':
      return (
        <svg {...common}>
          <path d="M3 17l6-6 4 4 8-8" />
          <path d="M14 7h7v7" />
        </svg>
      );
    case 'symptoms':
      return (
        <svg {...common}>
          <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
        </svg>
      );
    case 'messages':
      return (
        <svg {...common}>
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.6A8 8 0 1 1 21 12z" />
        </svg>
      );
  }
}

/** The count of unread messages over the messages tab's icon (the link's name says it in words). */
function UnreadBadge({ count }: { count: number }): ReactElement | null {
  if (count === 0) return null;
  return (
    <Badge
      data-testid="messages-badge"
      aria-hidden
      color="red.8"
      variant="filled"
      size="sm"
      pos="absolute"
      top={-6}
      left={14}
      miw={20}
      w="max-content"
      px={5}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/**
 * The bar at the bottom of the phone's screen: visits, program, symptoms and messages (with the
 * unread count), each a link to its address (so it opens in a new tab too), the whole width shared,
 * 64 px tall.
 */
export function NavBar({ current, onGo }: { current: Section; onGo: (screen: Screen) => void }): ReactElement {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      h={navBarHeight}
      bg="white"
      style={{
        zIndex: 100,
        borderTop: '1px solid var(--mantine-color-gray-3)',
        paddingBottom: 'env(safe-area-inset-bottom)',
        boxSizing: 'content-box',
      }}
    >
      <Group
        component="ul"
        gap={0}
        wrap="nowrap"
        h="100%"
        maw={720}
        mx="auto"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {sections.map((section) => {
          const active = section === current;
          return (
            <Box component="li" key={section} h="100%" style={{ flex: 1 }}>
              <UnstyledButton
                component="a"
                {...screenLink({ name: section }, onGo)}
                aria-current={active ? 'page' : undefined}
                h="100%"
                w="100%"
                c={active ? 'teal.8' : 'gray.7'}
                fw={active ? 700 : 500}
                fz="sm"
                style={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  gap: 2,
                  borderTop: `3px solid ${active ? 'var(--mantine-color-teal-8)' : 'transparent'}`,
                }}
              >
                <Box component="span" pos="relative" display="flex">
                  <Icon section={section} />
                  {section === 'messages' && <UnreadBadge count={unread} />}
                </Box>
                {t(`nav.${section}`)}
                {section === 'messages' && unread > 0 && (
                  <VisuallyHidden>{t('nav.unread', { count: unread })}</VisuallyHidden>
                )}
              </UnstyledButton>
            </Box>
          );
        })}
      </Group>
    </Box>
  );
}
