import { languages } from '@clinic/contract';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import cs from '../locales/cs.json';
import en from '../locales/en.json';
import ko from '../locales/ko.json';
import zhHK from '../locales/zh-HK.json';
import { appIcons } from './app-scope.ts';
import { manifestFileName, themeColor, webManifest } from './web-manifest.ts';

const locales = { en, ko, 'zh-HK': zhHK, cs };
const publicDir = join(import.meta.dirname, '../../public');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the app’s manifests', () => {
  it('name one installable app in each language, scoped to /patient/', () => {
    const names = new Set<string>();
    for (const language of languages) {
      const locale = locales[language];
      const manifest = webManifest(language, {
        name: locale.app.name,
        shortName: locale.pwa.shortName,
        description: locale.app.tagline,
      });
      names.add(manifestFileName(language));
      expect(manifest).toMatchObject({
        id: '/patient/',
        name: locale.app.name,
        short_name: locale.pwa.shortName,
        lang: language,
        start_url: '/patient/',
        scope: '/patient/',
        display: 'standalone',
        theme_color: themeColor,
      });
      const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
      expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of icons) expect(icon.src.startsWith('/patient/icons/')).toBe(true);
    }
    expect(names.size).toBe(languages.length);
    expect(manifestFileName('en')).toBe('manifest.webmanifest');
  });

  it('has the theme colour of the page', () => {
    const page = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    expect(page).toContain(`<meta name="theme-color" content="${themeColor}" />`);
  });

  it('points at real PNG icons of the sizes it names', () => {
    const sizes = { small: 192, large: 512, maskable: 512, appleTouch: 180 };
    for (const [name, path] of Object.entries(appIcons)) {
      const file = join(publicDir, path);
      expect(existsSync(file), file).toBe(true);
      const size = sizes[name as keyof typeof sizes];
      expect(pngSize(file)).toEqual({ width: size, height: size });
    }
  });
});
