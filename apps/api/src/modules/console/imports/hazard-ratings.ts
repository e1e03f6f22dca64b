import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { beachesByKey, readCsvText } from '../../../db/seed/import-file.ts';
import { sameDegrees, SHORE_NORMAL_IMPORTED } from '../../../db/seed/shore-normals.ts';
import {
  announceChanges,
  emptyOperatorReport,
  inTransaction,
  refusalsOf,
  sortRejections,
  type ImportCsv,
  type ImportRunOptions,
  type OperatorImportReport,
  parseRows,
} from './common.ts';

/**
 * A beach's General Hazard Rating (1-10) and beach type, with their source: one row per beach.
 * An empty rating or type means the source gives none (stored as unknown: the page says "Not
 * rated"). The source becomes a line of the beach's source list ("Hazard rating and beach type:
 * …"). Counts are beaches.
 *
 * Optional column `shore_normal_deg`: the direction the beach faces, seaward, in degrees true
 * (0-360), from the same source. It replaces the value derived from OpenStreetMap's coastline
 * (source 'import', the source line as its note), which never overwrites it afterwards. Empty:
 * the beach's shore normal is left as it is.
 */

export const HAZARD_COLUMNS = [
  'beach',
  'hazard_rating',
  'beach_type',
  'source',
  'licence',
  'shore_normal_deg',
] as const;
const REQUIRED = ['beach', 'hazard_rating', 'beach_type', 'source'] as const;

/** The source row in beach_sources for a beach's rating and type. */
export const HAZARD_SOURCE = 'hazard-rating';

export const BEACH_TYPE_MAX = 80;

const RowSchema = z
  .object({
    beach: z.string().regex(/^[a-z0-9][a-z0-9-]{2,99}$/, 'must be a beach key'),
    hazard_rating: z
      .string()
      .refine(
        (v) => v === '' || /^(?:[1-9]|10)$/.test(v),
        'must be a whole number from 1 to 10 (or empty: not rated)',
      ),
    beach_type: z.string().max(BEACH_TYPE_MAX, `must be at most ${BEACH_TYPE_MAX} characters`),
    source: z.string().min(1, 'is required: say who rated the beach').max(300),
    licence: z.string().max(100).default(''),
    shore_normal_deg: z
      .string()
      .default('')
      .refine(
        (v) => v === '' || (/^\d{1,3}(?:\.\d+)?$/.test(v) && Number(v) <= 360),
        'must be the direction the beach faces (seaward) in degrees true, from 0 to 360, or empty',
      ),
  })
  .superRefine((row, ctx) => {
    if (row.hazard_rating === '' && row.beach_type === '')
      ctx.addIssue({ code: 'custom', path: ['hazard_rating'], message: 'or beach_type is required' });
    if (row.beach_type !== '' && !/\p{L}/u.test(row.beach_type))
      ctx.addIssue({ code: 'custom', path: ['beach_type'], message: 'must be words' });
  });

/** "Hazard rating and beach type: Surf Life Saving NSW, 2025". */
export function hazardAttribution(hasRating: boolean, hasType: boolean, source: string): string {
  const what =
    hasRating && hasType ? 'Hazard rating and beach type' : hasRating ? 'Hazard rating' : 'Beach type';
  return `${what}: ${source}`;
}

