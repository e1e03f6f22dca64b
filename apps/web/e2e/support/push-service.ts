import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext, CDPSession } from '@playwright/test';
import { providerUrls } from '../../../api/test/fakes/upstream-server.ts';
import type { FakeSubscription } from '../../../api/test/fakes/webpush.ts';
import { e2eClockEnv } from './clock.ts';

/**
 * Browser alerts end to end (push.spec.ts) without Google's push service.
 *
 * A browser's `pushManager.subscribe` registers with its vendor's push service (Chromium: Google's
 * FCM/GCM), which hands out the endpoint and later carries the messages. That is the third-party
 * service here, so it is the part the tests replace: `fakePushService` puts a format-true
 * PushManager in the pages (subscribe / getSubscription, and the subscription's toJSON / getKey /
 * unsubscribe) whose endpoint is the test's local Web Push endpoint (apps/api/test/fakes/webpush.ts,
 * which verifies VAPID and decrypts the aes128gcm payload with the subscription's real P-256 key and
 * auth secret), and `deliverPush` does the push service's last step: it hands the decrypted bytes to
 * the app's service worker through the DevTools protocol (ServiceWorker.deliverPushMessage).
 * Everything else is the real app: its Notifications screen, permission prompt, the API storing
 * the subscription, the server's sender, the worker process, the service worker's handlers.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** The e2e server's VAPID key pair (made for the tests only: npx web-push generate-vapid-keys). */
export const E2E_VAPID = {
  publicKey: 'BLQFmJMZBwgqeeI4Smv8gACQSMT2xKugMDOv-8iXVOz1_IXJJQQ4184LWWNFSKsdj-M0iyuUmnKsL_eVOMtbnFg',
  privateKey: 'f6Yf3E4Mqk_C9xPKeud_MzTgYw2PwHt9mjmOfvp22OU',
};

/** The origin of the local Web Push endpoint the e2e server accepts (playwright.config.ts). */
export function webPushPort(): number {
  const port = Number(process.env.E2E_WEB_PUSH_PORT);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error('E2E_WEB_PUSH_PORT is not set (playwright.config.ts)');
  return port;
}

/** Where the fake PushManager keeps this origin's subscription (as the browser keeps it per profile). */
export const FAKE_PUSH_STORE = 'safeshore-test.push-subscription';

/**
 * Replaces the Push API's registration with the push service in every page of `context`: subscribe
 * hands out `subscription` (endpoint and keys from the local Web Push endpoint) after the checks a
 * browser makes (permission granted, userVisibleOnly, an application server key, no subscription
 * under another key), and remembers the key it was given.
 */
export async function fakePushService(
  context: BrowserContext,
  subscription: FakeSubscription,
): Promise<void> {
  await context.addInitScript(
    ({ sub, store }) => {
      const toBytes = (value: string) => {
        const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
        return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
      };
      const toBase64Url = (value: BufferSource) => {
        const bytes =
          value instanceof ArrayBuffer
            ? new Uint8Array(value)
            : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
        return btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      };
      const make = (applicationServerKey: string) => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: toBytes(applicationServerKey) },
        getKey: (name: string) =>
          name === 'p256dh' || name === 'auth' ? toBytes(sub.keys[name as 'p256dh' | 'auth']) : null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: { ...sub.keys } }),
        unsubscribe: async () => {
          const had = localStorage.getItem(store) !== null;
          localStorage.removeItem(store);
          return had;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== 'granted')
          throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        if (options?.userVisibleOnly !== true)
          throw new DOMException('Registration failed - userVisibleOnly is required', 'NotAllowedError');
        const given = options.applicationServerKey;
        if (given === undefined || given === null)
          throw new DOMException('Registration failed - missing applicationServerKey', 'AbortError');
        const key = typeof given === 'string' ? given : toBase64Url(given);
        const current = localStorage.getItem(store);
        if (current !== null && (JSON.parse(current) as { key: string }).key !== key)
          throw new DOMException(
            'Registration failed - A subscription with a different applicationServerKey already exists',
            'InvalidStateError',
          );
        localStorage.setItem(store, JSON.stringify({ key }));
        return make(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const current = localStorage.getItem(store);
        return current === null
          ? null
          : (make((JSON.parse(current) as { key: string }).key) as unknown as PushSubscription);
      };
    },
    { sub: subscription, store: FAKE_PUSH_STORE },
  );
}

/** The app's service worker registration, for ServiceWorker.deliverPushMessage. */
export async function serviceWorkerRegistrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The alerts worker in its own process (`npm run worker`) on the e2e database and the run's clock. */
export function startAlertsWorker(): {
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
} {
  let output = '';
  const child = spawn(process.execPath, ['apps/api/src/modules/alerts/run-worker.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...e2eClockEnv(),
      SQLITE_PATH: process.env.E2E_DATABASE!,
      LOG_LEVEL: 'warn',
      VAPID_PUBLIC_KEY: E2E_VAPID.publicKey,
      VAPID_PRIVATE_KEY: E2E_VAPID.privateKey,
      WEB_PUSH_ALLOWED_ORIGINS: `http://127.0.0.1:${webPushPort()}`,
      ...providerUrls(process.env.FAKE_UPSTREAM_URL!),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
