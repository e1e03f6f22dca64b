import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AttendanceRecordsTable, Database } from '../schema.ts';
import {
  DAY_MESSAGE,
  DAY_PATTERN,
  SAMPLE_SOURCE,
  beachNow,
  beachesByKey,
  emptyReport,
  readCsvFile,
  parseCsvRows,
  resolveDay,
  sortReport,
  type ImportOptions,
  type ImportReport,
} from './import-file.ts';
import { bumpDataVersion } from '../data-version.ts';

/**
 * Hourly public attendance (format in data/sample/FORMAT.md), one row per beach, day and hour,
 * upserted by that key. `date` may be relative ("today-2") so a file can describe recent days.
 */
export const ATTENDANCE_COLUMNS = [
  'beach',
  'date',
  'hour',
  'people_on_beach',
  'swimmers',
  'swimmers_outside_flags',
  'crafts',
  'source',
] as const;
const REQUIRED = ATTENDANCE_COLUMNS.filter((c) => c !== 'source');

const count = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(100_000, 'must be at most 100000');

const AttendanceRowSchema = z
  .object({
    beach: z.string().regex(/^[a-z0-9][a-z0-9-]{2,99}$/, 'must be a beach key'),
    date: z.string().regex(DAY_PATTERN, DAY_MESSAGE),
    hour: z
      .string()
      .regex(/^\d{1,2}$/, 'must be an hour 0-23')
      .transform(Number)
      .pipe(z.number().max(23, 'must be an hour 0-23')),
    people_on_beach: count,
    swimmers: count,
    swimmers_outside_flags: count,
    crafts: count,
    source: z.string().max(300).default(''),
  })
  .refine((row) => row.swimmers_outside_flags <= row.swimmers, {
    path: ['swimmers_outside_flags'],
    message: 'must not be more than swimmers',
  });

/**
 * Imports attendance records. All rows are checked first (a bad row rejects the file, nothing is
 * written), then written in one transaction; real records for a beach replace its sample records.
 * A record dated after the current hour at the beach is rejected, or skipped for sample data (it
 * appears when the sample is loaded again later).
 */
export async function importAttendance(
  db: Database,
  file: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const sample = options.sample ?? false;
  const now = options.now ?? new Date();
  const report = emptyReport(file);
  const rows = readCsvFile(file, ATTENDANCE_COLUMNS, REQUIRED);
  const parsed = parseCsvRows(rows, AttendanceRowSchema, report, (row) =>
    !sample && row.source === '' ? 'source is required: say who counted' : null,
  );

  const beaches = await beachesByKey(
    db,
    parsed.map((p) => p.row.beach),
  );
  const beachIds = [...beaches.values()].map((b) => b.id);
  const withReal = new Set(
    beachIds.length === 0 || !sample
      ? []
      : (
          await db
            .selectFrom('attendance_records')
            .select('beach_id')
            .distinct()
            .where('beach_id', 'in', beachIds)
            .where('is_sample', '=', 0)
            .execute()
        ).map((r) => r.beach_id),
  );

  const records = new Map<
    string,
    {
      line: number;
      beach_id: number;
      local_date: string;
      values: Omit<z.infer<typeof AttendanceRowSchema>, 'beach' | 'date'>;
    }
  >();
  for (const { line, row } of parsed) {
    const beach = beaches.get(row.beach);
    if (!beach) {
      if (sample) report.skipped.push({ line, reason: `no beach with key ${row.beach}` });
      else report.rejected.push({ line, reasons: [`beach: no beach with key ${row.beach}`] });
      continue;
    }
    if (withReal.has(beach.id)) {
      report.skipped.push({ line, reason: `${row.beach} has real attendance records` });
      continue;
    }
    const local = beachNow(beach, now);
    const date = resolveDay(row.date, local.today);
    if (!date) {
      report.rejected.push({ line, reasons: [`date ${DAY_MESSAGE} (a real day, at most 366 days back)`] });
      continue;
    }
    const currentHour = Number(local.clock.slice(0, 2));
    if (date > local.today || (date === local.today && row.hour > currentHour)) {
      if (sample)
        report.skipped.push({ line, reason: `${date} ${row.hour}:00 has not happened yet at the beach` });
      else
        report.rejected.push({
          line,
          reasons: [`date ${date} hour ${row.hour} is in the future at the beach`],
        });
      continue;
    }
    const key = `${beach.id} ${date} ${row.hour}`;
    const earlier = records.get(key);
    if (earlier) {
      report.rejected.push({
        line,
        reasons: [`duplicate of line ${earlier.line} (${row.beach} ${date} hour ${row.hour})`],
      });
      continue;
    }
    const { beach: _beach, date: _date, ...values } = row;
    records.set(key, {
      line,
      beach_id: beach.id,
      local_date: date,
      values: { ...values, source: sample ? SAMPLE_SOURCE : row.source },
    });
  }
  if (report.rejected.length > 0) return sortReport(report);

  const isSample = sample ? 1 : 0;
  const recordedAt = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const ids = [...new Set([...records.values()].map((r) => r.beach_id))];
    if (!sample && ids.length > 0) {
      const removed = await trx
        .deleteFrom('attendance_records')
        .where('beach_id', 'in', ids)
        .where('is_sample', '=', 1)
        .executeTakeFirst();
      report.replacedSample += Number(removed.numDeletedRows);
    }
    // Existing rows of the beaches and days in the file, compared in memory; new rows go in batches.
    const days = [...new Set([...records.values()].map((r) => r.local_date))];
    const existing = new Map<string, Selectable<AttendanceRecordsTable>>();
    for (let i = 0; i < ids.length; i += 200) {
      const rows = await trx
        .selectFrom('attendance_records')
        .selectAll()
        .where('beach_id', 'in', ids.slice(i, i + 200))
        .where('local_date', 'in', days)
        .execute();
      for (const row of rows) existing.set(`${row.beach_id} ${row.local_date} ${row.hour}`, row);
    }
    const inserts = [];
    for (const [key, record] of records) {
      const { hour, people_on_beach, swimmers, swimmers_outside_flags, crafts, source } = record.values;
      const values = {
        people_on_beach,
        swimmers,
        swimmers_outside_flags,
        crafts,
        source,
        is_sample: isSample,
      };
      const current = existing.get(key);
      if (!current) {
        inserts.push({
          ...values,
          beach_id: record.beach_id,
          local_date: record.local_date,
          hour,
          recorded_at: recordedAt,
        });
      } else if (Object.entries(values).every(([k, v]) => current[k as keyof typeof values] === v)) {
        report.unchanged++;
      } else {
        await trx
          .updateTable('attendance_records')
          .set({ ...values, recorded_at: recordedAt })
          .where('id', '=', current.id)
          .execute();
        report.updated++;
      }
    }
    for (let i = 0; i < inserts.length; i += 300)
      await trx
        .insertInto('attendance_records')
        .values(inserts.slice(i, i + 300))
        .execute();
    report.added += inserts.length;
    await bumpDataVersion(trx, now);
  });
  report.written = true;
  return sortReport(report);
}
