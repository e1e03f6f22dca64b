import { z } from 'zod';
import { PUBLIC_HOLIDAY_WEEKDAY, daysBetween, isCalendarDate, normalizeSearchText } from '@safeshore/domain';
import type { Selectable, Transaction } from 'kysely';
import type { DB, Database, PatrolSeasonsTable } from '../schema.ts';
import {
  SAMPLE_SOURCE,
  TIME_PATTERN,
  beachesByKey,
  emptyReport,
  readCsvFile,
  parseCsvRowsAsync,
  SLICE_ROWS,
  sortReport,
  type ImportBeach,
  type ImportOptions,
  type ImportReport,
} from './import-file.ts';
import { yieldToEventLoop } from '../../lib/csv.ts';
import { bumpDataVersion } from '../data-version.ts';

/**
 * Patrol seasons (format in data/sample/FORMAT.md). A season is (beach, club, starts_on); its rows
 * either give weekly hours for some days or one exception (a cancelled day or different hours).
 * Importing a season replaces its hours and exceptions with the file's, so a re-run changes nothing.
 */
export const PATROL_COLUMNS = [
  'beach',
  'club',
  'starts_on',
  'ends_on',
  'days',
  'start_time',
  'end_time',
  'exception_date',
  'note',
  'source',
] as const;
const REQUIRED = ['beach', 'club', 'starts_on', 'ends_on', 'days', 'start_time', 'end_time'] as const;

/** The longest season accepted, in days. */
export const MAX_SEASON_DAYS = 400;

const DAY_NAMES: Record<string, number[]> = {
  sun: [0],
  mon: [1],
  tue: [2],
  wed: [3],
  thu: [4],
  fri: [5],
  sat: [6],
  ph: [PUBLIC_HOLIDAY_WEEKDAY],
  weekdays: [1, 2, 3, 4, 5],
  weekends: [0, 6],
  daily: [0, 1, 2, 3, 4, 5, 6],
};
const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'public holidays',
];

/** The weekdays of a range "mon-fri" (a range may wrap: "fri-mon"); null when it is not one. */
function dayRange(word: string): number[] | null {
  const match = /^(sun|mon|tue|wed|thu|fri|sat)-(sun|mon|tue|wed|thu|fri|sat)$/.exec(word);
  if (!match) return null;
  const first = DAY_NAMES[match[1]!]![0]!;
  const last = DAY_NAMES[match[2]!]![0]!;
  const days: number[] = [];
  for (let day = first; ; day = (day + 1) % 7) {
    days.push(day);
    if (day === last) return days;
  }
}

/** "sat sun ph" -> [6, 0, 7], "mon-fri" -> [1 … 5]; null when a word is not a day. */
export function parseDays(text: string): number[] | null {
  const words = text
    .toLowerCase()
    .split(/[\s|;/,]+/)
    .filter(Boolean);
  if (words.length === 0) return null;
  const days = new Set<number>();
  for (const word of words) {
    const found = DAY_NAMES[word] ?? dayRange(word);
    if (!found) return null;
    for (const day of found) days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}

const optionalTime = z
  .string()
  .refine((v) => v === '' || TIME_PATTERN.test(v), 'must be a time HH:MM (24-hour)');
const day = z.string().refine(isCalendarDate, 'must be a real date YYYY-MM-DD');

const PatrolRowSchema = z
  .object({
    beach: z.string().regex(/^[a-z0-9][a-z0-9-]{2,99}$/, 'must be a beach key'),
    club: z.string().min(1, 'is required').max(120),
    starts_on: day,
    ends_on: day,
    days: z.string().default(''),
    start_time: optionalTime,
    end_time: optionalTime,
    exception_date: z.string().default(''),
    note: z.string().max(200).default(''),
    source: z.string().max(300).default(''),
  })
  .superRefine((row, ctx) => {
    if (isCalendarDate(row.starts_on) && isCalendarDate(row.ends_on)) {
      const length = daysBetween(row.starts_on, row.ends_on);
      if (length < 0) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'is before starts_on' });
      else if (length >= MAX_SEASON_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['ends_on'],
          message: `makes a season over ${MAX_SEASON_DAYS} days`,
        });
    }
    const hasDays = row.days !== '';
    const hasException = row.exception_date !== '';
    if (hasDays === hasException) {
      ctx.addIssue({
        code: 'custom',
        path: ['days'],
        message: 'give either days (weekly hours) or exception_date (a one-off change), not both or neither',
      });
      return;
    }
    const times = [row.start_time, row.end_time].filter(Boolean).length;
    if (hasDays) {
      if (!parseDays(row.days))
        ctx.addIssue({
          code: 'custom',
          path: ['days'],
          message:
            'must list mon, tue, wed, thu, fri, sat, sun, ranges such as mon-fri, ph, weekdays, weekends or daily',
        });
      if (times !== 2)
        ctx.addIssue({
          code: 'custom',
          path: ['start_time'],
          message: 'and end_time are required with days',
        });
    } else {
      if (!isCalendarDate(row.exception_date)) {
        ctx.addIssue({ code: 'custom', path: ['exception_date'], message: 'must be a real date YYYY-MM-DD' });
      } else if (row.exception_date < row.starts_on || row.exception_date > row.ends_on) {
        ctx.addIssue({ code: 'custom', path: ['exception_date'], message: 'is outside the season' });
      }
      if (times === 1)
        ctx.addIssue({
          code: 'custom',
          path: ['start_time'],
          message: 'and end_time go together (both empty: no patrol that day)',
        });
    }
    if (times === 2 && row.start_time >= row.end_time)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'must be after start_time' });
  });