export async function importHazardRatings(
  db: Database,
  file: ImportCsv,
  options: ImportRunOptions,
): Promise<OperatorImportReport> {
  const report = emptyOperatorReport('hazard-ratings');
  const rows = readCsvText(file.text, file.name, HAZARD_COLUMNS, REQUIRED);
  const parsed = parseRows(rows, RowSchema, report);
  const beaches = await beachesByKey(
    db,
    parsed.map((p) => p.row.beach),
  );
  const refusals = await refusalsOf(beaches.values(), options.checkBeach);
  const plans = new Map<
    number,
    {
      line: number;
      hazard: number | null;
      beachType: string | null;
      attribution: string;
      licence: string | null;
      /** Degrees true in [0, 360); null: the file gives none (the beach's value is left alone). */
      shoreNormal: number | null;
      source: string;
    }
  >();
  for (const { line, row } of parsed) {
    const beach = beaches.get(row.beach);
    if (!beach) {
      report.rejected.push({ row: line, reason: `beach: no beach with key ${row.beach}` });
      continue;
    }
    const refusal = refusals.get(beach.id);
    if (refusal) {
      report.rejected.push({ row: line, reason: `beach: ${refusal}` });
      continue;
    }
    const earlier = plans.get(beach.id);
    if (earlier) {
      report.rejected.push({ row: line, reason: `${row.beach} is already rated on line ${earlier.line}` });
      continue;
    }
    plans.set(beach.id, {
      line,
      hazard: row.hazard_rating === '' ? null : Number(row.hazard_rating),
      beachType: row.beach_type === '' ? null : row.beach_type,
      attribution: hazardAttribution(row.hazard_rating !== '', row.beach_type !== '', row.source),
      licence: row.licence === '' ? null : row.licence,
      shoreNormal: row.shore_normal_deg === '' ? null : Number(row.shore_normal_deg) % 360,
      source: row.source,
    });
  }
  if (report.rejected.length > 0) {
    sortRejections(report.rejected);
    return report;
  }

  const now = options.now.toISOString();
  const changed: number[] = [];
  await inTransaction(db, options.dryRun ?? false, async (trx) => {
    const ids = [...plans.keys()];
    const current = new Map<
      number,
      {
        hazard: number | null;
        beach_type: string | null;
        shore_normal_deg: number | null;
        shore_normal_source: string | null;
        shore_normal_note: string | null;
      }
    >();
    const sources = new Map<number, { attribution: string | null; licence: string | null }>();
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      for (const row of await trx
        .selectFrom('beaches')
        .select([
          'id',
          'hazard',
          'beach_type',
          'shore_normal_deg',
          'shore_normal_source',
          'shore_normal_note',
        ])
        .where('id', 'in', part)
        .execute())
        current.set(row.id, row);
      for (const row of await trx
        .selectFrom('beach_sources')
        .select(['beach_id', 'attribution', 'licence'])
        .where('source', '=', HAZARD_SOURCE)
        .where('beach_id', 'in', part)
        .execute())
        sources.set(row.beach_id, row);
    }
    for (const [beachId, plan] of plans) {
      const row = current.get(beachId)!;
      const source = sources.get(beachId);
      const valuesChanged =
        (row.hazard === null ? null : Number(row.hazard)) !== plan.hazard ||
        row.beach_type !== plan.beachType;
      const sourceChanged =
        !source || source.attribution !== plan.attribution || source.licence !== plan.licence;
      const shoreNormalChanged =
        plan.shoreNormal !== null &&
        (!sameDegrees(row.shore_normal_deg, plan.shoreNormal) ||
          row.shore_normal_source !== SHORE_NORMAL_IMPORTED ||
          row.shore_normal_note !== plan.source);
      if (!valuesChanged && !sourceChanged && !shoreNormalChanged) {
        report.unchanged++;
        continue;
      }
      if (valuesChanged)
        await trx
          .updateTable('beaches')
          .set({ hazard: plan.hazard, beach_type: plan.beachType, updated_at: now })
          .where('id', '=', beachId)
          .execute();
      if (shoreNormalChanged)
        await trx
          .updateTable('beaches')
          .set({
            shore_normal_deg: plan.shoreNormal,
            shore_normal_source: SHORE_NORMAL_IMPORTED,
            // Confidence is ours, for derived values; an imported one is its source's.
            shore_normal_confidence: null,
            shore_normal_note: plan.source,
            updated_at: now,
          })
          .where('id', '=', beachId)
          .execute();
      if (sourceChanged) {
        await trx
          .deleteFrom('beach_sources')
          .where('beach_id', '=', beachId)
          .where('source', '=', HAZARD_SOURCE)
          .execute();
        await trx
          .insertInto('beach_sources')
          .values({
            beach_id: beachId,
            source: HAZARD_SOURCE,
            source_id: null,
            licence: plan.licence,
            attribution: plan.attribution,
            imported_at: now,
          })
          .execute();
      }
      if (source) report.updated++;
      else report.added++;
      changed.push(beachId);
    }
    await announceChanges(trx, changed, options.now);
    if (!options.dryRun) {
      report.applied = true;
      await options.afterWrite?.(trx, { kind: 'hazard-ratings', file: file.name, beachIds: changed, report });
    }
  });
  return report;
}
