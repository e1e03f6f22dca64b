import { addDays, isCalendarDate, isKnownTimeZone, localClock, zonedInstant } from './time.ts';

/**
 * The rip-current outlook (issue 29): NOAA's operational rip model (Dusek & Seim 2013, "A
 * probabilistic rip current forecast model", J. Coastal Research 29:909-925; NWPS
 * `sorc/ripforecast.fd`), its levels, its skill against lifesavers' observations, and a refit of the
 * same logistic form on a region's observations.
 *
 *   P = 100 · eˣ / (1 + eˣ),  x = b0 + bHs · ln(Hs) + bθ · |θ| + bE · E + bη · η
 *
 * P is the likelihood (%) of rip activity at the level lifeguards report it, not of anyone drowning.
 */

export interface RipCoefficients {
  intercept: number;
  height: number;
  angle: number;
  event: number;
  level: number;
}

/** The published coefficients (NWPS `bulkmodel.f`). */
export const NOAA_RIP_COEFFICIENTS: RipCoefficients = Object.freeze({
  intercept: 1.046,
  height: 3.5108,
  angle: -0.0272,
  event: 0.4164,
  level: -1.7,
});

export interface RipInputs {
  /** Significant wave height (m). */
  waveHeightM: number;
  /** Mean wave direction, degrees true, the direction the waves come from. */
  waveDirectionDeg: number;
  /** The direction the beach faces (seaward), degrees true. */
  shoreNormalDeg: number;
  /** 1 within the 72 hours after an hour whose Hs exceeded 1 m (see eventFlags). */
  event: 0 | 1;
  /** Water level as a deviation from mean sea level (m). */
  waterLevelM: number;
}

/**
 * θ: wave direction minus shore normal, wrapped to ±180°, then clipped to ±90° (waves from behind
 * the beach count as waves along it, as in NWPS). NaN when either is not finite.
 */
export function waveAngle(waveDirectionDeg: number, shoreNormalDeg: number): number {
  const difference = waveDirectionDeg - shoreNormalDeg;
  if (!Number.isFinite(difference)) return Number.NaN;
  const wrapped = ((((difference + 180) % 360) + 360) % 360) - 180;
  return wrapped < -90 ? -90 : wrapped > 90 ? 90 : wrapped;
}

/** The logistic, written so that neither tail overflows. */
function likelihoodOf(x: number): number {
  return 100 / (1 + Math.exp(-x));
}

/**
 * The likelihood (0..100 %) for one hour. Hs ≤ 0 is 0 whatever the other inputs (no breaking waves,
 * and ln Hs → −∞ outweighs any finite term: NWPS does the same). Otherwise null (unknown) when any
 * input is not finite or the event flag is not 0 or 1.
 */
export function ripLikelihood(
  inputs: RipInputs,
  coefficients: RipCoefficients = NOAA_RIP_COEFFICIENTS,
): number | null {
  const { waveHeightM, event, waterLevelM } = inputs;
  if (!Number.isFinite(waveHeightM)) return null;
  if (waveHeightM <= 0) return 0;
  const angle = waveAngle(inputs.waveDirectionDeg, inputs.shoreNormalDeg);
  if (Number.isNaN(angle) || !Number.isFinite(waterLevelM) || (event !== 0 && event !== 1)) return null;
  return likelihoodOf(
    coefficients.intercept +
      coefficients.height * Math.log(waveHeightM) +
      coefficients.angle * Math.abs(angle) +
      coefficients.event * event +
      coefficients.level * waterLevelM,
  );
}

export type RipLevel = 'low' | 'moderate' | 'high';

/**
 * Likelihood (%) at or above which each level applies. These are the bands of NOAA's own chart of
 * this model's output (NWPS `ush/python/rip.py`: below 25 % grey, 25-50 % yellow, 50 % and above
 * red), which NWS offices read as their low / moderate / high rip current risk. P is the chance
 * that lifeguards would report rip activity, not a chance of drowning: at 50 % rips are as likely
 * as not, which is worth "high" on an unpatrolled beach; below 25 % rips still happen (near
 * headlands, rocks and groynes the model knows nothing about), so "low" never means "none".
 */
export const RIP_LEVEL_THRESHOLDS: Readonly<{ moderate: number; high: number }> = Object.freeze({
  moderate: 25,
  high: 50,
});

