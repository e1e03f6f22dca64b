import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { auth, createAccount, PASSWORD } from './accounts-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { BONDI, keepMapLocal } from './map-helpers.ts';
import { installNativeBridge } from './support/native-bridge.ts';

/**
 * The app inside the Capacitor shell (spec sections 2, 4, 8 and 9), driven through the native
 * bridge test double. The shell loads its pages from files, not from our server, so the server's
 * Content-Security-Policy header does not apply there; here it would stop the Staging calls.
 */
test.use({ bypassCSP: true });

const TUTORIAL_SEEN = 'safeshore.tutorial-seen';
const BONDI_PATH = '/nsw/waverley/bondi-beach/bondi-beach';

/** Opens the app the way a returning user does (the tutorial already seen). */
async function skipTutorial(page: Page): Promise<void> {
  await page.addInitScript((key) => window.localStorage.setItem(key, '1'), TUTORIAL_SEEN);
}

/** A value that survives navigations inside the app but not a reload. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as { pageMark?: boolean }).pageMark = true));
}
const pageWasReloaded = (page: Page) => page.evaluate(() => !(window as { pageMark?: boolean }).pageMark);

test('the tutorial shows on first open, Next goes through its three pages, and it never shows again', async ({
  page,
}) => {
  await installNativeBridge(page);
  await page.goto('/#/about');
  const tutorial = page.getByRole('dialog', { name: 'App Features' });
  await expect(tutorial).toBeVisible();
  await expect(tutorial).toContainText('Page 1 of 3');
  await expectNoAxeViolations(page);

  await tutorial.getByRole('button', { name: 'Next' }).click();
  const second = page.getByRole('dialog', { name: 'Surf Safety' });
  await expect(second).toContainText('Page 2 of 3');
  await second.getByRole('button', { name: 'Next' }).click();
  const third = page.getByRole('dialog', { name: 'How to Use this App' });
  await expect(third).toContainText('Page 3 of 3');
  await third.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('inside the shell the router uses hash URLs', async ({ page }) => {
  await skipTutorial(page);
  await installNativeBridge(page);
  await page.goto('/#/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rip Currents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /rip currents/i })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/');
  expect(url.hash).toBe('#/surf-safety/ripcurrents');
  await expect(page.getByRole('link', { name: 'About' }).first()).toHaveAttribute('href', '#/about');
});

test('on the web there is no tutorial, no environment switcher and history URLs', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await page.locator('.app-version').dblclick();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'About' }).first()).toHaveAttribute('href', '/about');
});

test('the hidden environment switcher: closing changes nothing; Staging reloads against the staging API', async ({
  page,
}) => {
  await skipTutorial(page);
  await installNativeBridge(page);
  await page.goto('/#/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await markPage(page);

  const version = page.locator('.app-version');
  await version.dblclick();
  const switcher = page.getByRole('dialog', { name: 'Choose environment' });
  await expect(switcher).toBeVisible();
  await expect(switcher.getByRole('button', { name: 'Production' })).toHaveAccessibleDescription(
    /this app's own server \(in use\)/,
  );
  await expectNoAxeViolations(page);
  await switcher.getByRole('button', { name: 'Close' }).click();
  await expect(switcher).toBeHidden();
  expect(await pageWasReloaded(page)).toBe(false);
  expect(await page.evaluate(() => window.localStorage.getItem('safeshore.environment'))).toBeNull();

  await version.dblclick();
  const staging = switcher.getByRole('button', { name: 'Staging' });
  // The e2e build sets VITE_API_BASE_STAGING (playwright.config.ts): this server under another origin.
  await expect(staging, 'build the app with VITE_API_BASE_STAGING').toBeEnabled();
  const stagingBase = (await switcher.locator('#environment-Staging').textContent())!.trim();
  const thisServer = new URL(page.url());
  expect(stagingBase, 'the build must have VITE_API_BASE_STAGING=http://localhost:{E2E port}').toBe(
    `http://localhost:${thisServer.port}`,
  );
  const reloaded = page.waitForEvent('load');
  await staging.click();
  await reloaded;
  expect(await pageWasReloaded(page)).toBe(true);

  const article = page.waitForResponse((r) => r.url() === `${stagingBase}/api/v4/surf-safety/ripcurrents`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rip Currents' }).click();
  expect((await article).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: /rip currents/i })).toBeVisible();

  await version.dblclick();
  await expect(switcher.getByRole('button', { name: 'Staging' })).toHaveAccessibleDescription(/\(in use\)/);
});

test('the splash screen is hidden 4 s after the app starts', async ({ page }) => {
  await skipTutorial(page);
  const bridge = await installNativeBridge(page);
  await page.goto('/#/about');
  await expect
    .poll(async () => (await bridge.calls('SplashScreen', 'hide')).length, { timeout: 10_000 })
    .toBe(1);
  // Times are the page's performance.now(): milliseconds since the page started loading.
  const [hide] = await bridge.calls('SplashScreen', 'hide');
  expect(hide!.at).toBeGreaterThanOrEqual(4_000);
  // At 4 s, or at once if the shell's code took longer than that to arrive (its first native call).
  const shellStarted = Math.min(...(await bridge.calls()).map((call) => call.at));
  expect(hide!.at).toBeLessThan(Math.max(4_000, shellStarted) + 500);
});

test('back in the foreground after more than 12 hours the app reloads, sooner it does not', async ({
  page,
}) => {
  await skipTutorial(page);
  // The page runs on the run's clock (support/test.ts installs it), so the test can jump ahead.
  const bridge = await installNativeBridge(page);
  await page.goto('/#/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await expect.poll(() => bridge.listening('App', 'appStateChange')).toBe(true);
  await markPage(page);

  await bridge.fire('App', 'appStateChange', { isActive: false });
  await page.clock.fastForward('11:59:00');
  await bridge.fire('App', 'appStateChange', { isActive: true });
  await page.waitForTimeout(300);
  expect(await pageWasReloaded(page)).toBe(false);

  await bridge.fire('App', 'appStateChange', { isActive: false });
  await page.clock.fastForward('01:01');
  const reloaded = page.waitForEvent('load');
  await bridge.fire('App', 'appStateChange', { isActive: true });
  await reloaded;
  expect(await pageWasReloaded(page)).toBe(true);
});

test.describe('push notifications', () => {
  test('after a login in the app the device registers for push with its token, model and type', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'push-android');
    await skipTutorial(page);
    const bridge = await installNativeBridge(page, { model: 'Pixel 8', pushPermission: 'prompt' });
    await page.goto('/#/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    const created = page.waitForRequest((r) => r.url().endsWith('/api/v4/user/createDevice'));
    await page.getByRole('button', { name: 'Login' }).click();
    expect((await created).postDataJSON()).toEqual({
      token: 'fcm-token-e2e',
      model: 'Pixel 8',
      type: 'Android',
    });
    expect((await bridge.calls('PushNotifications')).map((call) => call.methodName)).toEqual(
      expect.arrayContaining(['checkPermissions', 'requestPermissions', 'register']),
    );

    await expect
      .poll(
        async () =>
          await (await request.get('/api/v4/user/devices', { headers: auth(account.token) })).json(),
      )
      .toMatchObject({
        devices: expect.arrayContaining([expect.objectContaining({ model: 'Pixel 8', type: 'Android' })]),
      });
  });

  test('an iPhone registers as "iPhone OS"', async ({ page, request }) => {
    const account = await createAccount(request, 'push-ios');
    await skipTutorial(page);
    await installNativeBridge(page, {
      platform: 'ios',
      model: 'iPhone15,2',
      pushRegistration: { token: 'apns-e2e' },
    });
    await page.goto('/#/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    const created = page.waitForRequest((r) => r.url().endsWith('/api/v4/user/createDevice'));
    await page.getByRole('button', { name: 'Login' }).click();
    expect((await created).postDataJSON()).toEqual({
      token: 'apns-e2e',
      model: 'iPhone15,2',
      type: 'iPhone OS',
    });
  });

  for (const [label, options] of [
    ['the push service refuses the registration', { pushRegistration: { error: 'SERVICE_NOT_AVAILABLE' } }],
    ['the user does not allow notifications', { pushPermission: 'prompt', grant: 'denied' }],
  ] as const) {
    test(`when ${label}, an alert says push registration failed`, async ({ page, request }) => {
      const account = await createAccount(request, 'push-fail');
      await skipTutorial(page);
      await installNativeBridge(page, options);
      await page.goto('/#/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(PASSWORD);
      const alert = page.waitForEvent('dialog');
      let createDevice = false;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/v4/user/createDevice')) createDevice = true;
      });
      await page.getByRole('button', { name: 'Login' }).click();
      const dialog = await alert;
      expect(dialog.type()).toBe('alert');
      expect(dialog.message()).toBe('Could not register for push notification.');
      await dialog.accept();
      expect(createDevice).toBe(false);
    });
  }

  test('a failed createDevice call also alerts', async ({ page, request }) => {
    const account = await createAccount(request, 'push-server');
    await skipTutorial(page);
    await installNativeBridge(page);
    await page.route('**/api/v4/user/createDevice', (route) =>
      route.fulfill({ status: 500, json: { message: 'Server Error' } }),
    );
    await page.goto('/#/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    const alert = page.waitForEvent('dialog');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = await alert;
    expect(dialog.message()).toBe('Could not register for push notification.');
    await dialog.accept();
  });

  test('no push registration without a login', async ({ page }) => {
    await skipTutorial(page);
    const bridge = await installNativeBridge(page);
    await page.goto('/#/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await expect.poll(() => bridge.listening('PushNotifications', 'registration')).toBe(true);
    expect(await bridge.calls('PushNotifications', 'register')).toEqual([]);
  });

  async function bondiId(request: APIRequestContext): Promise<number> {
    const response = await request.get(`/api/v4/beach${BONDI_PATH}`);
    return ((await response.json()) as { beach: { id: number } }).beach.id;
  }

  test('a notification asks "... Go to beach?"; yes opens the beach page, no stays', async ({
    page,
    request,
  }) => {
    const id = await bondiId(request);
    await skipTutorial(page);
    const bridge = await installNativeBridge(page);
    await page.goto('/#/about');
    await expect.poll(() => bridge.listening('PushNotifications', 'pushNotificationReceived')).toBe(true);
    const notification = {
      id: 'n1',
      title: 'Bondi Beach closed',
      body: 'Dangerous surf this afternoon.',
      data: { beach_id: String(id), beach_url: BONDI_PATH },
    };

    const no = page.waitForEvent('dialog');
    await bridge.fire('PushNotifications', 'pushNotificationReceived', notification);
    const first = await no;
    expect(first.type()).toBe('confirm');
    expect(first.message()).toBe('Bondi Beach closed\nDangerous surf this afternoon. ... Go to beach?');
    await first.dismiss();
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('#/about');

    const yes = page.waitForEvent('dialog');
    await bridge.fire('PushNotifications', 'pushNotificationReceived', notification);
    await (await yes).accept();
    await expect(page).toHaveURL(new RegExp(`#/beach${BONDI_PATH}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Bondi Beach' })).toBeVisible();
  });

  test('offline, "Go to beach" opens the offline beach route by id', async ({ page, context, request }) => {
    const id = await bondiId(request);
    await skipTutorial(page);
    const bridge = await installNativeBridge(page);
    await page.goto('/#/about');
    await expect.poll(() => bridge.listening('PushNotifications', 'pushNotificationReceived')).toBe(true);
    await context.setOffline(true);
    page.once('dialog', (dialog) => void dialog.accept());
    await bridge.fire('PushNotifications', 'pushNotificationReceived', {
      id: 'n2',
      title: 'Bondi Beach closed',
      data: { beach_id: id, beach_url: BONDI_PATH },
    });
    await expect(page).toHaveURL(new RegExp(`#/beach/${id}$`));
    await context.setOffline(false);
  });

  test('a tap on a notification in the tray opens its beach', async ({ page, request }) => {
    const id = await bondiId(request);
    await skipTutorial(page);
    const bridge = await installNativeBridge(page);
    await page.goto('/#/about');
    await expect
      .poll(() => bridge.listening('PushNotifications', 'pushNotificationActionPerformed'))
      .toBe(true);
    await bridge.fire('PushNotifications', 'pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: 'n3', title: 'Bondi Beach closed', data: { beach_id: id, beach_url: BONDI_PATH } },
    });
    await expect(page).toHaveURL(new RegExp(`#/beach${BONDI_PATH}$`));
  });
});