interface SeasonPlan {
  key: string;
  line: number;
  beach: ImportBeach;
  clubId: number;
  starts_on: string;
  ends_on: string;
  source: string;
  hours: Map<number, { start_time: string; end_time: string; line: number }>;
  exceptions: Map<
    string,
    {
      is_patrol: number;
      start_time: string | null;
      end_time: string | null;
      note: string | null;
      line: number;
    }
  >;
}

type Trx = Transaction<DB>;

interface ClubRow {
  id: number;
  title: string;
  state: string;
  search_name: string;
}

/**
 * Resolves a club by id, else by title among the beach's clubs, else among its state's clubs. A
 * club may patrol a beach it is linked to or one in its own state: a club id from elsewhere (a WA
 * club on Bondi) is a mistake, refused with the reason.
 */
function findClub(
  ref: string,
  beach: ImportBeach,
  clubs: { all: ClubRow[]; byId: Map<number, ClubRow> },
  linked: Map<number, Set<number>>,
): ClubRow | string | undefined {
  const own = linked.get(beach.id) ?? new Set<number>();
  if (/^\d{1,9}$/.test(ref)) {
    const club = clubs.byId.get(Number(ref));
    if (!club || own.has(club.id) || club.state === beach.state) return club;
    return `club ${club.id} (${club.title}) is a ${club.state} club: ${beach.state} beaches take clubs of ${beach.state} or clubs linked to the beach`;
  }
  const name = normalizeSearchText(ref);
  return (
    clubs.all.find((c) => own.has(c.id) && c.search_name === name) ??
    clubs.all.find((c) => c.state === beach.state && c.search_name === name)
  );
}

