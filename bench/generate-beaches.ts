import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { BUNDLED_SEED_KEY } from '../apps/api/src/db/seed/index.ts';
import { importPlaces } from '../apps/api/src/db/seed/places.ts';
import { ROOT } from './server.ts';
import { countLocalityBeaches, generateSyntheticBeaches } from './synthetic.ts';

/**
 * `npm run bench:generate -- [count]`: a scratch SQLite database under var/bench/ with the real
 * GeoNames places and `count` (default 12,000) synthetic beaches, for benchmarks only. It is marked
 * synthetic, and the server refuses to serve it unless SAFESHORE_ALLOW_SYNTHETIC=true.
 */
export async function createSyntheticDatabase(count: number): Promise<string> {
  const file = path.join(ROOT, 'var', 'bench', `beaches-${count}.sqlite`);
  if (fs.existsSync(file)) {
    await upgrade(file);
    return file;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${partial}${suffix}`, { force: true });
  const handle = openDatabase({ SQLITE_PATH: partial, DATABASE_URL: undefined });
  await fill(handle, count);
  await handle.db.destroy();
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${partial}${suffix}`, { force: true });
  fs.renameSync(partial, file);
  return file;
}

/**
 * The same synthetic beaches written into an empty PostgreSQL database (bench/cluster.ts: the
 * production shape at 12,000 beaches). Made each time: a generation takes under a minute.
 */
export async function loadSyntheticBeaches(databaseUrl: string, count: number): Promise<void> {
  const handle = openDatabase({ SQLITE_PATH: '', DATABASE_URL: databaseUrl });
  try {
    await fill(handle, count);
  } finally {
    await handle.db.destroy();
  }
}

/** Migrates, loads the GeoNames places and `count` synthetic beaches, and marks the database synthetic. */
async function fill(handle: DatabaseHandle, count: number): Promise<void> {
  await migrateToLatest(handle);
  await importPlaces(handle.db, path.join(ROOT, 'data', 'places', 'geonames-AU-postcodes.txt'));
  await generateSyntheticBeaches(handle.db, { count });
  // Start-up must not load the real starter beaches into a synthetic database.
  await handle.db
    .insertInto('app_meta')
    .values([
      { key: BUNDLED_SEED_KEY, value: 'synthetic' },
      { key: COUNTED_KEY, value: '1' },
    ])
    .execute();
}

/** Marks a database made with locality counts (countLocalityBeaches). */
const COUNTED_KEY = 'synthetic_locality_counts';

/** A database made before the generator counted each locality's beaches gets the counts. */
async function upgrade(file: string): Promise<void> {
  const handle = openDatabase({ SQLITE_PATH: file, DATABASE_URL: undefined });
  try {
    const done = await handle.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', COUNTED_KEY)
      .executeTakeFirst();
    if (done) return;
    await handle.db.transaction().execute(async (trx) => {
      await countLocalityBeaches(trx);
      await trx.insertInto('app_meta').values({ key: COUNTED_KEY, value: '1' }).execute();
    });
  } finally {
    await handle.db.destroy();
  }
}

if (import.meta.main) {
  const count = Number(process.argv[2] ?? 12_000);
  const started = performance.now();
  const file = await createSyntheticDatabase(count);
  console.log(
    `${count} synthetic beaches in ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
