import type { Kysely, Selectable, Transaction } from 'kysely';
import { markBeachesChanged } from '../../db/changes.ts';
import { bumpDataVersion, UNINDEXED } from '../../db/data-version.ts';
import type { DB, RipObservationsTable } from '../../db/schema.ts';

/** Every query of the console module. Timestamps are ISO-8601 strings passed in by the service. */

/** The beach columns the console reads. */
const CONSOLE_BEACH_COLUMNS = [
  'id',
  'key',
  'title',
  'slug',
  'state',
  'area',
  'area_slug',
  'city_slug',
  'timezone',
  'status',
  'status_reason',
  'status_message',
  'status_set_at',
  'status_expires_at',
  'status_set_by',
] as const;

export interface StatusColumns {
  status: string | null;
  status_reason: string | null;
  status_message: string | null;
  status_set_at: string | null;
  status_expires_at: string | null;
  status_set_by: string | null;
}

export interface LivePatrolValues {
  beach_id: number;
  local_date: string;
  flag: number;
  start_time: string | null;
  end_time: string | null;
  set_at: string;
  set_by: string;
}

export interface AuditValues {
  at: string;
  actor_user_id: number | null;
  actor: string;
  actor_role: string | null;
  beach_id: number | null;
  beach_name: string | null;
  state: string | null;
  area_key: string | null;
  club_id: number | null;
  action: string;
  from: Record<string, unknown> | null;
  to: Record<string, unknown> | null;
}

/** Which audit rows an operator may read: by state, by "STATE/area-slug", or one beach. */
export interface AuditFilter {
  states: string[];
  areaKeys: string[];
  beachId?: number;
  /** Rows with an id below this (the cursor). */
  beforeId?: number;
  limit: number;
}

