import { client } from '@clinic/contract';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { currentBrowser } from './browser.ts';
import { readConsent } from './cookie-consent.ts';
import { useOpenedOnce } from '../ui/use-opened-once.ts';
import { isDismissed } from './dismissal.ts';

const narrowQuery = `(max-width: ${client.recommendedWidth - 0.02}px)`;
/** The banners once their code is here: drawn at once, not after a suspense (which React holds back up to 300 ms). */
let LoadedBanners: ComponentType | undefined;
const loadBanners = () =>
  import('./site-notice-banners.tsx').then((module) => {
    LoadedBanners = module.SiteNoticeBanners;
    return { default: module.SiteNoticeBanners };
  });
const SiteNoticeBanners = lazy(loadBanners);

/** A browser other than Chrome, a narrow window, or no cookie choice yet. */
function noticeDue(narrow: boolean): boolean {
  return (
    (currentBrowser() !== 'chrome' && !isDismissed('browser')) ||
    (narrow && !isDismissed('width')) ||
    readConsent() === undefined
  );
}

// A notice due at start loads beside the first screen's code rather than after it is drawn, so both
// show together (on a phone the notice is the largest thing on the first screen).
if (noticeDue(window.matchMedia(narrowQuery).matches)) void loadBanners();

/** SPEC 1 notices (site-notice-banners.tsx). Most visits show none, so their code loads only once one is due. */
export function SiteNotices(): ReactElement | null {
  const narrow = useMediaQuery(narrowQuery, false, { getInitialValueInEffect: false });
  const due = noticeDue(narrow);
  // Once loaded, the banners stay mounted and hide themselves as before.
  const loaded = useOpenedOnce(due);
  if (!loaded) return null;
  if (LoadedBanners) return <LoadedBanners />;
  return (
    <Suspense fallback={null}>
      <SiteNoticeBanners />
    </Suspense>
  );
}
