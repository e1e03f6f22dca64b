import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_CODES, addDays, isCalendarDate, weekdayOf } from '@safeshore/domain';
import { HOLIDAYS_FILE, syncBundledHolidays } from '../src/db/seed/holidays.ts';
import { parseCsv } from '../src/lib/csv.ts';
import { DATA_DIR, openTestDatabase } from './helpers.ts';

const rows = parseCsv(fs.readFileSync(path.join(DATA_DIR, HOLIDAYS_FILE), 'utf8'))
  .slice(1)
  .map(({ fields: [state, date, name] }) => ({ state: state!, date: date!, name: name! }));
const YEARS = [2025, 2026, 2027];

/** Easter Sunday (Gregorian computus, the anonymous algorithm). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The nth (1-based) weekday of a month, e.g. the second Monday of June. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  let date = `${year}-${String(month).padStart(2, '0')}-01`;
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return addDays(date, 7 * (n - 1));
}

const find = (state: string, name: string, year: number) =>
  rows
    .filter((r) => r.state === state && r.name === name && r.date.startsWith(String(year)))
    .map((r) => r.date);

describe('the bundled public holidays', () => {
  it('are well formed: a known state, a real date in 2025-2027, a name, one row per state and day', () => {
    expect(rows.length).toBeGreaterThan(250);
    const seen = new Set<string>();
    for (const row of rows) {
      expect(STATE_CODES).toContain(row.state);
      expect(isCalendarDate(row.date)).toBe(true);
      expect(YEARS).toContain(Number(row.date.slice(0, 4)));
      expect(row.name.length).toBeGreaterThan(2);
      expect(seen.has(`${row.state} ${row.date}`)).toBe(false);
      seen.add(`${row.state} ${row.date}`);
    }
  });

  it('put Easter where the computus does, in every state', () => {
    expect(YEARS.map(easter)).toEqual(['2025-04-20', '2026-04-05', '2027-03-28']);
    for (const state of STATE_CODES)
      for (const year of YEARS) {
        expect(find(state, 'Good Friday', year)).toEqual([addDays(easter(year), -2)]);
        expect(find(state, 'Easter Monday', year)).toEqual([addDays(easter(year), 1)]);
      }
    // Easter Sunday is a holiday everywhere but Tasmania; Easter Saturday nowhere in WA or Tasmania.
    for (const year of YEARS) {
      expect(
        rows
          .filter((r) => r.date === easter(year))
          .map((r) => r.state)
          .sort(),
      ).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'VIC', 'WA']);
      expect(
        rows
          .filter((r) => r.date === addDays(easter(year), -1))
          .map((r) => r.state)
          .sort(),
      ).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'VIC']);
    }
  });

  it('keep fixed-date holidays on their dates and weekday holidays on their weekdays', () => {
    for (const row of rows) {
      if (row.name === "New Year's Day") expect(row.date.slice(5)).toBe('01-01');
      if (row.name === 'Christmas Day') expect(row.date.slice(5)).toBe('12-25');
      if (row.name === 'Anzac Day') expect(row.date.slice(5)).toBe('04-25');
      if (
        /^(King's Birthday|Labour Day|Eight Hours Day|Adelaide Cup Day|Canberra Day|May Day|Picnic Day|Western Australia Day|Reconciliation Day)$/.test(
          row.name,
        )
      )
        expect(weekdayOf(row.date), `${row.state} ${row.name} ${row.date}`).toBe(1);
      if (row.name === 'Melbourne Cup Day') expect(weekdayOf(row.date)).toBe(2);
      if (row.name === 'Friday before the AFL Grand Final') expect(weekdayOf(row.date)).toBe(5);
      if (/\((additional day|observed)\)$/.test(row.name))
        expect([1, 2], `${row.state} ${row.name} ${row.date}`).toContain(weekdayOf(row.date));
    }
  });

  it("follow each state's rule for the movable days", () => {
    for (const year of YEARS) {
      for (const state of ['NSW', 'VIC', 'SA', 'TAS', 'NT', 'ACT'])
        expect(find(state, "King's Birthday", year)).toEqual([nthWeekday(year, 6, 1, 2)]);
      expect(find('QLD', "King's Birthday", year)).toEqual([nthWeekday(year, 10, 1, 1)]);
      for (const state of ['NSW', 'ACT', 'SA'])
        expect(find(state, 'Labour Day', year)).toEqual([nthWeekday(year, 10, 1, 1)]);
      expect(find('VIC', 'Labour Day', year)).toEqual([nthWeekday(year, 3, 1, 2)]);
      expect(find('WA', 'Labour Day', year)).toEqual([nthWeekday(year, 3, 1, 1)]);
      expect(find('QLD', 'Labour Day', year)).toEqual([nthWeekday(year, 5, 1, 1)]);
      expect(find('NT', 'May Day', year)).toEqual([nthWeekday(year, 5, 1, 1)]);
      expect(find('NT', 'Picnic Day', year)).toEqual([nthWeekday(year, 8, 1, 1)]);
      expect(find('TAS', 'Eight Hours Day', year)).toEqual([nthWeekday(year, 3, 1, 2)]);
      expect(find('SA', 'Adelaide Cup Day', year)).toEqual([nthWeekday(year, 3, 1, 2)]);
      expect(find('ACT', 'Canberra Day', year)).toEqual([nthWeekday(year, 3, 1, 2)]);
      expect(find('WA', 'Western Australia Day', year)).toEqual([nthWeekday(year, 6, 1, 1)]);
      expect(find('VIC', 'Melbourne Cup Day', year)).toEqual([nthWeekday(year, 11, 2, 1)]);
      // Reconciliation Day: the first Monday on or after 27 May.
      let reconciliation = `${year}-05-27`;
      while (weekdayOf(reconciliation) !== 1) reconciliation = addDays(reconciliation, 1);
      expect(find('ACT', 'Reconciliation Day', year)).toEqual([reconciliation]);
    }
    // Australia Day fell on a Sunday in 2025: Monday 27 January everywhere.
    for (const state of STATE_CODES)
      expect(find(state, 'Australia Day (observed)', 2025)).toEqual(['2025-01-27']);
    // Anzac Day on a weekend: an extra Monday only where the law or a declaration gives one.
    expect(
      rows
        .filter((r) => r.date === '2026-04-27')
        .map((r) => r.state)
        .sort(),
    ).toEqual(['ACT', 'NSW', 'WA']);
    expect(
      rows
        .filter((r) => r.date === '2027-04-26')
        .map((r) => r.state)
        .sort(),
    ).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'WA']);
    // Boxing Day 2026 is a Saturday: Tasmania moves it to Monday, the others add Monday.
    expect(find('TAS', 'Boxing Day (observed)', 2026)).toEqual(['2026-12-28']);
    expect(rows.filter((r) => r.date === '2026-12-26').map((r) => r.state)).not.toContain('TAS');
    expect(find('SA', 'Proclamation Day (additional day)', 2026)).toEqual(['2026-12-28']);
  });
});

describe('loading the bundled holidays on start-up', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-holidays-'));
  beforeAll(async () => {
    handle = await openTestDatabase();
    fs.mkdirSync(path.join(dataDir, 'holidays'));
    fs.copyFileSync(path.join(DATA_DIR, HOLIDAYS_FILE), path.join(dataDir, HOLIDAYS_FILE));
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads the file once, and again only when it changes', async () => {
    const first = await syncBundledHolidays(handle.db, dataDir);
    expect(first).toMatchObject({ added: rows.length, rejected: [], written: true });
    expect(await syncBundledHolidays(handle.db, dataDir)).toBeNull();
    fs.appendFileSync(
      path.join(dataDir, HOLIDAYS_FILE),
      'VIC,2027-09-24,Friday before the AFL Grand Final\n',
    );
    expect(await syncBundledHolidays(handle.db, dataDir)).toMatchObject({ added: 1, unchanged: rows.length });
    expect(await syncBundledHolidays(handle.db, fs.mkdtempSync(path.join(os.tmpdir(), 'none-')))).toBeNull();
  });
});