function consoleQueries(db: Kysely<DB> | Transaction<DB>) {
  return {
    beach(beachId: number) {
      return db
        .selectFrom('beaches')
        .select(CONSOLE_BEACH_COLUMNS)
        .where('id', '=', beachId)
        .executeTakeFirst();
    },

    beachByKey(key: string) {
      return db.selectFrom('beaches').select(CONSOLE_BEACH_COLUMNS).where('key', '=', key).executeTakeFirst();
    },

    club(clubId: number) {
      return db
        .selectFrom('clubs')
        .select(['id', 'title', 'state'])
        .where('id', '=', clubId)
        .executeTakeFirst();
    },

    /** A beach's area name by its state and slug (the grant's display name). */
    async areaName(state: string, areaSlug: string): Promise<string | null> {
      const row = await db
        .selectFrom('beaches')
        .select('area')
        .where('state', '=', state)
        .where('area_slug', '=', areaSlug)
        .limit(1)
        .executeTakeFirst();
      return row?.area ?? null;
    },

    /** Area slugs of a state whose name or slug matches (case-insensitive), for `--area`. */
    async areasNamed(name: string): Promise<Array<{ state: string; area: string; area_slug: string }>> {
      const rows = await db.selectFrom('beaches').select(['state', 'area', 'area_slug']).distinct().execute();
      const wanted = name.trim().toLowerCase();
      return rows.filter((row) => row.area.toLowerCase() === wanted || row.area_slug === wanted);
    },

    /**
     * Beaches in any of the scopes, by title (then id), at most `limit`: beach ids, club ids (their
     * beaches), states and areas ("STATE/area-slug").
     */
    async beachesInScopes(
      scopes: { beachIds: number[]; clubIds: number[]; states: string[]; areas: Array<[string, string]> },
      limit: number,
    ) {
      const { beachIds, clubIds, states, areas } = scopes;
      if (beachIds.length + clubIds.length + states.length + areas.length === 0) return [];
      return db
        .selectFrom('beaches')
        .select(CONSOLE_BEACH_COLUMNS)
        .where((eb) =>
          eb.or([
            ...(beachIds.length > 0 ? [eb('id', 'in', beachIds)] : []),
            ...(clubIds.length > 0
              ? [
                  eb(
                    'id',
                    'in',
                    eb.selectFrom('beach_clubs').select('beach_id').where('club_id', 'in', clubIds),
                  ),
                ]
              : []),
            ...(states.length > 0 ? [eb('state', 'in', states)] : []),
            ...areas.map(([state, slug]) => eb.and([eb('state', '=', state), eb('area_slug', '=', slug)])),
          ]),
        )
        .orderBy('title')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    livePatrols(beachIds: number[]) {
      if (beachIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('beach_live_patrols').selectAll().where('beach_id', 'in', beachIds).execute();
    },

    /** Writes the beach's status columns, numbers the change for offline sync and raises the data version. */
    async setStatus(beachId: number, values: StatusColumns, at: Date): Promise<void> {
      await db.updateTable('beaches').set(values).where('id', '=', beachId).execute();
      await markBeachesChanged(db as Transaction<DB>, [beachId]);
      await bumpDataVersion(db, at, UNINDEXED);
    },

    async setLivePatrol(values: LivePatrolValues, at: Date): Promise<void> {
      const { beach_id: _id, ...rest } = values;
      await db
        .insertInto('beach_live_patrols')
        .values(values)
        .onConflict((oc) => oc.column('beach_id').doUpdateSet(rest))
        .execute();
      await bumpDataVersion(db, at, UNINDEXED);
    },

    /** A conditions post with its stored photo files. */
    async insertPost(values: {
      beach_id: number;
      point_id: number;
      user_id: number;
      local_timestamp: string;
      meta: Record<string, unknown>;
      large_key: string;
      thumbnail_key: string;
      created_at: string;
    }): Promise<number> {
      const post = await db
        .insertInto('beach_posts')
        .values({
          beach_id: values.beach_id,
          point_id: values.point_id,
          user_id: values.user_id,
          local_timestamp: values.local_timestamp,
          meta: JSON.stringify(values.meta),
          created_at: values.created_at,
          source: 'console',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('photos')
        .values({
          post_id: post.id,
          large_key: values.large_key,
          thumbnail_key: values.thumbnail_key,
          created_at: values.created_at,
        })
        .execute();
      await bumpDataVersion(db, new Date(values.created_at), UNINDEXED);
      return post.id;
    },

    async audit(values: AuditValues): Promise<void> {
      const { from, to, ...rest } = values;
      await db
        .insertInto('console_audit')
        .values({
          ...rest,
          from_json: from === null ? null : JSON.stringify(from),
          to_json: to === null ? null : JSON.stringify(to),
        })
        .execute();
    },

    /** Audit rows in the operator's scope, newest first. */
    async auditEntries(filter: AuditFilter) {
      const { states, areaKeys, beachId, beforeId, limit } = filter;
      // An operator with no scope reads nothing.
      if (states.length + areaKeys.length === 0) return [];
      // The actor's account as it is now, beside the text recorded then.
      let query = db
        .selectFrom('console_audit as a')
        .leftJoin('users as u', 'u.id', 'a.actor_user_id')
        .selectAll('a')
        .select([
          'u.first_name as actor_first_name',
          'u.last_name as actor_last_name',
          'u.email as actor_email',
        ]);
      if (beachId !== undefined) query = query.where('a.beach_id', '=', beachId);
      if (beforeId !== undefined) query = query.where('a.id', '<', beforeId);
      return query
        .where((eb) =>
          eb.or([
            ...(states.length > 0 ? [eb('a.state', 'in', states)] : []),
            ...(areaKeys.length > 0 ? [eb('a.area_key', 'in', areaKeys)] : []),
          ]),
        )
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
    },

    userByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name'])
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    async grantRole(values: {
      user_id: number;
      role: string;
      scope: string;
      scope_key: string;
      beach_id: number | null;
      club_id: number | null;
      granted_at: string;
      granted_by: number | null;
    }): Promise<boolean> {
      const result = await db
        .insertInto('user_role_scopes')
        .values(values)
        .onConflict((oc) => oc.columns(['user_id', 'role', 'scope', 'scope_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async revokeRole(values: { user_id: number; role: string; scope: string; scope_key: string }) {
      const result = await db
        .deleteFrom('user_role_scopes')
        .where('user_id', '=', values.user_id)
        .where('role', '=', values.role)
        .where('scope', '=', values.scope)
        .where('scope_key', '=', values.scope_key)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    grantsOfUser(userId: number) {
      return db
        .selectFrom('user_role_scopes')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    // Idempotency keys

    idempotencyKey(userId: number, key: string) {
      return db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** A lifesaver's rip observation, with the model's hour frozen beside it (issue 29). */
    async insertRipObservation(values: Omit<Selectable<RipObservationsTable>, 'id'>) {
      const row = await db
        .insertInto('rip_observations')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
      // The beach's outlook says how many observations checked it.
      await bumpDataVersion(db, new Date(values.created_at), UNINDEXED);
      return row;
    },

    async saveIdempotencyKey(values: {
      user_id: number;
      key: string;
      request_hash: string;
      response_status: number;
      response_body: string;
      created_at: string;
    }): Promise<void> {
      await db.insertInto('idempotency_keys').values(values).execute();
    },

    async pruneIdempotencyKeys(before: string): Promise<number> {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ConsoleQueries = ReturnType<typeof consoleQueries>;

export function createConsoleRepository(db: Kysely<DB>) {
  return {
    ...consoleQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (trx: ConsoleQueries, raw: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(consoleQueries(trx), trx));
    },
  };
}

export type ConsoleRepository = ReturnType<typeof createConsoleRepository>;
