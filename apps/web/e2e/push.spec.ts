import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startWebPushFake, type WebPushFake } from '../../api/test/fakes/webpush.ts';
import { auth, createAccount, signIn, type Account } from './accounts-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { launchNotifyingChromium } from './support/chromium.ts';
import { e2eClockEnv } from './support/clock.ts';
import {
  E2E_VAPID,
  FAKE_PUSH_STORE,
  fakePushService,
  serviceWorkerRegistrationId,
  startAlertsWorker,
  webPushPort,
} from './support/push-service.ts';
import { expect, newClockedContext, test } from './support/test.ts';

/**
 * Browser alerts (issue 18) in the real PWA in Chromium.
 *
 * 1. Everywhere (also in the default test browser, the @sparticuz/chromium headless shell): the
 *    service worker takes a push delivered through the DevTools protocol
 *    (ServiceWorker.deliverPushMessage), and its click path opens the alert's beach.
 * 2. In a Chromium that can show notifications (support/chromium.ts launchNotifyingChromium: Debian's
 *    chromium in new headless mode; the headless shell reports Notification.permission "denied"
 *    whatever is granted), the whole flow: a signed-in person who follows Long Reef subscribes this
 *    browser on the Notifications screen; the API stores the subscription; a lifesaver closes the
 *    beach through the console API; the alerts worker (its own process, `npm run worker`) sends the
 *    alert with VAPID and aes128gcm to the local Web Push endpoint, which verifies and decrypts it;
 *    those bytes go to the service worker; its notification names the beach, what happened, when and
 *    the source; opening it brings up the beach's page; unsubscribing removes it from the account.
 *
 * Google's push service is the one part replaced (support/push-service.ts): Chromium's
 * pushManager.subscribe registers with it (FCM/GCM), and fails without it (AbortError "Registration
 * failed - permission denied" in Playwright's off-the-record contexts; no answer in a persistent
 * profile on a machine without network). The fake PushManager hands out the local endpoint's
 * subscription; the rest is the app's own code.
 *
 * A click on a system notification cannot be simulated in a browser test (the DevTools protocol has
 * no such command), so the specs run the service worker's click path (the function its
 * notificationclick listener calls, self.safeshoreOpenAlert) on the shown notification.
 */
