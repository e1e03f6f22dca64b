import { buildApp } from './app.ts';
import { configuredClock } from './clock.ts';
import { loadConfig, sampleDataEnabled } from './config.ts';
import { databaseStartupProblem, openDatabase, type DatabaseHandle } from './db/connection.ts';
import { assertNotSynthetic, migrateToLatest } from './db/migrate.ts';
import { syncContent } from './db/seed/articles.ts';
import { seedBundledData } from './db/seed/index.ts';
import { syncBundledHolidays } from './db/seed/holidays.ts';
import { syncSampleData } from './db/seed/sample.ts';
import { createLocalStorage } from './modules/algal/storage.ts';

/** The only file that listens. Migrates, seeds on first start, serves, and shuts down gracefully. */
const config = loadConfig();
let handle: DatabaseHandle;
try {
  handle = openDatabase(config);
} catch (error) {
  // A corrupt, unreadable or missing database file: one line naming the file and the cause.
  console.error(databaseStartupProblem(error, config.SQLITE_PATH) ?? `Start-up failed: ${String(error)}`);
  process.exit(1);
}
// The real time, unless SAFESHORE_CLOCK_* moves it (testing and demos only).
const { clock, offsetMs: clockOffsetMs } = configuredClock(config);
const app = await buildApp({ config, db: handle.db, clock });
if (clockOffsetMs !== 0) {
  app.log.warn(
    { now: clock().toISOString(), offsetMs: clockOffsetMs },
    'the clock is moved (SAFESHORE_CLOCK_OFFSET_MS or SAFESHORE_CLOCK_START): for testing and demos only',
  );
}

try {
  const applied = await migrateToLatest(handle);
  app.log.info({ database: handle.dialect, location: handle.location, applied }, 'database ready');
  await assertNotSynthetic(handle.db, config.SAFESHORE_ALLOW_SYNTHETIC);
  if (config.SEED_ON_START) {
    const seed = await seedBundledData(handle.db, config.DATA_DIR);
    if (!seed.skipped) {
      app.log.info(
        {
          places: { added: seed.places?.added, rejected: seed.places?.rejected.length },
          beaches: seed.beaches?.map((r) => ({
            file: r.file,
            added: r.added,
            updated: r.updated,
            rejected: r.rejected.length,
          })),
        },
        'bundled data loaded',
      );
    }
  }
  const holidays = await syncBundledHolidays(handle.db, config.DATA_DIR);
  if (holidays) {
    app.log[holidays.written ? 'info' : 'error'](
      { added: holidays.added, updated: holidays.updated, rejected: holidays.rejected },
      'public holidays loaded',
    );
  }
  const sample = await syncSampleData(handle.db, {
    enabled: sampleDataEnabled(config),
    dataDir: config.DATA_DIR,
    storage: createLocalStorage(config.UPLOADS_DIR),
    now: clock(),
  });
  if (sample.action === 'loaded') {
    const parts = {
      patrols: sample.report.patrols,
      attendance: sample.report.attendance,
      posts: sample.report.posts,
    };
    const failed = Object.values(parts).some((part) => !part.written);
    app.log[failed ? 'error' : 'info'](
      Object.fromEntries(
        Object.entries(parts).map(([name, r]) => [
          name,
          { added: r.added, updated: r.updated, skipped: r.skipped.length, rejected: r.rejected },
        ]),
      ),
      'sample data loaded (SAMPLE_DATA is on; every sample row is labelled "Sample data")',
    );
  } else if (sample.action === 'removed') {
    app.log.info(sample.report, 'sample data removed (SAMPLE_DATA is off)');
  }
  const content = await syncContent(handle.db, config.CONTENT_DIR);
  if (content) {
    app.log[content.errors.length > 0 ? 'error' : 'info'](
      { loaded: content.loaded, unpublished: content.unpublished, errors: content.errors },
      'articles loaded',
    );
  }
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  const problem = handle.dialect === 'sqlite' ? databaseStartupProblem(error, handle.location) : null;
  if (problem) console.error(problem);
  else app.log.fatal({ err: error }, 'start-up failed');
  await handle.db.destroy().catch(() => undefined);
  process.exit(1);
}

/**
 * SIGTERM (a rolling deploy) or SIGINT: stop accepting connections, let the requests in flight
 * finish (each answer closes its connection: app.ts), close the database pool, exit. Requests still
 * running after SHUTDOWN_GRACE_MS have their connections closed (and the process exits 5 s later
 * whatever still waits), so a stuck one cannot hold the deploy; the proxy retries an idempotent request that got no answer on another process.
 */
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down: draining requests');
    setTimeout(() => {
      app.log.warn(
        { graceMs: config.SHUTDOWN_GRACE_MS },
        'requests still running at the end of the grace: closed',
      );
      app.server.closeAllConnections();
      // A handler still waiting on the database would hold the pool's close: the process goes anyway.
      setTimeout(() => process.exit(1), 5_000).unref();
    }, config.SHUTDOWN_GRACE_MS).unref();
    app
      .close()
      .then(() => handle.db.destroy())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