function planRows(plan: SeasonPlan) {
  return {
    hours: [...plan.hours.entries()]
      .map(([weekday, h]) => ({ weekday, start_time: h.start_time, end_time: h.end_time }))
      .sort((a, b) => a.weekday - b.weekday),
    exceptions: [...plan.exceptions.entries()]
      .map(([date, e]) => ({
        date,
        is_patrol: e.is_patrol,
        start_time: e.start_time,
        end_time: e.end_time,
        note: e.note,
      }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

const BATCH = 200;

function batches<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * How the planned seasons compare with the stored ones (reads only, so a dry run needs no write
 * lock): seasons that exist and are the same, those that changed, and new ones. Yields to the
 * event loop between batches: a national roster has tens of thousands of seasons.
 */
async function compareSeasons(db: Database | Trx, plans: SeasonPlan[], isSample: number) {
  const existing = new Map<string, Selectable<PatrolSeasonsTable>>();
  for (const part of batches([...new Set(plans.map((p) => p.beach.id))], 500)) {
    for (const row of await db
      .selectFrom('patrol_seasons')
      .selectAll()
      .where('beach_id', 'in', part)
      .execute())
      existing.set(`${row.beach_id} ${row.club_id} ${row.starts_on}`, row);
    await yieldToEventLoop();
  }
  const matched = plans
    .map((plan) => ({ plan, row: existing.get(`${plan.beach.id} ${plan.clubId} ${plan.starts_on}`) }))
    .filter((m): m is { plan: SeasonPlan; row: Selectable<PatrolSeasonsTable> } => m.row !== undefined);
  const oldHours = new Map<number, string>();
  const oldExceptions = new Map<number, string>();
  for (const part of batches(
    matched.map((m) => m.row.id),
    500,
  )) {
    const hours = await db
      .selectFrom('patrol_hours')
      .select(['season_id', 'weekday', 'start_time', 'end_time'])
      .where('season_id', 'in', part)
      .orderBy('season_id')
      .orderBy('weekday')
      .execute();
    const exceptions = await db
      .selectFrom('patrol_exceptions')
      .select(['season_id', 'date', 'is_patrol', 'start_time', 'end_time', 'note'])
      .where('season_id', 'in', part)
      .orderBy('season_id')
      .orderBy('date')
      .execute();
    const group = <T extends { season_id: number }>(rows: T[]) => {
      const map = new Map<number, Array<Omit<T, 'season_id'>>>();
      for (const { season_id, ...rest } of rows) map.set(season_id, [...(map.get(season_id) ?? []), rest]);
      return map;
    };
    const hoursOf = group(hours);
    const exceptionsOf = group(exceptions);
    for (const id of part) {
      oldHours.set(id, JSON.stringify(hoursOf.get(id) ?? []));
      oldExceptions.set(id, JSON.stringify(exceptionsOf.get(id) ?? []));
    }
    await yieldToEventLoop();
  }
  const unchanged: typeof matched = [];
  const changed: typeof matched = [];
  for (const m of matched) {
    const rows = planRows(m.plan);
    const same =
      m.row.ends_on === m.plan.ends_on &&
      m.row.source === m.plan.source &&
      m.row.is_sample === isSample &&
      oldHours.get(m.row.id) === JSON.stringify(rows.hours) &&
      oldExceptions.get(m.row.id) === JSON.stringify(rows.exceptions);
    (same ? unchanged : changed).push(m);
  }
  const fresh = plans.filter((plan) => !existing.has(`${plan.beach.id} ${plan.clubId} ${plan.starts_on}`));
  return { unchanged, changed, fresh };
}

/**
 * Writes the planned seasons with a handful of batched statements (a sample load has over a
 * thousand seasons): existing seasons are compared in memory; changed ones get their hours and
 * exceptions replaced; new ones are inserted with theirs.
 */
async function writeSeasons(
  trx: Trx,
  plans: SeasonPlan[],
  isSample: number,
  now: string,
): Promise<{ added: number; updated: number; unchanged: number; changedBeaches: Set<number> }> {
  const result = { added: 0, updated: 0, unchanged: 0, changedBeaches: new Set<number>() };
  const seasonKey = (s: { beach_id: number; club_id: number; starts_on: string }) =>
    `${s.beach_id} ${s.club_id} ${s.starts_on}`;
  const compared = await compareSeasons(trx, plans, isSample);
  result.unchanged = compared.unchanged.length;
  const children: Array<{ seasonId: number; plan: SeasonPlan }> = [];
  const changed: number[] = [];
  for (const { plan, row } of compared.changed) {
    await trx
      .updateTable('patrol_seasons')
      .set({ ends_on: plan.ends_on, source: plan.source, is_sample: isSample })
      .where('id', '=', row.id)
      .execute();
    changed.push(row.id);
    children.push({ seasonId: row.id, plan });
    result.changedBeaches.add(plan.beach.id);
    result.updated++;
  }
  for (const part of batches(changed, 500)) {
    await trx.deleteFrom('patrol_hours').where('season_id', 'in', part).execute();
    await trx.deleteFrom('patrol_exceptions').where('season_id', 'in', part).execute();
    await yieldToEventLoop();
  }

  for (const part of batches(compared.fresh)) {
    const inserted = await trx
      .insertInto('patrol_seasons')
      .values(
        part.map((plan) => ({
          beach_id: plan.beach.id,
          club_id: plan.clubId,
          starts_on: plan.starts_on,
          ends_on: plan.ends_on,
          source: plan.source,
          is_sample: isSample,
          created_at: now,
        })),
      )
      .returning(['id', 'beach_id', 'club_id', 'starts_on'])
      .execute();
    const ids = new Map(inserted.map((row) => [seasonKey(row), row.id]));
    for (const plan of part) {
      children.push({ seasonId: ids.get(`${plan.beach.id} ${plan.clubId} ${plan.starts_on}`)!, plan });
      result.changedBeaches.add(plan.beach.id);
    }
    result.added += part.length;
    await yieldToEventLoop();
  }

  const hours = children.flatMap(({ seasonId, plan }) =>
    planRows(plan).hours.map((h) => ({ ...h, season_id: seasonId })),
  );
  const exceptions = children.flatMap(({ seasonId, plan }) =>
    planRows(plan).exceptions.map((e) => ({ ...e, season_id: seasonId })),
  );
  for (const part of batches(hours, 500)) {
    await trx.insertInto('patrol_hours').values(part).execute();
    await yieldToEventLoop();
  }
  for (const part of batches(exceptions, 300)) {
    await trx.insertInto('patrol_exceptions').values(part).execute();
    await yieldToEventLoop();
  }
  return result;
}

/**
 * Imports patrol seasons from a CSV file. Every row is validated first (with its line and
 * reasons); if any is bad nothing is written. Otherwise all seasons are written in one
 * transaction, and real seasons for a beach replace that beach's sample seasons. With
 * `sample`, rows are stored as sample data and beaches that are unknown or already have real
 * seasons are skipped.
 */
export async function importPatrols(
  db: Database,
  file: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  return importPatrolRows(db, readCsvFile(file, PATROL_COLUMNS, REQUIRED), file, options);
}

/** The columns a patrol file must have (for uploads read with readCsvText). */
export const PATROL_REQUIRED_COLUMNS = REQUIRED;

export interface PatrolRowsOptions extends ImportOptions {
  /** Check and count only: nothing is written. */
  dryRun?: boolean;
  /** A reason to reject a beach's rows (an operator's scope), or null. */
  checkBeach?: (beach: ImportBeach) => Promise<string | null> | string | null;
  /** Runs inside the write transaction with the beaches whose seasons changed. */
  afterWrite?: (trx: Trx, changedBeaches: number[], report: ImportReport) => Promise<void>;
}

/** importPatrols for rows already read (a file, or an upload). */
export async function importPatrolRows(
  db: Database,
  rows: ReturnType<typeof readCsvFile>,
  file: string,
  options: PatrolRowsOptions = {},
): Promise<ImportReport> {
  const sample = options.sample ?? false;
  const report = emptyReport(file);

  const parsed = await parseCsvRowsAsync(rows, PatrolRowSchema, report, (row) =>
    !sample && row.source === '' ? 'source is required: say where the schedule comes from' : null,
  );

  const beaches = await beachesByKey(
    db,
    parsed.map((p) => p.row.beach),
  );
  const beachIds = [...beaches.values()].map((b) => b.id);
  const [clubs, links, realSeasons] = await Promise.all([
    db.selectFrom('clubs').select(['id', 'title', 'state', 'search_name']).execute(),
    beachIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('beach_clubs')
          .select(['beach_id', 'club_id'])
          .where('beach_id', 'in', beachIds)
          .execute(),
    beachIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('patrol_seasons')
          .select('beach_id')
          .distinct()
          .where('beach_id', 'in', beachIds)
          .where('is_sample', '=', 0)
          .execute(),
  ]);
  const linked = new Map<number, Set<number>>();
  for (const link of links) {
    const set = linked.get(link.beach_id) ?? new Set<number>();
    set.add(link.club_id);
    linked.set(link.beach_id, set);
  }
  const hasRealSeasons = new Set(realSeasons.map((r) => r.beach_id));
  const clubIndex = { all: clubs, byId: new Map(clubs.map((c) => [c.id, c])) };

  const beachRefusals = new Map<number, string | null>();
  if (options.checkBeach)
    for (const beach of beaches.values()) beachRefusals.set(beach.id, await options.checkBeach(beach));

  const plans = new Map<string, SeasonPlan>();
  let checked = 0;
  for (const { line, row } of parsed) {
    // A national roster is tens of thousands of rows: let the server answer others meanwhile.
    if (++checked % SLICE_ROWS === 0) await yieldToEventLoop();
    const beach = beaches.get(row.beach);
    if (!beach) {
      if (sample) report.skipped.push({ line, reason: `no beach with key ${row.beach}` });
      else report.rejected.push({ line, reasons: [`beach: no beach with key ${row.beach}`] });
      continue;
    }
    const refusal = beachRefusals.get(beach.id);
    if (refusal) {
      report.rejected.push({ line, reasons: [`beach: ${refusal}`] });
      continue;
    }
    if (sample && hasRealSeasons.has(beach.id)) {
      report.skipped.push({ line, reason: `${row.beach} has real patrol seasons` });
      continue;
    }
    const club = findClub(row.club, beach, clubIndex, linked);
    if (typeof club === 'string') {
      if (sample) report.skipped.push({ line, reason: club });
      else report.rejected.push({ line, reasons: [`club: ${club}`] });
      continue;
    }
    if (!club && sample) {
      report.skipped.push({ line, reason: `no club "${row.club}" for ${row.beach}` });
      continue;
    }
    if (!club) {
      report.rejected.push({
        line,
        reasons: [
          `club: "${row.club}" is not a club id, nor the title of a club of this beach or of ${beach.state}`,
        ],
      });
      continue;
    }
    const key = `${beach.id} ${club.id} ${row.starts_on}`;
    const source = sample ? SAMPLE_SOURCE : row.source;
    let plan = plans.get(key);
    if (!plan) {
      plan = {
        key,
        line,
        beach,
        clubId: club.id,
        starts_on: row.starts_on,
        ends_on: row.ends_on,
        source,
        hours: new Map(),
        exceptions: new Map(),
      };
      plans.set(key, plan);
    }
    const reasons: string[] = [];
    if (plan.ends_on !== row.ends_on)
      reasons.push(
        `ends_on ${row.ends_on} differs from ${plan.ends_on} on line ${plan.line} for the same season`,
      );
    if (plan.source !== source) reasons.push(`source differs from line ${plan.line} for the same season`);
    if (row.days !== '') {
      for (const weekday of parseDays(row.days)!) {
        const earlier = plan.hours.get(weekday);
        if (earlier) reasons.push(`${WEEKDAY_NAMES[weekday]} already has hours on line ${earlier.line}`);
      }
    } else {
      const earlier = plan.exceptions.get(row.exception_date);
      if (earlier) reasons.push(`${row.exception_date} already has an exception on line ${earlier.line}`);
    }
    if (reasons.length > 0) {
      report.rejected.push({ line, reasons });
      continue;
    }
    if (row.days !== '') {
      for (const weekday of parseDays(row.days)!)
        plan.hours.set(weekday, { start_time: row.start_time, end_time: row.end_time, line });
    } else {
      const patrols = row.start_time !== '';
      plan.exceptions.set(row.exception_date, {
        is_patrol: patrols ? 1 : 0,
        start_time: patrols ? row.start_time : null,
        end_time: patrols ? row.end_time : null,
        note: row.note || null,
        line,
      });
    }
  }
  if (report.rejected.length > 0) return sortReport(report);

  const now = (options.now ?? new Date()).toISOString();
  if (options.dryRun) {
    // Counted as the write would count them, from reads alone: no write lock is held meanwhile.
    const compared = await compareSeasons(db, [...plans.values()], sample ? 1 : 0);
    report.added += compared.fresh.length;
    report.updated += compared.changed.length;
    report.unchanged += compared.unchanged.length;
    return sortReport(report);
  }
  await db.transaction().execute(async (trx) => {
    if (!sample) {
      const realBeaches = [...new Set([...plans.values()].map((p) => p.beach.id))];
      if (realBeaches.length > 0) {
        const removed = await trx
          .deleteFrom('patrol_seasons')
          .where('beach_id', 'in', realBeaches)
          .where('is_sample', '=', 1)
          .executeTakeFirst();
        report.replacedSample += Number(removed.numDeletedRows);
      }
    }
    const written = await writeSeasons(trx, [...plans.values()], sample ? 1 : 0, now);
    report.added += written.added;
    report.updated += written.updated;
    report.unchanged += written.unchanged;
    await options.afterWrite?.(trx, [...written.changedBeaches], report);
    await bumpDataVersion(trx, new Date(now));
  });
  report.written = true;
  return sortReport(report);
}
