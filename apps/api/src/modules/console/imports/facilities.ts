import { z } from 'zod';
import { isSafeLinkUrl, normalizeSearchText, type Facility } from '@safeshore/domain';
import type { Database } from '../../../db/schema.ts';
import { beachesByKey, readCsvText, type ImportBeach } from '../../../db/seed/import-file.ts';
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
 * Facilities, regulations and hazards per beach, and the yes/no facts (has_toilet, …). One row per
 * facility (the spec's types) or per fact. For each beach a file names, its facility rows are the
 * beach's whole list (in file order; the operator's list then wins over OpenStreetMap's), and each
 * fact it names is set; facts it does not name are left as they are. Counts are beaches.
 */

export const FACILITIES_COLUMNS = ['beach', 'type', 'name', 'url', 'source'] as const;
const REQUIRED = ['beach', 'type', 'name', 'source'] as const;

/** Spec section 4: the facility types and the tile each goes to (packages/domain facilityGroup). */
export const FACILITY_TYPES = [
  'Facility',
  'Carpark',
  'Structure',
  'PublicTransport',
  'Regulation',
  'BioHazard',
  'Hazard',
  'Rip',
] as const;

/** The beach's yes/no facts (spec section 3), settable by a row whose type is the fact's name. */
export const FACILITY_FLAGS = [
  'has_toilet',
  'has_parking',
  'has_dogs_allowed',
  'has_dogs_allowed_on_leash',
  'has_bbq_picnic',
  'has_public_transport',
] as const;
type FlagName = (typeof FACILITY_FLAGS)[number];

/** The source row in beach_sources that names where a beach's facility list came from. */
export const FACILITIES_SOURCE = 'facilities';

const MAX_NAME = 120;

const FLAG_VALUES: Record<string, 0 | 1 | null> = {
  yes: 1,
  '1': 1,
  true: 1,
  no: 0,
  '0': 0,
  false: 0,
  unknown: null,
};

const RowSchema = z
  .object({
    beach: z.string().regex(/^[a-z0-9][a-z0-9-]{2,99}$/, 'must be a beach key'),
    type: z.string().min(1, 'is required'),
    name: z.string().min(1, 'is required').max(MAX_NAME, `must be at most ${MAX_NAME} characters`),
    url: z
      .string()
      .max(500, 'must be at most 500 characters')
      .refine(
        (v) => v === '' || isSafeLinkUrl(v),
        'must be an https:// address or a path on this site (/…), with no backslashes, spaces or control characters',
      )
      .default(''),
    source: z.string().min(1, 'is required: say where the facts come from').max(300),
  })
  .superRefine((row, ctx) => {
    const isFlag = (FACILITY_FLAGS as readonly string[]).includes(row.type);
    const isType = (FACILITY_TYPES as readonly string[]).includes(row.type);
    if (!isFlag && !isType) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: `must be one of ${FACILITY_TYPES.join(', ')} or a fact (${FACILITY_FLAGS.join(', ')})`,
      });
    } else if (isFlag) {
      if (!(row.name.toLowerCase() in FLAG_VALUES))
        ctx.addIssue({
          code: 'custom',
          path: ['name'],
          message: `of ${row.type} must be yes, no or unknown`,
        });
      if (row.url !== '') ctx.addIssue({ code: 'custom', path: ['url'], message: 'is only for facilities' });
    }
  });

interface BeachPlan {
  beach: ImportBeach;
  line: number;
  source: string;
  /** null: the file lists no facilities for the beach (its list stays). */
  items: Array<Facility & { line: number }> | null;
  flags: Map<FlagName, { value: 0 | 1 | null; line: number }>;
}

