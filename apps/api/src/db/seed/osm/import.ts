import type { Database } from '../../schema.ts';
import { bumpDataVersion } from '../../data-version.ts';
import { ImportFileError } from '../beach-rows.ts';
import { buildCandidates } from './candidates.ts';
import { CoastlineIndex } from './coastline.ts';
import { SkipLog, scanBeaches, type SkipReason } from './features.ts';
import { FacilityIndex, LocalityIndex } from './places.ts';
import { openOsmSource } from './source.ts';
import { KnownBeaches, adoptTaggedCouncils, refreshLocalities, writeBatch, type Touched } from './write.ts';

/** Beaches written per transaction. */
const BATCH = 500;

export interface OsmImportReport {
  file: string;
  format: 'pbf' | 'overpass-json';
  /** Named beach features in Australia with a geometry (nodes, ways, multipolygons). */
  features: number;
  /** Features folded into another feature of the same beach (a beach mapped in pieces). */
  joined: number;
  /** New beaches. */
  added: number;
  /** Beaches that were already in the database (same name, same place) and now link to OpenStreetMap. */
  merged: number;
  /** Beaches linked by an earlier import that had empty fields filled (or gained a piece) now. */
  updated: number;
  /** Beaches linked by an earlier import, with nothing to fill. */
  unchanged: number;
  /** Features left out, per reason, with up to three examples each. */
  skipped: Array<{ reason: SkipReason; count: number; examples: string[] }>;
}

/**
 * Imports the named `natural=beach` features of an OpenStreetMap extract (.osm.pbf or Overpass
 * JSON). New beaches are added with their OpenStreetMap provenance; a beach we already have (same
 * name, within OSM_MERGE_DISTANCE_M) gains a beach_sources row and only its empty fields are
 * filled. Re-running the same file adds nothing.
 */
export async function importOsm(db: Database, file: string): Promise<OsmImportReport> {
  const source = openOsmSource(file);
  const localities = await LocalityIndex.load(db);
  if (localities.size === 0) {
    throw new ImportFileError('No places in the database: load them first (npm run admin -- seed).');
  }
  const skips = new SkipLog();
  const scan = await scanBeaches(source, skips);
  const { candidates, joined } = buildCandidates(
    scan.features,
    {
      localities,
      toilets: new FacilityIndex(scan.toilets),
      parking: new FacilityIndex(scan.parking),
      lifeguards: new FacilityIndex(scan.lifeguards),
      surfClubs: new FacilityIndex(scan.surfClubs),
      coastline: new CoastlineIndex(scan.coastline),
    },
    skips,
  );
  const report: OsmImportReport = {
    file,
    format: source.format,
    features: scan.features.length,
    joined,
    added: 0,
    merged: 0,
    updated: 0,
    unchanged: 0,
    skipped: [],
  };
  const known = await KnownBeaches.load(db);
  const touched: Touched = { localities: new Set(), areaSlugs: new Map() };
  adoptTaggedCouncils(candidates, known, touched);
  const now = new Date().toISOString();
  for (let i = 0; i < candidates.length; i += BATCH) {
    const outcomes = await db.transaction().execute(async (trx) => {
      const written = await writeBatch(trx, candidates.slice(i, i + BATCH), known, now, touched);
      await bumpDataVersion(trx, new Date(now));
      return written;
    });
    for (const outcome of outcomes) report[outcome]++;
  }
  await refreshLocalities(db, touched);
  report.skipped = [...skips.reasons].map(([reason, { count, examples }]) => ({ reason, count, examples }));
  return report;
}

/** The report as the admin command prints it. */
export function formatOsmReport(report: OsmImportReport): string[] {
  const skipped = report.skipped.reduce((sum, s) => sum + s.count, 0);
  const lines = [
    `${report.file} (${report.format}): ${report.features} named beach features` +
      (report.joined > 0 ? ` (${report.joined} joined to another piece of the same beach)` : ''),
    `  ${report.added} added, ${report.merged} merged into existing beaches, ${report.updated} updated, ` +
      `${report.unchanged} unchanged, ${skipped} skipped`,
  ];
  for (const s of [...report.skipped].sort((a, b) => b.count - a.count)) {
    lines.push(`  skipped ${s.count}: ${s.reason}; e.g. ${s.examples.join(', ')}`);
  }
  return lines;
}
