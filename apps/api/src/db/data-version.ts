import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

let localBumpAt = Number.NEGATIVE_INFINITY;

/**
 * When this process last raised the version (performance.now()): the read model re-reads the version
 * on every request for a moment after, so a writer's own next read sees its write at once.
 */
export function lastLocalBump(): number {
  return localBumpAt;
}

/**
 * The public data's version (migration 0014). Every writer of public data calls
 * `bumpDataVersion` inside its own transaction, after its writes: the new number commits with the
 * change, and a reader that sees the number also sees the change. Readers (the read model's caches,
 * rendered pages, ETags) call `readDataVersion`, one primary-key read.
 */
export async function bumpDataVersion(trx: Transaction<DB> | Kysely<DB>, at: Date): Promise<number> {
  const row = await trx
    .updateTable('data_version')
    .set((eb) => ({ version: eb('version', '+', 1), changed_at: at.toISOString() }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  localBumpAt = performance.now();
  return Number(row.version);
}

export async function readDataVersion(db: Kysely<DB>): Promise<{ version: number; changedAt: string }> {
  const row = await db
    .selectFrom('data_version')
    .select(['version', 'changed_at'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { version: Number(row.version), changedAt: row.changed_at };
}
