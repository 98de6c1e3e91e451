import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { homeFirstLoad } from './src/app/first-load.ts';
import { mantineComponentStyles } from './vite-mantine-styles.ts';
import { pagePreloads } from './vite-page-preloads.ts';
import { translationParts } from './vite-translation-parts.ts';

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000', ws: true },
};

// React Router's package exports only its development build, whose warnings a production page never shows.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), mantineComponentStyles(), translationParts(), pagePreloads({ home: homeFirstLoad })],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
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
          // Shared chunks under 15 KB (a Mantine component, a hook) go into the chunks that use them: a
          // signed-in screen then loads about 20 files instead of 70, each a round trip on a phone's network.
          experimentalInlineCommonChunks: { maxSize: 15000 },
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, strictPort: true, proxy: apiProxy },
}));
