import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineComponentStyles } from '../web/vite-mantine-styles.ts';

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000', ws: true },
};

/** The patient web client, served by the server at /patient/. */
export default defineConfig({
  base: '/patient/',
  plugins: [react(), mantineComponentStyles()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { port: 5174, strictPort: true, proxy: apiProxy },
  preview: { port: 4174, strictPort: true, proxy: apiProxy },
});
