import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { Language } from '@clinic/contract';
import { mantineComponentStyles } from '../web/vite-mantine-styles.ts';
import { appIcons, appScope } from './web/pwa/app-scope.ts';
import { manifestFileName, pageLanguage, webManifest, type ManifestTexts } from './web/pwa/web-manifest.ts';
import cs from './web/locales/cs.json' with { type: 'json' };
import en from './web/locales/en.json' with { type: 'json' };
import ko from './web/locales/ko.json' with { type: 'json' };
import zhHK from './web/locales/zh-HK.json' with { type: 'json' };

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000', ws: true },
};

const locales: Record<Language, typeof en> = { en, ko, 'zh-HK': zhHK, cs };

/**
 * The web app manifest in each language, named from its locale file, and the links the page starts
 * with: the English manifest (web/pwa/manifest-link.ts then links the page's language) and the icon
 * iOS puts on the home screen.
 */
function webManifests(): Plugin {
  return {
    name: 'patient-web-manifests',
    apply: 'build',
    generateBundle() {
      for (const [language, locale] of Object.entries(locales) as [Language, typeof en][]) {
        const texts: ManifestTexts = {
          name: locale.app.name,
          shortName: locale.pwa.shortName,
          description: locale.app.tagline,
        };
        this.emitFile({
          type: 'asset',
          fileName: manifestFileName(language),
          source: JSON.stringify(webManifest(language, texts), null, 2),
        });
      }
    },
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'manifest', href: `${appScope}${manifestFileName(pageLanguage)}` },
        injectTo: 'head',
      },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: `${appScope}${appIcons.appleTouch}` }, injectTo: 'head' },
    ],
  };
}

/** A stylesheet link as Vite writes it, with the whitespace before it. */
const stylesheetLink = /\s*<link rel="stylesheet"[^>]*>/g;
const rootElement = '<div id="root">';

/**
 * Moves the page's stylesheets from the head to just before #root, after the app's mark: in the head
 * they would hold back its paint until they had loaded. The module scripts still run only once they
 * have loaded, and the first module moves them back to the head (web/first-stylesheets.ts). The
 * clinicians' app does the same (apps/web/vite-page-preloads.ts).
 */
function stylesheetsAfterMark(): Plugin {
  return {
    name: 'patient-stylesheets-after-mark',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('stylesheets-after-mark: no index.html in the bundle');
      const source = String(html.source);
      if (!source.includes(rootElement)) throw new Error(`stylesheets-after-mark: no ${rootElement} in index.html`);
      const links = (source.match(stylesheetLink) ?? []).map((link) => link.trim());
      html.source = source
        .replace(stylesheetLink, '')
        .replace(rootElement, links.map((link) => `${link}\n    `).join('') + rootElement);
    },
  };
}

/** The patient web client, served by the server at /patient/. */
export default defineConfig({
  base: appScope,
  plugins: [
    react(),
    mantineComponentStyles(),
    webManifests(),
    stylesheetsAfterMark(),
    // Our own worker (web/sw.ts), given the list of the built shell's files to keep offline. The
    // page registers it (web/pwa/service-worker.ts) and links the manifests (above).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'web',
      filename: 'sw.ts',
      scope: appScope,
      base: appScope,
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // Every script (each screen and each language's strings are chunks of their own), the
        // styles, the page, the icons and the manifests; the compressed copies are the server's.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['sw.js'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Inlining shared chunks (below) needs the entry's exports left free; nothing imports the entry.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // What the first page needs comes in one file rather than a dozen small shared ones.
          groups: [{ name: 'app', tags: ['$initial'] }],
          // Shared chunks under 15 KB (a Mantine component, a hook) go into the chunks that use them: the
          // program screen then loads a handful of files rather than dozens, each a round trip on a phone.
          experimentalInlineCommonChunks: { maxSize: 15000 },
        },
      },
    },
  },
  server: { port: 5174, strictPort: true, proxy: apiProxy },
  preview: { port: 4174, strictPort: true, proxy: apiProxy },
});
