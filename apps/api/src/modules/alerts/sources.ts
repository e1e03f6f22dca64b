import { Cron } from 'croner';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { warningsFor, BOM_SOURCE, type WarningsProvider } from '../../providers/bom-warnings.ts';
import { BEACHWATCH_SOURCE } from '../../providers/beachwatch.ts';
import type { ForecastProvider } from '../../providers/open-meteo-forecast.ts';
import type { MarineProvider } from '../../providers/open-meteo-marine.ts';
import type { WaterQualityService } from '../water-quality/index.ts';
import {
  beachesWanting,
  fanOut,
  insertEvent,
  readSourceState,
  swapSourceState,
  type PreferenceColumn,
} from './store.ts';
import type { WorkerLogger } from './worker.ts';

/**
 * Where alert events come from. Each detection is idempotent: an event's dedupe key is what makes
 * it (a warning's id, a status change's time, a crossing's hour), and a source's remembered state
 * changes by compare-and-set, so two processes polling the same feed make one event, and an event
 * fans out once.
 *
 * - Status changes: write-through from the console's status service (onBeachStatusChanged), in its
 *   transaction: the event commits with the change or not at all.
 * - Marine and surf warnings: the state's feed on the provider's regular poll; a warning id not seen
 *   before is new. The first poll of a state only learns what is already in force (no alerts for
 *   warnings issued before the server started watching).
 * - Water quality: a beach's Beachwatch forecast turning to "pollution likely".
 * - Thresholds: from the cached forecasts (never an extra upstream call): wind at or above the
 *   Bureau's strong-wind range, UV extreme, swell at or above a chosen height; once per crossing
 *   (the value must fall back below 90% of the line before another crossing counts).
 */

/** The Bureau's strong wind warning range starts at 26 knots (48 km/h). */
export const STRONG_WIND_KMH = 48;
/** UV index 11 and above is "extreme" (WHO / ARPANSA). */
export const UV_EXTREME = 11;
/** The swell heights a person can choose from (m). */
export const SWELL_CHOICES = [1, 1.5, 2, 2.5, 3, 4, 5] as const;
const HYSTERESIS = 0.9;
/** The time zone a state's warnings are stated in (its capital's). */
const STATE_ZONES: Record<string, string> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
};

export const STATUS_LABELS: Record<string, string> = {
  dangerous_surf: 'Dangerous surf',
  rip_currents: 'Rip currents',
  shark_sighting: 'Shark sighting',
  marine_stingers: 'Marine stingers',
  bluebottles: 'Bluebottles',
  crocodile_sighting: 'Crocodile sighting',
  pollution: 'Pollution',
  lightning: 'Lightning',
  other: 'Other',
};

/** What the console's status service reports (console contract, "Event hook for alerts"). */
export interface BeachStatusChange {
  beachId: number;
  from: unknown;
  to: unknown;
  at: Date | string;
  setBy: string | null | undefined;
}

interface StatusView {
  status: string | null;
  reason: string | null;
  message: string | null;
}

function statusView(value: unknown): StatusView {
  if (value === null || value === undefined) return { status: null, reason: null, message: null };
  if (typeof value === 'string') return { status: value, reason: null, message: null };
  const v = value as Record<string, unknown>;
  const pick = (...names: string[]) => {
    for (const name of names) if (typeof v[name] === 'string') return v[name];
    return null;
  };
  return {
    status: pick('status'),
    reason: pick('status_reason', 'reason'),
    message: pick('status_message', 'message'),
  };
}

const CLOSING = new Set(['closed', 'inclement']);

function wallClock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(at)
    .replace(/\s/g, ' ');
}

/**
 * The console hook: a beach closing, turning inclement, or reopening after either, becomes an
 * event for the beach's followers. Runs inside the status service's transaction.
 */
