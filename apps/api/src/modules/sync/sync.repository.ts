import type { Database } from '../../db/schema.ts';

/** The beach columns an offline record is built from, with its place's address parts. */
export const SYNC_BEACH_COLUMNS = [
  'beaches.id',
  'beaches.key',
  'beaches.title',
  'beaches.slug',
  'beaches.state',
  'beaches.area',
  'beaches.area_slug',
  'beaches.city',
  'beaches.city_slug',
  'beaches.postcode',
  'beaches.latitude',
  'beaches.longitude',
  'beaches.timezone',
  'beaches.length_m',
  'beaches.hazard',
  'beaches.patrol',
  'beaches.covid_status',
  'beaches.status',
  'beaches.status_reason',
  'beaches.status_message',
  'beaches.status_set_at',
  'beaches.status_expires_at',
  'beaches.status_set_by',
  'beaches.description',
  'beaches.facilities',
  'beaches.has_bbq_picnic',
  'beaches.has_parking',
  'beaches.has_public_transport',
  'beaches.has_toilet',
  'beaches.has_dogs_allowed',
  'beaches.has_dogs_allowed_on_leash',
  'beaches.is_sample',
  'beaches.data_source',
  'beaches.data_licence',
  'beaches.updated_at',
  'beaches.sync_seq',
] as const;

export function createSyncRepository(db: Database) {
  return {
    /** The last number handed out and the pruned floor (one committed row). */
    async state(): Promise<{ lastSeq: number; floorSeq: number }> {
      const row = await db
        .selectFrom('sync_state')
        .select(['last_seq', 'floor_seq'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return { lastSeq: Number(row.last_seq), floorSeq: Number(row.floor_seq) };
    },

    /**
     * Beaches changed in (after, upTo], oldest change first, at most `limit`: a keyset page on
     * beaches_sync_seq_idx, so a page costs the same wherever it starts.
     */
    beachesAfter(after: number, upTo: number, limit: number) {
      return db
        .selectFrom('beaches')
        .leftJoin('localities', 'localities.id', 'beaches.locality_id')
        .select(SYNC_BEACH_COLUMNS)
        .select([
          'localities.state as locality_state',
          'localities.slug as locality_slug',
          'localities.area_slug as locality_area_slug',
        ])
        .where('beaches.sync_seq', '>', after)
        .where('beaches.sync_seq', '<=', upTo)
        .orderBy('beaches.sync_seq')
        .limit(limit)
        .execute();
    },

    /** Deleted beach keys in (after, upTo], oldest first, at most `limit`. */
    tombstonesAfter(after: number, upTo: number, limit: number) {
      return db
        .selectFrom('beach_tombstones')
        .select(['key', 'sync_seq'])
        .where('sync_seq', '>', after)
        .where('sync_seq', '<=', upTo)
        .orderBy('sync_seq')
        .limit(limit)
        .execute();
    },

    async countBeachesAfter(after: number, upTo: number): Promise<number> {
      const { count } = await db
        .selectFrom('beaches')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('sync_seq', '>', after)
        .where('sync_seq', '<=', upTo)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async countTombstonesAfter(after: number, upTo: number): Promise<number> {
      const { count } = await db
        .selectFrom('beach_tombstones')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('sync_seq', '>', after)
        .where('sync_seq', '<=', upTo)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The clubs of these beaches, in each beach's order. */
    clubsOf(beachIds: number[]) {
      if (beachIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('beach_clubs')
        .innerJoin('clubs', 'clubs.id', 'beach_clubs.club_id')
        .select(['beach_clubs.beach_id', 'clubs.id', 'clubs.title'])
        .where('beach_clubs.beach_id', 'in', beachIds)
        .orderBy('beach_clubs.beach_id')
        .orderBy('beach_clubs.sort')
        .execute();
    },

    /** The images of these beaches, each beach's first (the one the detail shows) first. */
    imagesOf(beachIds: number[]) {
      if (beachIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('beach_images')
        .select(['beach_id', 'url'])
        .where('beach_id', 'in', beachIds)
        .orderBy('beach_id')
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /**
     * Deletes tombstones older than `before` and raises floor_seq to the highest number deleted:
     * a client whose cursor is below it may have missed a delete and must resync in full.
     */
    pruneTombstones(before: string): Promise<{ pruned: number; floorSeq: number }> {
      return db.transaction().execute(async (trx) => {
        // Locks the sequence row first, so no writer adds a tombstone while the floor moves.
        const state = await trx
          .updateTable('sync_state')
          .set((eb) => ({ floor_seq: eb.ref('floor_seq') }))
          .where('id', '=', 1)
          .returning('floor_seq')
          .executeTakeFirstOrThrow();
        const { highest, count } = await trx
          .selectFrom('beach_tombstones')
          .select((eb) => [eb.fn.max('sync_seq').as('highest'), eb.fn.countAll<number>().as('count')])
          .where('deleted_at', '<', before)
          .executeTakeFirstOrThrow();
        const floorSeq = Math.max(Number(state.floor_seq), Number(highest ?? 0));
        if (Number(count) > 0) {
          await trx.deleteFrom('beach_tombstones').where('deleted_at', '<', before).execute();
          await trx.updateTable('sync_state').set({ floor_seq: floorSeq }).where('id', '=', 1).execute();
        }
        return { pruned: Number(count), floorSeq };
      });
    },
  };
}

export type SyncRepository = ReturnType<typeof createSyncRepository>;
