/**
 * Something built from the public data (an in-memory search or spatial index, the sync snapshot)
 * and kept for one data version. `current()` answers the build for the version now committed, or
 * null while it is being built for it (callers then answer from SQL: never older data). A build
 * starts on the first request that finds the version changed, or when the read model sees the
 * change (once a first build exists), in the background; one build at a time (writes during a
 * build make one more build after it, for the newest version).
 */
export interface VersionedBuild<T> {
  current(): Promise<T | null>;
  /** Resolves with the build for the current version (tests, benchmarks, start-up warm-up). */
  ready(): Promise<T>;
}

export interface VersionSource {
  version(): Promise<number>;
  onVersionChange(listener: (version: number) => void): void;
}

export function versionedBuild<T>(
  source: VersionSource,
  build: () => Promise<T>,
  onError: (error: unknown) => void = () => {},
): VersionedBuild<T> {
  let built: { version: number; value: T } | null = null;
  let building: { version: number; promise: Promise<T> } | null = null;
  /** The newest version asked for while a build ran: built next (one build at a time). */
  let wanted: number | null = null;

  const start = (version: number): Promise<T> => {
    if (building) {
      if (building.version !== version) wanted = Math.max(wanted ?? version, version);
      return building.promise;
    }
    const promise = build().then((value) => {
      // A later version may have finished first; keep the newest.
      if (!built || built.version <= version) built = { version, value };
      return value;
    });
    const entry = { version, promise };
    building = entry;
    const next = () => {
      if (building === entry) building = null;
      const again = wanted;
      wanted = null;
      if (again !== null && again > version) void start(again).catch(() => undefined);
    };
    void promise.then(next, (error: unknown) => {
      next();
      onError(error);
    });
    return promise;
  };

  // Rebuilt ahead of requests only once something has been built (used) at all.
  source.onVersionChange((version) => {
    if (built) void start(version).catch(() => undefined);
  });

  return {
    async current() {
      const version = await source.version();
      if (built?.version === version) return built.value;
      void start(version).catch(() => undefined);
      return null;
    },
    async ready() {
      for (;;) {
        const version = await source.version();
        if (built?.version === version) return built.value;
        await start(version);
      }
    },
  };
}
