import type { Language } from '@clinic/contract';
import { appScope } from './app-scope.ts';
import { manifestFileName } from './web-manifest.ts';

/**
 * Links the manifest of the page's language, so the app is installed under its name in that
 * language, and names it for iOS's Home Screen too. The built page links the English one first.
 */
export function linkManifest(language: Language, appName: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  link.href = `${appScope}${manifestFileName(language)}`;
  let title = document.querySelector<HTMLMetaElement>('meta[name="apple-mobile-web-app-title"]');
  if (!title) {
    title = document.createElement('meta');
    title.name = 'apple-mobile-web-app-title';
    document.head.append(title);
  }
  title.content = appName;
}
