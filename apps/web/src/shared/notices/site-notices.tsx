import { client } from '@clinic/contract';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { currentBrowser } from './browser.ts';
import { readConsent } from './cookie-consent.ts';
import { isDismissed } from './dismissal.ts';

const SiteNoticeBanners = lazy(() =>
  import('./site-notice-banners.tsx').then((module) => ({ default: module.SiteNoticeBanners })),
);

/**
 * SPEC 1 notices (site-notice-banners.tsx). Most visits show none, so their code loads only once one
 * is due: a browser other than Chrome, a narrow window, or no cookie choice yet.
 */
export function SiteNotices(): ReactElement | null {
  const narrow = useMediaQuery(`(max-width: ${client.recommendedWidth - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  const due =
    (currentBrowser() !== 'chrome' && !isDismissed('browser')) ||
    (narrow && !isDismissed('width')) ||
    readConsent() === undefined;
  // Once loaded, the banners stay mounted and hide themselves as before.
  const [loaded, setLoaded] = useState(false);
  if (due && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <SiteNoticeBanners />
    </Suspense>
  );
}
