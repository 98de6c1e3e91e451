import { Paper, Title } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

/** A titled section of My page, named by its heading. */
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
      <Title order={3} id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
