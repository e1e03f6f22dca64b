import * as z from 'zod/mini';
import {
  OFFLINE_ARTICLE_SLUGS,
  SyncResponseSchema,
  type Article,
  type SyncBeach,
  type SyncResponse,
} from '@safeshore/domain';
import { ApiError, apiUrl, fetchArticle, request } from './api.ts';
import {
  ASSET_NAMES,
  findAssetById,
  getAsset,
  notifyOfflineDataChange,
  openOfflineDb,
  putAssets,
  writeBeaches,
  type AssetRecord,
  type MediaRecord,
  type OfflineDatabase,
} from './offline-db.ts';

/**
 * The offline database's sync (spec sections 3 and 7): POST /api/v4/sync page by page from the
 * stored cursor, then the surf-safety articles and their media. Each page lands in one
 * transaction with its cursor, so a sync cut off anywhere resumes from the last whole page.
 */

/** One tab syncs at a time (Web Locks); other tabs wait for it and report its result. */
export const SYNC_LOCK_NAME = 'safeshore-sync';
/**
 * The whole beach set, prebuilt and brotli-compressed by the server (issue 20): a first sync
 * stores it, then asks POST /api/v4/sync for the changes after its cursor.
 */
export const SNAPSHOT_PATH = '/api/v4/sync/snapshot';
/** Beaches stored per transaction when storing a snapshot. */
const SNAPSHOT_CHUNK = 2000;
/** Articles fetched at once. */
const ARTICLE_CONCURRENCY = 4;
const MEDIA_TIMEOUT_MS = 15_000;

export interface SyncProgress {
  phase: 'beaches' | 'articles';
  done: number;
  total: number;
}

export interface SyncOptions {
  onProgress?: (progress: SyncProgress) => void;
  /** Stops the sync between requests; pages already applied stay applied. */
  signal?: AbortSignal;
}

export interface SyncResult {
  /** The last page's beaches_synced_at: "Beaches last synchronized at". */
  syncedAt: string;
  upserted: number;
  deleted: number;
  pages: number;
  /** The server sent the whole database (first sync, or a cursor too old for a delta). */
  full: boolean;
  /** The last page as received, for the developer tools (null when another tab ran the sync). */
  lastResponse: SyncResponse | null;
  articlesSaved: number;
  /** Slugs that could not be fetched (their previous copy, if any, is kept). */
  articlesFailed: string[];
  /** "slug/media id" of media that could not be downloaded. */
  mediaFailed: string[];
  /** True when this call waited for another tab's sync and reports that one. */
  sharedWithOtherTab: boolean;
}

type Outcome =
  { ok: true; finishedAt: number; result: SyncResult } | { ok: false; finishedAt: number; message: string };

/** One page in one transaction with its checkpoint: a sync cut off anywhere resumes after it. */
async function applyPage(db: OfflineDatabase, page: SyncResponse): Promise<void> {
  await db.transaction('rw', db.beaches, db.beach_index, db.assets, async () => {
    // A full stream replaces the local beaches; clearing in the same transaction means a failed
    // first page leaves the old data in place. The index rows change with the beaches.
    await writeBeaches(db, { clear: page.full, delete: page.beaches_delete, upsert: page.beaches_upsert });
    await putAssets(db, {
      [ASSET_NAMES.beachesCursor]: page.cursor,
      [ASSET_NAMES.beachesSyncedAt]: page.beaches_synced_at,
    });
  });
  notifyOfflineDataChange();
}

/**
 * The server's snapshot: a full sync page of every beach, or null when it has none to give (not
 * built yet, an older server, a network or format problem): the sync then goes page by page.
 * Sent without the session or place headers, so a CDN can answer it for everyone.
 */
async function fetchSnapshot(signal: AbortSignal): Promise<SyncResponse | null> {
  try {
    const response = await fetch(apiUrl(SNAPSHOT_PATH), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(60_000)]),
    });
    if (!response.ok) return null;
    const parsed = z.safeParse(SyncResponseSchema, await response.json());
    return parsed.success && parsed.data.full && !parsed.data.has_more ? parsed.data : null;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