test.use({ serviceWorkers: 'allow', permissions: ['notifications'] });

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
/** The closure goes to a beach no other spec reads (and is cleared after). */
const LONG_REEF = '/beach/nsw/northern-beaches/dee-why/long-reef-beach';
const LONG_REEF_KEY = 'nsw-2099-long-reef-beach';
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** Operator commands against the same database as the server under test, on the run's clock. */
function admin(...args: string[]) {
  const result = spawnSync(process.execPath, ['apps/api/src/admin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...e2eClockEnv(), SQLITE_PATH: process.env.E2E_DATABASE!, LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  expect(result.status, result.stdout + result.stderr).toBe(0);
}

async function serviceWorkerInCharge(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

test('the service worker takes pushes and opens the alert’s beach', async ({ page, context }) => {
  await page.goto('/about');
  await serviceWorkerInCharge(page);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  expect(
    await worker.evaluate(
      () => typeof (self as unknown as { safeshoreOpenAlert?: unknown }).safeshoreOpenAlert,
    ),
  ).toBe('function');
  // A push reaches the worker's push handler through the DevTools protocol (it shows the
  // notification where the browser can).
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify({
      title: 'Bondi Beach: Closed',
      body: 'Shark sighting.',
      url: BONDI,
      kind: 'status',
    }),
  });
  // The click path: an alert opens its beach in the open window; an address elsewhere opens Home.
  const open = (url: string) =>
    worker.evaluate(async (target) => {
      const sw = self as unknown as { safeshoreOpenAlert(n: unknown): Promise<unknown> };
      await sw.safeshoreOpenAlert({ data: { url: target }, close: () => undefined });
    }, url);
  await open(BONDI);
  await expect(page).toHaveURL(new RegExp(`${BONDI}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bondi Beach' })).toBeVisible();
  await open('https://evil.example/phish');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test.describe('in a Chromium that shows notifications', () => {
  // Its own browser (a launch option cannot change for part of a file): the project's context
  // settings, the run's clock, service workers on, notifications granted.
  let browser: Browser | null = null;
  let worker: ReturnType<typeof startAlertsWorker> | null = null;
  let push: WebPushFake | null = null;
  let lifesaver: Account | null = null;
  let beachId = 0;

  test.afterEach(async ({ request }) => {
    await worker?.stop();
    await push?.close();
    await browser?.close();
    // Leave Long Reef as the other specs expect it: no live status.
    if (lifesaver && beachId)
      await request.delete(`/api/v5/beach/${beachId}/status`, { headers: auth(lifesaver.token) });
    [worker, push, browser, lifesaver, beachId] = [null, null, null, null, 0];
  });

  test('the PWA subscribes, a closure reaches its service worker as a notification, and its click opens the beach', async ({
    playwright,
    baseURL,
    request,
  }) => {
    // Two accounts (each waits out the anti-spam question's minimum time), a second browser and a
    // worker process.
    test.setTimeout(120_000);
    // Found by starting it: a file at the path is not yet a browser.
    const launched = await launchNotifyingChromium(playwright.chromium);
    if ('reason' in launched) return test.skip(true, launched.reason);
    const notifying = (browser = launched.browser);
    const context = await newClockedContext(notifying, {
      ...(baseURL ? { baseURL } : {}),
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'allow',
      permissions: ['notifications'],
    });
    const page = await context.newPage();
    await page.goto('/about');
    const permission = await page.evaluate(() => Notification.permission);
    // A browser chosen with CHROMIUM_PATH may be a headless shell; Debian's chromium must notify.
    test.skip(
      permission !== 'granted' && process.env.CHROMIUM_PATH !== undefined,
      `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} cannot show notifications (Notification.permission "${permission}"): run this test with a full Chromium.`,
    );
    expect(permission).toBe('granted');
    const { key } = (await (await request.get('/api/v5/push/vapid-public-key')).json()) as { key: string };
    expect(key).toBe(E2E_VAPID.publicKey);
    // The local push service, and this browser's subscription with it (a real P-256 key pair and
    // auth secret the endpoint decrypts with).
    push = await startWebPushFake({ vapidPublicKey: key, port: webPushPort() });
    const subscription = push.subscribe();
    await fakePushService(context, subscription);

    const [person, staff] = await Promise.all([
      createAccount(request, 'push'),
      createAccount(request, 'push-lifesaver'),
    ]);
    lifesaver = staff;
    admin('grant-role', lifesaver.email, 'lifesaver', '--beach', LONG_REEF_KEY);
    const beach = (await (await request.get(`/api/v4${LONG_REEF}`)).json()) as {
      beach: { id: number; title: string };
    };
    beachId = beach.beach.id;
    expect(beach.beach.title).toBe('Long Reef Beach');
    const follow = await request.post(`/api/v4/beach/${beachId}/follow`, { headers: auth(person.token) });
    expect(follow.status()).toBe(200);

    await signIn(page, person, '/notifications');
    await serviceWorkerInCharge(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Long Reef Beach' })).toBeVisible();

    // Subscribe this browser: the app asks permission, subscribes with the server's key and
    // registers the subscription with the API.
    await page.getByRole('button', { name: 'Get alerts on this browser' }).click();
    await expect(page.getByTestId('browser-alerts-state')).toHaveText('Alerts come to this browser.');
    expect(
      await page.evaluate(
        (store) => JSON.parse(localStorage.getItem(store) ?? 'null') as unknown,
        FAKE_PUSH_STORE,
      ),
    ).toEqual({ key });
    const preferences = async () =>
      (
        (await (
          await request.get('/api/v5/notifications/preferences', { headers: auth(person.token) })
        ).json()) as { delivery: { browser_subscriptions: string[] } }
      ).delivery.browser_subscriptions;
    expect(await preferences()).toEqual([subscription.endpoint]);

    // The app's service worker, as the DevTools protocol knows it.
    const cdp = await context.newCDPSession(page);
    const registrationId = await serviceWorkerRegistrationId(cdp);

    // A lifesaver closes Long Reef; the alerts worker (its own process, as `npm run worker`) sends
    // the alert to the push service: VAPID verified, the aes128gcm payload decrypted.
    worker = startAlertsWorker();
    const closed = await request.put(`/api/v5/beach/${beachId}/status`, {
      headers: auth(lifesaver.token),
      data: { status: 'Closed', reason: 'shark_sighting', message: 'Shark seen off the point.' },
    });
    expect(closed.status(), await closed.text()).toBe(200);
    await expect
      .poll(() => push!.received.length + push!.rejected.length, {
        message: 'a push at the local endpoint',
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(push.rejected, `refused by the endpoint (worker output: ${worker.output()})`).toEqual([]);
    expect(push.received).toHaveLength(1);
    const [received] = push.received;
    expect(received!.subscriptionId).toBe(subscription.id);
    const payload = received!.payload;
    expect(payload).toMatchObject({
      title: 'Long Reef Beach: Closed',
      url: LONG_REEF,
      kind: 'status',
      source: 'SafeShore lifesaver console',
      beach_id: beachId,
    });
    expect(payload.body).toMatch(
      /^Shark sighting: Shark seen off the point\. — set by lifesavers at \d{1,2}:\d{2} (am|pm)\.$/,
    );

    // The push service's last step: the decrypted message, to the service worker (the endpoint
    // keeps it parsed; serialised again it is the text the server encrypted, JSON.stringify's own).
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId,
      data: JSON.stringify(payload),
    });
    // The service worker shows it: the beach, what happened, when, the source.
    await expect
      .poll(async () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            data: n.data as unknown,
          })),
        ),
      )
      .toEqual([
        {
          title: 'Long Reef Beach: Closed',
          body: `${payload.body as string}\nSource: SafeShore lifesaver console`,
          data: { url: LONG_REEF, kind: 'status', beach_id: beachId },
        },
      ]);

    // Opening it (the notificationclick path) brings up the beach's page in this window.
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await sw.evaluate(async () => {
      const self_ = self as unknown as {
        registration: ServiceWorkerRegistration;
        safeshoreOpenAlert(n: Notification): Promise<unknown>;
      };
      const [notification] = await self_.registration.getNotifications();
      await self_.safeshoreOpenAlert(notification!);
    });
    await expect(page).toHaveURL(new RegExp(`${LONG_REEF}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Long Reef Beach' })).toBeVisible();
    expect(
      await page.evaluate(
        async () => (await (await navigator.serviceWorker.ready).getNotifications()).length,
      ),
    ).toBe(0);

    // Unsubscribing removes it from the account.
    await page.goto('/notifications');
    await page.getByRole('button', { name: 'Stop alerts on this browser' }).click();
    await expect(page.getByTestId('browser-alerts-state')).toHaveText('Alerts do not come to this browser.');
    expect(await preferences()).toEqual([]);
  });
});

test('the Notifications screen lists followed beaches and passes axe, whatever the browser can do', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'notify-screen');
  const beach = (await (await request.get(`/api/v4${BONDI}`)).json()) as {
    beach: { id: number; title: string };
  };
  const follow = await request.post(`/api/v4/beach/${beach.beach.id}/follow`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(follow.status()).toBe(200);
  await signIn(page, account, '/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: beach.beach.title })).toBeVisible();
  await expectNoAxeViolations(page);
});
