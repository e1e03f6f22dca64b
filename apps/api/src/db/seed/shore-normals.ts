import crypto from 'node:crypto';
import fs from 'node:fs';
import type { ShoreNormal, ShoreNormalConfidence } from '@safeshore/domain';
import { csvField, parseCsv } from '../../lib/csv.ts';
import { markBeachesChanged } from '../changes.ts';
import { bumpDataVersion, UNINDEXED } from '../data-version.ts';
import type { BeachRow, Database } from '../schema.ts';
import { ImportFileError } from './beach-rows.ts';

/**
 * The starter beaches' shore normals, derived from OpenStreetMap's coastline by
 * `npm run data:shore-normals` (scripts/data/shore-normals.ts) into data/beaches/shore-normals.csv:
 * lines starting with `#` (provenance and licence), then a header and one row per beach, keyed by
 * the beach key the seed gives it. The seed writes them with source 'osm-coastline'; a value an
 * operator imported (source 'import') is never overwritten.
 */

export const SHORE_NORMAL_COLUMNS = [
  'key',
  'title',
  'normal_deg',
  'confidence',
  'distance_m',
  'note',
] as const;

/** Where a beach's shore normal came from (beaches.shore_normal_source). */
export const SHORE_NORMAL_DERIVED = 'osm-coastline';
export const SHORE_NORMAL_IMPORTED = 'import';

/** app_meta key: the hash of the shore-normals file last applied, so a changed file is applied once. */
export const SHORE_NORMALS_APPLIED_KEY = 'shore_normals_applied';

export interface ShoreNormalRow extends ShoreNormal {
  key: string;
  title: string;
}

export interface ShoreNormalsReport {
  /** Beaches whose shore normal was written. */
  updated: number;
  unchanged: number;
  /** Beaches whose value an operator imported (left alone). */
  imported: number;
  /** Keys in the file with no beach in the database. */
  unknown: number;
}

type CurrentNormal = Pick<
  BeachRow,
  'id' | 'key' | 'shore_normal_deg' | 'shore_normal_source' | 'shore_normal_confidence' | 'shore_normal_note'
>;

/** Equal to the file's 0.1° (PostgreSQL's `real` holds 123.4 as 123.40000153). */
export function sameDegrees(a: number | null, b: number | null): boolean {
  return a === null || b === null ? a === b : Math.abs(a - b) < 0.01;
}

const CONFIDENCES: ReadonlyArray<ShoreNormalConfidence> = ['high', 'medium', 'low'];