/** The level of a known likelihood (0..100); an unknown one has no level and is an error here. */
export function ripLevel(likelihood: number): RipLevel {
  if (!Number.isFinite(likelihood)) throw new RangeError(`Not a rip likelihood: ${likelihood}`);
  if (likelihood >= RIP_LEVEL_THRESHOLDS.high) return 'high';
  if (likelihood >= RIP_LEVEL_THRESHOLDS.moderate) return 'moderate';
  return 'low';
}

const EVENT_HEIGHT_M = 1;
const EVENT_WINDOW_MS = 72 * 3_600_000;

/**
 * 1 for each hour within 72 h after (and including) an hour whose Hs > 1 m; times ms ascending; NaN
 * heights are not events. The window is closed at both ends: an hour exactly 72 h after the last
 * hour over 1 m is still flagged (as in NWPS `eventcalc.f`, which flags the 72 steps after a peak).
 * Hours are matched by time, not position, so gaps in the series shorten nothing. Callers pass the
 * 72 hours before the first hour they want, or an event then is missed.
 */
export function eventFlags(times: ArrayLike<number>, heights: ArrayLike<number>): Uint8Array {
  if (times.length !== heights.length) {
    throw new RangeError(`eventFlags: ${times.length} times but ${heights.length} heights`);
  }
  const flags = new Uint8Array(times.length);
  let lastEvent = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < times.length; i++) {
    const time = times[i]!;
    if (!(time > previous))
      throw new RangeError(`eventFlags: times must be finite and ascending (index ${i})`);
    previous = time;
    if (heights[i]! > EVENT_HEIGHT_M) lastEvent = time;
    flags[i] = time - lastEvent <= EVENT_WINDOW_MS ? 1 : 0;
  }
  return flags;
}

/**
 * Batch for the hot path: writes likelihood (NaN where unknown) per hour into `out`; no allocation
 * per hour. Same rules as ripLikelihood, one shore normal for the series; `events` are eventFlags.
 */
export function ripLikelihoodSeries(
  series: {
    heights: ArrayLike<number>;
    directions: ArrayLike<number>;
    levels: ArrayLike<number>;
    events: ArrayLike<number>;
  },
  shoreNormalDeg: number,
  coefficients: RipCoefficients,
  out: Float32Array,
): Float32Array {
  const { heights, directions, levels, events } = series;
  const n = heights.length;
  if (directions.length !== n || levels.length !== n || events.length !== n || out.length < n) {
    throw new RangeError(
      'ripLikelihoodSeries: heights, directions, levels and events must be as long as each other, and out at least as long',
    );
  }
  const { intercept, height, angle, event, level } = coefficients;
  for (let i = 0; i < n; i++) {
    const hs = heights[i]!;
    if (!Number.isFinite(hs) || hs <= 0) {
      out[i] = hs <= 0 && hs > Number.NEGATIVE_INFINITY ? 0 : Number.NaN;
      continue;
    }
    const theta = waveAngle(directions[i]!, shoreNormalDeg);
    const eta = levels[i]!;
    const e = events[i]!;
    if (Number.isNaN(theta) || !Number.isFinite(eta) || (e !== 0 && e !== 1)) {
      out[i] = Number.NaN;
      continue;
    }
    out[i] = likelihoodOf(
      intercept + height * Math.log(hs) + angle * Math.abs(theta) + event * e + level * eta,
    );
  }
  return out;
}

export type RipDayPart = 'morning' | 'afternoon' | 'evening' | 'night';

/** Local hour at which each part of the day begins: night runs from 9 pm to 5 am. */
const DAY_PARTS: ReadonlyArray<readonly [number, RipDayPart]> = [
  [21, 'night'],
  [17, 'evening'],
  [12, 'afternoon'],
  [5, 'morning'],
  [0, 'night'],
];

/** The part of the day an instant falls in, on the zone's wall clock. */
export function ripDayPart(time: number, timeZone: string): RipDayPart {
  const hour = Number(localClock(new Date(time), timeZone).slice(0, 2));
  return DAY_PARTS.find(([from]) => hour >= from)![1];
}

/**
 * The peak of a local day: hours are {time ms, likelihood (0..100 or NaN)}; timeZone IANA;
 * localDate 'YYYY-MM-DD'. Null when no known hour that day. The day runs from local midnight to
 * the next (23 or 25 hours when the clocks change); of equal peaks the earliest wins.
 */