test.describe('connection changes in the app', () => {
  test.use({ geolocation: BONDI, permissions: ['geolocation'] });

  test('on Home the location reloads; on other pages the app goes Home', async ({ page, context }) => {
    await keepMapLocal(context);
    await skipTutorial(page);
    const bridge = await installNativeBridge(page);
    const first = page.waitForRequest((r) => r.url().endsWith('/api/v4/location/') && r.method() === 'POST');
    await page.goto('/#/');
    await first;
    await expect(page.getByRole('list', { name: 'Patrolled' })).toBeVisible();
    await expect.poll(() => bridge.listening('Network', 'networkStatusChange')).toBe(true);

    const again = page.waitForRequest((r) => r.url().endsWith('/api/v4/location/') && r.method() === 'POST');
    await bridge.fire('Network', 'networkStatusChange', { connected: false, connectionType: 'none' });
    await again;

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/#\/about$/);
    await bridge.fire('Network', 'networkStatusChange', { connected: true, connectionType: 'wifi' });
    await expect(page).toHaveURL(/#\/$/);
    // The same status again (only the kind of connection changed) is no change.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await bridge.fire('Network', 'networkStatusChange', { connected: true, connectionType: 'cellular' });
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/#\/about$/);
  });
});

test('the app fills its beach database in the background, with no sign-in', async ({ page }) => {
  test.setTimeout(90_000);
  await skipTutorial(page);
  await installNativeBridge(page);
  const lastPage = page.waitForResponse(
    async (response) =>
      response.url().endsWith('/api/v4/sync') &&
      response.ok() &&
      ((await response.json()) as { has_more: boolean }).has_more === false,
    { timeout: 60_000 },
  );
  await page.goto('/#/about');
  await lastPage;
  // The server's number of beaches (a first sync stores the snapshot, then the pages after its cursor).
  const total = (
    (await (await page.request.post('/api/v4/sync', { data: { since: null, limit: 1 } })).json()) as {
      total: number;
    }
  ).total;
  expect(total).toBeGreaterThan(200);
  // Each page is stored with its cursor in one transaction: all the starter beaches end up local.
  const localBeaches = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('safeshore');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('beaches').objectStore('beaches').count();
            count.onsuccess = () => {
              resolve(count.result);
              open.result.close();
            };
          };
        }),
    );
  await expect.poll(localBeaches, { timeout: 15_000 }).toBe(total);
});
