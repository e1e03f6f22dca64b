import {
  ATTENDANCE_DAYS,
  PATROL_WINDOW_DAYS,
  PatrolsQuerySchema,
  SCHEDULE_KNOWN_WITHIN_DAYS,
  addDays,
  daysBetween,
  groupAttendances,
  isCalendarDate,
  localDate,
  patrolDay,
  patrolledToday,
  scheduleDates,
  windowDates,
  type Attendances,
  type PatrolledToday,
  type PatrolsResponse,
  type StatusSetBy,
  type TodayPost,
} from '@safeshore/domain';
import type { BeachRow } from '../../db/schema.ts';
import { notFound, parseInput, validationFailed } from '../../http/errors.ts';
import type {
  LivePatrolRow,
  PatrolBeach,
  PatrolsRepository,
  PostRow,
  SeasonRow,
} from './patrols.repository.ts';

/** How far from today (at the beach) a requested day may be: about two years either way. */
export const MAX_DAYS_FROM_TODAY = 731;

export const PATROLS_MESSAGES = {
  beachId: 'The beach id must be a whole number.',
  invalidDate: 'The date field must be a real calendar date.',
  dateOutOfRange: 'The date field must be within 2 years of today.',
  notFound: 'Beach not found.',
} as const;

/** The patrol facts the beach detail response carries (beaches.service.ts merges them). */
export interface PatrolFacts {
  is_patrolled_today: PatrolledToday | null;
  /** When and by which console role today's patrol was set; null when it comes from the roster. */
  patrol_set_at: string | null;
  patrol_set_by: StatusSetBy | null;
  attendances: Attendances;
  attendance_is_sample: boolean;
  todayPosts: TodayPost[];
}

function isIdList(list: readonly number[] | readonly PatrolBeach[]): list is readonly number[] {
  return typeof list[0] === 'number';
}

function bySeasonBeach(seasons: SeasonRow[]): Map<number, SeasonRow[]> {
  const map = new Map<number, SeasonRow[]>();
  for (const season of seasons) {
    const list = map.get(season.beach_id);
    if (list) list.push(season);
    else map.set(season.beach_id, [season]);
  }
  return map;
}

function parseMeta(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function presentPost(row: PostRow): TodayPost {
  const meta = parseMeta(row.meta);
  const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : undefined);
  return {
    point_id: row.point_id,
    local_timestamp: row.local_timestamp,
    meta: {
      ...(text('label') !== undefined ? { label: text('label') } : {}),
      ...(text('image_url') !== undefined ? { image_url: text('image_url') } : {}),
      ...(text('link') !== undefined ? { link: text('link') } : {}),
      ...(text('first_name') !== undefined ? { first_name: text('first_name') } : {}),
      sample: row.is_sample === 1,
    },
  };
}

