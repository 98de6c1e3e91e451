import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** A bin drawn inline, so no icon font or library is needed. */
export function TrashIcon({ size = 16 }: { size?: number }): ReactElement {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

/** SPEC 2 delete button: a bin icon whose accessible name says what it deletes. */
export function DeleteButton({
  label,
  onClick,
  disabled,
  loading,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
}): ReactElement {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        loading={loading}
      >
        <TrashIcon />
      </ActionIcon>
    </Tooltip>
  );
}
