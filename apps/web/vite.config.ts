import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineComponentStyles } from './vite-mantine-styles.ts';
import { translationParts } from './vite-translation-parts.ts';

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000', ws: true },
};

export default defineConfig({
  plugins: [react(), mantineComponentStyles(), translationParts()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page needs comes in one file rather than a dozen small shared ones.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, strictPort: true, proxy: apiProxy },
});
