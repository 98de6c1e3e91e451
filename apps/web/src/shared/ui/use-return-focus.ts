import { useEffect, useState } from 'react';

/**
 * For a dialog that is mounted only while it is open: gives the keyboard focus back to what had
 * it (the opener) when the dialog goes. Mantine's Modal does so only when its `opened` turns false.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement) opener.focus();
    },
    [opener],
  );
}