export async function onStatusChanged(
  trx: Transaction<DB> | Kysely<DB>,
  change: BeachStatusChange,
): Promise<number | null> {
  const from = statusView(change.from);
  const to = statusView(change.to);
  const toClosing = CLOSING.has((to.status ?? '').toLowerCase());
  const fromClosing = CLOSING.has((from.status ?? '').toLowerCase());
  if (!toClosing && !fromClosing) return null;
  if (toClosing && to.status?.toLowerCase() === from.status?.toLowerCase() && to.reason === from.reason)
    return null;
  const at = change.at instanceof Date ? change.at : new Date(change.at);
  const beach = await trx
    .selectFrom('beaches')
    .select(['id', 'state', 'timezone'])
    .where('id', '=', change.beachId)
    .executeTakeFirst();
  if (!beach) return null;
  const by =
    change.setBy === 'operator'
      ? 'beach operator'
      : change.setBy === 'import'
        ? 'imported status'
        : 'lifesavers';
  const when = wallClock(at, beach.timezone);
  const reason = to.reason ? (STATUS_LABELS[to.reason] ?? to.reason) : null;
  const title = toClosing
    ? to.status === 'Inclement' || to.status?.toLowerCase() === 'inclement'
      ? 'Inclement'
      : 'Closed'
    : 'Reopened';
  const body = toClosing
    ? `${[reason, to.message].filter(Boolean).join(': ') || title} — set by ${by} at ${when}.`
    : `${to.status ? `Now ${to.status}` : 'No longer closed'} — set by ${by} at ${when}.`;
  const eventId = await insertEvent(
    trx,
    {
      dedupeKey: `status:${beach.id}:${at.toISOString()}:${to.status ?? 'none'}`,
      kind: 'status',
      beachId: beach.id,
      state: beach.state,
      title,
      body,
      source: 'SafeShore lifesaver console',
      occurredAt: at.toISOString(),
    },
    at.toISOString(),
  );
  if (eventId === null) return null;
  await fanOut(trx, eventId, [beach.id], { column: 'status' }, at.toISOString());
  return eventId;
}

async function followedBeaches(db: Kysely<DB>, state?: string) {
  let query = db
    .selectFrom('beaches as b')
    .select(['b.id', 'b.key', 'b.state', 'b.latitude', 'b.longitude'])
    .where((eb) =>
      eb.exists(eb.selectFrom('follows as f').select('f.beach_id').whereRef('f.beach_id', '=', 'b.id')),
    );
  if (state) query = query.where('b.state', '=', state);
  return query.execute();
}

export interface SourceDeps {
  db: Kysely<DB>;
  clock: () => Date;
  warnings: WarningsProvider | null;
  forecast: ForecastProvider | null;
  marine: MarineProvider | null;
  waterQuality: Pick<WaterQualityService, 'provider' | 'currentMatch'> | null;
  log?: WorkerLogger;
  /** Called after events were fanned out (wakes this process's worker). */
  onEvents?: () => void;
}

/** New warnings in the states where someone follows a beach; the events made. */
export async function pollWarnings(deps: SourceDeps): Promise<number> {
  const { db, warnings } = deps;
  if (!warnings) return 0;
  const now = deps.clock();
  const at = now.toISOString();
  const beaches = await followedBeaches(db);
  const states = [...new Set(beaches.map((b) => b.state))].filter((s) => warnings.covers(s));
  let made = 0;
  for (const state of states) {
    const feed = await warnings.get(state);
    if (!feed) continue;
    const inForce = feed.value.filter(
      (w) =>
        (w.expiresAt === null || Date.parse(w.expiresAt) > now.getTime()) &&
        Date.parse(w.issuedAt) <= now.getTime() + 300_000,
    );
    const keys = inForce.map((w) => `warning:${state}:${w.id}`);
    const known = new Set(
      keys.length === 0
        ? []
        : (
            await db.selectFrom('alert_events').select('dedupe_key').where('dedupe_key', 'in', keys).execute()
          ).map((r) => r.dedupe_key),
    );
    // The first poll of a state learns what is already in force, without alerting.
    const baseline = await swapSourceState(db, `warnings-watched:${state}`, null, at, at);
    const stateBeaches = beaches.filter((b) => b.state === state);
    for (const warning of inForce) {
      const dedupeKey = `warning:${state}:${warning.id}`;
      if (known.has(dedupeKey)) continue;
      await db.transaction().execute(async (trx) => {
        const eventId = await insertEvent(
          trx,
          {
            dedupeKey,
            kind: 'warning',
            beachId: null,
            state,
            title: warning.title ?? 'Marine warning',
            body: `${warning.text.slice(0, 180)}${warning.text.length > 180 ? '…' : ''} Issued ${wallClock(new Date(warning.issuedAt), STATE_ZONES[state] ?? 'Australia/Sydney')} (${state}).`,
            source: BOM_SOURCE.name,
            occurredAt: warning.issuedAt,
          },
          at,
        );
        if (eventId === null || baseline) return;
        const covered = stateBeaches
          .filter(
            (b) =>
              warningsFor({ latitude: b.latitude, longitude: b.longitude }, [warning], now.getTime()).length >
              0,
          )
          .map((b) => b.id);
        await fanOut(trx, eventId, covered, { column: 'warnings' }, at);
        made += 1;
      });
    }
  }
  if (made > 0) deps.onEvents?.();
  return made;
}

