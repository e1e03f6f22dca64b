import {
  addDays,
  calibrateRipModel,
  eventFlags,
  localDate,
  NOAA_RIP_COEFFICIENTS,
  RIP_CHECKED_MIN_OBSERVATIONS,
  RIP_LEVEL_THRESHOLDS,
  RIP_MODEL_NAME,
  RIP_OUTLOOK_STALE_HOURS,
  RIP_TEXT,
  presentShoreNormal,
  ripDayPeak,
  ripLevel,
  ripLikelihoodSeries,
  ripOutcome,
  ripRightNowText,
  ripSkill,
  ripStandingText,
  waveAngle,
  zonedInstant,
  type RipActivity,
  type RipCalibration,
  type RipCoefficients,
  type RipInputs,
  type RipOutlook,
  type RipOutlookDay,
  type RipOutlookSummary,
  type RipSample,
  type RipSkillReport,
  type RipSkillRow,
} from '@safeshore/domain';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { notFound } from '../../http/errors.ts';
import { LruCache } from '../../providers/cache.ts';
import { gridCell } from '../../providers/grid.ts';
import { PROVIDER_TUNING } from '../../providers/index.ts';
import { hourIndex } from '../../providers/open-meteo.ts';
import { WAVES_BATCH_SIZE, type WaveData, type WavesClient } from '../../providers/open-meteo-waves.ts';
import type { TideProvider } from '../../providers/tides.ts';
import type { RipBeachRow, RipCoefficientsRow, RipOutlookRow, RipRepository } from './rip.repository.ts';

const HOUR = 3_600_000;
/** The outlook covers the beach's today and the next two days. */
export const RIP_OUTLOOK_DAYS = 3;
/** The refresh may use at most this share of the daily Open-Meteo budget; page views need the rest. */
export const RIP_REFRESH_BUDGET_SHARE = 0.5;
/** Never more often than the marine cache's freshness: the wave model does not change faster. */
export const RIP_REFRESH_MIN_HOURS = PROVIDER_TUNING.marine.ttlMs / HOUR;

/** Hourly series as stored (rip_outlooks.hours): arrays of one length, null where unknown. */
export interface StoredHours {
  likelihood: Array<number | null>;
  height: Array<number | null>;
  direction: Array<number | null>;
  /** Water level relative to mean sea level (m). */
  level: Array<number | null>;
  event: Array<0 | 1>;
}

export interface RipRefreshResult {
  beaches: number;
  cells: number;
  /** Open-Meteo calls charged (one per point asked). */
  calls: number;
  outlooks: number;
  failedBatches: number;
}

/** A beach whose outlook is high today, with its Right now line (for "rip outlook high" alerts). */
export interface RipHighToday {
  beachId: number;
  state: string;
  date: string;
  text: string;
}

/** Hours between refreshes so that `cells` points a refresh stay within the budget share. */
export function refreshIntervalHours(cells: number, callsPerDay: number): number {
  if (cells === 0) return RIP_REFRESH_MIN_HOURS;
  const perDay = Math.floor((callsPerDay * RIP_REFRESH_BUDGET_SHARE) / cells);
  if (perDay < 1) return 24;
  return Math.max(RIP_REFRESH_MIN_HOURS, Math.ceil(24 / perDay));
}

export function regionKey(state: string, areaSlug: string): string {
  return `${state}/${areaSlug}`;
}