export function ripDayPeak(
  hours: ReadonlyArray<{ time: number; likelihood: number }>,
  timeZone: string,
  localDate: string,
): { time: number; likelihood: number; level: RipLevel; part: RipDayPart } | null {
  if (!isKnownTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  if (!isCalendarDate(localDate)) throw new RangeError(`Not a YYYY-MM-DD date: ${localDate}`);
  const start = zonedInstant(localDate, '00:00', timeZone).getTime();
  const end = zonedInstant(addDays(localDate, 1), '00:00', timeZone).getTime();
  let peak: { time: number; likelihood: number } | null = null;
  for (const hour of hours) {
    if (hour.time < start || hour.time >= end || !Number.isFinite(hour.likelihood)) continue;
    if (
      !peak ||
      hour.likelihood > peak.likelihood ||
      (hour.likelihood === peak.likelihood && hour.time < peak.time)
    ) {
      peak = hour;
    }
  }
  if (!peak) return null;
  return {
    time: peak.time,
    likelihood: peak.likelihood,
    level: ripLevel(peak.likelihood),
    part: ripDayPart(peak.time, timeZone),
  };
}

/* ---- Skill against lifesavers' observations ---- */

export type RipActivity = 'none' | 'some' | 'strong';

/** What the model forecasts is rip activity at all: some or strong = 1. */
export function ripOutcome(activity: RipActivity): 0 | 1 {
  return activity === 'none' ? 0 : 1;
}

/** Mean squared difference between probability (0..1) and outcome; NaN for no pairs. */
export function brierScore(pairs: ReadonlyArray<{ probability: number; outcome: 0 | 1 }>): number {
  if (pairs.length === 0) return Number.NaN;
  let sum = 0;
  for (const { probability, outcome } of pairs) {
    if (!(probability >= 0 && probability <= 1)) throw new RangeError(`Not a probability: ${probability}`);
    sum += (probability - outcome) ** 2;
  }
  return sum / pairs.length;
}

export interface RipSkill {
  /** Observations scored (those with a known likelihood). */
  observations: number;
  brier: number | null;
  brierBase: number | null;
  baseRate: number | null;
  skill: number | null;
}

/**
 * Observations whose likelihood is null (no outlook that hour) are counted in none of the scores,
 * not in `observations` either. Base = climatology: the observed rate of the same set, forecast
 * for every hour (its Brier score is rate × (1 − rate)); skill = 1 − brier / brierBase, null when
 * brierBase is 0 (every observation the same) or there are no observations. Positive skill beats
 * always saying the local rate; negative does worse.
 */
export function ripSkill(
  observations: ReadonlyArray<{ likelihood: number | null; activity: RipActivity }>,
): RipSkill {
  const pairs: Array<{ probability: number; outcome: 0 | 1 }> = [];
  for (const { likelihood, activity } of observations) {
    if (likelihood === null || !Number.isFinite(likelihood)) continue;
    pairs.push({ probability: likelihood / 100, outcome: ripOutcome(activity) });
  }
  if (pairs.length === 0) {
    return { observations: 0, brier: null, brierBase: null, baseRate: null, skill: null };
  }
  const baseRate = pairs.reduce((sum, pair) => sum + pair.outcome, 0) / pairs.length;
  const brier = brierScore(pairs);
  const brierBase = brierScore(pairs.map(({ outcome }) => ({ probability: baseRate, outcome })));
  return {
    observations: pairs.length,
    brier,
    brierBase,
    baseRate,
    skill: brierBase === 0 ? null : 1 - brier / brierBase,
  };
}

/* ---- Recalibration: the same logistic form fitted on a region's observations ---- */

export interface RipSample {
  inputs: RipInputs;
  outcome: 0 | 1;
}

const FEATURES = 5;
const COEFFICIENT_KEYS = ['intercept', 'height', 'angle', 'event', 'level'] as const;

/** Features [1, ln Hs, |θ|, E, η] of a sample, or null when it cannot enter a fit (Hs ≤ 0 or unknown). */
function featuresOf(inputs: RipInputs): [number, number, number, number, number] | null {
  const { waveHeightM, event, waterLevelM } = inputs;
  if (!(waveHeightM > 0) || !Number.isFinite(waveHeightM)) return null;
  const angle = waveAngle(inputs.waveDirectionDeg, inputs.shoreNormalDeg);
  if (Number.isNaN(angle) || !Number.isFinite(waterLevelM) || (event !== 0 && event !== 1)) return null;
  return [1, Math.log(waveHeightM), Math.abs(angle), event, waterLevelM];
}

/**
 * The samples a fit and its scores use: Hs > 0 and every input known. A flat sea (Hs ≤ 0) is P = 0
 * under any coefficients, so it says nothing about them; an unknown input cannot be scored.
 */
export function usableRipSamples(samples: ReadonlyArray<RipSample>): RipSample[] {
  return samples.filter((sample) => featuresOf(sample.inputs) !== null);
}

/** log(1 + eᶻ) without overflow. */
function softplus(z: number): number {
  return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
}

/** Solves the symmetric positive-definite system a·x = b (Cholesky); null when a is not. */
function solveSpd(a: Float64Array, b: Float64Array, m: number): Float64Array | null {
  const l = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * m + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * m + k]! * l[j * m + k]!;
      if (i === j) {
        if (!(sum > 1e-12 * Math.max(1, a[i * m + i]!))) return null;
        l[i * m + i] = Math.sqrt(sum);
      } else {
        l[i * m + j] = sum / l[j * m + j]!;
      }
    }
  }
  const x = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= l[i * m + k]! * x[k]!;
    x[i] = sum / l[i * m + i]!;
  }
  for (let i = m - 1; i >= 0; i--) {
    let sum = x[i]!;
    for (let k = i + 1; k < m; k++) sum -= l[k * m + i]! * x[k]!;
    x[i] = sum / l[i * m + i]!;
  }
  return x;
}

