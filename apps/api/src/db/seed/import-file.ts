import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { addDays, fieldErrors, isCalendarDate, localClock, localDate } from '@safeshore/domain';
import { parseCsv, parseCsvAsync, yieldToEventLoop, type CsvRecord } from '../../lib/csv.ts';
import type { Database } from '../schema.ts';
import { ImportFileError } from './beach-rows.ts';

/**
 * Shared parts of the beach-information imports (patrols, attendance, posts, holidays; formats in
 * data/sample/FORMAT.md): CSV files validated row by row, written all together or not at all.
 */

/** The source of every shipped sample row; the app labels such data "Sample data". */
export const SAMPLE_SOURCE = 'Sample data';

export interface ImportOptions {
  /** Load as sample data: is_sample = 1, source "Sample data", unknown beaches and beaches with real data skipped. */
  sample?: boolean;
  /** The moment relative dates ("today-1") and "in the future" are judged at. */
  now?: Date;
}

export interface ImportReport {
  file: string;
  added: number;
  updated: number;
  unchanged: number;
  /** Sample rows removed because real data was imported for their beach. */
  replacedSample: number;
  /** Sample rows not loaded, with why (unknown beach, the beach has real data, not yet happened). */
  skipped: Array<{ line: number; reason: string }>;
  rejected: Array<{ line: number; reasons: string[] }>;
  /** False when any row was rejected: then nothing in the file was written. */
  written: boolean;
}

export function emptyReport(file: string): ImportReport {
  return {
    file,
    added: 0,
    updated: 0,
    unchanged: 0,
    replacedSample: 0,
    skipped: [],
    rejected: [],
    written: false,
  };
}

export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

/** A CSV file's data rows keyed by header; unknown or missing columns reject the whole file. */
export function readCsvFile(file: string, columns: readonly string[], required: readonly string[]) {
  if (path.extname(file).toLowerCase() !== '.csv')
    throw new ImportFileError(`Unsupported file type "${path.extname(file)}": use a .csv file.`);
  return readCsvText(fs.readFileSync(file, 'utf8'), path.basename(file), columns, required);
}

/** The same, for CSV text already read (an upload); `name` names it in errors. */
export function readCsvText(
  text: string,
  name: string,
  columns: readonly string[],
  required: readonly string[],
) {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    throw new ImportFileError(`${name}: ${(error as Error).message}`);
  }
  const toRow = rowReader(records, columns, required);
  return records.slice(1).map(toRow);
}

/**
 * readCsvText for large uploads (an operator's 5 MB roster): the same rows, read in slices with
 * the event loop free between them, so the server keeps answering while a file is checked.
 */
export async function readCsvTextAsync(
  text: string,
  name: string,
  columns: readonly string[],
  required: readonly string[],
) {
  let records;
  try {
    records = await parseCsvAsync(text);
  } catch (error) {
    throw new ImportFileError(`${name}: ${(error as Error).message}`);
  }
  const toRow = rowReader(records, columns, required);
  const rows: CsvFileRow[] = [];
  for (let i = 1; i < records.length; i += SLICE_ROWS) {
    for (const record of records.slice(i, i + SLICE_ROWS)) rows.push(toRow(record));
    await yieldToEventLoop();
  }
  return rows;
}

/** Rows handled between yields to the event loop by the *Async readers. */
export const SLICE_ROWS = 500;

type CsvFileRow = CsvRow & { width: number | null };

/** Checks the header (unknown or missing columns refuse the file) and reads records by it. */
function rowReader(records: CsvRecord[], columns: readonly string[], required: readonly string[]) {
  const header = records[0]?.fields.map((h) => h.trim());
  if (!header) throw new ImportFileError('The file is empty.');
  const unknown = header.filter((h) => !columns.includes(h));
  if (unknown.length > 0) throw new ImportFileError(`Unknown column(s): ${unknown.join(', ')}.`);
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new ImportFileError(`Missing column(s): ${missing.join(', ')}.`);
  return (record: CsvRecord): CsvFileRow => {
    const values: Record<string, string> = {};
    header.forEach((name, i) => (values[name] = (record.fields[i] ?? '').trim()));
    return {
      line: record.line,
      values,
      width: record.fields.length === header.length ? null : record.fields.length,
    };
  };
}

