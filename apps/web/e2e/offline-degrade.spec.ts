import type { Page } from '@playwright/test';
import { OFFLINE_BANNER_TEXT } from '@safeshore/domain';
import { expectNoAxeViolations } from './axe.ts';
import { keepMapLocal } from './map-helpers.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 16 item 8 on the web at 1280×900, with the service worker (the app shell offline): without
 * ever choosing "Save beaches for offline use", the beach just viewed and the core safety articles
 * open offline; a beach that is not stored says so inside the layout and links to Offline Settings.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 60_000 });

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
const TAMARAMA = '/beach/nsw/waverley/tamarama/tamarama-beach';
const SURF_SAFETY_TITLE = 'Surf safety';

/** What this browser's offline database holds: beach keys, article slugs and asset names. */
function stored(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('safeshore');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const keys = (store: string) =>
      new Promise<string[]>((resolve) => {
        if (!db.objectStoreNames.contains(store)) return resolve([]);
        const request = db.transaction(store).objectStore(store).getAllKeys();
        request.onsuccess = () => resolve(request.result as string[]);
        request.onerror = () => resolve([]);
      });
    const assetNames = new Promise<string[]>((resolve) => {
      if (!db.objectStoreNames.contains('assets')) return resolve([]);
      const request = db.transaction('assets').objectStore('assets').getAll();
      request.onsuccess = () => resolve((request.result as Array<{ name: string }>).map((a) => a.name));
      request.onerror = () => resolve([]);
    });
    const result = {
      beaches: await keys('beaches'),
      articles: await keys('articles'),
      assets: await assetNames,
    };
    db.close();
    return result;
  });
}

async function serviceWorkerInCharge(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

test('the beach just viewed and the rip-current article open offline; an unsaved beach says so', async ({
  page,
  context,
}) => {
  await keepMapLocal(context);
  await page.goto(BONDI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  await serviceWorkerInCharge(page);
  // Saved automatically: the viewed beach at once, the core articles shortly after the page settles.
  await expect
    .poll(async () => (await stored(page)).beaches, { timeout: 20_000 })
    .toContain('nsw-2026-bondi-beach');
  await expect
    .poll(async () => (await stored(page)).articles, { timeout: 30_000 })
    .toEqual(expect.arrayContaining(['ripcurrents', 'surf-safety', 'flags-and-signs', 'bystander-rescue']));
  expect((await stored(page)).beaches).not.toContain('nsw-2026-tamarama-beach');
  // The rip outlook the page fetched (issue 29), kept beside the beach.
  await expect
    .poll(async () => (await stored(page)).assets, { timeout: 20_000 })
    .toContain('rip_outlook:nsw-2026-bondi-beach');

  await context.setOffline(true);
  await page.goto(BONDI);
  await expect(page.getByText(OFFLINE_BANNER_TEXT)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  await expect(page.locator('[data-beach-key]')).toHaveAttribute('data-beach-key', 'nsw-2026-bondi-beach');
  // The water quality seen online a moment ago is the last known one: shown, marked out of date.
  const rightNow = page.getByRole('region', { name: 'Right now' });
  await expect(rightNow.getByText('Pollution unlikely')).toBeVisible();
  await expect(rightNow.getByText('Out of date')).toBeVisible();
  // The rip outlook seen online: the last one kept, with its age, never a new one made up offline.
  const rip = page.getByRole('region', { name: 'Rip current outlook' });
  await expect(rip.getByTestId('rip-outlook-label')).toContainText(
    /^Model outlook · computed (just now|\d+ min ago) · kept on this device; go online for a newer one/,
  );
  await expect(rip.getByRole('figure')).toBeVisible();

  await page.goto('/surf-safety/ripcurrents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rip currents');
  await expect(page.locator('.prose img').first()).toBeVisible();
  // The Surf Safety index that leads to the rest is kept too (issue 30).
  await page.goto('/surf-safety');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SURF_SAFETY_TITLE);

  // Not stored: said inside the layout (header, offline banner, footer stay), with the way to save more.
  await page.goto(TAMARAMA);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This beach is not saved on this device');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText(OFFLINE_BANNER_TEXT)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Offline Settings' }).click();
  await expect(page).toHaveURL('/offline-settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offline Settings');
});
