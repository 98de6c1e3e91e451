import { useState } from 'react';

/**
 * Whether a dialog (or a notice) has been open at any time so far. One whose code loads when it
 * first opens is mounted from then on, so that its closing animates.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedBefore, setOpenedBefore] = useState(opened);
  if (opened && !openedBefore) setOpenedBefore(true);
  return opened || openedBefore;
}
