/** What the harness page (main.ts) exposes as `window.offlineBench` to bench/offline-sync.ts. */
export interface HarnessApi {
  ready: boolean;
  /** One syncOfflineData() from where the local database stands; times are measured in the page. */
  sync(): Promise<{
    /** The whole call: beaches, then the offline articles. */
    ms: number;
    /** Until the beaches are stored (the articles phase starts). */
    beachesMs: number;
    upserts: number;
    deletes: number;
    pages: number;
    full: boolean;
    articlesSaved: number;
    progressEvents: number;
  }>;
  /** Beaches in the local (Dexie) database. */
  count(): Promise<number>;
  /** A local beach's description (JSON text), or null when the key is not there. */
  description(key: string): Promise<string | null>;
  /** Each query through the offline data source, one at a time: its time and its beach count. */
  autocomplete(queries: string[]): Promise<{ timings: number[]; results: number[] }>;
}

declare global {
  interface Window {
    offlineBench?: HarnessApi;
  }
}