/**
 * Penalised log-likelihood maximised by Newton's method (IRLS) with step halving, on standardised
 * columns z (n × m, row-major) plus a fixed offset per row. Null when it does not converge to a
 * finite optimum: separated data, where the likelihood keeps rising as coefficients run off to
 * infinity.
 */
function newtonLogistic(
  z: Float64Array,
  offset: Float64Array,
  y: Uint8Array,
  m: number,
  ridge: number,
): Float64Array | null {
  const n = y.length;
  const objective = (g: Float64Array) => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      let eta = offset[i]!;
      for (let j = 0; j < m; j++) eta += z[i * m + j]! * g[j]!;
      sum += y[i]! * eta - softplus(eta);
    }
    for (let j = 0; j < m; j++) sum -= 0.5 * ridge * g[j]! ** 2;
    return sum;
  };
  let gamma = new Float64Array(m);
  let current = objective(gamma);
  for (let iteration = 0; iteration < 100; iteration++) {
    const gradient = new Float64Array(m);
    const hessian = new Float64Array(m * m);
    for (let i = 0; i < n; i++) {
      let eta = offset[i]!;
      for (let j = 0; j < m; j++) eta += z[i * m + j]! * gamma[j]!;
      const p = 1 / (1 + Math.exp(-eta));
      const w = p * (1 - p);
      const residual = y[i]! - p;
      for (let j = 0; j < m; j++) {
        const zij = z[i * m + j]!;
        gradient[j] = gradient[j]! + zij * residual;
        for (let k = 0; k <= j; k++) hessian[j * m + k] = hessian[j * m + k]! + w * zij * z[i * m + k]!;
      }
    }
    for (let j = 0; j < m; j++) {
      gradient[j] = gradient[j]! - ridge * gamma[j]!;
      hessian[j * m + j] = hessian[j * m + j]! + ridge;
      for (let k = 0; k < j; k++) hessian[k * m + j] = hessian[j * m + k]!;
    }
    const step = solveSpd(hessian, gradient, m);
    if (!step) return null;
    let scale = 1;
    let next = gamma;
    let value = current;
    for (let halving = 0; halving < 40; halving++) {
      next = gamma.map((g, j) => g + scale * step[j]!);
      value = objective(next);
      if (value >= current - 1e-12 * Math.abs(current)) break;
      scale /= 2;
    }
    const change = Math.max(...next.map((g, j) => Math.abs(g - gamma[j]!)));
    gamma = next;
    current = value;
    // Per standard deviation of a feature, a coefficient of 30 is odds of e³⁰: separation, not data.
    if (gamma.some((g) => !Number.isFinite(g) || Math.abs(g) > 30)) return null;
    if (change < 1e-9) return gamma;
  }
  return null;
}

