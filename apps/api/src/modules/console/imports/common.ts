import type { Transaction } from 'kysely';
import type { ImportKind, ImportReport as ConsoleImportReport } from '@safeshore/domain';
import { markBeachesChanged } from '../../../db/changes.ts';
import { bumpDataVersion } from '../../../db/data-version.ts';
import type { DB, Database } from '../../../db/schema.ts';
import type { z } from 'zod';
import {
  reasonsOf,
  type readCsvText,
  type ImportBeach,
  type ImportReport as RowReport,
} from '../../../db/seed/import-file.ts';

/**
 * What every operator import shares (issue 17; formats in README "Operators' imports"): the
 * admin CLI and POST /api/v5/console/imports/{kind} call the same importers with the same options.
 * Every row is checked first; any rejected row means nothing is written (applied false). A good
 * file is written in one transaction that marks the changed beaches for offline sync and raises
 * the public data's version.
 */

export type Trx = Transaction<DB>;

/** An uploaded or read CSV file: its name (for messages) and its text. */
export interface ImportCsv {
  name: string;
  text: string;
}

export interface ImportRunOptions {
  /** The moment the import happens (the app's clock). */
  now: Date;
  /** Check and count only: nothing is written or stored. */
  dryRun?: boolean;
  /** A reason the caller may not import rows for this beach (an operator's scope), or null. */
  checkBeach?: (beach: ImportBeach) => Promise<string | null> | string | null;
  /** Runs inside the write transaction, after the writes (the console's audit entry). */
  afterWrite?: (trx: Trx, result: AppliedImport) => Promise<void>;
}

/** What a written import changed, for the audit log. */
export interface AppliedImport {
  kind: ImportKind;
  file: string;
  /** Beaches whose data the import changed. */
  beachIds: number[];
  report: OperatorImportReport;
}

/** The console's report (domain ImportReport) plus, for photos, the photos a manifest dropped. */
export type OperatorImportReport = ConsoleImportReport & { removed?: number };

/** Thrown inside a dry run's transaction so nothing it did is kept. */
export class DryRunRollback extends Error {}

/** One rejected row: its line in the file (the header is line 1) and why. */
export interface Rejection {
  row: number;
  reason: string;
}

export function emptyOperatorReport(kind: ImportKind): OperatorImportReport {
  return { kind, applied: false, added: 0, updated: 0, unchanged: 0, rejected: [] };
}

/** The older line-based report (patrols) as the console's report. */
export function fromRowReport(kind: ImportKind, report: RowReport): OperatorImportReport {
  return {
    kind,
    applied: report.written,
    added: report.added,
    updated: report.updated,
    unchanged: report.unchanged,
    rejected: report.rejected.map((r) => ({ row: r.line, reason: r.reasons.join('; ') })),
  };
}

export function sortRejections(rejected: Rejection[]): Rejection[] {
  return rejected.sort((a, b) => a.row - b.row);
}

/**
 * Every changed beach gets a new sync number (its offline record changed) and the public data's
 * version rises, inside the caller's transaction.
 */
export async function announceChanges(trx: Trx, beachIds: number[], now: Date): Promise<void> {
  if (beachIds.length === 0) return;
  await markBeachesChanged(trx, beachIds);
  await bumpDataVersion(trx, now);
}

/**
 * Runs `write` in a transaction; in a dry run the transaction is rolled back after `write`
 * counted what it would do.
 */
export async function inTransaction(db: Database, dryRun: boolean, write: (trx: Trx) => Promise<void>) {
  if (!dryRun) return db.transaction().execute(write);
  await db
    .transaction()
    .execute(async (trx) => {
      await write(trx);
      throw new DryRunRollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof DryRunRollback)) throw error;
    });
}

/** The checkBeach reasons of the beaches a file names (asked once per beach). */
export async function refusalsOf(
  beaches: Iterable<ImportBeach>,
  checkBeach: ImportRunOptions['checkBeach'],
): Promise<Map<number, string>> {
  const refusals = new Map<number, string>();
  if (!checkBeach) return refusals;
  for (const beach of beaches) {
    const reason = await checkBeach(beach);
    if (reason) refusals.set(beach.id, reason);
  }
  return refusals;
}

/** One line per outcome, for the admin commands. */
export function formatOperatorReport(file: string, report: OperatorImportReport, dryRun: boolean): string[] {
  const counts =
    `${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged` +
    (report.removed ? `, ${report.removed} removed` : '') +
    `, ${report.rejected.length} rejected`;
  const lines = [
    `${file}: ${counts}${dryRun && report.rejected.length === 0 ? ' (dry run: nothing written)' : ''}`,
  ];
  for (const r of report.rejected) lines.push(`  line ${r.row}: ${r.reason}`);
  if (report.rejected.length > 0)
    lines.push('  Nothing was written: correct the rows above and import the file again.');
  return lines;
}

/**
 * A CSV file's rows checked against the importer's row schema: the good ones with their line
 * numbers; a row with the wrong number of fields or a bad value is rejected into the report.
 */
export function parseRows<S extends z.ZodType>(
  rows: ReturnType<typeof readCsvText>,
  schema: S,
  report: OperatorImportReport,
): Array<{ line: number; row: z.infer<S> }> {
  const parsed: Array<{ line: number; row: z.infer<S> }> = [];
  for (const raw of rows) {
    if (raw.width !== null) {
      report.rejected.push({
        row: raw.line,
        reason: `has ${raw.width} fields; the header has a different number`,
      });
      continue;
    }
    const result = schema.safeParse(raw.values);
    if (result.success) parsed.push({ line: raw.line, row: result.data });
    else report.rejected.push({ row: raw.line, reason: reasonsOf(result.error).join('; ') });
  }
  return parsed;
}
