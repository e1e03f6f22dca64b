import * as z from 'zod/mini';
import { localClock, twelveHourClock } from './time.ts';

/**
 * The rip-current outlook as the API serves it (GET /api/v5/beach/{beachId}/rip-outlook), the
 * compact level list rows carry, and the words every screen uses for it. The model itself is in
 * rip-outlook.ts. It is a MODEL OUTLOOK: every place that shows it says so, with its inputs, its
 * age and how well it has been checked here; lifesavers' live status always comes first.
 */

export const RIP_LEVELS = ['low', 'moderate', 'high'] as const;
export const RipLevelSchema = z.enum(RIP_LEVELS);
export const RIP_DAY_PARTS = ['morning', 'afternoon', 'evening', 'night'] as const;
export const RipDayPartSchema = z.enum(RIP_DAY_PARTS);
export const RIP_ACTIVITIES = ['none', 'some', 'strong'] as const;
export const RipActivitySchema = z.enum(RIP_ACTIVITIES);

export const BeachShoreNormalSchema = z.object({
  /** Degrees true, the direction the beach faces looking out to sea. */
  degrees: z.number(),
  source: z.enum(['osm-coastline', 'import']),
  /** How sure the derivation from the coastline is; null for an operator's value (its note names the source). */
  confidence: z.nullable(z.enum(['high', 'medium', 'low'])),
  /** The import's source line, or why the derived value is weak. */
  note: z.nullable(z.string()),
});
export type BeachShoreNormal = z.infer<typeof BeachShoreNormalSchema>;

/** A beach's stored shore normal columns as the contract shows them (null: none known). */
export function presentShoreNormal(row: {
  shore_normal_deg: number | null;
  shore_normal_source: string | null;
  shore_normal_confidence: string | null;
  shore_normal_note: string | null;
}): BeachShoreNormal | null {
  if (row.shore_normal_deg === null) return null;
  const confidence = row.shore_normal_confidence;
  return {
    degrees: row.shore_normal_deg,
    source: row.shore_normal_source === 'import' ? 'import' : 'osm-coastline',
    confidence: confidence === 'high' || confidence === 'medium' || confidence === 'low' ? confidence : null,
    note: row.shore_normal_note,
  };
}

export const RipOutlookHourSchema = z.object({
  time: z.string(),
  /** 0–100; null where an input is missing. */
  likelihood: z.nullable(z.number()),
  level: z.nullable(RipLevelSchema),
  wave_height_m: z.nullable(z.number()),
  wave_direction_deg: z.nullable(z.number()),
  /** Relative to mean sea level. */
  water_level_m: z.nullable(z.number()),
});
export type RipOutlookHour = z.infer<typeof RipOutlookHourSchema>;

export const RipOutlookDaySchema = z.object({
  /** The beach's local date. */
  date: z.string(),
  peak_time: z.nullable(z.string()),
  peak_likelihood: z.nullable(z.number()),
  level: z.nullable(RipLevelSchema),
  part: z.nullable(RipDayPartSchema),
  /** At the peak hour. */
  wave_height_m: z.nullable(z.number()),
  /** Waves' direction off the shore normal at the peak, degrees (0 = straight onshore). */
  wave_angle_deg: z.nullable(z.number()),
  /** The low tide nearest the peak that day, if any. */
  low_tide_time: z.nullable(z.string()),
});
export type RipOutlookDay = z.infer<typeof RipOutlookDaySchema>;

export const RipStandingSchema = z.object({
  /** Lifesaver observations at this beach that have a model hour beside them. */
  observations: z.int(),
  /** Enough of them (RIP_CHECKED_MIN_OBSERVATIONS) to say how the outlook did here. */
  checked: z.boolean(),
  /** Brier skill score against the observed base rate (1 perfect, 0 no better, < 0 worse). */
  skill: z.nullable(z.number()),
  text: z.string(),
});
export type RipStanding = z.infer<typeof RipStandingSchema>;

export const RipSourceSchema = z.object({
  name: z.string(),
  attribution: z.string(),
  url: z.nullable(z.string()),
});

export const RipOutlookSchema = z.object({
  beach_id: z.int(),
  available: z.boolean(),
  /** Why there is no outlook ("No rip outlook for this beach: …"); null when available. */
  reason: z.nullable(z.string()),
  model: z.object({
    name: z.string(),
    coefficients: z.enum(['noaa', 'regional']),
    region: z.nullable(z.string()),
    fitted_at: z.nullable(z.string()),
    fitted_observations: z.nullable(z.int()),
  }),
  shore_normal: z.nullable(BeachShoreNormalSchema),
  computed_at: z.nullable(z.string()),
  age_seconds: z.nullable(z.int()),
  /** Older than RIP_OUTLOOK_STALE_HOURS: the forecast behind it may have changed. */
  stale: z.boolean(),
  timezone: z.string(),
  hours: z.array(RipOutlookHourSchema),
  days: z.array(RipOutlookDaySchema),
  standing: RipStandingSchema,
  sources: z.array(RipSourceSchema),
});
export type RipOutlook = z.infer<typeof RipOutlookSchema>;

