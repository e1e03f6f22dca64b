import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { OFFLINE_BANNER_TEXT } from '@safeshore/domain';
import { expectNoAxeViolations } from './axe.ts';
import { BONDI, keepMapLocal } from './map-helpers.ts';

/**
 * Offline on the web (a PWA): save the beach database from Offline Settings, go offline
 * (context.setOffline) and keep using the app from the local database, with the app shell served
 * by the service worker. The service worker is off in the other specs (playwright.config.ts).
 */
test.use({ serviceWorkers: 'allow', geolocation: BONDI, permissions: ['geolocation'] });
// The update test rewrites the served sw.js for a moment: run this file's tests in one worker, in order.
test.describe.configure({ mode: 'default', timeout: 60_000 });

// Service worker start-up and IndexedDB reads are slower than most pages on a busy machine.
const expect = baseExpect.configure({ timeout: 10_000 });

const SYNCED = 'Beaches synchronized!';

/** Waits until the service worker has precached the app and controls the page. */
async function serviceWorkerInCharge(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** Where this page's service workers stand (for failure messages). */
function workerStates(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const describe = (worker: ServiceWorker | null | undefined) =>
      worker ? `${worker.state} ${worker.scriptURL}` : null;
    return {
      controller: describe(navigator.serviceWorker.controller),
      active: describe(registration?.active),
      waiting: describe(registration?.waiting),
      installing: describe(registration?.installing),
      button: document.querySelector('.banner--update button')?.textContent ?? null,
    };
  });
}

/** Web: tick "Save beaches for offline use" and wait for the sync to finish. */
async function saveBeachesForOffline(page: Page): Promise<void> {
  await page.goto('/offline-settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offline Settings');
  await expect(page.getByTestId('beaches-synced-at')).toHaveText('Never');
  await page.getByRole('checkbox', { name: /Save beaches for offline use/ }).check();
  await expect(page.getByText('Loading ....').or(page.getByText(SYNCED))).toBeVisible();
  await expect(page.getByText(SYNCED)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('beaches-synced-at')).toHaveText(
    /^(\d{1,2} [A-Z][a-z]{2}, )?\d{1,2}:\d{2} (am|pm)$/,
  );
  await serviceWorkerInCharge(page);
}

test('sync the starter beaches, go offline: banner, search to a beach by id, a postcode page, an article', async ({
  page,
  context,
}) => {
  await keepMapLocal(context);
  await saveBeachesForOffline(page);
  expect(Number(await page.getByTestId('local-beach-count').textContent())).toBeGreaterThan(300);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER_TEXT)).toBeVisible();

  // Search from the header: offline, a beach result goes to the Offline-Beach route by id.
  const search = page.getByRole('banner').getByRole('combobox');
  await search.fill('bondi');
  const option = page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('group', { name: 'Beaches' })
    .getByRole('option', { name: /Bondi Beach/ })
    .first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/beach\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  await expect(page.locator('[data-beach-key]')).toHaveAttribute('data-beach-key', 'nsw-2026-bondi-beach');
  // Needs the network: no patrols, no radar tab.
  await expect(page.getByRole('tab', { name: 'Radar' })).toHaveCount(0);
  // The city link goes to the offline place page by postcode.
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Bondi Beach' })).toHaveAttribute(
    'href',
    '/postcode/2026',
  );

  // The postcode page, from the breadcrumb.
  await breadcrumb.getByRole('link', { name: 'Bondi Beach' }).click();
  await expect(page).toHaveURL('/postcode/2026');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  await expect(page.getByText(OFFLINE_BANNER_TEXT)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bondi Beach' }).first()).toBeVisible();

  // An article from the local copy, opened by address (a navigation the service worker answers).
  await page.goto('/surf-safety/ripcurrents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rip currents');
  await expect(page.getByRole('main')).toContainText(/rip/i);
});

