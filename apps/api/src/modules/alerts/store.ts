import { sql, type Kysely, type Transaction } from 'kysely';
import { beachPagePath, beachUrl } from '@safeshore/domain';
import type { DB } from '../../db/schema.ts';

/**
 * The alerts tables (migration 0018): events, the fan-out into the outbox, and the outbox claims.
 *
 * Fan-out is one INSERT … SELECT per event (per chunk of beaches for an area-wide warning): the
 * database walks the followers and writes the outbox rows itself, so memory does not grow with the
 * number of followers. A person is included when notification_enabled is on, they have somewhere
 * to deliver to, and the alert kind is on for that beach (their per-beach choice, else their
 * defaults, else the built-in defaults). The unique (event, person) pair makes a second fan-out of
 * the same event, or a second beach of the same person under one warning, a no-op.
 */

export type AlertKind = 'status' | 'warning' | 'water_quality' | 'threshold' | 'rip';
/** The preference column that switches a kind (thresholds name their metric). */
export type PreferenceColumn = 'status' | 'warnings' | 'water_quality' | 'wind' | 'uv' | 'rip';

export const BUILT_IN_DEFAULTS = {
  status: 1,
  warnings: 1,
  water_quality: 1,
  wind: 0,
  uv: 0,
  // The rip outlook is a model, not an observation: people opt in.
  rip: 0,
  swell_m: null as number | null,
} as const;

export interface NewEvent {
  dedupeKey: string;
  kind: AlertKind;
  beachId: number | null;
  state: string | null;
  title: string;
  body: string;
  source: string;
  occurredAt: string;
}

type Db = Kysely<DB> | Transaction<DB>;

/** Inserts the event unless its dedupe key exists; the new id, or null when it was already known. */
export async function insertEvent(db: Db, event: NewEvent, at: string): Promise<number | null> {
  const row = await db
    .insertInto('alert_events')
    .values({
      dedupe_key: event.dedupeKey,
      kind: event.kind,
      beach_id: event.beachId,
      state: event.state,
      title: event.title,
      body: event.body,
      source: event.source,
      occurred_at: event.occurredAt,
      created_at: at,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Of `beachIds`, those followed by someone who has this kind of alert on (their choice or defaults). */
export async function beachesWanting(
  db: Db,
  beachIds: readonly number[],
  column: PreferenceColumn,
): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < beachIds.length; i += 500) {
    const rows = await db
      .selectFrom('follows as f')
      .leftJoin('alert_beach_preferences as p', (join) =>
        join.onRef('p.user_id', '=', 'f.user_id').onRef('p.beach_id', '=', 'f.beach_id'),
      )
      .leftJoin('alert_settings as s', 's.user_id', 'f.user_id')
      .select('f.beach_id')
      .distinct()
      .where('f.beach_id', 'in', beachIds.slice(i, i + 500))
      .where(
        sql<boolean>`coalesce(${sql.ref(`p.${column}`)}, ${sql.ref(`s.${column}`)}, ${BUILT_IN_DEFAULTS[column]}) = 1`,
      )
      .execute();
    for (const row of rows) found.add(row.beach_id);
  }
  return found;
}

/**
 * Writes outbox rows for the followers of `beachIds` who want this kind of alert (or, for swell,
 * whose chosen height is `swellM`). Returns the rows written.
 */
export async function fanOut(
  db: Db,
  eventId: number,
  beachIds: readonly number[],
  choice: { column: PreferenceColumn } | { swellM: number },
  at: string,
): Promise<number> {
  let written = 0;
  for (let i = 0; i < beachIds.length; i += 500) {
    const chunk = beachIds.slice(i, i + 500);
    const wanted =
      'column' in choice
        ? sql<number>`coalesce(${sql.ref(`p.${choice.column}`)}, ${sql.ref(`s.${choice.column}`)}, ${BUILT_IN_DEFAULTS[choice.column]})`
        : sql<number>`case when coalesce(p.swell_m, case when p.user_id is null then s.swell_m end) = ${choice.swellM} then 1 else 0 end`;
    const select = db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .leftJoin('alert_beach_preferences as p', (join) =>
        join.onRef('p.user_id', '=', 'f.user_id').onRef('p.beach_id', '=', 'f.beach_id'),
      )
      .leftJoin('alert_settings as s', 's.user_id', 'f.user_id')
      .where('f.beach_id', 'in', chunk)
      .where('u.notification_enabled', '=', 1)
      .where(sql<boolean>`${wanted} = 1`)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('push_subscriptions as ps')
              .select('ps.id')
              .whereRef('ps.user_id', '=', 'f.user_id'),
          ),
          eb.exists(
            eb
              .selectFrom('devices as d')
              .select('d.id')
              .whereRef('d.user_id', '=', 'f.user_id')
              .where('d.enabled', '=', 1),
          ),
        ]),
      )
      .select((eb) => [
        eb.val(eventId).as('event_id'),
        'f.user_id',
        'f.beach_id',
        eb.val('pending').as('status'),
        eb.val(at).as('next_attempt_at'),
        eb.val(at).as('created_at'),
      ]);
    const result = await db
      .insertInto('alert_outbox')
      .columns(['event_id', 'user_id', 'beach_id', 'status', 'next_attempt_at', 'created_at'])
      .expression(select)
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

/** The beach page path (/beach/{state}/{area}/{location}/{slug}) and name of beaches, by id. */
export async function beachesById(db: Db, ids: readonly number[]) {
  const found = new Map<number, { name: string; path: string; timezone: string }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('beaches')
      .select(['id', 'title', 'state', 'area_slug', 'city_slug', 'slug', 'timezone'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows)
      found.set(row.id, {
        name: row.title,
        timezone: row.timezone,
        path: beachPagePath(
          beachUrl({
            state: row.state,
            areaSlug: row.area_slug,
            locationSlug: row.city_slug,
            slug: row.slug,
          }),
        ),
      });
  }
  return found;
}

/** Moves a source's remembered value from `from` (null: none yet) to `to`; false when someone else did. */
export async function swapSourceState(
  db: Db,
  key: string,
  from: string | null,
  to: string,
  at: string,
): Promise<boolean> {
  if (from === null) {
    const inserted = await db
      .insertInto('alert_source_state')
      .values({ key, value: to, updated_at: at })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const updated = await db
    .updateTable('alert_source_state')
    .set({ value: to, updated_at: at })
    .where('key', '=', key)
    .where('value', '=', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function readSourceState(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('alert_source_state')
      .select(['key', 'value'])
      .where('key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.key, row.value);
  }
  return found;
}

/** How long sent alerts (events, their outbox rows and delivery attempts) are kept. */
export const ALERT_RETENTION_MS = 30 * 86_400_000;

/**
 * Removes events older than the retention with nothing left to send (their outbox rows and
 * attempts go with them); the number removed.
 */
export async function pruneAlerts(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ALERT_RETENTION_MS).toISOString();
  const result = await db
    .deleteFrom('alert_events')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('alert_outbox as o')
            .select('o.id')
            .whereRef('o.event_id', '=', 'alert_events.id')
            .where('o.status', 'in', ['pending', 'sending']),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
