import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '../src/db/schema.ts';
import { createSenders, resolveAlertsSettings } from '../src/modules/alerts/index.ts';
import { fanOut, insertEvent } from '../src/modules/alerts/store.ts';
import { createDeliveryWorker } from '../src/modules/alerts/worker.ts';
import { testClock } from './clock.ts';
import { startWebPushFake, type WebPushFake } from './fakes/webpush.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * Exactly once across processes: two workers, each with its own connection pool (as two server
 * processes would have), drain one event's outbox at the same time on PostgreSQL
 * (FOR UPDATE SKIP LOCKED). Every follower gets the alert once. PostgreSQL only: SQLite has one
 * writer, whose claim runs in a single write transaction (alerts.test.ts covers it).
 */
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const FOLLOWERS = 1_500;

describe.skipIf(!onPostgres)('two delivery workers on PostgreSQL', () => {
  const vapid = webpush.generateVAPIDKeys();
  const clock = testClock('2026-11-21T01:00:00Z');
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let push: WebPushFake;
  let second: Kysely<DB>;

  beforeAll(async () => {
    handle = await openTestDatabase();
    push = await startWebPushFake({ vapidPublicKey: vapid.publicKey });
    const at = clock.date().toISOString();
    const beach = await handle.db
      .insertInto('beaches')
      .values({
        key: 'test-beach',
        slug: 'test-beach',
        title: 'Test Beach',
        search_name: 'test beach',
        state: 'NSW',
        area: 'Test',
        area_slug: 'test',
        city: 'Test',
        city_slug: 'test',
        postcode: '2000',
        latitude: -33.89,
        longitude: 151.27,
        timezone: 'Australia/Sydney',
        description: '{}',
        data_source: 'test',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < FOLLOWERS; i += 500) {
        const users = await trx
          .insertInto('users')
          .values(
            Array.from({ length: 500 }, (_, k) => ({
              first_name: 'F',
              last_name: 'L',
              email: `f${i + k}@example.com`,
              password_hash: null,
              created_at: at,
              updated_at: at,
            })),
          )
          .returning('id')
          .execute();
        await trx
          .insertInto('follows')
          .values(users.map((u) => ({ user_id: u.id, beach_id: beach.id, created_at: at })))
          .execute();
        await trx
          .insertInto('push_subscriptions')
          .values(
            users.map((u) => {
              const sub = push.subscriptionFor(`b${u.id}`);
              return {
                user_id: u.id,
                endpoint: sub.endpoint,
                p256dh: sub.keys.p256dh,
                auth: sub.keys.auth,
                created_at: at,
                api_token_id: null,
              };
            }),
          )
          .execute();
      }
      const eventId = await insertEvent(
        trx,
        {
          dedupeKey: 'status:test',
          kind: 'status',
          beachId: beach.id,
          state: 'NSW',
          title: 'Closed',
          body: 'Shark sighting.',
          source: 'test',
          occurredAt: at,
        },
        at,
      );
      await fanOut(trx, eventId!, [beach.id], { column: 'status' }, at);
    });
    const schema = handle.location;
    second = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({
          connectionString: process.env.DATABASE_URL,
          max: 5,
          options: `-c search_path=${schema}`,
        }),
      }),
    });
  }, 120_000);

  afterAll(async () => {
    await second?.destroy();
    await push?.close();
    await handle?.close();
  });

  it('sends each follower the alert exactly once', async () => {
    const settings = resolveAlertsSettings({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      WEB_PUSH_ALLOWED_ORIGINS: [push.origin],
      ALERTS_WEB_PUSH_PER_SECOND: 100_000,
    });
    const make = (db: Kysely<DB>) =>
      createDeliveryWorker({
        db,
        dialect: 'postgres',
        clock: clock.date,
        ...createSenders(settings),
        maxAttempts: 3,
        retryBaseMs: 1000,
        fcmPerSecond: 100,
        webPushPerSecond: 100_000,
        batchSize: 50,
        concurrency: 16,
      });
    const a = make(handle.db);
    const b = make(second);
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    expect(na + nb).toBe(FOLLOWERS);
    expect(na).toBeGreaterThan(0);
    expect(nb).toBeGreaterThan(0);
    expect(push.received).toHaveLength(FOLLOWERS);
    expect(new Set(push.received.map((p) => p.subscriptionId)).size).toBe(FOLLOWERS);
    const rows = await handle.db.selectFrom('alert_outbox').select(['status', 'claimed_by']).execute();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(new Set(rows.map((r) => r.claimed_by)).size).toBe(2);
    const deliveries = await handle.db
      .selectFrom('alert_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(deliveries.n)).toBe(FOLLOWERS);
  }, 120_000);
});
