import { dataSource } from '../../apps/web/src/data/source.ts';
import { findLocalBeach, localBeachCount, syncOfflineData } from '../../apps/web/src/data/sync.ts';
import type { HarnessApi } from './api.ts';

/**
 * The benchmark's page: the web app's real offline modules (sync into Dexie, the offline data
 * source), timed here with performance.now() so the figures leave out the driver's round trips.
 */
const api: HarnessApi = {
  ready: true,
  async sync() {
    let progressEvents = 0;
    let beachesMs: number | null = null;
    const started = performance.now();
    const result = await syncOfflineData({
      onProgress: (progress) => {
        progressEvents += 1;
        // The beaches are in once the articles phase starts.
        if (progress.phase === 'articles' && beachesMs === null) beachesMs = performance.now() - started;
      },
    });
    const ms = performance.now() - started;
    return {
      ms,
      beachesMs: beachesMs ?? ms,
      upserts: result.upserted,
      deletes: result.deleted,
      pages: result.pages,
      full: result.full,
      articlesSaved: result.articlesSaved,
      progressEvents,
    };
  },
  count: () => localBeachCount(),
  async description(key) {
    return (await findLocalBeach(key))?.description ?? null;
  },
  async autocomplete(queries) {
    const source = dataSource('offline');
    const timings: number[] = [];
    const results: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      const answer = await source.autocomplete(query);
      timings.push(performance.now() - started);
      results.push(answer.beaches.length);
    }
    return { timings, results };
  },
};

window.offlineBench = api;
