import { recordBeachDeletes } from '../changes.ts';
import type { Database } from '../schema.ts';
import { bumpDataVersion } from '../data-version.ts';

export interface RemovedBeach {
  id: number;
  key: string;
  title: string;
  /** Stored photo files of the beach's posts; the caller deletes them once the rows are gone. */
  photoKeys: string[];
}

/**
 * Deletes a beach (by key, or by id when all digits) with everything that hangs off it (clubs
 * links, images, sources, patrols, attendance, posts, follows, algal records: the foreign keys
 * cascade), its search terms, and leaves a tombstone so offline databases delete it too. One
 * transaction: all of it or none. Returns undefined when there is no such beach.
 */
export async function removeBeach(
  db: Database,
  ref: string,
  now = new Date(),
): Promise<RemovedBeach | undefined> {
  return db.transaction().execute(async (trx) => {
    const beach = await trx
      .selectFrom('beaches')
      .select(['id', 'key', 'title', 'locality_id'])
      .where((eb) => (/^\d{1,9}$/.test(ref) ? eb('id', '=', Number(ref)) : eb('key', '=', ref)))
      .executeTakeFirst();
    if (!beach) return undefined;
    const photos = await trx
      .selectFrom('photos')
      .innerJoin('beach_posts', 'beach_posts.id', 'photos.post_id')
      .select(['photos.large_key', 'photos.thumbnail_key'])
      .where('beach_posts.beach_id', '=', beach.id)
      .execute();
    await trx.deleteFrom('search_terms').where('kind', '=', 'beach').where('ref_id', '=', beach.id).execute();
    await trx.deleteFrom('beaches').where('id', '=', beach.id).execute();
    await recordBeachDeletes(trx, [beach], now.toISOString());
    if (beach.locality_id !== null) {
      const { count } = await trx
        .selectFrom('beaches')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('locality_id', '=', beach.locality_id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('localities')
        .set({ beaches_count: Number(count) })
        .where('id', '=', beach.locality_id)
        .execute();
    }
    await bumpDataVersion(trx, now);
    return {
      id: beach.id,
      key: beach.key,
      title: beach.title,
      photoKeys: photos.flatMap((p) => [p.large_key, p.thumbnail_key]),
    };
  });
}