/**
 * Penalty on the standardised coefficients used only when the plain fit does not converge
 * (perfectly separated data, or every outcome the same): a normal prior with a standard deviation of
 * 10 per standard deviation of each feature, which is negligible beside the ≥ 200 observations a
 * calibration needs, and makes the optimum finite and unique.
 */
const SEPARATION_RIDGE = 0.01;

/**
 * Logistic regression of outcome on [1, ln Hs, |θ|, E, η] by Newton's method (IRLS), maximum
 * likelihood. Samples with Hs ≤ 0 or a non-finite input are excluded (usableRipSamples). Columns are
 * standardised for the solve. A feature that does not vary among the samples (say, no hour over
 * 1 m, so E is always 0) cannot be estimated: it keeps NOAA's coefficient, as a fixed offset. When
 * the data are separable the plain fit diverges, and it is refitted with SEPARATION_RIDGE.
 */
export function fitRipModel(samples: ReadonlyArray<RipSample>): RipCoefficients {
  const rows: Array<[number, number, number, number, number]> = [];
  const outcomes: number[] = [];
  for (const sample of samples) {
    const features = featuresOf(sample.inputs);
    if (!features) continue;
    if (sample.outcome !== 0 && sample.outcome !== 1)
      throw new RangeError(`Not an outcome: ${sample.outcome}`);
    rows.push(features);
    outcomes.push(sample.outcome);
  }
  const n = rows.length;
  if (n === 0)
    throw new RangeError('fitRipModel: no usable samples (each needs Hs > 0 and every input known)');

  const noaa = COEFFICIENT_KEYS.map((key) => NOAA_RIP_COEFFICIENTS[key]);
  const means = new Float64Array(FEATURES);
  const sds = new Float64Array(FEATURES);
  const active: number[] = [0];
  for (let j = 1; j < FEATURES; j++) {
    let mean = 0;
    for (const row of rows) mean += row[j]!;
    mean /= n;
    let variance = 0;
    for (const row of rows) variance += (row[j]! - mean) ** 2;
    const sd = Math.sqrt(variance / n);
    means[j] = mean;
    sds[j] = sd;
    if (sd > 1e-9 * Math.max(1, Math.abs(mean))) active.push(j);
  }
  const m = active.length;
  const z = new Float64Array(n * m);
  const offset = new Float64Array(n);
  const y = Uint8Array.from(outcomes);
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    active.forEach((j, column) => {
      z[i * m + column] = j === 0 ? 1 : (row[j]! - means[j]!) / sds[j]!;
    });
    for (let j = 1; j < FEATURES; j++) if (!active.includes(j)) offset[i] = offset[i]! + noaa[j]! * row[j]!;
  }

  const gamma = newtonLogistic(z, offset, y, m, 0) ?? newtonLogistic(z, offset, y, m, SEPARATION_RIDGE);
  // Strictly concave with the ridge, so Newton with step halving converges; kept as a guard.
  if (!gamma) throw new Error('fitRipModel: the fit did not converge');

  const beta = [...noaa];
  beta[0] = gamma[0]!;
  active.forEach((j, column) => {
    if (j === 0) return;
    beta[j] = gamma[column]! / sds[j]!;
    beta[0] = beta[0]! - (gamma[column]! * means[j]!) / sds[j]!;
  });
  return {
    intercept: beta[0]!,
    height: beta[1]!,
    angle: beta[2]!,
    event: beta[3]!,
    level: beta[4]!,
  };
}

/** A seeded pseudo-random generator (mulberry32): repeatable folds and synthetic data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FOLD_SEED = 29;

/** Fold of each usable sample: its position after a seeded shuffle, mod k. The same on every run. */
function foldsOf(n: number, folds: number): Uint32Array {
  if (!Number.isInteger(folds) || folds < 2 || folds > n) {
    throw new RangeError(`Cross-validation needs 2 to ${n} folds, not ${folds}`);
  }
  const order = Array.from({ length: n }, (_, i) => i);
  const random = seededRandom(FOLD_SEED);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const fold = new Uint32Array(n);
  order.forEach((sample, position) => {
    fold[sample] = position % folds;
  });
  return fold;
}

