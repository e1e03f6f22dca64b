import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { DEFAULT_QUIET_END, DEFAULT_QUIET_START, DEFAULT_TIME_ZONE, quietUntil } from './quiet-hours.ts';
import { PUSH_SUBSCRIPTIONS_MAX, beachesById } from './store.ts';
import type { FcmSender, PushMessage, SendResult, WebPushSender } from './senders/types.ts';

/**
 * The delivery worker: claims due outbox rows, sends each to every device and browser of its
 * person, records every attempt, and settles the row.
 *
 * - Claiming: PostgreSQL `FOR UPDATE SKIP LOCKED` inside one UPDATE … RETURNING, so workers in
 *   several processes take disjoint rows; SQLite has a single writer, so the select-and-mark runs in
 *   one write transaction (BEGIN IMMEDIATE), which no other process can interleave. A claim is a
 *   lease: a row whose worker died mid-send is taken again when the lease ends.
 * - Exactly once per event and person: the outbox row is unique per (event, person) and is sent by
 *   the one worker that holds it; a retry re-sends only to the devices not yet delivered to.
 * - Retries with exponential backoff (base × 2^attempt, jittered, at least the provider's
 *   Retry-After), up to maxAttempts; then the row is `failed`.
 * - Devices the provider reports gone (FCM UNREGISTERED, Web Push 404/410) are removed.
 * - Rate caps per provider: FCM as a whole, and each Web Push service (endpoint origin).
 * - Quiet hours: threshold and water-quality alerts (and all alerts, if the person chose so) are
 *   held until their quiet hours end, without using up an attempt.
 * - The injected clock decides what is due; only the rate caps pace themselves on real time.
 */

export interface WorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DeliveryWorkerOptions {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: () => Date;
  fcm: FcmSender | null;
  webPush: WebPushSender | null;
  maxAttempts: number;
  retryBaseMs: number;
  fcmPerSecond: number;
  webPushPerSecond: number;
  /** Rows claimed at once (default 500) and sends in flight (default 128). */
  batchSize?: number;
  concurrency?: number;
  /** How long a claim lasts (default 2 minutes). */
  leaseMs?: number;
  /** How long stop() lets the batch in hand finish before releasing it (default 10 s). */
  stopGraceMs?: number;
  log?: WorkerLogger;
  /** Jitter in [0, 1) (tests pin it). */
  random?: () => number;
}

/** Kinds quiet hours hold by default; closures and warnings come through at any hour. */
export const HELD_IN_QUIET_HOURS: ReadonlySet<string> = new Set(['threshold', 'water_quality', 'rip']);
const MAX_BACKOFF_MS = 6 * 3_600_000;

/** Paces sends to `perSecond`, allowing a burst of a tenth of a second's worth (GCRA). */
export class RateCap {
  private tat = 0;
  private readonly interval: number;
  private readonly burst: number;
  private readonly now: () => number;
  constructor(perSecond: number, now: () => number = () => performance.now()) {
    this.now = now;
    this.interval = 1000 / perSecond;
    this.burst = Math.max(this.interval, 100);
  }
  async take(): Promise<void> {
    const now = this.now();
    this.tat = Math.max(this.tat, now) + this.interval;
    const wait = this.tat - now - this.burst;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

interface Claimed {
  id: number;
  event_id: number;
  user_id: number;
  beach_id: number;
  attempts: number;
}

interface Target {
  provider: 'fcm' | 'webpush';
  id: number;
  token?: string;
  endpoint?: string;
  p256dh?: string;
  auth?: string;
}

export function backoffMs(attempt: number, baseMs: number, random: number, retryAfterMs?: number): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exponential * (0.75 + random * 0.5);
  return Math.max(jittered, retryAfterMs ?? 0);
}

async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export interface DeliveryWorker {
  readonly id: string;
  /** Claims and settles one batch; the number of outbox rows it took. */
  runOnce(): Promise<number>;
  /** Batches until nothing is due. */
  drain(): Promise<number>;
  /** Runs every second (croner, no overlap) and when woken; stop() ends it. */
  start(): void;
  /** Starts a drain soon (after a fan-out in this process). */
  wake(): void;
  /**
   * Takes no new batch, and lets the one in hand finish (stopGraceMs); a batch still sending then
   * is released (its unsettled rows pending again) for another worker to take at once instead of
   * after the lease. A person may then get that alert twice; never none.
   */
  stop(): Promise<void>;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, dialect, clock } = options;
  const id = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 128;
  const leaseMs = options.leaseMs ?? 120_000;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const random = options.random ?? Math.random;
  const fcmCap = new RateCap(options.fcmPerSecond);
  const webPushCaps = new Map<string, RateCap>();
  const events = new Map<
    number,
    { kind: string; title: string; body: string; source: string; occurred_at: string }
  >();
  let running: Promise<number> | null = null;
  let cron: Cron | null = null;
  let stopped = false;
  let started = false;

