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

/**
 * The sections of a long page beside it on wide screens, each a link to its heading (`#id`, which
 * can be shared), the one being read marked. A link to the page opens it at the section it names.
 */
export function SectionLinks({ sections, label }: { sections: PageSection[]; label: string }): ReactElement {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
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