/** Beaches whose Beachwatch forecast turned to "pollution likely"; the events made. */
export async function pollWaterQuality(deps: SourceDeps): Promise<number> {
  const { db, waterQuality } = deps;
  if (!waterQuality?.provider) return 0;
  const match = await waterQuality.currentMatch();
  const feed = waterQuality.provider.peek();
  if (!match || !feed) return 0;
  const now = deps.clock();
  const at = now.toISOString();
  const sites = new Map(feed.value.sites.map((s) => [s.id, s]));
  const beaches = (await followedBeaches(db)).filter((b) => match.byBeach.has(b.key));
  const state = await readSourceState(
    db,
    beaches.map((b) => `wq:${b.id}`),
  );
  let made = 0;
  for (const beach of beaches) {
    const site = sites.get(match.byBeach.get(beach.key)!.siteId);
    if (!site) continue;
    const key = `wq:${beach.id}`;
    const before = state.get(key) ?? null;
    if (before === site.forecast) continue;
    if (!(await swapSourceState(db, key, before, site.forecast, at))) continue;
    if (before === null || site.forecast !== 'likely') continue;
    await db.transaction().execute(async (trx) => {
      const eventId = await insertEvent(
        trx,
        {
          dedupeKey: `wq:${beach.id}:${site.forecastAt ?? at}`,
          kind: 'water_quality',
          beachId: beach.id,
          state: beach.state,
          title: 'Pollution likely',
          body: `Beachwatch forecasts pollution likely at ${site.siteName}; avoid swimming for a day after rain.`,
          source: BEACHWATCH_SOURCE.name,
          occurredAt: site.forecastAt ?? at,
        },
        at,
      );
      if (eventId === null) return;
      await fanOut(trx, eventId, [beach.id], { column: 'water_quality' }, at);
      made += 1;
    });
  }
  if (made > 0) deps.onEvents?.();
  return made;
}

/** A beach whose rip outlook is high today (modules/rip, after a refresh). */
export interface RipHigh {
  beachId: number;
  state: string;
  /** The beach's local date. */
  date: string;
  /** The outlook's line, e.g. "Rip currents likely this afternoon (model outlook): …". */
  text: string;
}

/**
 * "Rip outlook high" at followed beaches whose followers opted in: once per beach and local day
 * (the dedupe key), held in quiet hours like other forecasts. The events made.
 */
export async function recordRipHigh(
  deps: Pick<SourceDeps, 'db' | 'clock' | 'onEvents'>,
  highs: readonly RipHigh[],
): Promise<number> {
  const { db } = deps;
  if (highs.length === 0) return 0;
  const wanted = await beachesWanting(
    db,
    highs.map((h) => h.beachId),
    'rip',
  );
  const at = deps.clock().toISOString();
  let made = 0;
  for (const high of highs) {
    if (!wanted.has(high.beachId)) continue;
    await db.transaction().execute(async (trx) => {
      const eventId = await insertEvent(
        trx,
        {
          dedupeKey: `rip:${high.beachId}:${high.date}`,
          kind: 'rip',
          beachId: high.beachId,
          state: high.state,
          title: 'Rip outlook high',
          body: `${high.text}. A model outlook: the flags and the lifesavers on the beach come first.`,
          source: 'SafeShore rip outlook (NOAA model)',
          occurredAt: at,
        },
        at,
      );
      if (eventId === null) return;
      await fanOut(trx, eventId, [high.beachId], { column: 'rip' }, at);
      made += 1;
    });
  }
  if (made > 0) deps.onEvents?.();
  return made;
}

/** The value of an hourly column for the hour containing `now`, or null. */
export function valueAt(times: Float64Array, column: Float32Array, now: number): number | null {
  for (let i = times.length - 1; i >= 0; i -= 1) {
    if (times[i]! <= now) {
      if (now - times[i]! >= 3_600_000) return null;
      const value = column[i]!;
      return Number.isNaN(value) ? null : value;
    }
  }
  return null;
}

interface Line {
  metric: 'wind' | 'uv' | 'swell';
  threshold: number;
  choice: { column: PreferenceColumn } | { swellM: number };
  title: string;
  body: (value: number) => string;
  source: string;
}