export async function importFacilities(
  db: Database,
  file: ImportCsv,
  options: ImportRunOptions,
): Promise<OperatorImportReport> {
  const report = emptyOperatorReport('facilities');
  const rows = readCsvText(file.text, file.name, FACILITIES_COLUMNS, REQUIRED);
  const parsed = parseRows(rows, RowSchema, report);

  const beaches = await beachesByKey(
    db,
    parsed.map((p) => p.row.beach),
  );
  const refusals = await refusalsOf(beaches.values(), options.checkBeach);
  const plans = new Map<number, BeachPlan>();
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
    let plan = plans.get(beach.id);
    if (!plan) {
      plan = { beach, line, source: row.source, items: null, flags: new Map() };
      plans.set(beach.id, plan);
    }
    if (plan.source !== row.source) {
      report.rejected.push({
        row: line,
        reason: `source differs from line ${plan.line} for the same beach (one source per beach)`,
      });
      continue;
    }
    if ((FACILITY_FLAGS as readonly string[]).includes(row.type)) {
      const flag = row.type as FlagName;
      const earlier = plan.flags.get(flag);
      if (earlier) {
        report.rejected.push({ row: line, reason: `${flag} is already given on line ${earlier.line}` });
        continue;
      }
      plan.flags.set(flag, { value: FLAG_VALUES[row.name.toLowerCase()]!, line });
      continue;
    }
    const items = (plan.items ??= []);
    const earlier = items.find(
      (i) => i.type === row.type && normalizeSearchText(i.name) === normalizeSearchText(row.name),
    );
    if (earlier) {
      report.rejected.push({
        row: line,
        reason: `${row.type} "${row.name}" is already listed on line ${earlier.line}`,
      });
      continue;
    }
    items.push({ type: row.type, name: row.name, url: row.url === '' ? null : row.url, line });
  }
  if (report.rejected.length > 0) {
    sortRejections(report.rejected);
    return report;
  }

  const now = options.now.toISOString();
  const changed: number[] = [];
  await inTransaction(db, options.dryRun ?? false, async (trx) => {
    const ids = [...plans.keys()];
    const current = new Map<number, Awaited<ReturnType<typeof loadCurrent>>[number]>();
    for (let i = 0; i < ids.length; i += 500)
      for (const row of await loadCurrent(trx, ids.slice(i, i + 500))) current.set(row.id, row);
    const sources = new Map<number, string | null>();
    for (let i = 0; i < ids.length; i += 500)
      for (const row of await trx
        .selectFrom('beach_sources')
        .select(['beach_id', 'attribution'])
        .where('source', '=', FACILITIES_SOURCE)
        .where('beach_id', 'in', ids.slice(i, i + 500))
        .execute())
        sources.set(row.beach_id, row.attribution);

    for (const plan of plans.values()) {
      const row = current.get(plan.beach.id)!;
      const attribution = `Facilities: ${plan.source}`;
      const update: Record<string, unknown> = {};
      if (plan.items) {
        const list = JSON.stringify(plan.items.map(({ type, name, url }) => ({ type, name, url })));
        if (list !== row.facilities || row.facilities_source !== 'import') {
          update.facilities = list;
          update.facilities_source = 'import';
        }
      }
      for (const [flag, { value }] of plan.flags) if (row[flag] !== value) update[flag] = value;
      const known = sources.has(plan.beach.id);
      const sourceChanged = sources.get(plan.beach.id) !== attribution;
      if (Object.keys(update).length === 0 && !sourceChanged) {
        report.unchanged++;
        continue;
      }
      if (Object.keys(update).length > 0)
        await trx
          .updateTable('beaches')
          .set({ ...update, updated_at: now })
          .where('id', '=', plan.beach.id)
          .execute();
      if (sourceChanged) {
        await trx
          .deleteFrom('beach_sources')
          .where('beach_id', '=', plan.beach.id)
          .where('source', '=', FACILITIES_SOURCE)
          .execute();
        await trx
          .insertInto('beach_sources')
          .values({
            beach_id: plan.beach.id,
            source: FACILITIES_SOURCE,
            source_id: null,
            licence: null,
            attribution,
            imported_at: now,
          })
          .execute();
      }
      if (known || row.facilities_source === 'import') report.updated++;
      else report.added++;
      changed.push(plan.beach.id);
    }
    await announceChanges(trx, changed, options.now);
    if (!options.dryRun) {
      report.applied = true;
      await options.afterWrite?.(trx, { kind: 'facilities', file: file.name, beachIds: changed, report });
    }
  });
  return report;
}

function loadCurrent(trx: Parameters<Parameters<typeof inTransaction>[2]>[0], ids: number[]) {
  return trx
    .selectFrom('beaches')
    .select(['id', 'facilities', 'facilities_source', ...FACILITY_FLAGS])
    .where('id', 'in', ids)
    .execute();
}
