import { Center, Overlay, Paper, Progress, Stack, Text } from '@mantine/core';
import { useFocusTrap, useMergedRef } from '@mantine/hooks';
import { useEffect, useId, useRef, useState, type ReactElement, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export interface ProgressOverlayProps {
  /** What is going on, already translated. */
  label: string;
  done: number;
  total: number;
}

/**
 * While the overlay blocks the page, everything else in the document is inert (out of reach of
 * the keyboard, the pointer and screen readers) and busy; afterwards the focus goes back.
 */
function useBlockedPage(dialog: RefObject<HTMLElement | null>): void {
  const [previousFocus] = useState(() => document.activeElement);
  useEffect(() => {
    const own = dialog.current?.closest('body > *');
    const blocked = Array.from(document.body.children).filter(
      (element) => element !== own && !element.hasAttribute('inert'),
    );
    for (const element of blocked) {
      element.setAttribute('inert', '');
      element.setAttribute('aria-busy', 'true');
    }
    return () => {
      for (const element of blocked) {
        element.removeAttribute('inert');
        element.removeAttribute('aria-busy');
      }
      if (previousFocus instanceof HTMLElement && previousFocus.isConnected) previousFocus.focus();
    };
  }, [dialog, previousFocus]);
}

/**
 * SPEC 2 blocking progress overlay: covers the whole app, holds the keyboard focus and tells how far
 * a long task is, as "x / y", to the eye and to screen readers.
 */
export function ProgressOverlay({ label, done, total }: ProgressOverlayProps): ReactElement {
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  const labelId = useId();
  const countId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const trap = useFocusTrap(true);
  const ref = useMergedRef(dialog, trap);
  useBlockedPage(dialog);
  return createPortal(
    <Overlay fixed zIndex={4000} backgroundOpacity={0.45}>
      <Center h="100%">
        <Paper
          ref={ref}
          p="lg"
          radius="md"
          shadow="md"
          miw={300}
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={labelId}
          aria-describedby={countId}
          tabIndex={-1}
        >
          <Stack gap="sm">
            <Text fw={600} id={labelId}>
              {label}
            </Text>
            <Progress value={percent} animated aria-hidden />
            <Text
              size="sm"
              ta="center"
              id={countId}
              role="status"
              aria-live="polite"
              aria-atomic="true"
              data-testid="progress-count"
            >
              {`${done} / ${total}`}
            </Text>
          </Stack>
        </Paper>
      </Center>
    </Overlay>,
    document.body,
  );
}
