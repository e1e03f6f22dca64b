import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_SYNC_INTERVAL_MS, autoSyncDue, startCoreArticleSave, syncIfDue } from './auto-sync.ts';
import { WEB_OFFLINE_STORAGE_KEY } from './source.ts';

const sync = vi.hoisted(() => ({
  getBeachesSyncedAt: vi.fn<() => Promise<string | null>>(),
  syncOfflineData: vi.fn(() => Promise.resolve({})),
}));
vi.mock('./sync.ts', () => sync);
const recent = vi.hoisted(() => ({ saveCoreArticlesIfDue: vi.fn(() => Promise.resolve([])) }));
vi.mock('./recent.ts', () => recent);

const NOW = Date.parse('2026-11-21T03:00:00Z');

describe('autoSyncDue', () => {
  it('is due when never synced, when the stored time is unreadable, and after 24 hours', () => {
    expect(autoSyncDue(null, NOW)).toBe(true);
    expect(autoSyncDue('not a date', NOW)).toBe(true);
    expect(autoSyncDue(new Date(NOW - AUTO_SYNC_INTERVAL_MS).toISOString(), NOW)).toBe(true);
  });
  it('is not due within 24 hours of the last sync', () => {
    expect(autoSyncDue(new Date(NOW - AUTO_SYNC_INTERVAL_MS + 60_000).toISOString(), NOW)).toBe(false);
  });
});

describe('syncIfDue', () => {
  beforeEach(() => {
    sync.getBeachesSyncedAt.mockReset();
    sync.syncOfflineData.mockClear();
  });
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('does nothing on a web browser whose user did not save the beaches for offline use', async () => {
    sync.getBeachesSyncedAt.mockResolvedValue(null);
    expect(await syncIfDue(NOW)).toBe(false);
    expect(sync.syncOfflineData).not.toHaveBeenCalled();
  });

  it('syncs a saved database that is a day old, and leaves a fresh one alone', async () => {
    window.localStorage.setItem(WEB_OFFLINE_STORAGE_KEY, '1');
    sync.getBeachesSyncedAt.mockResolvedValue(new Date(NOW - AUTO_SYNC_INTERVAL_MS - 1).toISOString());
    expect(await syncIfDue(NOW)).toBe(true);
    expect(sync.syncOfflineData).toHaveBeenCalledTimes(1);

    sync.getBeachesSyncedAt.mockResolvedValue(new Date(NOW - 60_000).toISOString());
    expect(await syncIfDue(NOW)).toBe(false);
    expect(sync.syncOfflineData).toHaveBeenCalledTimes(1);
  });

  it('never tries while the browser is offline', async () => {
    window.localStorage.setItem(WEB_OFFLINE_STORAGE_KEY, '1');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    sync.getBeachesSyncedAt.mockResolvedValue(null);
    expect(await syncIfDue(NOW)).toBe(false);
    expect(sync.syncOfflineData).not.toHaveBeenCalled();
  });
});

describe('startCoreArticleSave', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    recent.saveCoreArticlesIfDue.mockClear();
  });

  it('starts saving the core articles at once, with no timer to wait for (issue 30)', async () => {
    vi.stubGlobal('indexedDB', {});
    vi.useFakeTimers();
    startCoreArticleSave();
    // No timer is advanced: only the module import (a promise) stands between the call and the save.
    await vi.dynamicImportSettled();
    expect(recent.saveCoreArticlesIfDue).toHaveBeenCalledTimes(1);
  });
});
