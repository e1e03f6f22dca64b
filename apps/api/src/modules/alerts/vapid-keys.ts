import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { DB } from '../../db/schema.ts';
import type { WorkerLogger } from './worker.ts';

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The Web Push key pair this server signs with (issue 33). VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY
 * win when set; otherwise the pair stored in the database, made on the first start of any process
 * on it. Creation is an insert that does nothing if a row is there, then a read: processes
 * starting together on one database all end up with the one pair that won, and only the winner
 * logs that it made it. A set pair that differs from the stored one replaces it and is logged
 * once (by the process whose update matched): browsers subscribed with the old key must
 * subscribe again, as push services refuse pushes signed with another key.
 */
export async function resolveVapidKeys(
  db: Kysely<DB>,
  configured: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined },
  clock: () => Date,
  log: WorkerLogger,
): Promise<VapidKeyPair> {
  const stored = await readStoredKeys(db);
  if (configured.VAPID_PUBLIC_KEY && configured.VAPID_PRIVATE_KEY) {
    const pair = { publicKey: configured.VAPID_PUBLIC_KEY, privateKey: configured.VAPID_PRIVATE_KEY };
    if (!stored) {
      await insertKeysIfAbsent(db, pair, 'environment', clock);
    } else if (stored.publicKey !== pair.publicKey || stored.privateKey !== pair.privateKey) {
      const replaced = await db
        .updateTable('vapid_keys')
        .set({ public_key: pair.publicKey, private_key: pair.privateKey, source: 'environment' })
        .where('id', '=', 1)
        .where('public_key', '=', stored.publicKey)
        .where('private_key', '=', stored.privateKey)
        .returning('id')
        .executeTakeFirst();
      if (replaced) {
        const { subscriptions } = await db
          .selectFrom('push_subscriptions')
          .select((eb) => eb.fn.countAll<number | string>().as('subscriptions'))
          .executeTakeFirstOrThrow();
        log.warn(
          {
            previousPublicKey: stored.publicKey,
            publicKey: pair.publicKey,
            subscriptions: Number(subscriptions),
          },
          'the Web Push key pair changed (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY differ from the stored pair): ' +
            'browsers subscribed with the old key get no alerts until they subscribe again',
        );
      }
    }
    return pair;
  }
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  if (await insertKeysIfAbsent(db, made, 'generated', clock)) {
    log.info(
      { publicKey: made.publicKey },
      'made a Web Push (VAPID) key pair and stored it in the database; ' +
        'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to use your own',
    );
    return made;
  }
  // Another process stored its pair first: that one is everyone's.
  const winner = await readStoredKeys(db);
  if (!winner) throw new Error('The Web Push key pair was neither stored nor found.');
  return winner;
}

async function readStoredKeys(db: Kysely<DB>): Promise<VapidKeyPair | null> {
  const row = await db
    .selectFrom('vapid_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
}

/** True when this call stored the pair; false when a row was already there. */
async function insertKeysIfAbsent(
  db: Kysely<DB>,
  pair: VapidKeyPair,
  source: 'generated' | 'environment',
  clock: () => Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('vapid_keys')
    .values({
      id: 1,
      public_key: pair.publicKey,
      private_key: pair.privateKey,
      source,
      created_at: clock().toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
