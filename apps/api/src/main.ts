import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { assertNotSynthetic, migrateToLatest } from './db/migrate.ts';
import { syncContent } from './db/seed/articles.ts';
import { seedBundledData } from './db/seed/index.ts';

/** The only file that listens. Migrates, seeds on first start, serves, and shuts down gracefully. */
const config = loadConfig();
const handle = openDatabase(config);
const app = await buildApp({ config, db: handle.db });

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
  const content = await syncContent(handle.db, config.CONTENT_DIR);
  if (content) {
    app.log[content.errors.length > 0 ? 'error' : 'info'](
      { loaded: content.loaded, unpublished: content.unpublished, errors: content.errors },
      'articles loaded',
    );
  }
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  app.log.fatal({ err: error }, 'start-up failed');
  await handle.db.destroy().catch(() => undefined);
  process.exit(1);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
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
