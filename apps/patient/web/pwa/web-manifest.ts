import type { Language } from '@clinic/contract';
import { appIcons, appScope } from './app-scope.ts';

/** The colour of the header and of the installed app's title bar (index.html's theme-color). */
export const themeColor = '#0ca678';

/** The language index.html is written in: its manifest is the one the built page links first. */
export const pageLanguage: Language = 'en';

/**
 * Each language has a manifest of its own, so the installed app is named in the patient's language;
 * the page links the one of the language it shows (manifest-link.ts).
 */
export function manifestFileName(language: Language): string {
  return language === pageLanguage ? 'manifest.webmanifest' : `manifest.${language}.webmanifest`;
}

/** A language's texts in a manifest (from its locale file's `app` and `pwa` strings). */
export interface ManifestTexts {
  name: string;
  shortName: string;
  description: string;
}

/**
 * The web app manifest in one language. Every language's has the same `id`, so they describe one
 * app: installing in Korean and later opening it in Czech is still the same installed app.
 */
export function webManifest(language: Language, texts: ManifestTexts): Record<string, unknown> {
  return {
    id: appScope,
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    lang: language,
    dir: 'ltr',
    start_url: appScope,
    scope: appScope,
    display: 'standalone',
    theme_color: themeColor,
    background_color: '#ffffff',
    icons: [
      { src: `${appScope}${appIcons.small}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${appScope}${appIcons.large}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${appScope}${appIcons.maskable}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
