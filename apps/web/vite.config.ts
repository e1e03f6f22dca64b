import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pwaPlugins } from './scripts/pwa-config.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8787'}`;

export default defineConfig({
  plugins: [react(), ...pwaPlugins(pkg.version)],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      // Social sign-in: the Apple redirect and callback, and POST /auth/token.
      '/auth': apiTarget,
      '/healthz': apiTarget,
    },
  },
  build: {
    // WEB_DIST_DIR lets two checkouts' test runs (or a deployment) build and serve separate copies.
    outDir: process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
  },
});
