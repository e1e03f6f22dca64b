import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { resolveVapidKeys } from '../src/modules/alerts/index.ts';
import { onBeachStatusChanged } from '../src/modules/console/events.ts';
import { bearer, makeUser } from './accounts-helpers.ts';
import { testClock } from './clock.ts';
import { startWebPushFake } from './fakes/webpush.ts';
import { openTestDatabase, startTestApp } from './helpers.ts';

/**
 * Web Push out of the box (issue 33): with no VAPID variables the server makes a key pair on its
 * first start and keeps it in the database, so every process on that database signs with one pair.
 */

const clock = testClock();

function logCollector() {
  const lines: { level: number | string; msg: string; [key: string]: unknown }[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as (typeof lines)[number]),
    ),
  );
  const logger = {
    info: (obj: object, msg: string) => lines.push({ level: 'info', msg, ...obj }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', msg, ...obj }),
    error: (obj: object, msg: string) => lines.push({ level: 'error', msg, ...obj }),
  };
  return { lines, stream, logger, matching: (re: RegExp) => lines.filter((l) => re.test(l.msg)) };
}

const MADE = /^made a Web Push \(VAPID\) key pair/;
const CHANGED = /^the Web Push key pair changed/;

const storedRows = (db: DatabaseHandle['db']) => db.selectFrom('vapid_keys').selectAll().execute();

describe('the VAPID key pair with no variables set', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('is made on first start, stored, logged once, and served; a second process serves the same pair', async () => {
    const log = logCollector();
    const t = await startTestApp({ seed: false, logStream: log.stream, config: { LOG_LEVEL: 'info' } });
    cleanups.push(() => t.close());
    const res = await t.app.inject({ method: 'GET', url: '/api/v5/push/vapid-public-key' });
    expect(res.statusCode, res.body).toBe(200);
    const { key } = res.json<{ key: string }>();
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const rows = await storedRows(t.handle.db);
    expect(rows).toEqual([
      expect.objectContaining({
        id: 1,
        public_key: key,
        source: 'generated',
        private_key: expect.any(String),
      }),
    ]);
    expect(log.matching(MADE)).toEqual([expect.objectContaining({ publicKey: key })]);
    // The log names the public key only.
    expect(JSON.stringify(log.lines)).not.toContain(rows[0]!.private_key);

    // Another server process on the same database: the same key, and no second "made" line.
    const second = logCollector();
    const other = await buildApp({
      config: { LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', CONTENT_DIR: '/nonexistent' },
      db: t.handle.db,
      clock: clock.date,
      logStream: second.stream,
    });
    try {
      const again = await other.inject({ method: 'GET', url: '/api/v5/push/vapid-public-key' });
      expect(again.json()).toEqual({ key });
      expect(second.matching(MADE)).toEqual([]);
    } finally {
      await other.close();
    }
    expect(await storedRows(t.handle.db)).toEqual(rows);
  });

  it('is made once when several processes start together on one database', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    // SQLite: a connection per "process" on the one file; PostgreSQL: the pool's connections.
    const handles =
      database.dialect === 'sqlite'
        ? Array.from({ length: 4 }, () => {
            const handle = openDatabase({ SQLITE_PATH: database.location, DATABASE_URL: undefined });
            cleanups.push(() => handle.db.destroy());
            return handle;
          })
        : Array.from({ length: 4 }, () => database);
    const log = logCollector();
    const pairs = await Promise.all(
      [...handles, ...handles].map((handle) => resolveVapidKeys(handle.db, {}, clock.date, log.logger)),
    );
    const rows = await storedRows(database.db);
    expect(rows).toHaveLength(1);
    for (const pair of pairs)
      expect(pair).toEqual({ publicKey: rows[0]!.public_key, privateKey: rows[0]!.private_key });
    expect(log.matching(MADE)).toHaveLength(1);
  });

  it('gives way to the variables; a changed pair is logged once and stays when the variables go', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const log = logCollector();
    const made = await resolveVapidKeys(database.db, {}, clock.date, log.logger);
    const own = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: own.privateKey };
    const results = await Promise.all(
      Array.from({ length: 3 }, () => resolveVapidKeys(database.db, env, clock.date, log.logger)),
    );
    for (const pair of results) expect(pair).toEqual(own);
    expect(log.matching(CHANGED)).toEqual([
      expect.objectContaining({
        level: 'warn',
        previousPublicKey: made.publicKey,
        publicKey: own.publicKey,
        subscriptions: 0,
      }),
    ]);
    // The same variables again: nothing changed, nothing logged.
    await resolveVapidKeys(database.db, env, clock.date, log.logger);
    expect(log.matching(CHANGED)).toHaveLength(1);
    // Without the variables the server keeps signing with the pair browsers subscribed with.
    expect(await resolveVapidKeys(database.db, {}, clock.date, log.logger)).toEqual(own);
    expect(await storedRows(database.db)).toEqual([
      expect.objectContaining({
        public_key: own.publicKey,
        private_key: own.privateKey,
        source: 'environment',
      }),
    ]);
    expect(log.matching(MADE)).toHaveLength(1);
  });

  it('sends a closure to a browser that subscribed on a server started with no settings', async () => {
    let served = '';
    const push = await startWebPushFake({ vapidPublicKey: () => served });
    cleanups.push(() => push.close());
    const t = await startTestApp({
      clock: clock.date,
      config: { ALERTS_WORKER: 'on', WEB_PUSH_ALLOWED_ORIGINS: [push.origin] },
    });
    cleanups.push(() => t.close());
    served = (await t.app.inject({ method: 'GET', url: '/api/v5/push/vapid-public-key' })).json<{
      key: string;
    }>().key;
    const beach = await t.handle.db
      .selectFrom('beaches')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { token } = await makeUser(t);
    const subscription = push.subscribe();
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/v5/push/subscriptions',
      headers: bearer(token),
      payload: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const followed = await t.app.inject({
      method: 'POST',
      url: `/api/v4/beach/${beach.id}/follow`,
      headers: bearer(token),
    });
    expect(followed.statusCode, followed.body).toBe(200);
    const at = clock.date();
    const unset = {
      status_reason: null,
      status_message: null,
      status_set_at: null,
      status_expires_at: null,
      status_set_by: null,
    };
    await t.handle.db.transaction().execute((trx) =>
      onBeachStatusChanged(trx, {
        beachId: beach.id,
        from: { status: 'Open', ...unset },
        to: {
          ...unset,
          status: 'Closed',
          status_reason: 'shark_sighting',
          status_set_at: at.toISOString(),
          status_set_by: 'lifesaver',
        },
        at,
        setBy: 'lifesaver',
      } as never),
    );
    // The server's own worker signs with the pair it made; the push service verifies it.
    await expect.poll(() => push.received.length, { timeout: 15_000 }).toBe(1);
    expect(push.received[0]).toMatchObject({
      subscriptionId: subscription.id,
      payload: { title: expect.stringMatching(/: Closed$/) },
    });
    expect(push.rejected).toEqual([]);
  }, 60_000);
});
