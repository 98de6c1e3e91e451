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

/** The patient web client, served by the server at /patient/. */
export default defineConfig({
  base: appScope,
  plugins: [
    react(),
    mantineComponentStyles(),
    webManifests(),
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
  },
  server: { port: 5174, strictPort: true, proxy: apiProxy },
  preview: { port: 4174, strictPort: true, proxy: apiProxy },
});