/**
 * Stores a snapshot in chunks (one transaction each, the first clearing the local beaches); its
 * cursor and time land with the last chunk, so a snapshot cut off is started again, never
 * resumed half-stored.
 */
async function applySnapshot(
  db: OfflineDatabase,
  snapshot: SyncResponse,
  report: (progress: SyncProgress) => void,
): Promise<void> {
  const beaches = snapshot.beaches_upsert;
  const total = snapshot.total;
  for (let start = 0; start === 0 || start < beaches.length; start += SNAPSHOT_CHUNK) {
    const last = start + SNAPSHOT_CHUNK >= beaches.length;
    await db.transaction('rw', db.beaches, db.beach_index, db.assets, async () => {
      await writeBeaches(db, { clear: start === 0, upsert: beaches.slice(start, start + SNAPSHOT_CHUNK) });
      if (last) {
        // Beaches deleted while the server built the snapshot (after their upsert in it).
        if (snapshot.beaches_delete.length > 0) await writeBeaches(db, { delete: snapshot.beaches_delete });
        await putAssets(db, {
          [ASSET_NAMES.beachesCursor]: snapshot.cursor,
          [ASSET_NAMES.beachesSyncedAt]: snapshot.beaches_synced_at,
        });
      }
    });
    notifyOfflineDataChange();
    report({ phase: 'beaches', done: Math.min(beaches.length, start + SNAPSHOT_CHUNK), total });
  }
}

async function syncBeaches(
  db: OfflineDatabase,
  report: (progress: SyncProgress) => void,
  signal: AbortSignal | undefined,
) {
  // Cancels a page already requested when the one before it cannot be stored.
  const pending = new AbortController();
  const requestSignal = signal ? AbortSignal.any([signal, pending.signal]) : pending.signal;
  const fetchPage = (since: string | null) => {
    const answer = request('/api/v4/sync', SyncResponseSchema, {
      method: 'POST',
      json: { since },
      signal: requestSignal,
    });
    // Awaited later; a page dropped after a failure must not count as an unhandled rejection.
    answer.catch(() => undefined);
    return answer;
  };

  let since = await getAsset(ASSET_NAMES.beachesCursor);
  let total = 0;
  let upserted = 0;
  let deleted = 0;
  let pages = 0;
  let full = false;
  let page: SyncResponse;
  // A first sync starts from the server's snapshot when it has one, then takes the delta after it.
  const snapshot = since === null ? await fetchSnapshot(requestSignal) : null;
  if (snapshot) {
    signal?.throwIfAborted();
    await applySnapshot(db, snapshot, report);
    total = snapshot.total;
    upserted = snapshot.beaches_upsert.length;
    full = true;
    pages = 1;
    since = snapshot.cursor;
  }
  let next = fetchPage(since);
  do {
    signal?.throwIfAborted();
    page = await next;
    if (page.has_more && page.cursor === since) {
      throw new ApiError(200, 'The sync did not advance: the server sent the same cursor again.');
    }
    // The next page downloads while this one is stored: its cursor is known already.
    if (page.has_more) next = fetchPage(page.cursor);
    try {
      await applyPage(db, page);
    } catch (error) {
      pending.abort();
      throw error;
    }
    if (pages === 0) total = page.total;
    full ||= page.full;
    pages += 1;
    upserted += page.beaches_upsert.length;
    deleted += page.beaches_delete.length;
    // Changes made on the server during the sync can outgrow the first page's total.
    total = Math.max(total, upserted + deleted);
    report({ phase: 'beaches', done: upserted + deleted, total });
    since = page.cursor;
  } while (page.has_more);
  return { syncedAt: page.beaches_synced_at, upserted, deleted, pages, full, lastResponse: page };
}

