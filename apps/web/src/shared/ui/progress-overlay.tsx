import { Center, Overlay, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { createPortal } from 'react-dom';

export interface ProgressOverlayProps {
  /** What is going on, already translated. */
  label: string;
  done: number;
  total: number;
}

/** SPEC 2 blocking progress overlay: covers the whole app and shows how far a long task is, as "x / y". */
export function ProgressOverlay({ label, done, total }: ProgressOverlayProps): ReactElement {
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return createPortal(
    <Overlay fixed zIndex={4000} backgroundOpacity={0.45} blur={1}>
      <Center h="100%">
        <Paper
          p="lg"
          radius="md"
          shadow="md"
          miw={300}
          role="alertdialog"
          aria-modal="true"
          aria-busy="true"
          aria-label={label}
        >
          <Stack gap="sm">
            <Text fw={600}>{label}</Text>
            <Progress value={percent} animated aria-hidden />
            <Text size="sm" ta="center" role="status" data-testid="progress-count">
              {`${done} / ${total}`}
            </Text>
          </Stack>
        </Paper>
      </Center>
    </Overlay>,
    document.body,
  );
}
