import { Box, NativeSelect, NavLink } from '@mantine/core';
import { useScrollSpy } from '@mantine/hooks';
import { useEffect, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { settingsSectionSelector } from './settings-section.tsx';

export interface PageSection {
  /** The id of the section's heading, which a link to the page names after `#`. */
  id: string;
  title: string;
}

/** The header's height and the page's padding: where a heading scrolled to comes to rest. */
const headerOffset = 84;

/** How long a section gone to stays where it came to rest while the sections above it still load. */
const settleMs = 2000;
/** What a reader does to scroll on their own, which ends the hold. */
const ownScrolling = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to the heading of that id, and back to it whenever the page changes size for a moment
 * after (a section above it that loads late would push it away), until the reader scrolls on their
 * own. Answers the stop.
 */
function keepInView(id: string): (() => void) | undefined {
  const heading = document.getElementById(id);
  if (!heading) return undefined;
  heading.scrollIntoView();
  const resized = new ResizeObserver(() => heading.scrollIntoView());
  resized.observe(document.body);
  const stop = (): void => {
    resized.disconnect();
    window.clearTimeout(timer);
    for (const event of ownScrolling) window.removeEventListener(event, stop);
  };
  const timer = window.setTimeout(stop, settleMs);
  for (const event of ownScrolling) window.addEventListener(event, stop, { passive: true });
  return stop;
}

/**
 * The sections of a long page beside it on wide screens, each a link to its heading (`#id`, which
 * can be shared), the one being read marked. A link to the page opens it at the section it names.
 */
export function SectionLinks({ sections, label }: { sections: PageSection[]; label: string }): ReactElement {
  const { hash } = useLocation();
  useEffect(() => (hash.length > 1 ? keepInView(decodeURIComponent(hash.slice(1))) : undefined), [hash]);
  // The section being read: the last heading scrolled past the header.
  const spy = useScrollSpy({ selector: settingsSectionSelector, offset: headerOffset });
  const reading = spy.data[spy.active]?.id;
  return (
    <Box
      component="nav"
      aria-label={label}
      visibleFrom="lg"
      pos="sticky"
      top={headerOffset}
      w={220}
      style={{ flexShrink: 0 }}
    >
      {sections.map((section) => (
        <NavLink
          key={section.id}
          href={`#${section.id}`}
          label={section.title}
          active={section.id === reading}
          aria-current={section.id === reading ? 'location' : undefined}
        />
      ))}
    </Box>
  );
}

/** The same sections as a select above the page on narrow screens, where no list fits beside it. */
export function SectionSelect({ sections, label }: { sections: PageSection[]; label: string }): ReactElement {
  const navigate = useNavigate();
  const { hash } = useLocation();
  return (
    <NativeSelect
      hiddenFrom="lg"
      label={label}
      value={hash.slice(1)}
      data={[{ value: '', label, disabled: true }, ...sections.map(({ id, title }) => ({ value: id, label: title }))]}
      onChange={(event) => void navigate({ hash: event.currentTarget.value })}
    />
  );
}
