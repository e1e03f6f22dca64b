import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { beachesByKey, readCsvText } from '../../../db/seed/import-file.ts';
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
 */

export const HAZARD_COLUMNS = ['beach', 'hazard_rating', 'beach_type', 'source', 'licence'] as const;
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
    const current = new Map<number, { hazard: number | null; beach_type: string | null }>();
    const sources = new Map<number, { attribution: string | null; licence: string | null }>();
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      for (const row of await trx
        .selectFrom('beaches')
        .select(['id', 'hazard', 'beach_type'])
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
      if (!valuesChanged && !sourceChanged) {
        report.unchanged++;
        continue;
      }
      if (valuesChanged)
        await trx
          .updateTable('beaches')
          .set({ hazard: plan.hazard, beach_type: plan.beachType, updated_at: now })
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