export function createPatrolsService(repo: PatrolsRepository, clock: () => Date = () => new Date()) {
  /**
   * is_patrolled_today of many beaches (ids, or their id, state and time zone) at one instant, each
   * judged on its own calendar day in its own time zone. Beaches we hold no schedule for are absent
   * from the map (unknown: null).
   */
  async function patrolledTodayOf(
    beachesOrIds: readonly number[] | readonly PatrolBeach[],
    now: Date,
  ): Promise<Map<number, PatrolledToday>> {
    return (await patrolledTodayWithLive(beachesOrIds, now)).today;
  }

  /** The roster's answer with the console's patrol now (set today at the beach) in its place. */
  async function patrolledTodayWithLive(
    beachesOrIds: readonly number[] | readonly PatrolBeach[],
    now: Date,
  ): Promise<{ today: Map<number, PatrolledToday>; live: Map<number, LivePatrolRow> }> {
    // Callers that already read the beaches (the location lists) pass them, saving a query.
    const beaches = isIdList(beachesOrIds)
      ? await repo.beaches([...beachesOrIds])
      : [...new Map(beachesOrIds.map((b) => [b.id, b])).values()];
    const result = new Map<number, PatrolledToday>();
    const live = new Map<number, LivePatrolRow>();
    if (beaches.length === 0) return { today: result, live };
    // One local date per time zone, not per beach: a list of 500 beaches spans a handful of zones.
    const dayIn = new Map<string, string>();
    const todayIn = (timezone: string) => {
      let day = dayIn.get(timezone);
      if (day === undefined) dayIn.set(timezone, (day = localDate(now, timezone)));
      return day;
    };
    const todays = new Map(beaches.map((b) => [b.id, todayIn(b.timezone)]));
    const days = [...todays.values()].sort();
    const first = days[0]!;
    const last = days.at(-1)!;
    const [seasons, holidays, liveRows] = await Promise.all([
      repo.seasons(
        beaches.map((b) => b.id),
        addDays(first, -SCHEDULE_KNOWN_WITHIN_DAYS),
        addDays(last, SCHEDULE_KNOWN_WITHIN_DAYS),
      ),
      repo.holidays(
        beaches.map((b) => b.state),
        first,
        last,
      ),
      repo.livePatrols(todays),
    ]);
    const seasonsOf = bySeasonBeach(seasons);
    for (const beach of beaches) {
      const today = todays.get(beach.id)!;
      const value = patrolledToday(
        seasonsOf.get(beach.id) ?? [],
        today,
        holidays.get(beach.state) ?? new Map(),
      );
      if (value) result.set(beach.id, value);
    }
    // The console says what is happening; the roster only what was planned.
    for (const row of liveRows) {
      live.set(row.beach_id, row);
      result.set(row.beach_id, {
        flag: row.flag === 1 ? 1 : 0,
        start: row.start_time,
        end: row.end_time,
        is_sample: false,
      });
    }
    return { today: result, live };
  }

  return {
    patrolledToday: patrolledTodayOf,

    /** GET /api/v4/beach/{beachId}/patrols: PATROL_WINDOW_DAYS days from `date` (default: today at the beach). */
    async patrols(rawId: string, query: unknown): Promise<PatrolsResponse> {
      if (!/^\d{1,9}$/.test(rawId)) throw validationFailed({ beachId: [PATROLS_MESSAGES.beachId] });
      const { date } = parseInput(PatrolsQuerySchema, query);
      if (date !== undefined && !isCalendarDate(date))
        throw validationFailed({ date: [PATROLS_MESSAGES.invalidDate] });
      const [beach] = await repo.beaches([Number(rawId)]);
      if (!beach) throw notFound(PATROLS_MESSAGES.notFound);
      const today = localDate(clock(), beach.timezone);
      const start = date ?? today;
      if (Math.abs(daysBetween(today, start)) > MAX_DAYS_FROM_TODAY)
        throw validationFailed({ date: [PATROLS_MESSAGES.dateOutOfRange] });
      const end = addDays(start, PATROL_WINDOW_DAYS - 1);
      const [seasons, holidays] = await Promise.all([
        repo.seasons([beach.id], start, end),
        repo.holidays([beach.state], start, end),
      ]);
      const calendar = holidays.get(beach.state) ?? new Map<string, string>();
      const dates = windowDates(start);
      const clubs = new Map<number, SeasonRow[]>();
      for (const season of seasons) clubs.set(season.club_id, [...(clubs.get(season.club_id) ?? []), season]);
      const patrols: PatrolsResponse['patrols'] = {};
      for (const [clubId, clubSeasons] of clubs) {
        patrols[String(clubId)] = {
          name: clubSeasons[0]!.club_title,
          days: dates.map((day) => patrolDay(clubSeasons, day, calendar)),
        };
      }
      const sources = [...new Set(seasons.map((s) => s.source))].sort();
      return {
        patrols,
        schedule_dates: scheduleDates(start),
        date: start,
        timezone: beach.timezone,
        is_sample: seasons.some((s) => s.is_sample),
        source: sources.length > 0 ? sources.join('; ') : null,
      };
    },

    /** The beach detail's patrol facts: patrolled today, attendance and posted updates of today. */
    async forBeach(beach: BeachRow): Promise<PatrolFacts> {
      const now = clock();
      const today = localDate(now, beach.timezone);
      const [patrolled, records, posts] = await Promise.all([
        patrolledTodayWithLive([beach.id], now),
        repo.attendance(beach.id, today, ATTENDANCE_DAYS),
        repo.postsOn(beach.id, today),
      ]);
      return {
        is_patrolled_today: patrolled.today.get(beach.id) ?? null,
        patrol_set_at: patrolled.live.get(beach.id)?.set_at ?? null,
        patrol_set_by: (patrolled.live.get(beach.id)?.set_by as StatusSetBy | undefined) ?? null,
        attendances: groupAttendances(records, today),
        attendance_is_sample: records.some((r) => r.is_sample === 1),
        todayPosts: posts.map(presentPost),
      };
    },
  };
}

export type PatrolsService = ReturnType<typeof createPatrolsService>;