/** parseCsvRows for large uploads: the event loop runs every SLICE_ROWS rows. */
export async function parseCsvRowsAsync<T>(
  rows: ReturnType<typeof readCsvFile>,
  schema: z.ZodType<T>,
  report: ImportReport,
  check: (row: T) => string | null = () => null,
): Promise<Array<{ line: number; row: T }>> {
  const parsed: Array<{ line: number; row: T }> = [];
  for (let i = 0; i < rows.length; i += SLICE_ROWS) {
    parsed.push(...parseCsvRows(rows.slice(i, i + SLICE_ROWS), schema, report, check));
    await yieldToEventLoop();
  }
  return parsed;
}

/**
 * The rows that pass: the right number of fields, the schema, then `check` (a reason, or null).
 * Every other row goes to the report's rejected list with its line and reasons.
 */
export function parseCsvRows<T>(
  rows: ReturnType<typeof readCsvFile>,
  schema: z.ZodType<T>,
  report: ImportReport,
  check: (row: T) => string | null = () => null,
): Array<{ line: number; row: T }> {
  const parsed: Array<{ line: number; row: T }> = [];
  for (const raw of rows) {
    if (raw.width !== null) {
      report.rejected.push({
        line: raw.line,
        reasons: [`has ${raw.width} fields; the header has a different number`],
      });
      continue;
    }
    const result = schema.safeParse(raw.values);
    const reason = result.success ? check(result.data) : null;
    if (!result.success) report.rejected.push({ line: raw.line, reasons: reasonsOf(result.error) });
    else if (reason) report.rejected.push({ line: raw.line, reasons: [reason] });
    else parsed.push({ line: raw.line, row: result.data });
  }
  return parsed;
}

/** zod issues as "field message" reasons. */
export function reasonsOf(error: z.ZodError): string[] {
  return Object.entries(fieldErrors(error)).map(([field, messages]) =>
    field === '_' ? messages.join('; ') : `${field} ${messages.join('; ')}`,
  );
}

export interface ImportBeach {
  id: number;
  key: string;
  state: string;
  timezone: string;
}

/** Beaches by key, for the keys a file names. */
export async function beachesByKey(db: Database, keys: Iterable<string>): Promise<Map<string, ImportBeach>> {
  const wanted = [...new Set(keys)].filter(Boolean);
  const found = new Map<string, ImportBeach>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('beaches')
      .select(['id', 'key', 'state', 'timezone'])
      .where('key', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.key, row);
  }
  return found;
}

/** "today", "today-N" (N up to 366) or a YYYY-MM-DD day; relative days count in the beach's calendar. */
export const DAY_PATTERN = /^(?:\d{4}-\d{2}-\d{2}|today(?:-\d{1,3})?)$/;
export const DAY_MESSAGE = 'must be a date YYYY-MM-DD, "today" or "today-N"';

export function resolveDay(value: string, today: string): string | null {
  if (value === 'today') return today;
  const relative = /^today-(\d{1,3})$/.exec(value);
  if (relative) return Number(relative[1]) <= 366 ? addDays(today, -Number(relative[1])) : null;
  return isCalendarDate(value) ? value : null;
}

/** The beach's calendar day and "HH:MM" wall time at `now`. */
export function beachNow(beach: ImportBeach, now: Date): { today: string; clock: string } {
  return { today: localDate(now, beach.timezone), clock: localClock(now, beach.timezone) };
}

/** "HH:MM", 00:00-23:59. */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Rows are written together: any rejected row means the report is returned unwritten. */
export function hasRejections(report: ImportReport): boolean {
  return report.rejected.length > 0;
}

export function sortReport(report: ImportReport): ImportReport {
  report.rejected.sort((a, b) => a.line - b.line);
  report.skipped.sort((a, b) => a.line - b.line);
  return report;
}

/** One line per outcome, for the admin commands. */
export function formatImportReport(report: ImportReport): string[] {
  const lines = [
    `${report.file}: ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged` +
      (report.replacedSample ? `, ${report.replacedSample} sample rows replaced` : '') +
      (report.skipped.length ? `, ${report.skipped.length} skipped` : '') +
      `, ${report.rejected.length} rejected`,
  ];
  for (const r of report.rejected) lines.push(`  line ${r.line}: ${r.reasons.join('; ')}`);
  if (report.rejected.length > 0)
    lines.push('  Nothing was written: correct the rows above and import the file again.');
  for (const s of report.skipped.slice(0, 20)) lines.push(`  skipped line ${s.line}: ${s.reason}`);
  if (report.skipped.length > 20) lines.push(`  … and ${report.skipped.length - 20} more skipped`);
  return lines;
}
