import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { onBeachStatusChanged } from '../src/modules/console/events.ts';
import {
  createAlertsRuntime,
  resolveAlertsSettings,
  type AlertsRuntime,
} from '../src/modules/alerts/index.ts';
import { evaluateThresholds, pollWarnings, pollWaterQuality } from '../src/modules/alerts/sources.ts';
import { pruneAlerts } from '../src/modules/alerts/store.ts';
import type { WarningRecord, WarningsProvider } from '../src/providers/bom-warnings.ts';
import { bearer, makeUser, PASSWORD } from './accounts-helpers.ts';
import { testClock } from './clock.ts';
import { startFcmFake, type FcmFake } from './fakes/fcm.ts';
import { startWebPushFake, type WebPushFake } from './fakes/webpush.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Alerts end to end on the real database and the real senders: the API stores subscriptions and
 * preferences, the sources make events, the worker delivers them to a fake FCM (OAuth token
 * exchange, HTTP v1) and a local Web Push endpoint that verifies VAPID and decrypts the payload.
 */

const vapid = webpush.generateVAPIDKeys();
// Saturday 21 November 2026, 12:00 in Sydney (AEDT).
const clock = testClock('2026-11-21T01:00:00Z');
let t: TestApp;
let push: WebPushFake;
let fcm: FcmFake;
let runtime: AlertsRuntime;
let beachIds: number[];

beforeAll(async () => {
  fcm = await startFcmFake();
  push = await startWebPushFake({ vapidPublicKey: vapid.publicKey });
  const config = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@example.com',
    WEB_PUSH_ALLOWED_ORIGINS: [push.origin],
    FCM_SERVICE_ACCOUNT_FILE: fcm.serviceAccountFile,
    FCM_API_URL: fcm.origin,
    FCM_TOKEN_URL: fcm.tokenUrl,
    ALERTS_RETRY_BASE_MS: 1_000,
    ALERTS_MAX_ATTEMPTS: 3,
  };
  t = await startTestApp({ clock: clock.date, config });
  // The worker under test: the app's own (ALERTS_WORKER is off in tests), driven by drain().
  runtime = createAlertsRuntime({
    db: t.handle.db,
    settings: resolveAlertsSettings(config),
    clock: clock.date,
    providers: null,
    waterQuality: null,
  });
  beachIds = (
    await t.handle.db
      .selectFrom('beaches')
      .select('id')
      .where('state', '=', 'NSW')
      .orderBy('id')
      .limit(4)
      .execute()
  ).map((b) => b.id);
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  await t?.close();
  await push?.close();
  await fcm?.close();
});

beforeEach(() => {
  clock.set('2026-11-21T01:00:00Z');
  push.received.length = 0;
  fcm.sent.length = 0;
});