/** Threshold crossings at followed beaches, from the cached forecasts; the events made. */
export async function evaluateThresholds(deps: SourceDeps): Promise<number> {
  const { db } = deps;
  if (!deps.forecast && !deps.marine) return 0;
  const now = deps.clock();
  const at = now.toISOString();
  // Beaches where someone who follows them has a threshold on (their own choice or their defaults).
  const rows = await db
    .selectFrom('follows as f')
    .innerJoin('beaches as b', 'b.id', 'f.beach_id')
    .leftJoin('alert_beach_preferences as p', (j) =>
      j.onRef('p.user_id', '=', 'f.user_id').onRef('p.beach_id', '=', 'f.beach_id'),
    )
    .leftJoin('alert_settings as s', 's.user_id', 'f.user_id')
    .select((eb) => [
      'b.id',
      'b.latitude',
      'b.longitude',
      'b.state',
      eb.fn.coalesce('p.wind', 's.wind', eb.val(0)).as('wind'),
      eb.fn.coalesce('p.uv', 's.uv', eb.val(0)).as('uv'),
      eb.fn
        .coalesce('p.swell_m', eb.case().when('p.user_id', 'is', null).then(eb.ref('s.swell_m')).end())
        .as('swell_m'),
    ])
    .execute();
  const beaches = new Map<
    number,
    { latitude: number; longitude: number; state: string; lines: Map<string, Line> }
  >();
  for (const row of rows) {
    let beach = beaches.get(row.id);
    if (!beach) {
      beach = { latitude: row.latitude, longitude: row.longitude, state: row.state, lines: new Map() };
      beaches.set(row.id, beach);
    }
    if (Number(row.wind) === 1)
      beach.lines.set('wind', {
        metric: 'wind',
        threshold: STRONG_WIND_KMH,
        choice: { column: 'wind' },
        title: 'Strong wind',
        body: (v) => `Wind ${Math.round(v)} km/h, in the Bureau's strong-wind range (48 km/h and above).`,
        source: 'Open-Meteo forecast',
      });
    if (Number(row.uv) === 1)
      beach.lines.set('uv', {
        metric: 'uv',
        threshold: UV_EXTREME,
        choice: { column: 'uv' },
        title: 'UV extreme',
        body: (v) => `UV index ${Math.round(v)}: extreme. Slip, slop, slap, seek and slide.`,
        source: 'Open-Meteo forecast',
      });
    const swell = row.swell_m === null ? null : Number(row.swell_m);
    if (swell !== null && Number.isFinite(swell))
      beach.lines.set(`swell:${swell}`, {
        metric: 'swell',
        threshold: swell,
        choice: { swellM: swell },
        title: `Swell above ${swell} m`,
        body: (v) => `Swell ${v.toFixed(1)} m, above the ${swell} m you chose.`,
        source: 'Open-Meteo marine',
      });
  }
  const keys: string[] = [];
  for (const [id, beach] of beaches)
    for (const line of beach.lines.values()) keys.push(`th:${id}:${line.metric}:${line.threshold}`);
  const remembered = await readSourceState(db, keys);
  let made = 0;
  for (const [id, beach] of beaches) {
    const point = { latitude: beach.latitude, longitude: beach.longitude };
    const forecast = deps.forecast?.peek(point)?.value ?? null;
    const marine = deps.marine?.peek(point)?.value ?? null;
    for (const line of beach.lines.values()) {
      const value =
        line.metric === 'swell'
          ? marine && valueAt(marine.times, marine.values.swell_wave_height, now.getTime())
          : forecast &&
            valueAt(
              forecast.times,
              forecast.values[line.metric === 'wind' ? 'wind_speed_10m' : 'uv_index'],
              now.getTime(),
            );
      if (value === null || value === undefined) continue;
      const key = `th:${id}:${line.metric}:${line.threshold}`;
      const before = remembered.get(key) ?? null;
      const side =
        value >= line.threshold
          ? 'above'
          : value < line.threshold * HYSTERESIS
            ? 'below'
            : (before ?? 'below');
      if (side === before) continue;
      if (!(await swapSourceState(db, key, before, side, at))) continue;
      if (side !== 'above' || before === null) continue;
      const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString();
      await db.transaction().execute(async (trx) => {
        const eventId = await insertEvent(
          trx,
          {
            dedupeKey: `${key}:${hour}`,
            kind: 'threshold',
            beachId: id,
            state: beach.state,
            title: line.title,
            body: line.body(value),
            source: line.source,
            occurredAt: at,
          },
          at,
        );
        if (eventId === null) return;
        await fanOut(trx, eventId, [id], line.choice, at);
        made += 1;
      });
    }
  }
  if (made > 0) deps.onEvents?.();
  return made;
}

export interface SourceSchedules {
  stop(): void;
}

/** Runs the polls on their schedules (croner; no overlapping runs; errors logged, never thrown). */
export function scheduleSources(
  deps: SourceDeps,
  patterns: { warnings: string; waterQuality: string; thresholds: string },
): SourceSchedules {
  const guard = (name: string, run: (d: SourceDeps) => Promise<number>) => async () => {
    try {
      const made = await run(deps);
      if (made > 0) deps.log?.info({ source: name, events: made }, 'alert events detected');
    } catch (error) {
      deps.log?.error({ source: name, err: error }, 'alert source failed');
    }
  };
  const jobs = [
    new Cron(patterns.warnings, { protect: true, unref: true }, guard('warnings', pollWarnings)),
    new Cron(patterns.waterQuality, { protect: true, unref: true }, guard('water_quality', pollWaterQuality)),
    new Cron(patterns.thresholds, { protect: true, unref: true }, guard('thresholds', evaluateThresholds)),
  ];
  return {
    stop() {
      for (const job of jobs) job.stop();
    },
  };
}
