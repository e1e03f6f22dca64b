import { bumpDataVersion, UNINDEXED } from '../../db/data-version.ts';
import type { Database } from '../../db/schema.ts';
import type { BeachRow } from '../../db/schema.ts';

/** point_id of the photo of the day among a beach's posts. */
export const PHOTO_POINT_ID = 1;

export interface LatestMetricRow {
  id: number;
  beach_id: number;
  water_discolour: number;
  beach_foam: number;
  clean_rating: number;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
}

export interface PhotoPostRow {
  id: number;
  beach_id: number;
  local_timestamp: string;
  created_at: string;
  large_key: string;
  thumbnail_key: string;
}

/** Every write here changes public beach details, so each raises the data version in its transaction. */
export function createAlgalRepository(db: Database, clock: () => Date = () => new Date()) {
  return {
    /** The programme's beaches, by title. */
    async programmeBeaches(): Promise<BeachRow[]> {
      return db
        .selectFrom('algal_programme_beaches as p')
        .innerJoin('beaches as b', 'b.id', 'p.beach_id')
        .selectAll('b')
        .orderBy('b.title')
        .orderBy('b.id')
        .execute();
    },

    /** The beach when it is in the programme. */
    async programmeBeach(beachId: number): Promise<BeachRow | undefined> {
      return db
        .selectFrom('algal_programme_beaches as p')
        .innerJoin('beaches as b', 'b.id', 'p.beach_id')
        .selectAll('b')
        .where('p.beach_id', '=', beachId)
        .executeTakeFirst();
    },

    async inProgramme(beachId: number): Promise<boolean> {
      const row = await db
        .selectFrom('algal_programme_beaches')
        .select('beach_id')
        .where('beach_id', '=', beachId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addBeach(beachId: number, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('algal_programme_beaches')
          .values({ beach_id: beachId, created_at: now })
          .onConflict((oc) => oc.column('beach_id').doNothing())
          .executeTakeFirst();
        await bumpDataVersion(trx, new Date(now), UNINDEXED);
        return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      });
    },

    async removeBeach(beachId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('algal_programme_beaches')
          .where('beach_id', '=', beachId)
          .executeTakeFirst();
        await bumpDataVersion(trx, clock(), UNINDEXED);
        return Number(result.numDeletedRows) > 0;
      });
    },

    /** The latest metric of each beach (the highest id: ids grow with time), with the recorder's name. */
    async latestMetrics(beachIds: number[]): Promise<Map<number, LatestMetricRow>> {
      if (beachIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('algal_metrics as m')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        .select([
          'm.id',
          'm.beach_id',
          'm.water_discolour',
          'm.beach_foam',
          'm.clean_rating',
          'm.created_at',
          'u.first_name',
          'u.last_name',
        ])
        .where('m.id', 'in', (qb) =>
          qb
            .selectFrom('algal_metrics')
            .select((eb) => eb.fn.max('id').as('id'))
            .where('beach_id', 'in', beachIds)
            .groupBy('beach_id'),
        )
        .execute();
      return new Map(rows.map((row) => [row.beach_id, row]));
    },

    async insertMetric(values: {
      beach_id: number;
      user_id: number;
      water_discolour: boolean;
      beach_foam: boolean;
      clean_rating: boolean;
      created_at: string;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('algal_metrics')
          .values({
            ...values,
            water_discolour: values.water_discolour ? 1 : 0,
            beach_foam: values.beach_foam ? 1 : 0,
            clean_rating: values.clean_rating ? 1 : 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await bumpDataVersion(trx, new Date(values.created_at), UNINDEXED);
        return row.id;
      });
    },

    /** Photo-of-the-day posts of the beaches dated on or after `fromDate` (YYYY-MM-DD, local), newest first. */
    async photoPosts(beachIds: number[], fromDate: string): Promise<PhotoPostRow[]> {
      if (beachIds.length === 0) return [];
      return db
        .selectFrom('beach_posts as p')
        .innerJoin('photos as f', 'f.post_id', 'p.id')
        .select(['p.id', 'p.beach_id', 'p.local_timestamp', 'p.created_at', 'f.large_key', 'f.thumbnail_key'])
        .where('p.beach_id', 'in', beachIds)
        .where('p.point_id', '=', PHOTO_POINT_ID)
        .where('p.local_timestamp', '>=', fromDate)
        .orderBy('p.id', 'desc')
        .execute();
    },

    /** A photo-of-the-day post by id, with its files. */
    async photoPost(postId: number): Promise<PhotoPostRow | undefined> {
      return db
        .selectFrom('beach_posts as p')
        .innerJoin('photos as f', 'f.post_id', 'p.id')
        .select(['p.id', 'p.beach_id', 'p.local_timestamp', 'p.created_at', 'f.large_key', 'f.thumbnail_key'])
        .where('p.id', '=', postId)
        .where('p.point_id', '=', PHOTO_POINT_ID)
        .executeTakeFirst();
    },

    /**
     * Stores a new photo of the day and removes the posts it replaces, in one transaction. Returns
     * the storage keys of the replaced photos (to delete once committed).
     */
    async savePhoto(input: {
      beach_id: number;
      user_id: number;
      local_timestamp: string;
      created_at: string;
      meta: Record<string, string>;
      large_key: string;
      thumbnail_key: string;
      replaces: number[];
    }): Promise<{ postId: number; removedKeys: string[] }> {
      return db.transaction().execute(async (trx) => {
        const removed =
          input.replaces.length === 0
            ? []
            : await trx
                .selectFrom('photos')
                .select(['large_key', 'thumbnail_key'])
                .where('post_id', 'in', input.replaces)
                .execute();
        if (input.replaces.length > 0) {
          await trx.deleteFrom('photos').where('post_id', 'in', input.replaces).execute();
          await trx.deleteFrom('beach_posts').where('id', 'in', input.replaces).execute();
        }
        const post = await trx
          .insertInto('beach_posts')
          .values({
            beach_id: input.beach_id,
            point_id: PHOTO_POINT_ID,
            user_id: input.user_id,
            local_timestamp: input.local_timestamp,
            meta: JSON.stringify(input.meta),
            created_at: input.created_at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('photos')
          .values({
            post_id: post.id,
            large_key: input.large_key,
            thumbnail_key: input.thumbnail_key,
            created_at: input.created_at,
          })
          .execute();
        await bumpDataVersion(trx, new Date(input.created_at), UNINDEXED);
        return {
          postId: post.id,
          removedKeys: removed.flatMap((row) => [row.large_key, row.thumbnail_key]),
        };
      });
    },

    /** Deletes a post and its photo rows; returns whether it existed. */
    async deletePost(postId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('photos').where('post_id', '=', postId).execute();
        const result = await trx.deleteFrom('beach_posts').where('id', '=', postId).executeTakeFirst();
        await bumpDataVersion(trx, clock(), UNINDEXED);
        return Number(result.numDeletedRows) > 0;
      });
    },
  };
}

export type AlgalRepository = ReturnType<typeof createAlgalRepository>;