/** The compact level on list rows, map popups and My Beaches (today, at the beach). */
export const RipOutlookSummarySchema = z.object({
  level: RipLevelSchema,
  likelihood: z.number(),
  part: z.nullable(RipDayPartSchema),
  date: z.string(),
  computed_at: z.string(),
});
export type RipOutlookSummary = z.infer<typeof RipOutlookSummarySchema>;

/** Control (C0, DEL, C1) and format characters (bidirectional overrides, zero-width) and lone surrogates. */
const UNSAFE_TEXT = /[\p{Cc}\p{Cf}\p{Cs}]/u;

export const RipObservationBodySchema = z.object({
  activity: RipActivitySchema,
  note: z.optional(
    z.nullable(
      z.string().check(
        z.maxLength(200, 'The note must be at most 200 characters.'),
        z.refine((value) => !UNSAFE_TEXT.test(value), 'The note must not contain control characters.'),
      ),
    ),
  ),
  /** When it was seen (an offline report keeps its own time); default now. Within the last 24 h. */
  observed_at: z.optional(z.iso.datetime({ offset: true })),
});
export type RipObservationBody = z.infer<typeof RipObservationBodySchema>;

export const RipObservationSchema = z.object({
  id: z.int(),
  beach_id: z.int(),
  observed_at: z.string(),
  activity: RipActivitySchema,
  note: z.nullable(z.string()),
  model_likelihood: z.nullable(z.number()),
});
export type RipObservation = z.infer<typeof RipObservationSchema>;

export const RipSkillRowSchema = z.object({
  /** A region key ("STATE/area-slug") or a beach id. */
  key: z.string(),
  /** The region the row is in ("STATE/area-slug"). */
  region: z.string(),
  name: z.string(),
  observations: z.int(),
  brier: z.nullable(z.number()),
  brier_base: z.nullable(z.number()),
  base_rate: z.nullable(z.number()),
  skill: z.nullable(z.number()),
});
export type RipSkillRow = z.infer<typeof RipSkillRowSchema>;
export const RipSkillReportSchema = z.object({
  regions: z.array(RipSkillRowSchema),
  beaches: z.array(RipSkillRowSchema),
});
export type RipSkillReport = z.infer<typeof RipSkillReportSchema>;

/** From this many observations a beach's outlook says how it did there. */
export const RIP_CHECKED_MIN_OBSERVATIONS = 30;
export const RIP_OUTLOOK_STALE_HOURS = 12;
export const RIP_MODEL_NAME = 'NOAA rip current model (Dusek & Seim 2013)';

export const RIP_TEXT = {
  label: 'Model outlook',
  noOutlook: 'No rip outlook for this beach',
  notChecked: 'Not yet checked against observations at this beach.',
  lifesaversFirst:
    'A forecast from a model, not an observation: the flags and the lifesavers on the beach come first.',
} as const;

export const RIP_LEVEL_WORDS: Record<(typeof RIP_LEVELS)[number], string> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
};

/** "straight onshore" and friends, from the waves' angle off the shore normal. */
export function waveAngleWords(angleDeg: number): string {
  const angle = Math.abs(angleDeg);
  if (angle <= 15) return 'straight onshore';
  if (angle <= 45) return 'at an angle to the beach';
  return 'along the beach';
}

function partWords(part: RipOutlookDay['part'], isToday: boolean): string {
  if (!part) return isToday ? 'today' : '';
  if (part === 'night') return isToday ? 'tonight' : 'overnight';
  return isToday ? `this ${part}` : `in the ${part}`;
}

/**
 * The Right now line for a day whose outlook is moderate or high, e.g. "Rip currents likely this
 * afternoon (model outlook): 1.6 m waves straight onshore, low tide 3:10 pm". Null for low or
 * unknown days: Right now only speaks when there is something to say.
 */
export function ripRightNowText(day: RipOutlookDay, timeZone: string, isToday = true): string | null {
  if (day.level !== 'moderate' && day.level !== 'high') return null;
  const verb = day.level === 'high' ? 'likely' : 'possible';
  const parts: string[] = [];
  if (day.wave_height_m !== null) {
    const waves = `${day.wave_height_m.toFixed(1)} m waves`;
    parts.push(day.wave_angle_deg === null ? waves : `${waves} ${waveAngleWords(day.wave_angle_deg)}`);
  }
  if (day.low_tide_time) {
    const [h, m] = localClock(new Date(day.low_tide_time), timeZone).split(':').map(Number);
    parts.push(`low tide ${twelveHourClock(h! * 60 + m!)}`);
  }
  const when = partWords(day.part, isToday);
  return `Rip currents ${verb}${when ? ` ${when}` : ''} (model outlook)${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** How well the outlook has been checked here, in words. */
export function ripStandingText(observations: number, skill: number | null): string {
  if (observations < RIP_CHECKED_MIN_OBSERVATIONS || skill === null) return RIP_TEXT.notChecked;
  const verdict = skill > 0.05 ? 'better than' : skill < -0.05 ? 'worse than' : 'about as good as';
  return `Checked against ${observations} lifesaver observations here: ${verdict} the usual rate (skill ${skill.toFixed(2)}).`;
}
