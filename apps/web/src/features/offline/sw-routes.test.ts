import { describe, expect, it } from 'vitest';
import source from '../../../public/sw-routes.js?raw';

/**
 * The service worker's static routes (public/sw-routes.js, imported by the Workbox worker), run
 * against a stand-in of the worker's global scope. (The browser spec e2e/offline.spec.ts checks in
 * Chromium that such requests do not start a stopped worker.)
 */
function install(event: Record<string, unknown>) {
  let listener: ((event: unknown) => void) | undefined;
  new Function('self', source)({
    addEventListener: (type: string, handler: (event: unknown) => void) => {
      if (type === 'install') listener = handler;
    },
  });
  const waited: Promise<unknown>[] = [];
  listener!({ ...event, waitUntil: (promise: Promise<unknown>) => waited.push(promise) });
  return waited;
}

describe('static routes past the service worker', () => {
  it('sends the API, media and uploads to the network, and only those', async () => {
    const added: unknown[] = [];
    const waited = install({ addRoutes: async (rules: unknown[]) => void added.push(...rules) });
    await Promise.all(waited);
    expect(added).toEqual([
      { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
      { condition: { urlPattern: { pathname: '/media/*' } }, source: 'network' },
      { condition: { urlPattern: { pathname: '/uploads/*' } }, source: 'network' },
    ]);
  });

  it('a browser without static routing installs the worker as before', () => {
    expect(install({})).toEqual([]);
  });

  it('a browser that refuses the routes still installs the worker (they are an optimisation)', async () => {
    const waited = install({ addRoutes: async () => Promise.reject(new TypeError('not supported')) });
    expect(waited).toHaveLength(1);
    await expect(waited[0]).resolves.toBeUndefined();
  });
});