test('reloading while offline still opens the app (service worker), with the local data', async ({
  page,
  context,
}) => {
  await keepMapLocal(context);
  await saveBeachesForOffline(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offline Settings');
  await expect(page.getByText(OFFLINE_BANNER_TEXT)).toBeVisible();
  await expect(page.getByTestId('beaches-synced-at').locator('time')).toBeVisible();
  // Offline, Synchronize waits for a connection.
  await expect(page.getByRole('button', { name: 'Synchronize' })).toBeDisabled();

  // A beach by id from a cold navigation: 1380 is the fallback for a non-numeric id.
  const bondiId = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('safeshore');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return new Promise<number>((resolve, reject) => {
      const get = db.transaction('beaches').objectStore('beaches').get('nsw-2026-bondi-beach');
      get.onsuccess = () => resolve((get.result as { id: number }).id);
      get.onerror = () => reject(get.error);
    });
  });
  await page.goto(`/beach/${bondiId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  await expect(page).toHaveTitle('Bondi Beach | SafeShore');
});

test('back online, Home reloads its beaches from the server', async ({ page, context }) => {
  await keepMapLocal(context);
  await saveBeachesForOffline(page);
  let lookups = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v4/location/') && r.method() === 'POST') lookups += 1;
  });

  // Offline, Home opens (service worker) and lists the beaches near the user from the local database.
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a beach. Know before you go.');
  await expect(page.getByText(OFFLINE_BANNER_TEXT)).toBeVisible();
  const patrolled = page.getByRole('list', { name: 'Patrolled' }).getByRole('link');
  await expect(patrolled.first()).toBeVisible();
  expect(lookups).toBe(0);

  // Back online: the banner goes and Home asks the server again.
  const lookup = page.waitForRequest((r) => r.url().endsWith('/api/v4/location/') && r.method() === 'POST');
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BANNER_TEXT)).toBeHidden();
  const response = await (await lookup).response();
  expect(response?.status()).toBe(200);
  expect(((await response!.json()) as { dataSourceWasOnline?: boolean }).dataSourceWasOnline ?? true).toBe(
    true,
  );
  await expect(patrolled.first()).toBeVisible();
});

test('viewed map tiles are kept by the service worker, readable (CORS), not opaque', async ({
  page,
  context,
}) => {
  const tiles = await keepMapLocal(context);
  await page.goto('/');
  await serviceWorkerInCharge(page);
  await page.getByRole('heading', { name: 'Explore using the Map' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Map of beaches near Bondi Beach' })).toBeVisible();
  await expect.poll(() => tiles.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const cached = async () =>
    page.evaluate(async () => {
      const cache = await caches.open('map-tiles');
      const entries = await Promise.all(
        (await cache.keys()).map(async (request) => {
          const response = (await cache.match(request))!;
          return { url: request.url, type: response.type, status: response.status };
        }),
      );
      return entries;
    });
  await expect.poll(async () => (await cached()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  for (const entry of await cached()) {
    expect(entry.url).toMatch(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/);
    expect(entry).toMatchObject({ type: 'cors', status: 200 });
  }
});

test('a guest may open Offline Settings on the web from the footer; the page is axe clean', async ({
  page,
}) => {
  await page.goto('/about');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Offline use' }).click();
  await expect(page).toHaveURL('/offline-settings');
  await expect(page).toHaveTitle('Offline Settings | SafeShore');
  // The server's own count of beaches (issue 16), the same figure a full save stores.
  const total = (
    (await (await page.request.post('/api/v4/sync', { data: { since: null, limit: 1 } })).json()) as {
      total: number;
    }
  ).total;
  await expect(page.getByTestId('offline-explainer')).toContainText(
    `SafeShore's beach database of ${total.toLocaleString('en-AU')} Australian beaches can be saved on this device`,
  );
  await expect(page.getByTestId('beaches-synced-at')).toHaveText('Never');
  await expectNoAxeViolations(page);
  // With the developer tools open (double-click on the heading) too.
  await page.getByRole('heading', { level: 1 }).dblclick();
  await expect(page.getByRole('heading', { name: 'Developer tools' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a new version waiting: the prompt names it (GET /api/v4/app) and Reload applies it', async ({
  page,
}) => {
  const dist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', 'dist'));
  const swFile = path.join(dist, 'sw.js');
  // The server sends sw.js.br / .gz when a build has them (npm run build): set them aside too.
  const originals = new Map(
    ['', '.gz', '.br']
      .map((suffix) => `${swFile}${suffix}`)
      .filter((file) => fs.existsSync(file))
      .map((file) => [file, fs.readFileSync(file)] as const),
  );
  const original = originals.get(swFile)!;
  await page.goto('/');
  await serviceWorkerInCharge(page);
  const { version } = (await (await page.request.get('/api/v4/app')).json()) as { version: string };
  try {
    // A deploy changes sw.js (its precache list); any byte change makes the browser install it.
    fs.writeFileSync(swFile, Buffer.concat([original, Buffer.from(`\n// next build ${Date.now()}\n`)]));
    for (const suffix of ['.gz', '.br']) fs.rmSync(`${swFile}${suffix}`, { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const prompt = page.getByText(`A new version of SafeShore (${version}) is ready.`);
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await page.evaluate(() => {
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
      // A page still busy as Reload is pressed (a background save, a refresh): requests go out all
      // the while. Chromium switches workers once the old one has stopped; requests the worker never
      // answers are routed past it (public/sw-routes.js), so they cannot start it again and hold
      // the switch back. (Media, not the API: the suite shares one address's API rate limit.)
      document.addEventListener(
        'click',
        () => {
          let left = 20;
          const timer = setInterval(() => {
            void fetch('/media/rip-current.svg', { cache: 'no-store' }).catch(() => undefined);
            if (--left === 0) clearInterval(timer);
          }, 50);
        },
        { capture: true, once: true },
      );
    });
    await page.getByRole('button', { name: 'Reload' }).click();
    // The new worker takes over and the page reloads (the marker set above is gone). Should it not,
    // the failure says where the workers stood (a CI run once waited here for a minute).
    await page
      .waitForFunction(() => !(window as { beforeUpdate?: boolean }).beforeUpdate, undefined, {
        timeout: 20_000,
      })
      .catch(async (error: unknown) => {
        throw new Error(`The page did not reload: ${JSON.stringify(await workerStates(page))}`, {
          cause: error,
        });
      });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a beach. Know before you go.');
    // The worker that was waiting is the one in charge now: nothing waits any more, and the
    // reloaded page offers nothing.
    await expect
      .poll(() => workerStates(page))
      .toMatchObject({ controller: expect.stringMatching(/^activated /), waiting: null, installing: null });
    await expect(prompt).toBeHidden();
  } finally {
    for (const [file, content] of originals) fs.writeFileSync(file, content);
  }
});

test('API, media and upload requests go past the service worker without starting it; app files go through it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await serviceWorkerInCharge(page);
  const cdp = await context.newCDPSession(page);
  const statuses: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) statuses.push(version.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await expect.poll(() => statuses.at(-1)).toBe('stopped');
  statuses.length = 0;
  const statusOf = (url: string) =>
    page.evaluate(async (address) => (await fetch(address, { cache: 'no-store' })).status, url);
  expect(await statusOf('/api/v4/app')).toBe(200);
  expect(await statusOf('/media/rip-current.svg')).toBe(200);
  expect(await statusOf('/uploads/none.jpg')).toBe(404);
  // Give a start that was asked for the time to be reported.
  await page.waitForTimeout(500);
  expect(statuses).toEqual([]);
  // A precached app file is the worker's to answer: it starts (the check above can fail).
  expect(await statusOf('/favicon.svg')).toBe(200);
  await expect.poll(() => statuses).toContain('running');
});
