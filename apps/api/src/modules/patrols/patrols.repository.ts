import type { PatrolSeasonRule } from '@safeshore/domain';
import type { Database } from '../../db/schema.ts';

export interface PatrolBeach {
  id: number;
  state: string;
  timezone: string;
}

export interface SeasonRow extends PatrolSeasonRule {
  id: number;
  beach_id: number;
  club_title: string;
  source: string;
  is_sample: boolean;
}

export interface AttendanceRow {
  local_date: string;
  hour: number;
  people_on_beach: number;
  swimmers: number;
  swimmers_outside_flags: number;
  crafts: number;
  is_sample: number;
}

export interface PostRow {
  point_id: number;
  local_timestamp: string;
  meta: string;
  is_sample: number;
}

export interface LivePatrolRow {
  beach_id: number;
  local_date: string;
  flag: number;
  start_time: string | null;
  end_time: string | null;
  set_at: string;
  set_by: string;
}

const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

export function createPatrolsRepository(db: Database) {
  return {
    async beaches(ids: number[]): Promise<PatrolBeach[]> {
      const rows: PatrolBeach[] = [];
      for (const part of chunks([...new Set(ids)])) {
        rows.push(
          ...(await db
            .selectFrom('beaches')
            .select(['id', 'state', 'timezone'])
            .where('id', 'in', part)
            .execute()),
        );
      }
      return rows;
    },

    /**
     * Seasons of the beaches that overlap [from, to] (inclusive days), with their hours, the
     * exceptions inside the range and the club's title.
     */
    async seasons(beachIds: number[], from: string, to: string): Promise<SeasonRow[]> {
      if (beachIds.length === 0) return [];
      const seasons = [];
      for (const part of chunks([...new Set(beachIds)])) {
        seasons.push(
          ...(await db
            .selectFrom('patrol_seasons as s')
            .innerJoin('clubs as c', 'c.id', 's.club_id')
            .select([
              's.id',
              's.beach_id',
              's.club_id',
              's.starts_on',
              's.ends_on',
              's.source',
              's.is_sample',
              'c.title as club_title',
            ])
            .where('s.beach_id', 'in', part)
            .where('s.starts_on', '<=', to)
            .where('s.ends_on', '>=', from)
            .orderBy('s.club_id')
            .orderBy('s.starts_on')
            .execute()),
        );
      }
      if (seasons.length === 0) return [];
      const hours: Array<{ season_id: number; weekday: number; start_time: string; end_time: string }> = [];
      const exceptions: Array<{
        season_id: number;
        date: string;
        is_patrol: number;
        start_time: string | null;
        end_time: string | null;
      }> = [];
      for (const part of chunks(seasons.map((s) => s.id))) {
        hours.push(
          ...(await db
            .selectFrom('patrol_hours')
            .select(['season_id', 'weekday', 'start_time', 'end_time'])
            .where('season_id', 'in', part)
            .execute()),
        );
        exceptions.push(
          ...(await db
            .selectFrom('patrol_exceptions')
            .select(['season_id', 'date', 'is_patrol', 'start_time', 'end_time'])
            .where('season_id', 'in', part)
            .where('date', '>=', from)
            .where('date', '<=', to)
            .execute()),
        );
      }
      // Grouped once by season (not a filter per season: lists ask for up to 500 beaches).
      const hoursOf = groupBy(hours, (h) => h.season_id);
      const exceptionsOf = groupBy(exceptions, (e) => e.season_id);
      return seasons.map((s) => ({
        ...s,
        is_sample: s.is_sample === 1,
        hours: hoursOf.get(s.id) ?? [],
        exceptions: exceptionsOf.get(s.id) ?? [],
      }));
    },

    /** Public holidays of the states in [from, to]: state -> (date -> name). */
    async holidays(states: string[], from: string, to: string): Promise<Map<string, Map<string, string>>> {
      const result = new Map<string, Map<string, string>>(states.map((s) => [s, new Map()]));
      if (states.length === 0) return result;
      const rows = await db
        .selectFrom('public_holidays')
        .selectAll()
        .where('state', 'in', [...new Set(states)])
        .where('date', '>=', from)
        .where('date', '<=', to)
        .execute();
      for (const row of rows) result.get(row.state)?.set(row.date, row.name);
      return result;
    },

    /** Records of the last `days` days (on or before `today`) that have any, oldest first. */
    async attendance(beachId: number, today: string, days: number): Promise<AttendanceRow[]> {
      const dates = await db
        .selectFrom('attendance_records')
        .select('local_date')
        .distinct()
        .where('beach_id', '=', beachId)
        .where('local_date', '<=', today)
        .orderBy('local_date', 'desc')
        .limit(days)
        .execute();
      if (dates.length === 0) return [];
      return db
        .selectFrom('attendance_records')
        .select([
          'local_date',
          'hour',
          'people_on_beach',
          'swimmers',
          'swimmers_outside_flags',
          'crafts',
          'is_sample',
        ])
        .where('beach_id', '=', beachId)
        .where(
          'local_date',
          'in',
          dates.map((d) => d.local_date),
        )
        .orderBy('local_date')
        .orderBy('hour')
        .execute();
    },

    /**
     * The lifesaver console's patrol now (issue 17) of the beaches, each only when it was set on the
     * beach's `today` (a local day): it overrides the roster on that day alone.
     */
    async livePatrols(todays: ReadonlyMap<number, string>): Promise<LivePatrolRow[]> {
      const rows: LivePatrolRow[] = [];
      for (const part of chunks([...todays.keys()])) {
        const found = await db
          .selectFrom('beach_live_patrols')
          .select(['beach_id', 'local_date', 'flag', 'start_time', 'end_time', 'set_at', 'set_by'])
          .where('beach_id', 'in', part)
          .execute();
        rows.push(...found.filter((row) => todays.get(row.beach_id) === row.local_date));
      }
      return rows;
    },

    /**
     * A beach's posts of one local day that are not uploaded photos of the day (the algal module
     * serves those); the console's conditions posts, which carry a photo too, are listed here.
     */
    async postsOn(beachId: number, day: string): Promise<PostRow[]> {
      return db
        .selectFrom('beach_posts as p')
        .leftJoin('photos as f', 'f.post_id', 'p.id')
        .select(['p.point_id', 'p.local_timestamp', 'p.meta', 'p.is_sample'])
        .where('p.beach_id', '=', beachId)
        .where('p.local_timestamp', '>=', `${day}T`)
        .where('p.local_timestamp', '<', `${day}U`)
        .where((eb) => eb.or([eb('f.id', 'is', null), eb('p.source', '=', 'console')]))
        .orderBy('p.point_id')
        .orderBy('p.local_timestamp')
        .execute();
    },
  };
}

export type PatrolsRepository = ReturnType<typeof createPatrolsRepository>;