/** Squared error of each usable sample when predicted by coefficients fitted without its fold. */
function crossValidatedErrors(
  usable: ReadonlyArray<RipSample>,
  folds: number,
  coefficientsFor: (train: ReadonlyArray<RipSample>) => RipCoefficients,
): Float64Array {
  const fold = foldsOf(usable.length, folds);
  const errors = new Float64Array(usable.length);
  for (let k = 0; k < folds; k++) {
    const coefficients = coefficientsFor(usable.filter((_, i) => fold[i] !== k));
    usable.forEach((sample, i) => {
      if (fold[i] !== k) return;
      // Usable samples always have a likelihood.
      errors[i] = (ripLikelihood(sample.inputs, coefficients)! / 100 - sample.outcome) ** 2;
    });
  }
  return errors;
}

function mean(values: Float64Array): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Brier score of out-of-fold predictions: each usable sample (usableRipSamples) is predicted once,
 * by coefficients from the other folds, and the squared errors are averaged over all of them. Fold
 * assignment is deterministic (a fixed-seed shuffle, then position mod k), so two models scored by
 * this function on the same samples are scored on the same folds.
 */
export function crossValidatedBrier(
  samples: ReadonlyArray<RipSample>,
  folds: number,
  coefficientsFor: (train: ReadonlyArray<RipSample>) => RipCoefficients,
): number {
  return mean(crossValidatedErrors(usableRipSamples(samples), folds, coefficientsFor));
}

export const RIP_CALIBRATION_MIN_OBSERVATIONS = 200;

/**
 * `observations`: the samples the fit and scores used; `excluded`: the samples left out (Hs ≤ 0 or
 * an input unknown).
 */
export type RipCalibration =
  | {
      ok: true;
      coefficients: RipCoefficients;
      observations: number;
      excluded: number;
      brierCv: number;
      brierNoaaCv: number;
    }
  | {
      ok: false;
      reason: string;
      observations: number;
      excluded: number;
      brierCv: number | null;
      brierNoaaCv: number | null;
    };

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Refuses (ok:false, reason in plain words) under 200 usable observations, or when the k-fold (5)
 * CV Brier of the refit is not better than the NOAA coefficients' Brier on the same folds. "Better"
 * means better beyond chance: lower by more than twice the standard error of the mean paired
 * difference, since the two scores share their samples; a refit that wins by noise would replace a
 * published model for nothing. The coefficients returned are fitted on all usable observations.
 */
export function calibrateRipModel(
  samples: ReadonlyArray<RipSample>,
  options: { folds?: number; minObservations?: number } = {},
): RipCalibration {
  const folds = options.folds ?? 5;
  const minObservations = options.minObservations ?? RIP_CALIBRATION_MIN_OBSERVATIONS;
  const usable = usableRipSamples(samples);
  const observations = usable.length;
  const excluded = samples.length - observations;
  const leftOut =
    excluded === 0 ? '' : ` (${plural(excluded, 'more observation')} left out: flat sea or an input unknown)`;
  if (observations < Math.max(minObservations, folds)) {
    return {
      ok: false,
      reason: `Only ${plural(observations, 'usable observation')}${leftOut}; a refit needs at least ${Math.max(minObservations, folds)}.`,
      observations,
      excluded,
      brierCv: null,
      brierNoaaCv: null,
    };
  }
  const refit = crossValidatedErrors(usable, folds, fitRipModel);
  const noaa = crossValidatedErrors(usable, folds, () => NOAA_RIP_COEFFICIENTS);
  const brierCv = mean(refit);
  const brierNoaaCv = mean(noaa);
  const differences = refit.map((error, i) => noaa[i]! - error);
  const gain = mean(differences);
  const variance = differences.reduce((sum, d) => sum + (d - gain) ** 2, 0) / (observations - 1);
  const standardError = Math.sqrt(variance / observations);
  if (!(gain > 2 * standardError)) {
    return {
      ok: false,
      reason:
        `The refit is not clearly better than the NOAA coefficients on ${plural(observations, 'observation')}${leftOut}: ` +
        `${folds}-fold cross-validated Brier score ${brierCv.toFixed(4)} against NOAA's ${brierNoaaCv.toFixed(4)} ` +
        `(it must be lower by more than ${(2 * standardError).toFixed(4)}, twice the standard error of the difference).`,
      observations,
      excluded,
      brierCv,
      brierNoaaCv,
    };
  }
  return { ok: true, coefficients: fitRipModel(usable), observations, excluded, brierCv, brierNoaaCv };
}
