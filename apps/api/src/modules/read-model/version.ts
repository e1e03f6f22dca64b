import { isDatabaseUnavailable } from '../../db/connection.ts';
import { lastLocalBump, readDataVersion } from '../../db/data-version.ts';
import type { Database } from '../../db/schema.ts';
import type { VersionSource } from './versioned.ts';

/**
 * How often a process asks the database for the public data version: at most once per interval,
 * only when a request needs it (one primary-key read; an idle process reads nothing). A write in
 * another process is therefore seen within this interval (the bound is 1 s).
 */
export const VERSION_CHECK_INTERVAL_MS = 250;
/**
 * After a write in this process (bumpDataVersion was called here), every request re-reads the
 * version for this long: the write's transaction may commit a moment after the bump, and the
 * writer's next read must see it at once, not a check interval later.
 */
export const LOCAL_WRITE_WINDOW_MS = 1_000;

export interface VersionWatcher {
  /** The committed version, read again when the last read is older than the check interval. */
  current(): Promise<number>;
  /** Runs `listener` (once per change) when a read finds a new version. */
  onChange(listener: (version: number) => void): void;
  /**
   * The version the data the in-memory indexes hold last changed at (db/data-version.ts
   * `indexVersionOf`): it stays put across writes that change nothing they hold (a status).
   */
  currentIndex(): Promise<number>;
  /** Runs `listener` when a read finds a new index version. */
  onIndexChange(listener: (indexVersion: number) => void): void;
}

/**
 * The shared version as this process knows it. Reads are single-flight: many requests arriving
 * together share one database read. Monotonic time (performance.now), not the app's clock: this
 * is about real elapsed time between processes, which a moved test clock must not stretch.
 */
export function createVersionWatcher(db: Database, intervalMs = VERSION_CHECK_INTERVAL_MS): VersionWatcher {
  let known: number | null = null;
  let knownIndex: number | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<number> | null = null;
  const listeners: Array<(version: number) => void> = [];
  const indexListeners: Array<(indexVersion: number) => void> = [];

  const read = () => {
    const started = performance.now();
    inFlight ??= readDataVersion(db)
      .catch((error: unknown) => {
        // The database away (a restart): the last version read stays current, so cached answers
        // keep being served; a change made meanwhile is seen at the first read once it is back.
        if (known === null || knownIndex === null || !isDatabaseUnavailable(error)) throw error;
        return { version: known, indexVersion: knownIndex };
      })
      .then(({ version, indexVersion }) => {
        checkedAt = started;
        const changed = known !== null && version !== known;
        const indexChanged = knownIndex !== null && indexVersion !== knownIndex;
        known = version;
        knownIndex = indexVersion;
        if (changed) for (const listener of listeners) listener(version);
        if (indexChanged) for (const listener of indexListeners) listener(indexVersion);
        return version;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const current = () => {
    const now = performance.now();
    const fresh = now - checkedAt < intervalMs && now - lastLocalBump() > LOCAL_WRITE_WINDOW_MS;
    if (known !== null && fresh) return Promise.resolve(known);
    return read();
  };

  return {
    current,
    onChange(listener) {
      listeners.push(listener);
    },
    async currentIndex() {
      await current();
      return knownIndex!;
    },
    onIndexChange(listener) {
      indexListeners.push(listener);
    },
  };
}

/**
 * The index version as a VersionSource: what the in-memory search and spatial indexes are built
 * for (versionedBuild), so a write that changes nothing they hold does not rebuild them, while
 * every cache of finished answers still follows the data version.
 */
export function indexVersionSource(watcher: VersionWatcher): VersionSource {
  return {
    version: () => watcher.currentIndex(),
    onVersionChange: (listener) => watcher.onIndexChange(listener),
  };
}
