import { Dexie, type EntityTable, type Table } from 'dexie';
import type { Article, SyncBeach } from '@safeshore/domain';

/**
 * The offline database (spec section 3): beaches keyed by key as POST /api/v4/sync sends them, an
 * assets table (name, content, id) with the sync checkpoint and app version, and the surf-safety
 * articles with their media for offline reading. `beach_index` holds a compact copy of each beach
 * (no description or facilities text) for the search and location index: reading the full records
 * of 12,000 beaches to build it took seconds.
 */
export const OFFLINE_DB_NAME = 'safeshore';

/** Names of the assets the app keeps. */
export const ASSET_NAMES = {
  /** When the server answered the last applied sync page (ISO-8601 UTC). */
  beachesSyncedAt: 'beaches_synced_at',
  /** The last applied page's cursor: the next sync sends it as `since`. */
  beachesCursor: 'beaches_cursor',
  /** The web build version (GET /api/v4/app) when the data was saved. */
  appVersion: 'app_version',
  /** The last sync's outcome, for a tab that waited for another tab's sync. */
  lastSyncOutcome: 'last_sync_outcome',
} as const;

export interface AssetRecord {
  id: number;
  name: string;
  content: string;
}

export interface MediaRecord {
  /** The article media id. */
  id: string;
  mime: string;
  content: Blob;
  /** The article the media belongs to. */
  slug: string;
  /** Where it was downloaded from (the online article's media url, also used in its body). */
  url: string;
}

/** The fields of a beach that search, place lookups and their lists use (see offline-source.ts). */
const INDEX_FIELDS = [
  'id',
  'key',
  'title',
  'url',
  'image',
  'city',
  'state',
  'area',
  'postcode',
  'postcode_url',
  'area_url',
  'timezone',
  'latitude',
  'longitude',
  'length',
  'hazard',
  'patrol',
  'status',
  // The live status's reason and expiry (issue 17): offline lists say why, and hide an expired one.
  'status_reason',
  'status_set_at',
  'status_expires_at',
  'covid_status',
  'has_toilet',
  'has_parking',
  'has_dogs_allowed',
  'has_dogs_allowed_on_leash',
  'is_sample',
  'clubs',
] as const satisfies ReadonlyArray<keyof SyncBeach>;

/** A row of `beach_index`: the beach without description, facilities and what only its own page shows. */
export type BeachIndexRecord = Pick<SyncBeach, (typeof INDEX_FIELDS)[number]>;

export function toBeachIndexRecord(beach: SyncBeach): BeachIndexRecord {
  const record: Partial<Record<keyof BeachIndexRecord, unknown>> = {};
  for (const field of INDEX_FIELDS) record[field] = beach[field];
  return record as BeachIndexRecord;
}

export type OfflineDatabase = Dexie & {
  beaches: Table<SyncBeach, string>;
  beach_index: Table<BeachIndexRecord, string>;
  assets: EntityTable<AssetRecord, 'id'>;
  articles: Table<Article, string>;
  media: Table<MediaRecord, string>;
};

/** Beaches copied per step when an older database gets its index (bounds the memory in use). */
const UPGRADE_BATCH = 500;

/** The first release's schema (exported so the upgrade test can create such a database). */
export const OFFLINE_DB_SCHEMA_V1 = {
  beaches: 'key, id, postcode, state',
  assets: '++id, &name',
  articles: 'slug',
  media: 'id, slug',
} as const;

function createDatabase(): OfflineDatabase {
  const db = new Dexie(OFFLINE_DB_NAME) as OfflineDatabase;
  db.version(1).stores(OFFLINE_DB_SCHEMA_V1);
  // Version 2: the compact index table, filled from the beaches a version 1 database already has
  // (in the upgrade's own transaction, so a device never has beaches without their index rows).
  // The beaches lose their id/postcode/state indexes: nothing queries them (lookups go through the
  // in-memory index, records by key), and each one cost a write per beach on every sync page.
  db.version(2)
    .stores({ beaches: 'key', beach_index: 'key' })
    .upgrade(async (tx) => {
      const beaches = tx.table<SyncBeach, string>('beaches');
      const index = tx.table<BeachIndexRecord, string>('beach_index');
      let batch: SyncBeach[] = await beaches.orderBy(':id').limit(UPGRADE_BATCH).toArray();
      while (batch.length > 0) {
        await index.bulkPut(batch.map(toBeachIndexRecord));
        if (batch.length < UPGRADE_BATCH) break;
        const last = batch[batch.length - 1]!.key;
        batch = await beaches.where(':id').above(last).limit(UPGRADE_BATCH).toArray();
      }
    });
  return db;
}

export const offlineDb: OfflineDatabase = createDatabase();

/** IndexedDB is missing or refuses to open (some private browsing modes, locked-down browsers). */
export class OfflineStorageUnavailableError extends Error {
  constructor(cause?: unknown) {
    super(
      'This browser cannot store data for offline use. Private browsing or storage settings may be blocking it.',
      { cause },
    );
    this.name = 'OfflineStorageUnavailableError';
  }
}

