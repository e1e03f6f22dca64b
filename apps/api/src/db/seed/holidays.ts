import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { STATE_CODES, isCalendarDate } from '@safeshore/domain';
import type { Database } from '../schema.ts';
import { emptyReport, readCsvFile, reasonsOf, sortReport, type ImportReport } from './import-file.ts';
import { bumpDataVersion } from '../data-version.ts';

/** Public holidays per state (data/holidays, format in data/sample/FORMAT.md). */
export const HOLIDAY_COLUMNS = ['state', 'date', 'name'] as const;

export const HOLIDAYS_FILE = path.join('holidays', 'au-public-holidays.csv');
export const HOLIDAYS_META_KEY = 'holidays_file_sha256';

const HolidayRowSchema = z.object({
  state: z.enum(STATE_CODES, { error: `must be one of ${STATE_CODES.join(', ')}` }),
  date: z.string().refine(isCalendarDate, 'must be a real date YYYY-MM-DD'),
  name: z.string().min(1, 'is required').max(100, 'must be at most 100 characters'),
});

/**
 * Imports public holidays, upserted by (state, date). Every row is checked first; any bad row
 * rejects the file and nothing is written. Holidays are facts, never sample data.
 */
export async function importHolidays(db: Database, file: string): Promise<ImportReport> {
  const report = emptyReport(file);
  const rows = readCsvFile(file, HOLIDAY_COLUMNS, HOLIDAY_COLUMNS);
  const seen = new Map<string, number>();
  const valid: Array<z.infer<typeof HolidayRowSchema>> = [];
  for (const row of rows) {
    if (row.width !== null) {
      report.rejected.push({ line: row.line, reasons: [`has ${row.width} fields; the header has 3`] });
      continue;
    }
    const parsed = HolidayRowSchema.safeParse(row.values);
    if (!parsed.success) {
      report.rejected.push({ line: row.line, reasons: reasonsOf(parsed.error) });
      continue;
    }
    const key = `${parsed.data.state} ${parsed.data.date}`;
    const first = seen.get(key);
    if (first !== undefined) {
      report.rejected.push({ line: row.line, reasons: [`duplicate of line ${first} (${key})`] });
      continue;
    }
    seen.set(key, row.line);
    valid.push(parsed.data);
  }
  if (report.rejected.length > 0) return sortReport(report);

  await db.transaction().execute(async (trx) => {
    const existing = new Map(
      (await trx.selectFrom('public_holidays').selectAll().execute()).map((h) => [
        `${h.state} ${h.date}`,
        h.name,
      ]),
    );
    for (const holiday of valid) {
      const current = existing.get(`${holiday.state} ${holiday.date}`);
      if (current === holiday.name) {
        report.unchanged++;
      } else if (current === undefined) {
        await trx.insertInto('public_holidays').values(holiday).execute();
        report.added++;
      } else {
        await trx
          .updateTable('public_holidays')
          .set({ name: holiday.name })
          .where('state', '=', holiday.state)
          .where('date', '=', holiday.date)
          .execute();
        report.updated++;
      }
    }
    await bumpDataVersion(trx, new Date());
  });
  report.written = true;
  return report;
}

/**
 * Loads the bundled holidays file on start-up when its content differs from the last load (its
 * SHA-256 in app_meta), so a release with new dates takes effect without an admin command.
 * Returns null when the file is unchanged or absent.
 */
export async function syncBundledHolidays(db: Database, dataDir: string): Promise<ImportReport | null> {
  const file = path.join(dataDir, HOLIDAYS_FILE);
  if (!fs.existsSync(file)) return null;
  const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  const loaded = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', HOLIDAYS_META_KEY)
    .executeTakeFirst();
  if (loaded?.value === hash) return null;
  const report = await importHolidays(db, file);
  if (report.written) {
    await db
      .insertInto('app_meta')
      .values({ key: HOLIDAYS_META_KEY, value: hash })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: hash }))
      .execute();
  }
  return report;
}
