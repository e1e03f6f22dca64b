import '../test/indexeddb.ts';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncBeach } from '@safeshore/domain';
import { syncBeach } from '../test/offline-fixtures.ts';
import {
  ASSET_NAMES,
  OFFLINE_CHANGE_CHANNEL,
  OFFLINE_DB_NAME,
  OFFLINE_DB_SCHEMA_V1,
  deleteOfflineDatabase,
  getAsset,
  offlineDb,
  onOfflineDataChange,
  openOfflineDb,
  toBeachIndexRecord,
  writeBeaches,
} from './offline-db.ts';
import { localSource } from './offline-source.ts';

beforeEach(async () => {
  await deleteOfflineDatabase();
});

/** A database as the first release of the app left it: version 1, beaches but no index table. */
async function createVersion1Database(beaches: SyncBeach[]): Promise<void> {
  offlineDb.close();
  const old = new Dexie(OFFLINE_DB_NAME);
  old.version(1).stores(OFFLINE_DB_SCHEMA_V1);
  await old.table('beaches').bulkPut(beaches);
  await old.table('assets').add({ name: ASSET_NAMES.beachesCursor, content: 'c9' });
  expect(old.tables.map((table) => table.name)).not.toContain('beach_index');
  old.close();
}

describe('offline database upgrade to version 2', () => {
  it('fills beach_index from the beaches already saved, in batches, leaving the rest alone', async () => {
    // More than two upgrade batches (500), so the paging is exercised.
    const beaches = Array.from({ length: 1_234 }, (_, i) => syncBeach({ id: i + 1 }));
    beaches[700] = syncBeach({ id: 701, title: 'Clovelly Beach', patrol: 1 });
    await createVersion1Database(beaches);

    const db = await openOfflineDb();
    expect(db.verno).toBe(2);
    expect(await db.beaches.count()).toBe(1_234);
    expect(await db.beach_index.count()).toBe(1_234);
    const stored = await db.beaches.toArray();
    expect(await db.beach_index.toArray()).toEqual(stored.map(toBeachIndexRecord));
    expect(await getAsset(ASSET_NAMES.beachesCursor)).toBe('c9');
    // The unused secondary indexes of version 1 are gone (each cost a write per beach).
    expect(db.beaches.schema.indexes).toEqual([]);
    // The offline search works from the upgraded database straight away.
    expect((await localSource.autocomplete('clovelly')).beaches.map((b) => b.id)).toEqual([701]);
  });

  it('upgrades an empty version 1 database', async () => {
    await createVersion1Database([]);
    const db = await openOfflineDb();
    expect(db.verno).toBe(2);
    expect(await db.beach_index.count()).toBe(0);
  });
});

describe('writeBeaches', () => {
  it('writes the beaches and their compact index rows together', async () => {
    const db = await openOfflineDb();
    const long = syncBeach({ id: 1, description: JSON.stringify({ Beach: 'x'.repeat(5000) }) });
    await writeBeaches(db, { upsert: [long, syncBeach({ id: 2 }), syncBeach({ id: 3 })] });
    expect(await db.beach_index.get(long.key)).toEqual(toBeachIndexRecord(long));
    expect(JSON.stringify(await db.beach_index.get(long.key))).not.toContain('xxxx');

    const renamed = syncBeach({ id: 2, title: 'Renamed', key: syncBeach({ id: 2 }).key });
    await writeBeaches(db, { delete: [long.key], upsert: [renamed] });
    expect((await db.beach_index.toCollection().primaryKeys()).length).toBe(2);
    expect(await db.beach_index.get(long.key)).toBeUndefined();
    expect((await db.beach_index.get(renamed.key))?.title).toBe('Renamed');

    await writeBeaches(db, { clear: true, upsert: [syncBeach({ id: 9 })] });
    expect(await db.beach_index.toArray()).toEqual([toBeachIndexRecord(syncBeach({ id: 9 }))]);
    expect(await db.beaches.count()).toBe(1);
  });

  it('changes neither table when part of the write fails', async () => {
    const db = await openOfflineDb();
    await writeBeaches(db, { upsert: [syncBeach({ id: 1 })] });
    await expect(
      writeBeaches(db, {
        clear: true,
        upsert: [syncBeach({ id: 2 }), { ...syncBeach({ id: 3 }), key: undefined as never }],
      }),
    ).rejects.toThrow();
    expect(await db.beaches.toCollection().primaryKeys()).toEqual([syncBeach({ id: 1 }).key]);
    expect(await db.beach_index.toCollection().primaryKeys()).toEqual([syncBeach({ id: 1 }).key]);
  });
});

describe('onOfflineDataChange', () => {
  it("hears another tab's change through the BroadcastChannel", async () => {
    const listener = vi.fn();
    const stop = onOfflineDataChange(listener);
    const otherTab = new BroadcastChannel(OFFLINE_CHANGE_CHANNEL);
    try {
      otherTab.postMessage('changed');
      await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    } finally {
      otherTab.close();
      stop();
    }
  });
});