export function formatShoreNormalsCsv(
  rows: ReadonlyArray<ShoreNormalRow>,
  provenance: { source: string; derivedOn: string },
): string {
  const lines = [
    '# Shore normals of the starter beaches: the seaward direction each beach faces, degrees true.',
    '# OpenStreetMap data © OpenStreetMap contributors, Open Database License (ODbL) 1.0,',
    `# via the npm package ${provenance.source}.`,
    `# Derived on ${provenance.derivedOn} by npm run data:shore-normals (method: README, "Data sources and licences").`,
    SHORE_NORMAL_COLUMNS.join(','),
    ...rows.map((row) =>
      [
        row.key,
        row.title,
        row.normalDeg === null ? '' : row.normalDeg.toFixed(1),
        row.confidence ?? '',
        row.distanceM ?? '',
        row.note ?? '',
      ]
        .map(csvField)
        .join(','),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** The file's rows; a malformed file is refused whole (it is generated, so a bad row is a bug). */
export function parseShoreNormalsCsv(text: string, name: string): ShoreNormalRow[] {
  // Comment lines are blanked, not removed, so line numbers in errors stay the file's.
  const records = parseCsv(text.replace(/^#.*$/gm, '')).filter(
    (record) => record.fields.length > 1 || record.fields[0] !== '',
  );
  const header = records[0]?.fields;
  if (header?.join(',') !== SHORE_NORMAL_COLUMNS.join(','))
    throw new ImportFileError(`${name}: the header must be ${SHORE_NORMAL_COLUMNS.join(',')}`);
  return records.slice(1).map((record) => {
    const [key, title, normal, confidence, distance, note] = record.fields;
    const fail = (what: string) => new ImportFileError(`${name} line ${record.line}: ${what}`);
    if (record.fields.length !== SHORE_NORMAL_COLUMNS.length) throw fail('wrong number of fields');
    const normalDeg = normal === '' ? null : Number(normal);
    if (normalDeg !== null && !(normalDeg >= 0 && normalDeg < 360))
      throw fail('normal_deg must be in [0, 360)');
    if (confidence !== '' && !CONFIDENCES.includes(confidence as ShoreNormalConfidence))
      throw fail('confidence must be high, medium or low');
    if ((normalDeg === null) !== (confidence === ''))
      throw fail('a normal_deg needs a confidence and only then');
    if (normalDeg === null && note === '') throw fail('a beach without a normal needs a note saying why');
    return {
      key: key!,
      title: title!,
      normalDeg,
      confidence: confidence === '' ? null : (confidence as ShoreNormalConfidence),
      distanceM: distance === '' ? null : Number(distance),
      note: note === '' ? null : note!,
    };
  });
}

/**
 * Writes the file's shore normals to the beaches it names (source 'osm-coastline'), except where an
 * operator imported one. Recorded in app_meta by the file's hash: the start-up seed calls this
 * every time, and only a changed file (or `force`) is applied again.
 */
export async function applyShoreNormals(
  db: Database,
  file: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<ShoreNormalsReport | null> {
  if (!fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  const hash = crypto.createHash('sha256').update(text).digest('hex');
  const applied = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SHORE_NORMALS_APPLIED_KEY)
    .executeTakeFirst();
  if (applied?.value === hash && !options.force) return null;
  const rows = parseShoreNormalsCsv(text, file);
  const now = options.now ?? new Date();
  const report: ShoreNormalsReport = { updated: 0, unchanged: 0, imported: 0, unknown: 0 };
  await db.transaction().execute(async (trx) => {
    const current = new Map<string, CurrentNormal>();
    const keys = rows.map((row) => row.key);
    for (let i = 0; i < keys.length; i += 500) {
      for (const beach of await trx
        .selectFrom('beaches')
        .select([
          'id',
          'key',
          'shore_normal_deg',
          'shore_normal_source',
          'shore_normal_confidence',
          'shore_normal_note',
        ])
        .where('key', 'in', keys.slice(i, i + 500))
        .execute())
        current.set(beach.key, beach);
    }
    const changed: number[] = [];
    for (const row of rows) {
      const beach = current.get(row.key);
      if (!beach) {
        report.unknown++;
        continue;
      }
      if (beach.shore_normal_source === SHORE_NORMAL_IMPORTED) {
        report.imported++;
        continue;
      }
      const values = {
        shore_normal_deg: row.normalDeg,
        shore_normal_source: SHORE_NORMAL_DERIVED,
        shore_normal_confidence: row.confidence,
        shore_normal_note: row.note,
      };
      if (
        sameDegrees(beach.shore_normal_deg, values.shore_normal_deg) &&
        beach.shore_normal_source === values.shore_normal_source &&
        beach.shore_normal_confidence === values.shore_normal_confidence &&
        beach.shore_normal_note === values.shore_normal_note
      ) {
        report.unchanged++;
        continue;
      }
      await trx
        .updateTable('beaches')
        .set({ ...values, updated_at: now.toISOString() })
        .where('id', '=', beach.id)
        .execute();
      changed.push(beach.id);
      report.updated++;
    }
    if (changed.length > 0) {
      await markBeachesChanged(trx, changed);
      await bumpDataVersion(trx, now, UNINDEXED);
    }
    await trx
      .insertInto('app_meta')
      .values({ key: SHORE_NORMALS_APPLIED_KEY, value: hash })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: hash }))
      .execute();
  });
  return report;
}
