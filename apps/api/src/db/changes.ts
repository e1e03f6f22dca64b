import { sql, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * The sync sequence (migration 0009, POST /api/v4/sync). Every writer of a beach, or of what its
 * offline record carries (clubs, facilities, description, image, its place's address), calls these
 * inside its own transaction, so a change and its number commit together.
 */

type Trx = Transaction<DB>;

/** Ids per UPDATE (well under both databases' bound-parameter limits). */
const CHUNK = 500;

/**
 * Takes `count` numbers of the sequence and returns the first. Updating the single sync_state row
 * locks it until the transaction ends, so concurrent writers take their numbers one after another
 * and numbers are in commit order: a reader never skips a number that commits later.
 */
async function takeNumbers(trx: Trx, count: number): Promise<number> {
  const row = await trx
    .updateTable('sync_state')
    .set((eb) => ({ last_seq: eb('last_seq', '+', count) }))
    .where('id', '=', 1)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq) - count + 1;
}

/** Gives each beach its own next number (in id order): clients that synced before get it again. */
export async function markBeachesChanged(trx: Trx, beachIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(beachIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  let next = await takeNumbers(trx, ids.length);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    if (chunk.length === 1) {
      await trx.updateTable('beaches').set({ sync_seq: next }).where('id', '=', chunk[0]!).execute();
    } else {
      const cases = sql.join(
        chunk.map((id, j) => sql`when ${id} then cast(${next + j} as bigint)`),
        sql` `,
      );
      await trx
        .updateTable('beaches')
        .set({ sync_seq: sql<number>`case id ${cases} end` })
        .where('id', 'in', chunk)
        .execute();
    }
    next += chunk.length;
  }
}

/** The beaches of the given places: their postcode_url changes with the place's council. */
export async function markLocalityBeachesChanged(trx: Trx, localityIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(localityIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const beaches = await trx
      .selectFrom('beaches')
      .select('id')
      .where('locality_id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    await markBeachesChanged(
      trx,
      beaches.map((b) => b.id),
    );
  }
}

/**
 * Records deleted beaches as tombstones with their own numbers, before or after the rows go (the
 * caller deletes them in the same transaction). A key deleted before keeps one tombstone, renumbered.
 */
export async function recordBeachDeletes(
  trx: Trx,
  beaches: Array<{ id: number; key: string }>,
  deletedAt: string,
): Promise<void> {
  if (beaches.length === 0) return;
  const first = await takeNumbers(trx, beaches.length);
  for (const [i, beach] of beaches.entries()) {
    const row = { key: beach.key, beach_id: beach.id, sync_seq: first + i, deleted_at: deletedAt };
    await trx
      .insertInto('beach_tombstones')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ beach_id: row.beach_id, sync_seq: row.sync_seq, deleted_at: deletedAt }),
      )
      .execute();
  }
}