const UNAVAILABLE = new Set(['MissingAPIError', 'OpenFailedError', 'InvalidStateError', 'SecurityError']);

/** Opens the database once; a browser without usable IndexedDB gets OfflineStorageUnavailableError. */
export async function openOfflineDb(): Promise<OfflineDatabase> {
  if (offlineDb.isOpen()) return offlineDb;
  try {
    await offlineDb.open();
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (UNAVAILABLE.has(name) || typeof indexedDB === 'undefined') {
      throw new OfflineStorageUnavailableError(error);
    }
    throw error;
  }
  return offlineDb;
}

/** Whether the browser has IndexedDB at all (the save-for-offline control can say so up front). */
export function offlineStorageSupported(): boolean {
  return typeof indexedDB !== 'undefined';
}

/**
 * The asset holding a beach's last known water quality (issue 19), saved when its page is viewed
 * online (data/recent.ts): the sync record carries no daily forecast, so offline this is the last
 * one seen, shown with its age as possibly out of date.
 */
export function waterQualityAssetName(beachKey: string): string {
  return `water_quality:${beachKey}`;
}

export const RIP_OUTLOOK_ASSET_PREFIX = 'rip_outlook:';

/**
 * The asset holding the last rip outlook (issue 29) fetched for a beach kept on this device
 * (data/recent.ts): offline it is shown with its age, never recomputed or guessed.
 */
export function ripOutlookAssetName(beachKey: string): string {
  return `${RIP_OUTLOOK_ASSET_PREFIX}${beachKey}`;
}

export async function getAsset(name: string): Promise<string | null> {
  const db = await openOfflineDb();
  return (await db.assets.where('name').equals(name).first())?.content ?? null;
}

export async function findAssetById(id: number): Promise<AssetRecord | null> {
  const db = await openOfflineDb();
  return (await db.assets.get(id)) ?? null;
}

/**
 * Writes assets by name, keeping each one's id. Runs inside the caller's transaction when there is
 * one (it must include `assets`), so a sync page and its checkpoint land together.
 */
export async function putAssets(db: OfflineDatabase, values: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(values)) {
    const existing = await db.assets.where('name').equals(name).first();
    if (existing) await db.assets.update(existing.id, { content });
    else await db.assets.add({ name, content } as AssetRecord);
  }
}

export async function setAssets(values: Record<string, string>): Promise<void> {
  const db = await openOfflineDb();
  await db.transaction('rw', db.assets, () => putAssets(db, values));
}

export function setAsset(name: string, content: string): Promise<void> {
  return setAssets({ [name]: content });
}

export interface BeachChanges {
  /** Drop every local beach first (a full stream). */
  clear?: boolean;
  delete?: readonly string[];
  upsert?: readonly SyncBeach[];
}

/**
 * The one way beaches are written: `beaches` and `beach_index` change together, in the caller's
 * transaction when there is one (it must include both tables), so they never disagree.
 */
export function writeBeaches(db: OfflineDatabase, changes: BeachChanges): Promise<void> {
  return db.transaction('rw', db.beaches, db.beach_index, async () => {
    if (changes.clear) await Promise.all([db.beaches.clear(), db.beach_index.clear()]);
    const deletes = changes.delete ?? [];
    if (deletes.length > 0) {
      await Promise.all([
        db.beaches.bulkDelete(deletes as string[]),
        db.beach_index.bulkDelete(deletes as string[]),
      ]);
    }
    const upserts = changes.upsert ?? [];
    if (upserts.length > 0) {
      await Promise.all([
        db.beaches.bulkPut(upserts as SyncBeach[]),
        db.beach_index.bulkPut(upserts.map(toBeachIndexRecord)),
      ]);
    }
  });
}

/**
 * Listeners told when the local data changes (a sync page or the articles landed, or the data was
 * deleted), in this tab or in another one (a BroadcastChannel carries the news between tabs).
 * The offline source keeps its in-memory index until then instead of checking IndexedDB per query.
 */
const changeListeners = new Set<() => void>();
export const OFFLINE_CHANGE_CHANNEL = 'safeshore-offline-data';
let changeChannel: BroadcastChannel | null = null;

function callListeners(): void {
  for (const listener of changeListeners) listener();
}

function channel(): BroadcastChannel | null {
  if (changeChannel || typeof BroadcastChannel === 'undefined') return changeChannel;
  changeChannel = new BroadcastChannel(OFFLINE_CHANGE_CHANNEL);
  changeChannel.onmessage = callListeners;
  // Node (the unit tests) would otherwise keep the process alive for the channel.
  (changeChannel as { unref?: () => void }).unref?.();
  return changeChannel;
}

export function onOfflineDataChange(listener: () => void): () => void {
  channel();
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Tells this tab's listeners and the other tabs (a channel does not deliver to its sender). */
export function notifyOfflineDataChange(): void {
  callListeners();
  channel()?.postMessage('changed');
}

/** Removes everything saved for offline use (turning offline off on the web). */
export async function deleteOfflineDatabase(): Promise<void> {
  await offlineDb.delete({ disableAutoOpen: false });
  notifyOfflineDataChange();
}