async function person(options: { browsers?: number; devices?: string[]; follow?: number[] } = {}) {
  const { user, token } = await makeUser(t);
  const subscriptions = [];
  for (let i = 0; i < (options.browsers ?? 1); i += 1) {
    const sub = push.subscribe();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v5/push/subscriptions',
      headers: bearer(token),
      payload: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
    });
    expect(res.statusCode, res.body).toBe(201);
    subscriptions.push(sub);
  }
  for (const device of options.devices ?? []) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/createDevice',
      headers: bearer(token),
      payload: { token: device, model: 'Pixel 9', type: 'Android' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const beachId of options.follow ?? [beachIds[0]!]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v4/beach/${beachId}/follow`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { user, token, subscriptions };
}

const closure = (beachId: number, at = clock.date()) =>
  t.handle.db.transaction().execute((trx) =>
    onBeachStatusChanged(trx, {
      beachId,
      from: {
        status: 'Open',
        status_reason: null,
        status_message: null,
        status_set_at: null,
        status_expires_at: null,
        status_set_by: null,
      },
      to: {
        status: 'Closed',
        status_reason: 'shark_sighting',
        status_message: 'Shark seen off the north end',
        status_set_at: at.toISOString(),
        status_expires_at: null,
        status_set_by: 'lifesaver',
      },
      at,
      setBy: 'lifesaver',
    } as never),
  );

describe('push API', () => {
  it('serves the VAPID public key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v5/push/vapid-public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: vapid.publicKey });
    expect(Buffer.from(res.json<{ key: string }>().key, 'base64url')).toHaveLength(65);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs')).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties: object } }> } }>
      >;
    }>();
    expect(Object.keys(doc.paths['/api/v5/push/vapid-public-key']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/v5/push/subscriptions']!)).toEqual(['post', 'delete']);
    expect(Object.keys(doc.paths['/api/v5/notifications/preferences']!)).toEqual(['get', 'put']);
    const body =
      doc.paths['/api/v5/push/subscriptions']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(['endpoint', 'expirationTime', 'keys']);
  });

  it('accepts only HTTPS endpoints of known push services or allowed origins (422 otherwise)', async () => {
    const { token } = await makeUser(t);
    const keys = push.subscribe().keys;
    const post = (endpoint: string, k: unknown = keys) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v5/push/subscriptions',
        headers: bearer(token),
        payload: { endpoint, keys: k },
      });
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'https://localhost:8080/push',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'not a url',
    ]) {
      const res = await post(endpoint);
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().errors.endpoint).toBeDefined();
    }
    expect((await post('https://fcm.googleapis.com/fcm/send/abc:def')).statusCode).toBe(201);
    expect((await post('https://updates.push.services.mozilla.com/wpush/v2/x')).statusCode).toBe(201);
    expect((await post('https://web.push.apple.com/QGx')).statusCode).toBe(201);
    expect((await post(`${push.origin}/push/zzz`)).statusCode).toBe(201);
    expect(
      (await post('https://fcm.googleapis.com/fcm/send/k', { p256dh: 'abc', auth: keys.auth })).statusCode,
    ).toBe(422);
    expect(
      (await post('https://fcm.googleapis.com/fcm/send/k', { p256dh: keys.p256dh, auth: 'AAAA' })).statusCode,
    ).toBe(422);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v5/push/subscriptions',
      payload: { endpoint: 'x' },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('moves an endpoint subscribed on another account, deletes it on request, on logout and with the account', async () => {
    const a = await person({ browsers: 1 });
    const b = await makeUser(t);
    const endpoint = a.subscriptions[0]!.endpoint;
    const owner = async () =>
      (
        await t.handle.db
          .selectFrom('push_subscriptions')
          .select('user_id')
          .where('endpoint', '=', endpoint)
          .execute()
      ).map((r) => r.user_id);
    expect(await owner()).toEqual([a.user.id]);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/v5/push/subscriptions',
      headers: bearer(b.token),
      payload: { endpoint, keys: a.subscriptions[0]!.keys },
    });
    expect(moved.statusCode).toBe(201);
    expect(await owner()).toEqual([b.user.id]);
    // A's delete does not touch B's subscription.
    const notMine = await t.app.inject({
      method: 'DELETE',
      url: '/api/v5/push/subscriptions',
      headers: bearer(a.token),
      payload: { endpoint },
    });
    expect(notMine.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v5/push/subscriptions',
      headers: bearer(b.token),
      payload: { endpoint },
    });
    expect(del.statusCode).toBe(200);
    expect(await owner()).toEqual([]);

    const c = await person({ browsers: 2 });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v4/logout',
      headers: bearer(c.token),
      payload: {},
    });
    expect(logout.statusCode, logout.body).toBe(200);
    const left = await t.handle.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', c.user.id)
      .execute();
    expect(left).toEqual([]);

    const d = await person({ browsers: 1 });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v4/user',
      headers: bearer(d.token),
      payload: { confirm_delete_email: d.user.email, password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await t.handle.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', d.subscriptions[0]!.endpoint)
      .execute();
    expect(gone).toEqual([]);
  });
});

describe('preferences', () => {
  it('has sensible defaults: closures and warnings on, thresholds off, quiet 21:00–07:00', async () => {
    const { token } = await person({ follow: [beachIds[0]!, beachIds[1]!] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v5/notifications/preferences',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.defaults).toEqual({
      status: true,
      warnings: true,
      water_quality: true,
      wind: false,
      uv: false,
      rip: false,
      swell_m: null,
    });
    expect(body.quiet_hours).toEqual({
      enabled: true,
      start: '21:00',
      end: '07:00',
      time_zone: 'Australia/Sydney',
      hold_all: false,
    });
    expect(body.beaches.map((b: { beach_id: number }) => b.beach_id)).toEqual([beachIds[0], beachIds[1]]);
    expect(body.beaches[0].uses_defaults).toBe(true);
    expect(body.beaches[0].path).toMatch(/^\/beach\/nsw\//);
  });

  it('stores per-beach choices and defaults, and refuses beaches not followed and bad values', async () => {
    const { token } = await person({ follow: [beachIds[0]!] });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v5/notifications/preferences',
        headers: bearer(token),
        payload,
      });
    const ok = await put({
      defaults: { uv: true },
      quiet_hours: { time_zone: 'Australia/Lord_Howe', start: '22:30', end: '06:00' },
      beaches: [{ beach_id: beachIds[0], status: false, swell_m: 2.5 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json();
    expect(body.defaults.uv).toBe(true);
    expect(body.quiet_hours).toMatchObject({
      time_zone: 'Australia/Lord_Howe',
      start: '22:30',
      end: '06:00',
      enabled: true,
    });
    expect(body.beaches[0]).toMatchObject({
      uses_defaults: false,
      status: false,
      warnings: true,
      uv: true,
      swell_m: 2.5,
    });
    expect((await put({ beaches: [{ beach_id: beachIds[3], status: false }] })).statusCode).toBe(422);
    expect((await put({ quiet_hours: { time_zone: 'Mars/Olympus' } })).statusCode).toBe(422);
    expect((await put({ quiet_hours: { start: '25:00' } })).statusCode).toBe(422);
    expect((await put({ defaults: { swell_m: 2.2 } })).statusCode).toBe(422);
    const back = await put({ beaches: [{ beach_id: beachIds[0], use_defaults: true }] });
    expect(back.json().beaches[0]).toMatchObject({ uses_defaults: true, status: true });
    const guest = await t.app.inject({ method: 'GET', url: '/api/v5/notifications/preferences' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('delivery', () => {
  it('sends a closure once per person to every device and browser, naming the beach, and opening it', async () => {
    const beach = beachIds[0]!;
    const a = await person({ browsers: 2, devices: ['fcm-a-1'], follow: [beach] });
    const off = await person({ browsers: 1, follow: [beach] });
    await t.app.inject({
      method: 'POST',
      url: '/api/v4/user',
      headers: bearer(off.token),
      payload: { first_name: 'Sam', last_name: 'Shore', email: off.user.email, notification_enabled: false },
    });
    await closure(beach);
    const rows = await t.handle.db
      .selectFrom('alert_outbox')
      .selectAll()
      .where('user_id', 'in', [a.user.id, off.user.id])
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([a.user.id]);
    await runtime.worker.drain();
    const mine = push.received.filter((p) => a.subscriptions.some((s) => s.id === p.subscriptionId));
    expect(mine).toHaveLength(2);
    const name = (
      await t.handle.db
        .selectFrom('beaches')
        .select('title')
        .where('id', '=', beach)
        .executeTakeFirstOrThrow()
    ).title;
    expect(mine[0]!.payload).toMatchObject({
      title: `${name}: Closed`,
      kind: 'status',
      beach_id: beach,
      source: 'SafeShore lifesaver console',
    });
    expect(String(mine[0]!.payload.body)).toMatch(
      /Shark sighting: Shark seen off the north end — set by lifesavers at 12:00 pm/,
    );
    expect(String(mine[0]!.payload.url)).toMatch(/^\/beach\/nsw\//);
    expect(mine[0]!.urgency).toBe('high');
    expect(fcm.sent.filter((s) => s.token === 'fcm-a-1')).toHaveLength(1);
    expect(fcm.tokenExchanges).toBeGreaterThanOrEqual(1);
    expect(fcm.sent[0]!.message).toMatchObject({
      notification: { title: `${name}: Closed` },
      data: { kind: 'status' },
    });
    expect(push.received.some((p) => off.subscriptions.some((s) => s.id === p.subscriptionId))).toBe(false);
    const [row] = await t.handle.db
      .selectFrom('alert_outbox')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .execute();
    expect(row!.status).toBe('sent');
    // The same change reported again is the same event: nothing more is sent.
    await closure(beach, new Date(clock.now()));
    await runtime.worker.drain();
    expect(push.received.filter((p) => a.subscriptions.some((s) => s.id === p.subscriptionId))).toHaveLength(
      2,
    );
  });

  it('retries passing failures with exponential backoff, without re-sending to devices already reached', async () => {
    const beach = beachIds[1]!;
    const a = await person({ browsers: 2, follow: [beach] });
    push.setBehaviour(a.subscriptions[1]!.id, 'fail500', 1);
    await closure(beach);
    await runtime.worker.drain();
    expect(push.received.filter((p) => p.subscriptionId === a.subscriptions[0]!.id)).toHaveLength(1);
    let [row] = await t.handle.db
      .selectFrom('alert_outbox')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .execute();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    const wait = Date.parse(row!.next_attempt_at) - clock.now();
    expect(wait).toBeGreaterThanOrEqual(750);
    expect(wait).toBeLessThanOrEqual(1250);
    await runtime.worker.drain();
    expect(push.received.filter((p) => p.subscriptionId === a.subscriptions[1]!.id)).toHaveLength(0);
    clock.advance(wait);
    await runtime.worker.drain();
    expect(push.received.filter((p) => p.subscriptionId === a.subscriptions[1]!.id)).toHaveLength(1);
    expect(push.received.filter((p) => p.subscriptionId === a.subscriptions[0]!.id)).toHaveLength(1);
    [row] = await t.handle.db
      .selectFrom('alert_outbox')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .execute();
    expect(row!.status).toBe('sent');
  });

  it('gives up after the last attempt, and waits at least the Retry-After of a rate limit', async () => {
    const beach = beachIds[2]!;
    const a = await person({ browsers: 0, devices: ['fcm-quota'], follow: [beach] });
    fcm.setBehaviour('fcm-quota', 'quota');
    await closure(beach);
    await runtime.worker.drain();
    let [row] = await t.handle.db
      .selectFrom('alert_outbox')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .execute();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(row!.next_attempt_at) - clock.now()).toBeGreaterThanOrEqual(10_000);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(3_600_000);
      await runtime.worker.drain();
    }
    [row] = await t.handle.db
      .selectFrom('alert_outbox')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .execute();
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    const attempts = await t.handle.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('outbox_id', '=', row!.id)
      .execute();
    expect(attempts.map((x) => x.result)).toEqual(['retry', 'retry', 'retry']);
    expect(attempts[0]!.http_status).toBe(429);
    fcm.setBehaviour('fcm-quota', 'ok');
  });

  it('removes subscriptions and devices the provider reports gone (410, 404, UNREGISTERED)', async () => {
    const beach = beachIds[3]!;
    const a = await person({ browsers: 3, devices: ['fcm-dead', 'fcm-live'], follow: [beach] });
    push.setBehaviour(a.subscriptions[0]!.id, 'gone410');
    push.setBehaviour(a.subscriptions[1]!.id, 'gone404');
    fcm.setBehaviour('fcm-dead', 'unregistered');
    await closure(beach);
    await runtime.worker.drain();
    const subs = await t.handle.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', a.user.id)
      .execute();
    expect(subs.map((s) => s.endpoint)).toEqual([a.subscriptions[2]!.endpoint]);
    const devices = await t.handle.db
      .selectFrom('devices')
      .select('token')
      .where('user_id', '=', a.user.id)
      .execute();
    expect(devices.map((d) => d.token)).toEqual(['fcm-live']);
    const [row] = await t.handle.db
      .selectFrom('alert_outbox')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .execute();
    expect(row!.status).toBe('sent');
  });
});

describe('retention', () => {
  it('removes alerts older than 30 days once nothing is left to send', async () => {
    const beach = beachIds[0]!;
    clock.advance(5 * 3_600_000);
    const a = await person({ browsers: 1, follow: [beach] });
    await closure(beach);
    const sent = await t.handle.db
      .selectFrom('alert_outbox')
      .select(['event_id'])
      .where('user_id', '=', a.user.id)
      .executeTakeFirstOrThrow();
    const later = new Date(clock.now() + 31 * 86_400_000);
    const exists = async () =>
      (await t.handle.db.selectFrom('alert_events').select('id').where('id', '=', sent.event_id).execute())
        .length === 1;
    // Still to be sent: kept, however old.
    await pruneAlerts(t.handle.db, later);
    expect(await exists()).toBe(true);
    await runtime.worker.drain();
    // Sent, but younger than 30 days: kept.
    await pruneAlerts(t.handle.db, new Date(clock.now() + 29 * 86_400_000));
    expect(await exists()).toBe(true);
    expect(await pruneAlerts(t.handle.db, later)).toBeGreaterThanOrEqual(1);
    expect(await exists()).toBe(false);
    const left = await t.handle.db
      .selectFrom('alert_outbox')
      .select('id')
      .where('event_id', '=', sent.event_id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('the worker inside the server', () => {
  it('runs by default (ALERTS_WORKER=on) once the server is ready, and stops when it closes', async () => {
    const { buildApp } = await import('../src/app.ts');
    const served = await buildApp({
      config: {
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        CONTENT_DIR: '/nonexistent',
        ALERTS_WORKER: 'on',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        WEB_PUSH_ALLOWED_ORIGINS: [push.origin],
      },
      db: t.handle.db,
      clock: clock.date,
    });
    try {
      await served.ready();
      const beach = beachIds[3]!;
      clock.advance(2 * 3_600_000);
      const a = await person({ browsers: 1, follow: [beach] });
      await closure(beach);
      // No drain() here: the server's own worker (every second) delivers it.
      await expect
        .poll(() => push.received.filter((p) => p.subscriptionId === a.subscriptions[0]!.id).length, {
          timeout: 15_000,
        })
        .toBe(1);
    } finally {
      await served.close();
    }
  }, 30_000);
});

describe('the lifesaver console', () => {
  it('sends a closure set in the console, and its reopening, to the beach’s followers', async () => {
    const beach = beachIds[1]!;
    // Later than the other tests' closures of this beach (an event is one beach, status and instant).
    clock.advance(3_600_000);
    const follower = await person({ browsers: 1, follow: [beach] });
    const lifesaver = await makeUser(t);
    await t.handle.db
      .insertInto('user_role_scopes')
      .values({
        user_id: lifesaver.user.id,
        role: 'lifesaver',
        scope: 'beach',
        scope_key: String(beach),
        beach_id: beach,
        club_id: null,
        granted_at: clock.date().toISOString(),
        granted_by: null,
      })
      .execute();
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/v5/beach/${beach}/status`,
      headers: bearer(lifesaver.token),
      payload: {
        status: 'Closed',
        reason: 'bluebottles',
        message: 'Bluebottles along the shore',
        expires_at: null,
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    await runtime.worker.drain();
    const mine = () => push.received.filter((p) => p.subscriptionId === follower.subscriptions[0]!.id);
    expect(mine().map((p) => p.payload.title)).toEqual([expect.stringMatching(/: Closed$/)]);
    expect(String(mine()[0]!.payload.body)).toMatch(
      /^Bluebottles: Bluebottles along the shore — set by lifesavers at /,
    );
    clock.advance(60_000);
    const lifted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v5/beach/${beach}/status`,
      headers: bearer(lifesaver.token),
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    await runtime.worker.drain();
    expect(mine().map((p) => p.payload.title)).toEqual([
      expect.stringMatching(/: Closed$/),
      expect.stringMatching(/: Reopened$/),
    ]);
  });
});

describe('sources and quiet hours', () => {
  const warning = (id: string, issuedAt: string): WarningRecord => ({
    id,
    title: 'Hazardous Surf Warning',
    text: 'Hazardous surf is forecast for the Sydney Coast.',
    issuedAt,
    expiresAt: null,
    link: null,
    areas: [],
  });
  const provider = (list: WarningRecord[]): WarningsProvider =>
    ({
      source: { name: 'Bureau of Meteorology', attribution: '', url: null },
      covers: (state: string) => state === 'NSW',
      get: async () => ({ value: list, fetchedAt: clock.now(), ageSeconds: 0, stale: false }),
      peek: () => null,
    }) as unknown as WarningsProvider;

  it('alerts on warnings with ids not seen before, once, and learns the ones in force at first', async () => {
    const beach = beachIds[0]!;
    const a = await person({ browsers: 1, follow: [beach, beachIds[1]!] });
    const list = [warning('IDN-old', '2026-11-20T22:00:00Z')];
    const deps = { ...runtime.sources, warnings: provider(list) };
    expect(await pollWarnings(deps)).toBe(0);
    list.push(warning('IDN-new', '2026-11-21T00:30:00Z'));
    expect(await pollWarnings(deps)).toBe(1);
    expect(await pollWarnings(deps)).toBe(0);
    await runtime.worker.drain();
    const mine = push.received.filter((p) => p.subscriptionId === a.subscriptions[0]!.id);
    // Two followed beaches under one warning: still one alert.
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({ kind: 'warning', source: 'Bureau of Meteorology' });
    expect(String(mine[0]!.payload.title)).toMatch(/Hazardous Surf Warning$/);
  });

  it('holds threshold alerts in quiet hours until morning, lets closures through, and holds all on request', async () => {
    // 23:00 in Sydney (AEDT): quiet hours.
    clock.set('2026-11-21T12:00:00Z');
    const beach = beachIds[2]!;
    const a = await person({ browsers: 1, follow: [beach] });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v5/notifications/preferences',
      headers: bearer(a.token),
      payload: { beaches: [{ beach_id: beach, wind: true }] },
    });
    const hour = Date.parse('2026-11-21T12:00:00Z') / 1000;
    let wind = 30;
    const forecast = {
      peek: () => ({
        value: {
          latitude: 0,
          longitude: 0,
          times: new Float64Array([(hour - 3600) * 1000, hour * 1000, (hour + 3600) * 1000]),
          values: {
            wind_speed_10m: new Float32Array([wind, wind, wind]),
            uv_index: new Float32Array([0, 0, 0]),
          },
        },
        fetchedAt: clock.now(),
        ageSeconds: 0,
        stale: false,
      }),
    };
    const deps = { ...runtime.sources, forecast: forecast as never };
    expect(await evaluateThresholds(deps)).toBe(0); // first look: below, remembered
    wind = 55;
    expect(await evaluateThresholds(deps)).toBe(1); // crossed
    expect(await evaluateThresholds(deps)).toBe(0); // still above: no second alert
    await closure(beach);
    await runtime.worker.drain();
    const mine = () => push.received.filter((p) => p.subscriptionId === a.subscriptions[0]!.id);
    expect(mine().map((p) => p.payload.kind)).toEqual(['status']);
    const held = await t.handle.db
      .selectFrom('alert_outbox')
      .innerJoin('alert_events', 'alert_events.id', 'alert_outbox.event_id')
      .select(['alert_outbox.status', 'alert_outbox.next_attempt_at', 'alert_outbox.attempts'])
      .where('alert_outbox.user_id', '=', a.user.id)
      .where('alert_events.kind', '=', 'threshold')
      .executeTakeFirstOrThrow();
    // 07:00 AEDT on Sunday 22 November.
    expect(held).toEqual({ status: 'pending', next_attempt_at: '2026-11-21T20:00:00.000Z', attempts: 0 });
    clock.set('2026-11-21T20:00:00Z');
    await runtime.worker.drain();
    expect(mine().map((p) => p.payload.kind)).toEqual(['status', 'threshold']);
    expect(String(mine()[1]!.payload.body)).toMatch(/Wind 55 km\/h/);

    // hold_all: closures wait too.
    clock.set('2026-11-22T12:00:00Z');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v5/notifications/preferences',
      headers: bearer(a.token),
      payload: { quiet_hours: { hold_all: true } },
    });
    await closure(beach, clock.date());
    await runtime.worker.drain();
    expect(mine()).toHaveLength(2);
    clock.set('2026-11-22T20:00:00Z');
    await runtime.worker.drain();
    expect(mine()).toHaveLength(3);
  });

  it('sends “rip outlook high” only to people who opted in, once a day per beach, held in quiet hours', async () => {
    const beach = beachIds[3]!;
    const optedIn = await person({ browsers: 1, follow: [beach] });
    const other = await person({ browsers: 1, follow: [beach] });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v5/notifications/preferences',
      headers: bearer(optedIn.token),
      payload: { defaults: { rip: true } },
    });
    expect(put.json().beaches[0]).toMatchObject({ uses_defaults: true, rip: true });
    const high = {
      beachId: beach,
      state: 'NSW',
      date: '2026-11-21',
      text: 'Rip currents likely this afternoon (model outlook): 1.6 m waves straight onshore',
    };
    expect(await runtime.ripHigh([high])).toBe(1);
    // The next refresh the same day finds it high again: no second alert.
    expect(await runtime.ripHigh([high])).toBe(0);
    await runtime.worker.drain();
    const of = (who: typeof optedIn) =>
      push.received.filter((p) => p.subscriptionId === who.subscriptions[0]!.id);
    expect(of(optedIn)).toHaveLength(1);
    expect(of(optedIn)[0]!.payload).toMatchObject({
      kind: 'rip',
      title: expect.stringMatching(/Rip outlook high/),
    });
    expect(String(of(optedIn)[0]!.payload.body)).toMatch(/model outlook.*lifesavers/s);
    expect(of(other)).toHaveLength(0);
    // The next day, at 23:00 (quiet hours): held until 07:00.
    clock.set('2026-11-22T12:00:00Z');
    expect(await runtime.ripHigh([{ ...high, date: '2026-11-22' }])).toBe(1);
    await runtime.worker.drain();
    expect(of(optedIn)).toHaveLength(1);
    clock.set('2026-11-22T20:00:00Z');
    await runtime.worker.drain();
    expect(of(optedIn)).toHaveLength(2);
  });

  it('alerts when a beach’s water quality turns to pollution likely', async () => {
    const beach = await t.handle.db
      .selectFrom('beaches')
      .select(['id', 'key'])
      .where('id', '=', beachIds[3]!)
      .executeTakeFirstOrThrow();
    const a = await person({ browsers: 1, follow: [beach.id] });
    let forecast = 'unlikely';
    const feed = () => ({
      value: {
        sites: [
          {
            id: 'site-1',
            siteName: 'Test Beach',
            latitude: 0,
            longitude: 0,
            forecast,
            forecastText: null,
            forecastAt: forecast === 'likely' ? '2026-11-21T00:00:00Z' : null,
            latestResult: null,
            latestResultRating: null,
            sampledAt: null,
          },
        ],
        skipped: 0,
      },
      fetchedAt: clock.now(),
      ageSeconds: 0,
      stale: false,
    });
    const waterQuality = {
      provider: { peek: feed } as never,
      currentMatch: async () => ({ byBeach: new Map([[beach.key, { siteId: 'site-1' }]]) }) as never,
    };
    const deps = { ...runtime.sources, waterQuality };
    expect(await pollWaterQuality(deps)).toBe(0);
    forecast = 'likely';
    expect(await pollWaterQuality(deps)).toBe(1);
    expect(await pollWaterQuality(deps)).toBe(0);
    await runtime.worker.drain();
    const mine = push.received.filter((p) => p.subscriptionId === a.subscriptions[0]!.id);
    expect(mine.map((p) => p.payload.kind)).toEqual(['water_quality']);
    expect(mine[0]!.payload.source).toBe('Beachwatch (NSW Government)');
  });
});