  async function claim(now: Date): Promise<Claimed[]> {
    const at = now.toISOString();
    const lease = new Date(now.getTime() + leaseMs).toISOString();
    if (dialect === 'postgres') {
      const result = await sql<Claimed>`
        update alert_outbox set status = 'sending', lease_until = ${lease}, claimed_by = ${id}
        where id in (
          select id from alert_outbox
          where (status = 'pending' and next_attempt_at <= ${at})
             or (status = 'sending' and lease_until < ${at})
          order by next_attempt_at, id
          limit ${batchSize}
          for update skip locked
        )
        returning id, event_id, user_id, beach_id, attempts`.execute(db);
      return result.rows;
    }
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('alert_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
            eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('alert_outbox')
        .set({ status: 'sending', lease_until: lease, claimed_by: id })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .returning(['id', 'event_id', 'user_id', 'beach_id', 'attempts'])
        .execute();
    });
  }

  async function loadEvents(ids: number[]) {
    const missing = [...new Set(ids)].filter((eventId) => !events.has(eventId));
    if (missing.length === 0) return;
    const rows = await db
      .selectFrom('alert_events')
      .select(['id', 'kind', 'title', 'body', 'source', 'occurred_at'])
      .where('id', 'in', missing)
      .execute();
    for (const row of rows) events.set(row.id, row);
    if (events.size > 10_000) events.clear();
  }

  function capFor(target: Target): RateCap {
    if (target.provider === 'fcm') return fcmCap;
    const origin = new URL(target.endpoint!).origin;
    let cap = webPushCaps.get(origin);
    if (!cap) {
      cap = new RateCap(options.webPushPerSecond);
      webPushCaps.set(origin, cap);
    }
    return cap;
  }

  async function send(target: Target, message: PushMessage): Promise<SendResult> {
    if (target.provider === 'fcm') {
      if (!options.fcm) return { result: 'error', status: null, error: 'FCM is not configured' };
      await capFor(target).take();
      return options.fcm.send(target.token!, message);
    }
    if (!options.webPush) return { result: 'error', status: null, error: 'Web Push is not configured' };
    await capFor(target).take();
    return options.webPush.send(
      { endpoint: target.endpoint!, p256dh: target.p256dh!, auth: target.auth! },
      message,
    );
  }

  async function runOnce(): Promise<number> {
    const now = clock();
    const at = now.toISOString();
    const rows = await claim(now);
    if (rows.length === 0) return 0;
    const userIds = [...new Set(rows.map((row) => row.user_id))];
    await loadEvents(rows.map((row) => row.event_id));
    const [users, settings, devices, subscriptions, beaches, done] = await Promise.all([
      db.selectFrom('users').select(['id', 'notification_enabled']).where('id', 'in', userIds).execute(),
      db.selectFrom('alert_settings').selectAll().where('user_id', 'in', userIds).execute(),
      db
        .selectFrom('devices')
        .select(['id', 'user_id', 'token'])
        .where('user_id', 'in', userIds)
        .where('enabled', '=', 1)
        .execute(),
      db
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
        .where('user_id', 'in', userIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      beachesById(db, [...new Set(rows.map((row) => row.beach_id))]),
      (() => {
        const retried = rows.filter((row) => row.attempts > 0).map((row) => row.id);
        return retried.length === 0
          ? Promise.resolve([])
          : db
              .selectFrom('alert_deliveries')
              .select(['outbox_id', 'provider', 'target_id'])
              .where('outbox_id', 'in', retried)
              .where('result', '=', 'ok')
              .execute();
      })(),
    ]);
    const enabled = new Map(users.map((u) => [u.id, u.notification_enabled === 1]));
    const settingsOf = new Map(settings.map((s) => [s.user_id, s]));
    const targetsOf = new Map<number, Target[]>();
    for (const d of devices)
      targetsOf.set(d.user_id, [
        ...(targetsOf.get(d.user_id) ?? []),
        { provider: 'fcm', id: d.id, token: d.token },
      ]);
    // The newest PUSH_SUBSCRIPTIONS_MAX browsers of a person, whatever rows older code left.
    const browsers = new Map<number, number>();
    for (const s of subscriptions) {
      const count = browsers.get(s.user_id) ?? 0;
      if (count >= PUSH_SUBSCRIPTIONS_MAX) continue;
      browsers.set(s.user_id, count + 1);
      targetsOf.set(s.user_id, [
        ...(targetsOf.get(s.user_id) ?? []),
        { provider: 'webpush', id: s.id, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth },
      ]);
    }
    const delivered = new Set(done.map((d) => `${d.outbox_id}:${d.provider}:${d.target_id}`));
    const deliveredBefore = new Set(done.map((d) => d.outbox_id));

    const finished: { id: number; status: 'sent' | 'skipped' | 'failed'; error: string | null }[] = [];
    const retries: { id: number; attempts: number; next: string; error: string }[] = [];
    const holds: { id: number; until: string }[] = [];
    const attempts: {
      outbox_id: number;
      provider: string;
      target_id: number;
      result: string;
      http_status: number | null;
      error: string | null;
      at: string;
    }[] = [];
    const goneDevices: number[] = [];
    const goneSubscriptions: number[] = [];
    const sends: { row: Claimed; target: Target; message: PushMessage }[] = [];
    const outcome = new Map<number, SendResult[]>();

    for (const row of rows) {
      const event = events.get(row.event_id);
      if (!event || !enabled.get(row.user_id)) {
        finished.push({ id: row.id, status: 'skipped', error: event ? 'notifications off' : 'event gone' });
        continue;
      }
      const s = settingsOf.get(row.user_id);
      if (HELD_IN_QUIET_HOURS.has(event.kind) || s?.quiet_holds_all === 1) {
        const until = quietUntil(now, {
          enabled: (s?.quiet_enabled ?? 1) === 1,
          start: s?.quiet_start ?? DEFAULT_QUIET_START,
          end: s?.quiet_end ?? DEFAULT_QUIET_END,
          timeZone: s?.time_zone ?? DEFAULT_TIME_ZONE,
        });
        if (until) {
          holds.push({ id: row.id, until: until.toISOString() });
          continue;
        }
      }
      const targets = (targetsOf.get(row.user_id) ?? []).filter(
        (t) => !delivered.has(`${row.id}:${t.provider}:${t.id}`),
      );
      if (targets.length === 0) {
        const before = deliveredBefore.has(row.id);
        finished.push({
          id: row.id,
          status: before ? 'sent' : 'skipped',
          error: before ? null : 'no devices',
        });
        continue;
      }
      const beach = beaches.get(row.beach_id);
      const message: PushMessage = {
        eventId: row.event_id,
        kind: event.kind,
        beachId: row.beach_id,
        title: beach ? `${beach.name}: ${event.title}` : event.title,
        body: event.body,
        url: beach?.path ?? '/',
        source: event.source,
        at: event.occurred_at,
      };
      outcome.set(row.id, []);
      for (const target of targets) sends.push({ row, target, message });
    }

    await pool(sends, concurrency, async ({ row, target, message }) => {
      let result: SendResult;
      try {
        result = await send(target, message);
      } catch (error) {
        result = { result: 'retry', status: null, error: (error as Error).message };
      }
      outcome.get(row.id)!.push(result);
      attempts.push({
        outbox_id: row.id,
        provider: target.provider,
        target_id: target.id,
        result: result.result,
        http_status: result.status,
        error: result.result === 'ok' ? null : result.error.slice(0, 300),
        at,
      });
      if (result.result === 'gone')
        (target.provider === 'fcm' ? goneDevices : goneSubscriptions).push(target.id);
    });

    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [rowId, results] of outcome) {
      const row = byId.get(rowId)!;
      const retry = results.filter((r) => r.result === 'retry');
      if (retry.length > 0) {
        const attempt = row.attempts + 1;
        const error = retry
          .map((r) => (r.result === 'retry' ? r.error : ''))
          .join('; ')
          .slice(0, 500);
        if (attempt >= options.maxAttempts) {
          finished.push({ id: rowId, status: 'failed', error });
        } else {
          const after = Math.max(...retry.map((r) => (r.result === 'retry' ? (r.retryAfterMs ?? 0) : 0)));
          const wait = backoffMs(attempt, options.retryBaseMs, random(), after);
          retries.push({
            id: rowId,
            attempts: attempt,
            next: new Date(now.getTime() + wait).toISOString(),
            error,
          });
        }
        continue;
      }
      const anyOk = results.some((r) => r.result === 'ok') || deliveredBefore.has(rowId);
      finished.push({
        id: rowId,
        status: anyOk ? 'sent' : 'failed',
        error: anyOk
          ? null
          : results
              .map((r) => (r.result === 'ok' ? '' : r.error))
              .join('; ')
              .slice(0, 500),
      });
    }

    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < attempts.length; i += 500)
        await trx
          .insertInto('alert_deliveries')
          .values(attempts.slice(i, i + 500))
          .execute();
      const groups = new Map<string, number[]>();
      for (const f of finished) {
        const key = JSON.stringify([f.status, f.error]);
        groups.set(key, [...(groups.get(key) ?? []), f.id]);
      }
      for (const [key, ids] of groups) {
        const [status, error] = JSON.parse(key) as [string, string | null];
        for (let i = 0; i < ids.length; i += 500)
          await trx
            .updateTable('alert_outbox')
            .set({ status, last_error: error, finished_at: at, lease_until: null })
            .where('id', 'in', ids.slice(i, i + 500))
            .where('claimed_by', '=', id)
            .execute();
      }
      for (const r of retries)
        await trx
          .updateTable('alert_outbox')
          .set({
            status: 'pending',
            attempts: r.attempts,
            next_attempt_at: r.next,
            last_error: r.error,
            lease_until: null,
          })
          .where('id', '=', r.id)
          .where('claimed_by', '=', id)
          .execute();
      for (const h of holds)
        await trx
          .updateTable('alert_outbox')
          .set({ status: 'pending', next_attempt_at: h.until, lease_until: null })
          .where('id', '=', h.id)
          .where('claimed_by', '=', id)
          .execute();
      for (let i = 0; i < goneDevices.length; i += 500)
        await trx
          .deleteFrom('devices')
          .where('id', 'in', goneDevices.slice(i, i + 500))
          .execute();
      for (let i = 0; i < goneSubscriptions.length; i += 500)
        await trx
          .deleteFrom('push_subscriptions')
          .where('id', 'in', goneSubscriptions.slice(i, i + 500))
          .execute();
    });
    const failed = finished.filter((f) => f.status === 'failed').length;
    if (failed > 0 || goneDevices.length + goneSubscriptions.length > 0)
      options.log?.warn(
        {
          worker: id,
          failed,
          retried: retries.length,
          removed: goneDevices.length + goneSubscriptions.length,
        },
        'alert deliveries failed or found gone devices',
      );
    return rows.length;
  }

  async function drain(): Promise<number> {
    if (running) return running;
    running = (async () => {
      let total = 0;
      for (;;) {
        if (stopped) break;
        const n = await runOnce();
        total += n;
        if (n === 0) break;
      }
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const safeDrain = () =>
    drain().catch((error: unknown) => {
      options.log?.error({ worker: id, err: error }, 'alert delivery batch failed');
      return 0;
    });

  return {
    id,
    runOnce,
    drain,
    start() {
      stopped = false;
      started = true;
      cron ??= new Cron('* * * * * *', { protect: true, unref: true }, async () => {
        await safeDrain();
      });
    },
    wake() {
      // Only a started worker (this process runs deliveries); otherwise another process's does.
      if (started && !stopped) void safeDrain();
    },
    async stop() {
      stopped = true;
      started = false;
      cron?.stop();
      cron = null;
      const batch = running;
      if (!batch) return;
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        batch.then(
          () => true,
          () => true,
        ),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), stopGraceMs))),
      ]);
      clearTimeout(timer);
      if (finished) return;
      const released = await db
        .updateTable('alert_outbox')
        .set({ status: 'pending', lease_until: null })
        .where('claimed_by', '=', id)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      options.log?.warn(
        { worker: id, released: Number(released.numUpdatedRows) },
        'stopped mid-batch: its unsent alerts are released to the other workers',
      );
    },
  };
}
