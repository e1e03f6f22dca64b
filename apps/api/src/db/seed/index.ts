import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../schema.ts';
import { importAnnouncements, type AnnouncementImportReport } from './announcements.ts';
import { importBeaches, type BeachImportReport } from './beaches.ts';
import { importPlaces, type PlacesImportReport } from './places.ts';
import { applyShoreNormals, type ShoreNormalsReport } from './shore-normals.ts';

export const BUNDLED_SEED_KEY = 'bundled_seed_loaded_at';

export interface SeedReport {
  skipped: boolean;
  places?: PlacesImportReport;
  beaches?: BeachImportReport[];
  announcements?: AnnouncementImportReport;
  /** Null when the shore-normals file was applied before, unchanged since. */
  shoreNormals?: ShoreNormalsReport | null;
}

export function bundledFiles(dataDir: string): { places: string; beaches: string[]; shoreNormals: string } {
  const beachDir = path.join(dataDir, 'beaches', 'starter');
  const beaches = fs.existsSync(beachDir)
    ? fs
        .readdirSync(beachDir)
        .filter((name) => name.endsWith('.csv'))
        .sort()
        .map((name) => path.join(beachDir, name))
    : [];
  return {
    places: path.join(dataDir, 'places', 'geonames-AU-postcodes.txt'),
    beaches,
    shoreNormals: path.join(dataDir, 'beaches', 'shore-normals.csv'),
  };
}

/**
 * Loads the bundled places, starter beaches and announcements. On start-up this runs only once per database
 * (recorded in app_meta), so a restart never re-imports over data an operator has changed;
 * `npm run admin -- seed --force` loads the bundled files again (idempotent by key). The starter
 * beaches' shore normals are applied whenever their file has changed (they never overwrite an
 * operator's imported value), so a database seeded before the file existed gets them too.
 */
export async function seedBundledData(
  db: Database,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<SeedReport> {
  const done = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', BUNDLED_SEED_KEY)
    .executeTakeFirst();
  const files = bundledFiles(dataDir);
  if (done && !options.force)
    return { skipped: true, shoreNormals: await applyShoreNormals(db, files.shoreNormals) };
  const places = await importPlaces(db, files.places);
  const beaches: BeachImportReport[] = [];
  for (const file of files.beaches) beaches.push(await importBeaches(db, file));
  const announcementsFile = path.join(dataDir, 'announcements', 'announcements.yaml');
  const announcements = fs.existsSync(announcementsFile)
    ? await importAnnouncements(db, announcementsFile)
    : undefined;
  const shoreNormals = await applyShoreNormals(db, files.shoreNormals, { force: true });
  // Fresh planner statistics after a bulk load, so prefix searches use the right index.
  await sql`analyze`.execute(db);
  const now = new Date().toISOString();
  await db
    .insertInto('app_meta')
    .values({ key: BUNDLED_SEED_KEY, value: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: now }))
    .execute();
  return { skipped: false, places, beaches, shoreNormals, ...(announcements ? { announcements } : {}) };
}
