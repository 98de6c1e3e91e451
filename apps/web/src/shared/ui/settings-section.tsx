import { Paper, Title } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

/** The headings of the sections, which the page's section navigation lists. */
export const settingsSectionSelector = '[data-settings-section]';

/** A titled section of My page, named by its heading, which a link to `#id` scrolls to below the header. */
export function SettingsSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}): ReactElement {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Title order={3} id={id} mb="md" data-settings-section style={{ scrollMarginTop: 84 }}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