async function downloadMedia(url: string, signal: AbortSignal | undefined): Promise<Blob> {
  const timeout = AbortSignal.timeout(MEDIA_TIMEOUT_MS);
  const response = await fetch(apiUrl(url), {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok) throw new Error(`Media download failed (${response.status})`);
  return response.blob();
}

/**
 * Saves one article and its media. An article whose JSON and media urls did not change since the
 * last sync is left alone (no downloads). A media download that fails keeps the previous copy.
 */
export async function saveArticle(
  db: OfflineDatabase,
  slug: string,
  signal: AbortSignal | undefined,
  mediaFailed: string[],
): Promise<boolean> {
  let article: Article;
  try {
    article = await fetchArticle(slug, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return false;
  }
  const [stored, storedMedia] = await Promise.all([
    db.articles.get(slug),
    db.media.where('slug').equals(slug).toArray(),
  ]);
  const previous = new Map(storedMedia.map((item) => [item.id, item]));
  const unchanged =
    stored !== undefined &&
    JSON.stringify(stored) === JSON.stringify(article) &&
    article.media.every((item) => previous.get(item.id)?.url === item.url);
  if (unchanged) return true;

  const media: MediaRecord[] = [];
  for (const item of article.media) {
    try {
      const content = await downloadMedia(item.url, signal);
      media.push({ id: item.id, mime: item.mime, content, slug, url: item.url });
    } catch (error) {
      if (signal?.aborted) throw error;
      mediaFailed.push(`${slug}/${item.id}`);
      const kept = previous.get(item.id);
      if (kept) media.push(kept);
    }
  }
  await db.transaction('rw', db.articles, db.media, async () => {
    await db.articles.put(article);
    await db.media.where('slug').equals(slug).delete();
    if (media.length > 0) await db.media.bulkPut(media);
  });
  return true;
}

async function syncArticles(
  db: OfflineDatabase,
  report: (progress: SyncProgress) => void,
  signal: AbortSignal | undefined,
) {
  const slugs = [...OFFLINE_ARTICLE_SLUGS];
  const failed: string[] = [];
  const mediaFailed: string[] = [];
  let done = 0;
  let saved = 0;
  report({ phase: 'articles', done, total: slugs.length });
  let next = 0;
  const worker = async () => {
    while (next < slugs.length) {
      const slug = slugs[next++]!;
      if (await saveArticle(db, slug, signal, mediaFailed)) saved += 1;
      else failed.push(slug);
      done += 1;
      report({ phase: 'articles', done, total: slugs.length });
    }
  };
  await Promise.all(Array.from({ length: ARTICLE_CONCURRENCY }, worker));
  // Articles no longer offered offline are dropped with their media.
  await db.transaction('rw', db.articles, db.media, async () => {
    const keep = new Set(slugs);
    const stale = (await db.articles.toCollection().primaryKeys()).filter((slug) => !keep.has(slug));
    if (stale.length > 0) {
      await db.articles.bulkDelete(stale);
      await db.media.where('slug').anyOf(stale).delete();
    }
  });
  return { articlesSaved: saved, articlesFailed: failed.sort(), mediaFailed: mediaFailed.sort() };
}

async function runSync(report: (progress: SyncProgress) => void, signal?: AbortSignal): Promise<SyncResult> {
  const db = await openOfflineDb();
  let outcome: Outcome;
  try {
    const beaches = await syncBeaches(db, report, signal);
    const articles = await syncArticles(db, report, signal);
    // The saved articles are searchable offline: the search index must see them.
    notifyOfflineDataChange();
    await db.transaction('rw', db.assets, () => putAssets(db, { [ASSET_NAMES.appVersion]: __APP_VERSION__ }));
    const result: SyncResult = { ...beaches, ...articles, sharedWithOtherTab: false };
    outcome = { ok: true, finishedAt: Date.now(), result: { ...result, lastResponse: null } };
    await writeOutcome(db, outcome);
    return result;
  } catch (error) {
    outcome = { ok: false, finishedAt: Date.now(), message: (error as Error).message };
    // Some articles may have landed before the failure.
    notifyOfflineDataChange();
    await writeOutcome(db, outcome).catch(() => undefined);
    throw error;
  }
}

function writeOutcome(db: OfflineDatabase, outcome: Outcome): Promise<void> {
  return db.transaction('rw', db.assets, () =>
    putAssets(db, { [ASSET_NAMES.lastSyncOutcome]: JSON.stringify(outcome) }),
  );
}

async function readOutcome(): Promise<Outcome | null> {
  const text = await getAsset(ASSET_NAMES.lastSyncOutcome);
  if (!text) return null;
  try {
    return JSON.parse(text) as Outcome;
  } catch {
    return null;
  }
}

/**
 * Runs `task` holding the sync lock. If another tab holds it, waits for that tab's sync to end and
 * reports its outcome instead of syncing again; if that tab stopped without one (closed mid-sync),
 * syncs here from its last checkpoint. Without Web Locks, runs directly.
 */
async function withSyncLock(task: () => Promise<SyncResult>, signal?: AbortSignal): Promise<SyncResult> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  const ran = await locks.request(SYNC_LOCK_NAME, { ifAvailable: true }, async (lock) =>
    lock ? { result: await task() } : null,
  );
  if (ran) return ran.result;
  const waitingSince = Date.now();
  return locks.request(SYNC_LOCK_NAME, signal ? { signal } : {}, async () => {
    const outcome = await readOutcome();
    if (!outcome || outcome.finishedAt < waitingSince) return task();
    if (!outcome.ok) throw new Error(outcome.message);
    return { ...outcome.result, lastResponse: null, sharedWithOtherTab: true };
  });
}

let running: { promise: Promise<SyncResult>; listeners: Set<(progress: SyncProgress) => void> } | null = null;

/**
 * Brings the offline database up to date. A second call while one runs in this tab (a double
 * click) joins it: same result, its progress too, and the first call's signal governs. Errors
 * propagate (the Offline Settings page shows "Something went wrong").
 */
export function syncOfflineData(options: SyncOptions = {}): Promise<SyncResult> {
  if (running) {
    if (options.onProgress) running.listeners.add(options.onProgress);
    return running.promise;
  }
  const listeners = new Set<(progress: SyncProgress) => void>();
  if (options.onProgress) listeners.add(options.onProgress);
  const report = (progress: SyncProgress) => {
    for (const listener of listeners) listener(progress);
  };
  const promise = withSyncLock(() => runSync(report, options.signal), options.signal).finally(() => {
    running = null;
  });
  running = { promise, listeners };
  return promise;
}

/** "Beaches last synchronized at" (null: never). */
export function getBeachesSyncedAt(): Promise<string | null> {
  return getAsset(ASSET_NAMES.beachesSyncedAt);
}

/** Developer tools: a local beach by key. */
export async function findLocalBeach(key: string): Promise<SyncBeach | null> {
  const db = await openOfflineDb();
  return (await db.beaches.get(key.trim())) ?? null;
}

/** Developer tools: a local asset by id. */
export function findLocalAsset(id: number): Promise<AssetRecord | null> {
  return findAssetById(id);
}

export async function localBeachCount(): Promise<number> {
  const db = await openOfflineDb();
  return db.beaches.count();
}

/** True once a sync has stored beaches (at least one whole page). */
export async function hasOfflineData(): Promise<boolean> {
  return (await getBeachesSyncedAt()) !== null;
}

/**
 * How many beaches the server holds now: the `total` of a full sync stream, asked for with a
 * one-beach page (Offline Settings says how many beaches saving for offline use will store).
 */
export async function fetchServerBeachCount(signal?: AbortSignal): Promise<number> {
  const page = await request('/api/v4/sync', SyncResponseSchema, {
    method: 'POST',
    json: { since: null, limit: 1 },
    signal,
  });
  return page.total;
}