function round(value: number, digits: number): number | null {
  if (!Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A series as a JSON array, rounded, null where unknown. */
function jsonSeries(values: Float32Array, digits: number): string {
  let text = '[';
  for (let k = 0; k < values.length; k += 1) {
    if (k > 0) text += ',';
    text += String(round(values[k]!, digits));
  }
  return `${text}]`;
}

/** What one refresh builds once and shares between beaches (see computeOutlook). */
interface RefreshMemo {
  waves: WeakMap<
    WaveData,
    Map<string, { heights: Float32Array; directions: Float32Array; events: Float32Array; json: string }>
  >;
  tides: Map<string, { levels: Float32Array; json: string }>;
}

function coefficientsOf(row: RipCoefficientsRow | undefined): RipCoefficients {
  return row
    ? {
        intercept: row.intercept,
        height: row.b_height,
        angle: row.b_angle,
        event: row.b_event,
        level: row.b_level,
      }
    : NOAA_RIP_COEFFICIENTS;
}

/** What the model had for one hour of one beach, frozen beside an observation. */
export interface RipModelHour {
  likelihood: number | null;
  inputs: {
    wave_height_m: number | null;
    wave_direction_deg: number | null;
    shore_normal_deg: number;
    event: 0 | 1;
    water_level_m: number | null;
    coefficients: RipCoefficients;
    coefficients_id: number | null;
    computed_at: string;
    hour: string;
  };
}

export interface RipServiceDeps {
  repo: RipRepository;
  waves: WavesClient | null;
  tides: TideProvider;
  clock: () => Date;
  /** Open-Meteo calls a day (OPEN_METEO_CALLS_PER_DAY). */
  callsPerDay: number;
  log?: {
    info: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
}

export function createRipService(deps: RipServiceDeps) {
  const { repo, tides, clock } = deps;
  // Parsed hours per stored outlook (beach, computed_at): list rows read them on every view.
  const parsed = new LruCache<string, StoredHours>(20_000);

  function hoursOf(row: RipOutlookRow): StoredHours {
    const key = `${row.beach_id}|${row.computed_at}`;
    let hours = parsed.get(key);
    if (!hours) {
      hours = JSON.parse(row.hours) as StoredHours;
      parsed.set(key, hours);
    }
    return hours;
  }

  async function coefficientsByRegion(): Promise<Map<string, RipCoefficientsRow>> {
    return new Map((await repo.activeCoefficients()).map((row) => [row.region, row]));
  }

  /** One beach's outlook from one wave answer (its cell's). Null when the beach has no shore normal. */
  /**
   * One beach's outlook from its cell's wave answer. Everything but the likelihood is the same for
   * every beach of a cell (waves, event flags) or of a tide station (levels) on the same local
   * window, so those series and their JSON are built once per refresh (`memo`) and only the
   * likelihood is computed per beach. Null when the beach has no shore normal.
   */
  function computeOutlook(
    beach: RipBeachRow,
    waves: WaveData,
    events: Uint8Array,
    fetchedAt: Date,
    now: Date,
    today: string,
    coefficients: RipCoefficientsRow | undefined,
    memo: RefreshMemo,
  ): RipOutlookRow | null {
    if (beach.shore_normal_deg === null) return null;
    const start = zonedInstant(today, '00:00', beach.timezone).getTime();
    const end = zonedInstant(addDays(today, RIP_OUTLOOK_DAYS), '00:00', beach.timezone).getTime();
    const count = Math.round((end - start) / HOUR);
    const window = `${start}|${count}`;

    let byWindow = memo.waves.get(waves);
    if (!byWindow) {
      byWindow = new Map();
      memo.waves.set(waves, byWindow);
    }
    let wave = byWindow.get(window);
    if (!wave) {
      const heights = new Float32Array(count);
      const directions = new Float32Array(count);
      const hourEvents = new Float32Array(count);
      for (let k = 0; k < count; k += 1) {
        const i = hourIndex(waves.times, start + k * HOUR);
        heights[k] = i < 0 ? Number.NaN : waves.values.wave_height[i]!;
        directions[k] = i < 0 ? Number.NaN : waves.values.wave_direction[i]!;
        hourEvents[k] = i < 0 ? 0 : events[i]!;
      }
      wave = {
        heights,
        directions,
        events: hourEvents,
        json: `"height":${jsonSeries(heights, 2)},"direction":${jsonSeries(directions, 0)},"event":${JSON.stringify(Array.from(hourEvents, (v) => (v === 1 ? 1 : 0)))}`,
      };
      byWindow.set(window, wave);
    }

    const point = { latitude: beach.latitude, longitude: beach.longitude };
    const station = tides.station(point);
    const tideKey = station ? `${station.id}|${window}` : `none|${window}`;
    let tide = memo.tides.get(tideKey);
    if (!tide) {
      const levels = new Float32Array(count).fill(Number.NaN);
      const predicted = station ? tides.hourlyAboveMsl(point, start, end) : null;
      for (const p of predicted?.levels ?? []) {
        const k = Math.round((p.time - start) / HOUR);
        if (k >= 0 && k < count) levels[k] = p.level;
      }
      tide = { levels, json: `"level":${jsonSeries(levels, 2)}` };
      memo.tides.set(tideKey, tide);
    }

    const likelihood = ripLikelihoodSeries(
      { heights: wave.heights, directions: wave.directions, levels: tide.levels, events: wave.events },
      beach.shore_normal_deg,
      coefficientsOf(coefficients),
      new Float32Array(count),
    );
    return {
      beach_id: beach.id,
      computed_at: now.toISOString(),
      first_hour: new Date(start).toISOString(),
      // StoredHours, written as JSON text directly from the shared parts.
      hours: `{"likelihood":${jsonSeries(likelihood, 1)},${wave.json},${tide.json}}`,
      marine_fetched_at: fetchedAt.toISOString(),
      marine_point:
        Number.isFinite(waves.latitude) && Number.isFinite(waves.longitude)
          ? `${waves.latitude},${waves.longitude}`
          : null,
      tide_station: station ? `${station.name} (${station.id})` : null,
      coefficients_id: coefficients?.id ?? null,
    };
  }

  /** The hours of a stored outlook as {time, likelihood} for the day peaks (NaN where unknown). */
  function likelihoodHours(row: RipOutlookRow, hours: StoredHours) {
    const first = Date.parse(row.first_hour);
    return hours.likelihood.map((likelihood, k) => ({
      time: first + k * HOUR,
      likelihood: likelihood ?? Number.NaN,
    }));
  }

  function lowTideNear(beach: RipBeachRow, date: string, peak: number): string | null {
    const from = zonedInstant(date, '00:00', beach.timezone).getTime();
    const to = zonedInstant(addDays(date, 1), '00:00', beach.timezone).getTime();
    const prediction = tides.predict({ latitude: beach.latitude, longitude: beach.longitude }, from, to);
    const lows = prediction?.extremes.filter((e) => e.type === 'low') ?? [];
    if (lows.length === 0) return null;
    const nearest = lows.reduce((best, e) =>
      Math.abs(e.time - peak) < Math.abs(best.time - peak) ? e : best,
    );
    return new Date(nearest.time).toISOString();
  }

  function presentDay(
    beach: RipBeachRow,
    row: RipOutlookRow,
    hours: StoredHours,
    date: string,
  ): RipOutlookDay {
    const peak = ripDayPeak(likelihoodHours(row, hours), beach.timezone, date);
    if (!peak)
      return {
        date,
        peak_time: null,
        peak_likelihood: null,
        level: null,
        part: null,
        wave_height_m: null,
        wave_angle_deg: null,
        low_tide_time: null,
      };
    const k = Math.round((peak.time - Date.parse(row.first_hour)) / HOUR);
    const direction = hours.direction[k] ?? null;
    return {
      date,
      peak_time: new Date(peak.time).toISOString(),
      peak_likelihood: peak.likelihood,
      level: peak.level,
      part: peak.part,
      wave_height_m: hours.height[k] ?? null,
      wave_angle_deg:
        direction === null || beach.shore_normal_deg === null
          ? null
          : Math.round(waveAngle(direction, beach.shore_normal_deg)),
      low_tide_time: lowTideNear(beach, date, peak.time),
    };
  }

  function sources(beach: RipBeachRow, row: RipOutlookRow | undefined) {
    const normal = presentShoreNormal(beach);
    return [
      {
        name: 'Open-Meteo marine',
        attribution: `Wave forecast by Open-Meteo.com (CC BY 4.0), fetched ${row?.marine_fetched_at ?? 'never'}`,
        url: 'https://open-meteo.com/en/docs/marine-weather-api',
      },
      {
        name: 'SafeShore tide predictions',
        attribution: row?.tide_station
          ? `Water level from our tide predictions (neaps) at ${row.tide_station}, relative to mean sea level`
          : 'No tide station within 100 km',
        url: null,
      },
      normal?.source === 'import'
        ? {
            name: 'Shore direction from an operator',
            attribution: normal.note ?? 'Set in an operator’s hazard-rating import',
            url: null,
          }
        : {
            name: 'OpenStreetMap coastline',
            attribution: 'Shore direction derived from the coastline © OpenStreetMap contributors (ODbL)',
            url: 'https://www.openstreetmap.org/copyright',
          },
      {
        name: 'NOAA rip current model',
        attribution:
          'Dusek & Seim (2013), A probabilistic rip current forecast model, Journal of Coastal Research 29:909–925; US National Weather Service',
        url: 'https://doi.org/10.2112/JCOASTRES-D-12-00118.1',
      },
    ];
  }

  async function standing(beachId: number) {
    const rows = await repo.standingRows(beachId);
    const skill = ripSkill(
      rows.map((row) => ({ likelihood: row.model_likelihood, activity: row.activity as RipActivity })),
    );
    const observations = rows.filter((row) => row.model_likelihood !== null).length;
    const checked = observations >= RIP_CHECKED_MIN_OBSERVATIONS && skill.skill !== null;
    return {
      observations,
      checked,
      skill: checked ? skill.skill : null,
      text: ripStandingText(observations, skill.skill),
    };
  }

  function unavailableReason(
    beach: RipBeachRow,
    row: RipOutlookRow | undefined,
    known: boolean,
  ): string | null {
    if (beach.shore_normal_deg === null)
      return `${RIP_TEXT.noOutlook}: ${beach.shore_normal_note ?? 'the direction it faces is not known'}.`;
    if (!row)
      return deps.waves
        ? `${RIP_TEXT.noOutlook} yet: no wave forecast has been fetched for it.`
        : `${RIP_TEXT.noOutlook}: wave forecasts are switched off on this server.`;
    if (!row.tide_station) return `${RIP_TEXT.noOutlook}: no tide predictions within 100 km.`;
    if (!known) return `${RIP_TEXT.noOutlook}: the wave forecast has no values for the coming days here.`;
    return null;
  }

  return {
    /** GET /api/v5/beach/{beachId}/rip-outlook */
    async outlookFor(beachId: number): Promise<RipOutlook> {
      const beach = await repo.beach(beachId);
      if (!beach) throw notFound('Beach not found.');
      const now = clock();
      const [row, regional, standingNow] = await Promise.all([
        beach.shore_normal_deg === null ? Promise.resolve(undefined) : repo.outlook(beachId),
        coefficientsByRegion(),
        standing(beachId),
      ]);
      const coefficients = row?.coefficients_id
        ? [...regional.values()].find((c) => c.id === row.coefficients_id)
        : undefined;
      const today = localDate(now, beach.timezone);
      const stored = row ? hoursOf(row) : null;
      const fromToday = zonedInstant(today, '00:00', beach.timezone).getTime();
      const until = zonedInstant(addDays(today, RIP_OUTLOOK_DAYS), '00:00', beach.timezone).getTime();
      const hours =
        row && stored
          ? stored.likelihood.flatMap((likelihood, k) => {
              const time = Date.parse(row.first_hour) + k * HOUR;
              if (time < fromToday || time >= until) return [];
              return [
                {
                  time: new Date(time).toISOString(),
                  likelihood,
                  level: likelihood === null ? null : ripLevel(likelihood),
                  wave_height_m: stored.height[k] ?? null,
                  wave_direction_deg: stored.direction[k] ?? null,
                  water_level_m: stored.level[k] ?? null,
                },
              ];
            })
          : [];
      const known = hours.some((hour) => hour.likelihood !== null);
      const reason = unavailableReason(beach, row, known);
      const days =
        row && stored && reason === null
          ? Array.from({ length: RIP_OUTLOOK_DAYS }, (_, d) =>
              presentDay(beach, row, stored, addDays(today, d)),
            )
          : [];
      const ageSeconds = row
        ? Math.max(0, Math.floor((now.getTime() - Date.parse(row.computed_at)) / 1000))
        : null;
      return {
        beach_id: beach.id,
        available: reason === null,
        reason,
        model: {
          name: RIP_MODEL_NAME,
          coefficients: coefficients ? 'regional' : 'noaa',
          region: coefficients?.region ?? null,
          fitted_at: coefficients?.fitted_at ?? null,
          fitted_observations: coefficients?.observations ?? null,
        },
        shore_normal: presentShoreNormal(beach),
        computed_at: row?.computed_at ?? null,
        age_seconds: ageSeconds,
        stale: ageSeconds !== null && ageSeconds > RIP_OUTLOOK_STALE_HOURS * 3600,
        timezone: beach.timezone,
        hours: reason === null ? hours : [],
        days,
        standing: standingNow,
        sources: sources(beach, row),
      };
    },

    /** The rest of today's level per beach for list rows (no upstream call; null: no outlook). */
    async summaries(
      beaches: ReadonlyArray<{ id: number; timezone: string }>,
    ): Promise<Map<number, RipOutlookSummary | null>> {
      const now = clock();
      const rows = await repo.outlooks(beaches.map((b) => b.id));
      const byId = new Map(rows.map((row) => [row.beach_id, row]));
      const result = new Map<number, RipOutlookSummary | null>();
      for (const beach of beaches) {
        const row = byId.get(beach.id);
        if (!row || !row.tide_station) {
          result.set(beach.id, null);
          continue;
        }
        const date = localDate(now, beach.timezone);
        // The rest of today, as Right now reads it: a row never says High for a morning gone by.
        const left = likelihoodHours(row, hoursOf(row)).filter((hour) => hour.time + HOUR > now.getTime());
        const peak = ripDayPeak(left, beach.timezone, date);
        result.set(
          beach.id,
          peak
            ? {
                level: peak.level,
                likelihood: peak.likelihood,
                part: peak.part,
                date,
                computed_at: row.computed_at,
              }
            : null,
        );
      }
      return result;
    },

    /** Of `beachIds`, those whose stored outlook is high today, with the Right now line. */
    async highToday(beachIds: readonly number[]): Promise<RipHighToday[]> {
      const now = clock();
      const rows = await repo.outlooks(beachIds);
      const found: RipHighToday[] = [];
      for (const row of rows) {
        if (!row.tide_station) continue;
        const hours = hoursOf(row);
        if (!hours.likelihood.some((value) => value !== null && value >= RIP_LEVEL_THRESHOLDS.high)) continue;
        const beach = await repo.beach(row.beach_id);
        if (!beach || beach.shore_normal_deg === null) continue;
        const date = localDate(now, beach.timezone);
        const day = presentDay(beach, row, hours, date);
        const text = day.level === 'high' ? ripRightNowText(day, beach.timezone) : null;
        if (text) found.push({ beachId: beach.id, state: beach.state, date, text });
      }
      return found;
    },

    /** What the model had for the hour containing `at` (frozen beside an observation). */
    async modelHour(beachId: number, at: Date): Promise<RipModelHour | null> {
      const [beach, row] = await Promise.all([repo.beach(beachId), repo.outlook(beachId)]);
      if (!beach || beach.shore_normal_deg === null || !row) return null;
      const hours = hoursOf(row);
      const k = Math.floor((at.getTime() - Date.parse(row.first_hour)) / HOUR);
      if (k < 0 || k >= hours.likelihood.length) return null;
      const regional = row.coefficients_id
        ? (await repo.activeCoefficients()).find((c) => c.id === row.coefficients_id)
        : undefined;
      return {
        likelihood: hours.likelihood[k] ?? null,
        inputs: {
          wave_height_m: hours.height[k] ?? null,
          wave_direction_deg: hours.direction[k] ?? null,
          shore_normal_deg: beach.shore_normal_deg,
          event: hours.event[k] === 1 ? 1 : 0,
          water_level_m: hours.level[k] ?? null,
          coefficients: coefficientsOf(regional),
          coefficients_id: row.coefficients_id,
          computed_at: row.computed_at,
          hour: new Date(Date.parse(row.first_hour) + k * HOUR).toISOString(),
        },
      };
    },

    /**
     * Computes every outlook: one wave request per marine grid cell (batched, WAVES_BATCH_SIZE
     * points a request), tides per station, the model per beach. A failed batch keeps its
     * beaches' last outlooks (they show their age).
     */
    async refresh(): Promise<RipRefreshResult> {
      const now = clock();
      const beaches = await repo.beachesWithShoreNormal();
      const cells = new Map<
        string,
        { point: { latitude: number; longitude: number }; beaches: RipBeachRow[] }
      >();
      for (const beach of beaches) {
        const key = gridCell(beach.latitude, beach.longitude, PROVIDER_TUNING.marine.cellDegrees).key;
        let cell = cells.get(key);
        if (!cell) {
          cell = { point: { latitude: beach.latitude, longitude: beach.longitude }, beaches: [] };
          cells.set(key, cell);
        }
        cell.beaches.push(beach);
      }
      const result: RipRefreshResult = {
        beaches: beaches.length,
        cells: cells.size,
        calls: 0,
        outlooks: 0,
        failedBatches: 0,
      };
      if (!deps.waves) return result;
      const regional = await coefficientsByRegion();
      const memo: RefreshMemo = { waves: new WeakMap(), tides: new Map() };
      const todayIn = new Map<string, string>();
      const todayOf = (timeZone: string) => {
        let date = todayIn.get(timeZone);
        if (date === undefined) {
          date = localDate(now, timeZone);
          todayIn.set(timeZone, date);
        }
        return date;
      };
      const list = [...cells.values()];
      const rows: RipOutlookRow[] = [];
      for (let i = 0; i < list.length; i += WAVES_BATCH_SIZE) {
        const batch = list.slice(i, i + WAVES_BATCH_SIZE);
        let answers: WaveData[];
        try {
          answers = await deps.waves.fetchBatch(batch.map((cell) => cell.point));
        } catch (error) {
          result.failedBatches += 1;
          deps.log?.warn(
            { reason: (error as Error).message, points: batch.length },
            'rip outlook: wave batch failed',
          );
          continue;
        }
        result.calls += batch.length;
        const fetchedAt = clock();
        for (const [c, cell] of batch.entries()) {
          // A refresh of thousands of beaches must not hold the event loop: page views go between cells.
          await yieldToLoop();
          const waves = answers[c]!;
          const events = eventFlags(waves.times, waves.values.wave_height);
          for (const beach of cell.beaches) {
            const row = computeOutlook(
              beach,
              waves,
              events,
              fetchedAt,
              now,
              todayOf(beach.timezone),
              regional.get(regionKey(beach.state, beach.area_slug)),
              memo,
            );
            if (row) rows.push(row);
          }
        }
      }
      await repo.saveOutlooks(rows, clock());
      result.outlooks = rows.length;
      return result;
    },

    /**
     * Runs the refresh when it is due (at most once per refreshIntervalHours across every process
     * on the database: the claim is a compare-and-set). Null when it was not due.
     */
    async refreshIfDue(): Promise<RipRefreshResult | null> {
      const now = clock();
      const claimed = await repo.refreshClaim();
      const beaches = await repo.beachesWithShoreNormal();
      const cells = new Set(
        beaches.map((b) => gridCell(b.latitude, b.longitude, PROVIDER_TUNING.marine.cellDegrees).key),
      ).size;
      const interval = refreshIntervalHours(cells, deps.callsPerDay) * HOUR;
      // A day that turned since the last run also needs today's outlook (the window starts at midnight).
      if (claimed !== null && now.getTime() - Date.parse(claimed) < interval) return null;
      if (!(await repo.claimRefresh(claimed, now.toISOString()))) return null;
      const result = await this.refresh();
      deps.log?.info({ ...result }, 'rip outlooks refreshed');
      return result;
    },

    /** Per region and per beach: observations, Brier scores and skill (admin command, operator screen). */
    async skillReport(filter: { state?: string; areaSlug?: string } = {}): Promise<RipSkillReport> {
      const observations = await repo.observations(filter);
      const groups = (
        keyOf: (o: (typeof observations)[number]) => string,
        nameOf: (o: (typeof observations)[number]) => string,
      ) => {
        const map = new Map<string, { name: string; items: typeof observations }>();
        for (const o of observations) {
          const key = keyOf(o);
          const group = map.get(key) ?? { name: nameOf(o), items: [] };
          group.items.push(o);
          map.set(key, group);
        }
        return [...map.entries()]
          .map(([key, group]): RipSkillRow => {
            const skill = ripSkill(
              group.items.map((o) => ({
                likelihood: o.model_likelihood,
                activity: o.activity as RipActivity,
              })),
            );
            const first = group.items[0]!;
            return {
              key,
              region: regionKey(first.state, first.area_slug),
              name: group.name,
              reports: group.items.length,
              observations: skill.observations,
              brier: skill.brier,
              brier_base: skill.brierBase,
              base_rate: skill.baseRate,
              skill: skill.skill,
            };
          })
          .sort((a, b) => a.name.localeCompare(b.name));
      };
      return {
        regions: groups(
          (o) => regionKey(o.state, o.area_slug),
          (o) => `${o.area}, ${o.state}`,
        ),
        beaches: groups(
          (o) => String(o.beach_id),
          (o) => `${o.title}, ${o.state}`,
        ),
      };
    },

    /** Refits a region's coefficients on its observations; stores them when the refit is better. */
    async calibrate(region: string, fittedBy: string): Promise<RipCalibration> {
      const [state, areaSlug] = region.split('/');
      if (!state || !areaSlug)
        throw new RangeError(`A region is "STATE/area-slug", e.g. NSW/sydney (got "${region}")`);
      const observations = await repo.observations({ state, areaSlug });
      const samples: RipSample[] = observations.flatMap((o) => {
        if (!o.model_inputs) return [];
        const inputs = JSON.parse(o.model_inputs) as RipModelHour['inputs'];
        if (
          inputs.wave_height_m === null ||
          inputs.wave_direction_deg === null ||
          inputs.water_level_m === null
        )
          return [];
        const sample: RipInputs = {
          waveHeightM: inputs.wave_height_m,
          waveDirectionDeg: inputs.wave_direction_deg,
          shoreNormalDeg: inputs.shore_normal_deg,
          event: inputs.event,
          waterLevelM: inputs.water_level_m,
        };
        return [{ inputs: sample, outcome: ripOutcome(o.activity as RipActivity) }];
      });
      const result = calibrateRipModel(samples);
      if (result.ok) {
        await repo.insertCoefficients({
          region,
          intercept: result.coefficients.intercept,
          b_height: result.coefficients.height,
          b_angle: result.coefficients.angle,
          b_event: result.coefficients.event,
          b_level: result.coefficients.level,
          observations: result.observations,
          brier_cv: result.brierCv,
          brier_noaa_cv: result.brierNoaaCv,
          fitted_at: clock().toISOString(),
          fitted_by: fittedBy,
        });
      }
      return result;
    },

    /** Goes back to the coefficients before the region's current refit (the NOAA ones at the end). */
    async rollback(region: string): Promise<RipCoefficientsRow | undefined> {
      return repo.retireActive(region, clock().toISOString());
    },
  };
}

export type RipService = ReturnType<typeof createRipService>;
