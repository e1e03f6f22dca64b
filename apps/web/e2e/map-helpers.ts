import type { BrowserContext } from '@playwright/test';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Nothing may leave the machine in browser tests: map tiles are answered with a tiny PNG and any
 * other outside request is refused. Returns the tile requests seen.
 */
export async function keepMapLocal(context: BrowserContext): Promise<string[]> {
  const tiles: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    async (route) => {
      const url = route.request().url();
      if (/\/\d+\/\d+\/\d+\.png/.test(url)) {
        tiles.push(url);
        // Like OpenStreetMap's tile servers: CORS allowed (the map asks for CORS tiles).
        await route.fulfill({
          status: 200,
          contentType: 'image/png',
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: PNG,
        });
      } else {
        await route.abort();
      }
    },
  );
  return tiles;
}

/** Near Bondi Beach, NSW. */
export const BONDI = { latitude: -33.8915, longitude: 151.2767 };
