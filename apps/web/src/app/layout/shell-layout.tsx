import { AppShell, Burger, Button, Group, NavLink, Progress, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { PayPopup } from '../../features/payments/components/pay-popup.tsx';
import { MessagesBadge } from '../../features/messages/components/messages-badge.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { withLangQuery } from '../../shared/i18n/language.ts';
import { useAuthStore } from '../../shared/session/auth-store.ts';
import { LanguageSelect } from '../../shared/ui/language-select.tsx';
import { useOpenedOnce } from '../../shared/ui/use-opened-once.ts';

// The agreement text and the contact form (with its checks) load when first opened, not with every signed-in page.
const ServiceAgreementModal = lazy(() =>
  import('./service-agreement-modal.tsx').then((module) => ({ default: module.ServiceAgreementModal })),
);
const ContactUsModal = lazy(() =>
  import('../../features/inquiries/components/contact-us-modal.tsx').then((module) => ({
    default: module.ContactUsModal,
  })),
);

interface MenuEntry {
  to: string;
  labelKey: 'menu.home' | 'menu.patientList' | 'menu.messages' | 'menu.rehab' | 'menu.myPage';
  matches: (pathname: string) => boolean;
}

/** The menu of SPEC 2, with only the screens that work today. */
const menu: readonly MenuEntry[] = [
  {
    to: paths.home,
    labelKey: 'menu.home',
    matches: (pathname) => pathname === paths.home || pathname === paths.appointments,
  },
  {
    to: paths.patientList,
    labelKey: 'menu.patientList',
    matches: (pathname) => pathname.startsWith(paths.patientList),
  },
  { to: paths.messages, labelKey: 'menu.messages', matches: (pathname) => pathname.startsWith(paths.messages) },
  { to: paths.rehab, labelKey: 'menu.rehab', matches: (pathname) => pathname.startsWith(paths.rehab) },
  { to: paths.options, labelKey: 'menu.myPage', matches: (pathname) => pathname.startsWith(paths.options) },
];

/** The shell of every logged-in screen: header, menu and the screen. */
export function ShellLayout(): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const [menuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const userName = useAuthStore((state) => state.userName);
  const logout = useLogout();
  const [dialog, setDialog] = useState<'agreement' | 'contact' | null>(null);
  const agreementMounted = useOpenedOnce(dialog === 'agreement');
  const contactMounted = useOpenedOnce(dialog === 'contact');

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !menuOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        {navigation.state !== 'idle' && (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            pos="absolute"
            top={0}
            left={0}
            right={0}
            aria-label={t('common.loading')}
          />
        )}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpen}
              onClick={toggleMenu}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpen ? t('menu.close') : t('menu.open')}
            />
            <Title order={1} size="h4" c="teal.8">
              {t('app.name')}
            </Title>
          </Group>
          <Group gap="md" wrap="nowrap">
            {userName && (
              <Text size="sm" fw={500} visibleFrom="xs" data-testid="clinician-name">
                {userName}
              </Text>
            )}
            <NotificationBell />
            <LanguageSelect size="xs" />
            <Button
              variant="default"
              size="xs"
              loading={logout.isPending}
              onClick={() => logout.mutate({ notice: 'loggedOut' })}
            >
              {t('menu.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label={t('menu.label')}>
        {menu.map((entry) => (
          <NavLink
            key={entry.to}
            component={Link}
            to={withLangQuery(entry.to, location.search)}
            label={t(entry.labelKey)}
            rightSection={entry.to === paths.messages ? <MessagesBadge /> : undefined}
            active={entry.matches(location.pathname)}
            aria-current={entry.matches(location.pathname) ? 'page' : undefined}
            onClick={closeMenu}
          />
        ))}
        <NavLink
          component="button"
          label={t('menu.agreement')}
          onClick={() => {
            closeMenu();
            setDialog('agreement');
          }}
        />
        <NavLink
          component="button"
          label={t('menu.contactUs')}
          onClick={() => {
            closeMenu();
            setDialog('contact');
          }}
        />
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <Suspense fallback={null}>
        {agreementMounted && <ServiceAgreementModal opened={dialog === 'agreement'} onClose={() => setDialog(null)} />}
        {contactMounted && <ContactUsModal opened={dialog === 'contact'} onClose={() => setDialog(null)} />}
      </Suspense>
      <PayPopup />
    </AppShell>
  );
}
