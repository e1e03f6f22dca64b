import { isOfflineEnabled } from './source.ts';

/** The local beach database is refreshed in the background when its last sync is older than this. */
export const AUTO_SYNC_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Whether a background sync is due: never synced, or synced longer ago than the interval. */
export function autoSyncDue(lastSyncedAt: string | null, now: number): boolean {
  if (lastSyncedAt === null) return true;
  const last = Date.parse(lastSyncedAt);
  return Number.isNaN(last) || now - last >= AUTO_SYNC_INTERVAL_MS;
}

/**
 * Keeps the offline database current without anyone pressing Synchronize: in the app (offline by
 * default, and Offline Settings is only for signed-in users) and on a web browser whose user saved
 * the beaches for offline use. Runs only online; the sync itself lets one tab at a time work, and a
 * failure waits for the next start or reconnection (Offline Settings shows its own errors).
 */
export async function syncIfDue(now: number = Date.now()): Promise<boolean> {
  if (!navigator.onLine || !isOfflineEnabled()) return false;
  const { getBeachesSyncedAt, syncOfflineData } = await import('./sync.ts');
  if (!autoSyncDue(await getBeachesSyncedAt(), now)) return false;
  await syncOfflineData();
  return true;
}

/**
 * Starts the background sync after the page has settled, and again whenever the connection returns.
 * With `warmIndex` (the app, offline-first), the offline search index is then built ahead of the
 * first offline search instead of during it.
 */
export function startAutoSync(delayMs: number, { warmIndex = false } = {}): void {
  const run = () =>
    void syncIfDue()
      .then(async () => {
        if (!warmIndex) return;
        const { getOfflineIndex } = await import('./offline-source.ts');
        await getOfflineIndex();
      })
      .catch((error: unknown) => console.warn('Background beach sync failed', error));
  window.setTimeout(run, delayMs);
  window.addEventListener('online', run);
}

/**
 * Keeps the core safety articles on every web browser (issue 16): at once (the caller starts it once
 * the page has settled), and when the connection returns; at most once a day (data/recent.ts), and
 * never where the full offline database already holds every article. No further wait: the rip
 * article must be on the device by the time someone on a first visit loses the signal (issue 30:
 * a wait of 5 s left it unsaved for 6 s after the page loaded).
 */
export function startCoreArticleSave(): void {
  if (typeof indexedDB === 'undefined') return;
  const run = () => {
    if (!navigator.onLine || isOfflineEnabled()) return;
    void import('./recent.ts')
      .then((recent) => recent.saveCoreArticlesIfDue(new Date()))
      .catch((error: unknown) => console.warn('Could not save the safety articles for offline use', error));
  };
  run();
  window.addEventListener('online', run);
}
