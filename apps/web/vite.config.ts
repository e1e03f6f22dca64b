import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pwaPlugins } from './scripts/pwa-config.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8787'}`;

const outDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...pwaPlugins(pkg.version)],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      // Social sign-in: the Apple redirect and callback, and POST /auth/token.
      '/auth': apiTarget,
      '/healthz': apiTarget,
    },
  },
  // The server entry carries its dependencies (React, the router…): WEB_DIST_DIR may be outside
  // the repository, where node_modules cannot be found.
  ssr: { noExternal: true },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    // Bundled into the server entry, React and its peers pick the build the JSX was compiled for
    // (production unless the build runs with another NODE_ENV).
    ...(isSsrBuild && { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV || 'production') }),
  },
  build: isSsrBuild
    ? {
        // `vite build --ssr`: the server entry, in a dot folder the web server never serves and
        // the service worker never caches. Built after the client (which empties outDir).
        outDir: path.join(outDir, '.server'),
        emptyOutDir: true,
        target: 'node22',
        sourcemap: false,
        // One file: a rebuilt entry is imported afresh (pages.ts) without sharing chunks with the old one.
        rollupOptions: { input: 'src/entry-server.tsx', output: { codeSplitting: false } },
      }
    : {
        // WEB_DIST_DIR lets two checkouts' test runs (or a deployment) build and serve separate copies.
        outDir,
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        assetsInlineLimit: 2048,
        // .vite/manifest.json: the server preloads a rendered route's code from it.
        manifest: true,
        // React, the router and the query library in one chunk: Home needs nearly all of them, and
        // one file compresses better and costs fewer requests than the ~12 shared pieces the
        // default splitting cut them into (Home's first load: 150.0 -> 144.2 KB gzip, 25 -> 15 files).
        rollupOptions: {
          // src/boot.ts: a server-rendered page's first script, which loads the app after the page
          // has painted (entry-server.tsx finds it in the manifest).
          input: { index: 'index.html', boot: 'src/boot.ts' },
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
                },
              ],
            },
          },
        },
      },
}));
