import { describe, expect, it } from 'vitest';
import {
  NOAA_RIP_COEFFICIENTS,
  RIP_CALIBRATION_MIN_OBSERVATIONS,
  RIP_LEVEL_THRESHOLDS,
  brierScore,
  calibrateRipModel,
  crossValidatedBrier,
  eventFlags,
  fitRipModel,
  ripDayPeak,
  ripLevel,
  ripLikelihood,
  ripLikelihoodSeries,
  ripOutcome,
  ripSkill,
  seededRandom,
  usableRipSamples,
  waveAngle,
  type RipCoefficients,
  type RipInputs,
  type RipSample,
} from '../src/index.ts';

const HOUR = 3_600_000;
const onshore = (waveHeightM: number, overrides: Partial<RipInputs> = {}): RipInputs => ({
  waveHeightM,
  waveDirectionDeg: 90,
  shoreNormalDeg: 90,
  event: 0,
  waterLevelM: 0,
  ...overrides,
});

describe('the NOAA rip model', () => {
  it('has the published coefficients', () => {
    expect(NOAA_RIP_COEFFICIENTS).toEqual({
      intercept: 1.046,
      height: 3.5108,
      angle: -0.0272,
      event: 0.4164,
      level: -1.7,
    });
  });

  it('wraps the wave angle across north and clips it at ±90°', () => {
    expect(waveAngle(90, 90)).toBe(0);
    expect(waveAngle(10, 350)).toBeCloseTo(20, 12); // 10 − 350 = −340 → +20
    expect(waveAngle(350, 10)).toBeCloseTo(-20, 12); // 350 − 10 = 340 → −20
    expect(waveAngle(0, 270)).toBe(90); // exactly 90: kept
    expect(waveAngle(200, 90)).toBe(90); // 110 → clipped
    expect(waveAngle(0, 90)).toBe(-90); // −90 exactly
    expect(waveAngle(330, 90)).toBe(-90); // 240 → −120 → clipped
    expect(waveAngle(270, 90)).toBe(-90); // 180 → −180 → clipped
    expect(waveAngle(90 + 720 + 45, 90)).toBeCloseTo(45, 12); // whole turns do not matter
    expect(waveAngle(Number.NaN, 90)).toBeNaN();
    expect(waveAngle(90, Number.POSITIVE_INFINITY)).toBeNaN();
  });

  /*
   * Each row by hand: x = 1.046 + 3.5108·ln Hs − 0.0272·|θ| + 0.4164·E − 1.70·η, P = 100·eˣ/(1+eˣ).
   */
  const TABLE: Array<[string, RipInputs, number, 'low' | 'moderate' | 'high']> = [
    // ln 1.5 = 0.405465; 3.5108 × 0.405465 = 1.423507; x = 1.046 + 1.423507 = 2.469507;
    // eˣ = 11.816619; P = 100 × 11.816619 / 12.816619 = 92.1976
    ['1.5 m straight onshore at MSL', onshore(1.5), 92.1976, 'high'],
    // x = 2.469507 + 0.4164 = 2.885907; eˣ = 17.919812; P = 100 × 17.919812 / 18.919812 = 94.7145
    ['1.5 m straight onshore at MSL after a 1 m event', onshore(1.5, { event: 1 }), 94.7145, 'high'],
    // ln 0.3 = −1.203973; 3.5108 × −1.203973 = −4.226908; x = 1.046 − 4.226908 = −3.180908;
    // eˣ = 0.041548; P = 100 × 0.041548 / 1.041548 = 3.9891
    ['0.3 m straight onshore', onshore(0.3), 3.9891, 'low'],
    // ln 0.6 = −0.510826; × 3.5108 = −1.793407; x = −0.747407; eˣ = 0.473593; P = 32.1387
    ['0.6 m straight onshore', onshore(0.6), 32.1387, 'moderate'],
    // θ = 10 − 350 = −340 → +20; ln 1 = 0; x = 1.046 − 0.0272 × 20 = 0.502; eˣ = 1.652022;
    // P = 100 × 1.652022 / 2.652022 = 62.2929
    [
      '1 m, waves from 10°, beach facing 350°',
      onshore(1, { waveDirectionDeg: 10, shoreNormalDeg: 350 }),
      62.2929,
      'high',
    ],
    // θ = 350 − 10 = 340 → −20; |θ| = 20: the same x = 0.502, P = 62.2929
    [
      '1 m, waves from 350°, beach facing 10°',
      onshore(1, { waveDirectionDeg: 350, shoreNormalDeg: 10 }),
      62.2929,
      'high',
    ],
    // θ = 200 − 90 = 110 → clipped to 90; x = 1.046 − 0.0272 × 90 = 1.046 − 2.448 = −1.402;
    // eˣ = 0.246104; P = 100 × 0.246104 / 1.246104 = 19.7499
    ['1 m from behind the beach (clipped)', onshore(1, { waveDirectionDeg: 200 }), 19.7499, 'low'],
    // θ = 270 − 90 = 180 → −180 → clipped to −90; |θ| = 90: x = −1.402, P = 19.7499
    ['1 m, waves from straight offshore', onshore(1, { waveDirectionDeg: 270 }), 19.7499, 'low'],
    // x = 1.046 + 0.4164 − 1.70 × 0.5 = 1.4624 − 0.85 = 0.6124; eˣ = 1.844854; P = 64.8488
    ['1 m at 0.5 m above MSL after an event', onshore(1, { event: 1, waterLevelM: 0.5 }), 64.8488, 'high'],
    // ln 2 = 0.693147; × 3.5108 = 2.433501; x = 1.046 + 2.433501 − 0.0272 × 45 + 0.4164 + 0.68
    // = 1.046 + 2.433501 − 1.224 + 0.4164 + 0.68 = 3.351901; eˣ = 28.556972; P = 96.6167
    [
      '2 m at 45°, event, 0.4 m below MSL',
      onshore(2, { waveDirectionDeg: 135, event: 1, waterLevelM: -0.4 }),
      96.6167,
      'high',
    ],
    // ln 0.8 = −0.223144; × 3.5108 = −0.783412; θ = 60 − 90 = −30; x = 1.046 − 0.783412 − 0.816
    // − 0.51 = −1.063412; eˣ = 0.345276; P = 100 × 0.345276 / 1.345276 = 25.6658
    [
      '0.8 m at −30°, 0.3 m above MSL',
      onshore(0.8, { waveDirectionDeg: 60, waterLevelM: 0.3 }),
      25.6658,
      'moderate',
    ],
  ];

  it.each(TABLE)('%s: the likelihood and level computed by hand', (_, inputs, likelihood, level) => {
    const computed = ripLikelihood(inputs);
    expect(computed).toBeCloseTo(likelihood, 3);
    expect(ripLevel(computed!)).toBe(level);
  });

  it('is 0 with no waves, whatever else is known', () => {
    expect(ripLikelihood(onshore(0))).toBe(0);
    expect(ripLikelihood(onshore(-0.2))).toBe(0);
    expect(ripLikelihood(onshore(0, { waveDirectionDeg: Number.NaN }))).toBe(0);
  });

  it('is unknown (null) when an input is not known', () => {
    expect(ripLikelihood(onshore(Number.NaN))).toBeNull();
    expect(ripLikelihood(onshore(Number.POSITIVE_INFINITY))).toBeNull();
    expect(ripLikelihood(onshore(1, { waveDirectionDeg: Number.NaN }))).toBeNull();
    expect(ripLikelihood(onshore(1, { shoreNormalDeg: Number.NaN }))).toBeNull();
    expect(ripLikelihood(onshore(1, { waterLevelM: Number.NaN }))).toBeNull();
    expect(ripLikelihood(onshore(1, { event: Number.NaN as 0 }))).toBeNull();
    expect(ripLikelihood(onshore(1, { event: 2 as 1 }))).toBeNull();
  });

  it('uses other coefficients when given', () => {
    const flat: RipCoefficients = { intercept: 0, height: 0, angle: 0, event: 0, level: 0 };
    expect(ripLikelihood(onshore(3), flat)).toBe(50);
    // x = −1 + 2 × ln 1 = −1; P = 100 / (1 + e) = 26.8941
    expect(ripLikelihood(onshore(1), { ...flat, intercept: -1, height: 2 })).toBeCloseTo(26.8941, 4);
  });

  it('sets levels at 25 % and 50 %, the bands of NOAA’s own chart', () => {
    expect(RIP_LEVEL_THRESHOLDS).toEqual({ moderate: 25, high: 50 });
    expect(ripLevel(0)).toBe('low');
    expect(ripLevel(24.99)).toBe('low');
    expect(ripLevel(25)).toBe('moderate');
    expect(ripLevel(49.99)).toBe('moderate');
    expect(ripLevel(50)).toBe('high');
    expect(ripLevel(100)).toBe('high');
    expect(() => ripLevel(Number.NaN)).toThrow(RangeError);
  });

  it('computes a series the same as hour by hour, unknown as NaN', () => {
    const random = seededRandom(7);
    const n = 500;
    const heights = new Float32Array(n);
    const directions = new Float32Array(n);
    const levels = new Float32Array(n);
    const events = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      heights[i] = random() * 3 - 0.3; // some flat seas (≤ 0)
      directions[i] = random() * 720 - 180; // beyond 0..360 too
      levels[i] = random() * 2 - 1;
      events[i] = random() < 0.4 ? 1 : 0;
    }
    heights[3] = Number.NaN;
    directions[4] = Number.NaN;
    levels[5] = Number.POSITIVE_INFINITY;
    events[6] = 7;
    heights[7] = 0;
    const coefficients = { ...NOAA_RIP_COEFFICIENTS, intercept: 0.5 };
    const out = new Float32Array(n + 10).fill(-1);
    const returned = ripLikelihoodSeries({ heights, directions, levels, events }, 20, coefficients, out);
    expect(returned).toBe(out);
    let known = 0;
    for (let i = 0; i < n; i++) {
      const single = ripLikelihood(
        {
          waveHeightM: heights[i]!,
          waveDirectionDeg: directions[i]!,
          shoreNormalDeg: 20,
          event: events[i]! as 0 | 1,
          waterLevelM: levels[i]!,
        },
        coefficients,
      );
      if (single === null) expect(out[i]).toBeNaN();
      else expect(out[i]).toBe(Math.fround(single));
      if (single !== null && single > 0) known++;
    }
    expect([out[3], out[4], out[5], out[6]]).toEqual([NaN, NaN, NaN, NaN]);
    expect(out[7]).toBe(0);
    expect(known).toBeGreaterThan(300);
    expect(out[n]).toBe(-1); // nothing written past the series
    expect(() =>
      ripLikelihoodSeries({ heights, directions, levels, events }, 20, coefficients, new Float32Array(n - 1)),
    ).toThrow(RangeError);
  });
});

describe('event flags', () => {
  const T0 = Date.UTC(2026, 0, 1);
  const hourly = (count: number) => Array.from({ length: count }, (_, i) => T0 + i * HOUR);

  it('flag the hour over 1 m and the 72 hours after it, no more', () => {
    const heights = new Array<number>(80).fill(0.8);
    heights[2] = 1.2;
    const flags = eventFlags(hourly(80), heights);
    expect([...flags.slice(0, 2)]).toEqual([0, 0]);
    expect(flags[2]).toBe(1); // the hour itself
    expect(flags.slice(2, 75).every((flag) => flag === 1)).toBe(true); // hours 2..74: 74 − 2 = 72
    expect(flags[74]).toBe(1);
    expect(flags[75]).toBe(0); // 73 hours after
    expect(flags.slice(75).every((flag) => flag === 0)).toBe(true);
  });

  it('need more than 1 m, and take an unknown height for no event', () => {
    const heights = [1, 1.0000001, Number.NaN, 0.5];
    expect([...eventFlags([T0, T0 + 100 * HOUR, T0 + 300 * HOUR, T0 + 301 * HOUR], heights)]).toEqual([
      0, 1, 0, 0,
    ]);
    expect([...eventFlags(hourly(3), [Number.NaN, Number.NaN, Number.NaN])]).toEqual([0, 0, 0]);
  });

  it('run from the latest hour over 1 m', () => {
    const heights = new Array<number>(150).fill(0.4);
    heights[0] = 2;
    heights[50] = 1.5; // restarts the window: flagged to hour 122
    const flags = eventFlags(hourly(150), heights);
    expect(flags.slice(0, 123).every((flag) => flag === 1)).toBe(true);
    expect(flags[123]).toBe(0);
  });

  it('count hours by time across gaps', () => {
    const times = [0, 1, 2, 40, 74, 75, 76, 200].map((h) => T0 + h * HOUR);
    const heights = [0.3, 0.3, 1.4, Number.NaN, 0.2, 0.2, 0.2, 0.2];
    expect([...eventFlags(times, heights)]).toEqual([0, 0, 1, 1, 1, 0, 0, 0]);
    // The next sample after an event, 80 hours on, is outside the window although it is the next one.
    expect([...eventFlags([T0, T0 + 80 * HOUR], [3, 0.5])]).toEqual([1, 0]);
  });

  it('refuse times out of order and lengths that differ', () => {
    expect(() => eventFlags([T0, T0], [0, 0])).toThrow(RangeError);
    expect(() => eventFlags([T0 + HOUR, T0], [0, 0])).toThrow(RangeError);
    expect(() => eventFlags([T0, Number.NaN], [0, 0])).toThrow(RangeError);
    expect(() => eventFlags([T0], [0, 0])).toThrow(RangeError);
    expect(eventFlags([], [])).toEqual(new Uint8Array(0));
  });
});

describe('the peak of a local day', () => {
  const SYDNEY = 'Australia/Sydney';
  const PERTH = 'Australia/Perth';
  const series = (fromIso: string, count: number, likelihood: (time: number, i: number) => number) =>
    Array.from({ length: count }, (_, i) => {
      const time = Date.parse(fromIso) + i * HOUR;
      return { time, likelihood: likelihood(time, i) };
    });

  it('takes the 23 hours of the day the clocks go forward in Sydney', () => {
    // 4 Oct 2026: 2 am AEST (+10) becomes 3 am AEDT (+11). The day runs 3 Oct 14:00Z to 4 Oct 13:00Z.
    const day = series('2026-10-03T10:00:00Z', 36, () => 10);
    const at = (iso: string) => day.find((hour) => hour.time === Date.parse(iso))!;
    at('2026-10-03T13:00:00Z').likelihood = 99; // 11 pm on the 3rd: the day before
    at('2026-10-04T13:00:00Z').likelihood = 98; // midnight AEDT: the next day
    at('2026-10-04T06:00:00Z').likelihood = 60; // 5 pm AEDT (4 pm if the clocks had not changed)
    expect(ripDayPeak(day, SYDNEY, '2026-10-04')).toEqual({
      time: Date.parse('2026-10-04T06:00:00Z'),
      likelihood: 60,
      level: 'high',
      part: 'evening',
    });
    at('2026-10-03T14:00:00Z').likelihood = 61; // midnight AEST: the first hour of the 4th
    expect(ripDayPeak(day, SYDNEY, '2026-10-04')).toMatchObject({ likelihood: 61, part: 'night' });
    const inDay = day.filter(
      (hour) =>
        hour.time >= Date.parse('2026-10-03T14:00:00Z') && hour.time < Date.parse('2026-10-04T13:00:00Z'),
    );
    expect(inDay).toHaveLength(23);
  });

  it('takes the 25 hours of the day the clocks go back in Sydney', () => {
    // 5 Apr 2026: 3 am AEDT (+11) becomes 2 am AEST (+10). The day runs 4 Apr 13:00Z to 5 Apr 14:00Z.
    const day = series('2026-04-04T12:00:00Z', 28, () => 5);
    const at = (iso: string) => day.find((hour) => hour.time === Date.parse(iso))!;
    at('2026-04-05T13:00:00Z').likelihood = 40; // 11 pm AEST, the 25th hour (midnight if +11 had stayed)
    at('2026-04-05T14:00:00Z').likelihood = 90; // midnight AEST: the 6th
    at('2026-04-04T12:00:00Z').likelihood = 90; // 11 pm AEDT on the 4th
    expect(ripDayPeak(day, SYDNEY, '2026-04-05')).toEqual({
      time: Date.parse('2026-04-05T13:00:00Z'),
      likelihood: 40,
      level: 'moderate',
      part: 'night',
    });
  });

  it('names the part of the day in Perth (+8, no daylight time)', () => {
    // 15 Jan 2026 in Perth: 14 Jan 16:00Z to 15 Jan 16:00Z.
    const day = series('2026-01-14T16:00:00Z', 24, (_, i) => i); // likelihood = local hour
    const peakAt = (localHour: number) => {
      const hours = day.map((hour, i) => ({ time: hour.time, likelihood: i === localHour ? 80 : 10 }));
      return ripDayPeak(hours, PERTH, '2026-01-15')!.part;
    };
    expect([0, 4, 5, 11, 12, 16, 17, 20, 21, 23].map(peakAt)).toEqual([
      'night',
      'night',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
      'night',
      'night',
    ]);
    expect(ripDayPeak(day, PERTH, '2026-01-15')).toEqual({
      time: Date.parse('2026-01-15T15:00:00Z'),
      likelihood: 23,
      level: 'low',
      part: 'night',
    });
    // The same instants are a different local day in Sydney (+11): its 15th starts at 14 Jan 13:00Z.
    expect(ripDayPeak(day, SYDNEY, '2026-01-15')!.time).toBe(Date.parse('2026-01-15T12:00:00Z'));
  });

  it('keeps the earliest of equal peaks and skips unknown hours', () => {
    const day = series('2026-01-14T16:00:00Z', 24, (_, i) => (i === 9 || i === 15 ? 70 : i === 3 ? NaN : 20));
    expect(ripDayPeak(day, PERTH, '2026-01-15')).toMatchObject({
      time: Date.parse('2026-01-15T01:00:00Z'),
      part: 'morning',
    });
  });

  it('is null when no hour of that day is known', () => {
    const day = series('2026-01-14T16:00:00Z', 24, () => Number.NaN);
    expect(ripDayPeak(day, PERTH, '2026-01-15')).toBeNull();
    expect(
      ripDayPeak(
        series('2026-01-14T16:00:00Z', 24, () => 50),
        PERTH,
        '2026-01-16',
      ),
    ).toBeNull();
    expect(ripDayPeak([], PERTH, '2026-01-15')).toBeNull();
  });

  it('refuses an unknown zone or a malformed date', () => {
    expect(() => ripDayPeak([], 'Australia/Nowhere', '2026-01-15')).toThrow(RangeError);
    expect(() => ripDayPeak([], PERTH, '2026-02-30')).toThrow(RangeError);
  });
});

describe('skill against lifesavers’ observations', () => {
  it('scores some and strong activity as rips', () => {
    expect([ripOutcome('none'), ripOutcome('some'), ripOutcome('strong')]).toEqual([0, 1, 1]);
  });

  it('computes the Brier score', () => {
    // (0.04 + 0.36 + 0.01) / 3 = 0.136667
    expect(
      brierScore([
        { probability: 0.8, outcome: 1 },
        { probability: 0.6, outcome: 0 },
        { probability: 0.9, outcome: 1 },
      ]),
    ).toBeCloseTo(0.41 / 3, 12);
    expect(brierScore([])).toBeNaN();
    expect(() => brierScore([{ probability: 1.2, outcome: 1 }])).toThrow(RangeError);
    expect(() => brierScore([{ probability: Number.NaN, outcome: 1 }])).toThrow(RangeError);
  });

  it('computes brier, base rate and skill on a small case by hand', () => {
    const skill = ripSkill([
      { likelihood: 80, activity: 'strong' }, // (0.8 − 1)² = 0.04
      { likelihood: 60, activity: 'none' }, // (0.6 − 0)² = 0.36
      { likelihood: 20, activity: 'none' }, // 0.04
      { likelihood: 90, activity: 'some' }, // 0.01
      { likelihood: 0, activity: 'none' }, // 0
      { likelihood: null, activity: 'strong' }, // no outlook that hour: in no score
    ]);
    // Brier = 0.45 / 5 = 0.09. Base rate = 2 / 5 = 0.4. Base Brier = (2 × 0.6² + 3 × 0.4²) / 5
    // = (0.72 + 0.48) / 5 = 0.24. Skill = 1 − 0.09 / 0.24 = 0.625.
    expect(skill.observations).toBe(5);
    expect(skill.brier).toBeCloseTo(0.09, 12);
    expect(skill.baseRate).toBeCloseTo(0.4, 12);
    expect(skill.brierBase).toBeCloseTo(0.24, 12);
    expect(skill.skill).toBeCloseTo(0.625, 12);
  });

  it('has no skill figure when the base rate cannot be beaten or nothing was scored', () => {
    const allRips = ripSkill([
      { likelihood: 70, activity: 'some' },
      { likelihood: 90, activity: 'strong' },
    ]);
    // Brier = (0.09 + 0.01) / 2 = 0.05; base rate 1, base Brier 0: skill undefined.
    expect(allRips).toEqual({
      observations: 2,
      brier: expect.closeTo(0.05, 12),
      brierBase: 0,
      baseRate: 1,
      skill: null,
    });
    const none = { observations: 0, brier: null, brierBase: null, baseRate: null, skill: null };
    expect(ripSkill([])).toEqual(none);
    expect(ripSkill([{ likelihood: null, activity: 'none' }])).toEqual(none);
  });
});

/* ---- Recalibration ---- */

/** Inputs spread over what Australian beaches see: 0.2-3 m, every angle, tides ±1 m. */
function syntheticSamples(count: number, truth: RipCoefficients, seed: number): RipSample[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const shoreNormalDeg = random() * 360;
    const inputs: RipInputs = {
      waveHeightM: Math.exp(Math.log(0.2) + random() * Math.log(3 / 0.2)),
      waveDirectionDeg: (shoreNormalDeg + random() * 260 - 130 + 360) % 360,
      shoreNormalDeg,
      event: random() < 0.35 ? 1 : 0,
      waterLevelM: random() * 2 - 1,
    };
    const p = ripLikelihood(inputs, truth)! / 100;
    return { inputs, outcome: random() < p ? 1 : 0 };
  });
}

const KEYS = ['intercept', 'height', 'angle', 'event', 'level'] as const;

/**
 * Asymptotic standard errors of the maximum-likelihood estimate: the square roots of the diagonal of
 * the inverse Fisher information Σ p(1−p)·x·xᵀ at the true coefficients (Gauss-Jordan on 5 × 5).
 */
function standardErrors(samples: RipSample[], truth: RipCoefficients): number[] {
  const info = Array.from({ length: 5 }, () => new Array<number>(5).fill(0));
  for (const { inputs } of samples) {
    const theta = Math.abs(waveAngle(inputs.waveDirectionDeg, inputs.shoreNormalDeg));
    const x = [1, Math.log(inputs.waveHeightM), theta, inputs.event, inputs.waterLevelM];
    const p = ripLikelihood(inputs, truth)! / 100;
    for (let j = 0; j < 5; j++) for (let k = 0; k < 5; k++) info[j]![k]! += p * (1 - p) * x[j]! * x[k]!;
  }
  const a = info.map((row, j) => [...row, ...Array.from({ length: 5 }, (_, k) => (j === k ? 1 : 0))]);
  for (let col = 0; col < 5; col++) {
    let pivot = col;
    for (let r = col + 1; r < 5; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const lead = a[col]![col]!;
    for (let c = 0; c < 10; c++) a[col]![c]! /= lead;
    for (let r = 0; r < 5; r++) {
      if (r === col) continue;
      const factor = a[r]![col]!;
      for (let c = 0; c < 10; c++) a[r]![c]! -= factor * a[col]![c]!;
    }
  }
  return KEYS.map((_, j) => Math.sqrt(a[j]![5 + j]!));
}

/** A model clearly unlike NOAA's: weaker on height, stronger on the event and on angle. */
const OTHER: RipCoefficients = { intercept: -0.6, height: 2.1, angle: -0.018, event: 0.9, level: -0.8 };

describe('fitting the logistic model', () => {
  /*
   * Tolerance: 4 standard errors of each coefficient at n = 20,000, computed from the Fisher
   * information of the very sample. The estimate is asymptotically normal around the truth, so a
   * correct fit misses by more than 4 SE with probability about 6e-5 per coefficient (and the seed
   * fixes the sample, so the test is repeatable). The SEs are also checked to be small against the
   * coefficients, so the tolerance is not loose enough to pass anything.
   */
  it.each([
    ['a model unlike NOAA’s', OTHER, 101],
    ['NOAA’s model', NOAA_RIP_COEFFICIENTS, 202],
  ] as const)('recovers %s from 20,000 synthetic observations', (_, truth, seed) => {
    const samples = syntheticSamples(20_000, truth, seed);
    const fitted = fitRipModel(samples);
    const errors = standardErrors(samples, truth);
    KEYS.forEach((key, j) => {
      expect(errors[j]!, key).toBeLessThan(0.2 * Math.abs(truth[key]));
      expect(Math.abs(fitted[key] - truth[key]), key).toBeLessThan(4 * errors[j]!);
    });
  });

  it('leaves out flat seas and unknown inputs', () => {
    const samples = syntheticSamples(3000, OTHER, 303);
    const polluted: RipSample[] = [
      ...samples,
      // Were these counted, they would drag every coefficient: all rips at no waves, unknown angles.
      ...Array.from({ length: 500 }, () => ({ inputs: onshore(0), outcome: 1 as const })),
      ...Array.from({ length: 500 }, () => ({
        inputs: onshore(2, { waterLevelM: NaN }),
        outcome: 0 as const,
      })),
    ];
    expect(usableRipSamples(polluted)).toHaveLength(3000);
    expect(fitRipModel(polluted)).toEqual(fitRipModel(samples));
    expect(() => fitRipModel(polluted.slice(3000))).toThrow(RangeError);
  });

  it('keeps NOAA’s coefficient for a feature that never varies', () => {
    const samples = syntheticSamples(5000, OTHER, 404).map(({ inputs, outcome }) => ({
      inputs: { ...inputs, event: 0 as const },
      outcome,
    }));
    const fitted = fitRipModel(samples);
    expect(fitted.event).toBe(NOAA_RIP_COEFFICIENTS.event);
    expect(fitted.height).toBeGreaterThan(1.5);
    expect(fitted.height).toBeLessThan(2.7);
  });

  it('stays finite on separable data (the ridge) and when every outcome is the same', () => {
    const samples = syntheticSamples(400, OTHER, 505).map(({ inputs }) => ({
      inputs,
      outcome: inputs.waveHeightM > 1 ? (1 as const) : (0 as const),
    }));
    const fitted = fitRipModel(samples);
    for (const key of KEYS) expect(Number.isFinite(fitted[key]), key).toBe(true);
    expect(fitted.height).toBeGreaterThan(5); // a steep step at 1 m
    expect(ripLikelihood(onshore(1.3), fitted)).toBeGreaterThan(90);
    expect(ripLikelihood(onshore(0.7), fitted)).toBeLessThan(10);

    const allCalm = fitRipModel(samples.map(({ inputs }) => ({ inputs, outcome: 0 as const })));
    for (const key of KEYS) expect(Number.isFinite(allCalm[key]), key).toBe(true);
    expect(ripLikelihood(onshore(1.5), allCalm)).toBeLessThan(1);
  });
});

describe('cross-validation', () => {
  const samples = syntheticSamples(1000, OTHER, 606);

  it('scores fixed coefficients as their plain Brier score', () => {
    const plain = brierScore(
      samples.map(({ inputs, outcome }) => ({ probability: ripLikelihood(inputs)! / 100, outcome })),
    );
    expect(crossValidatedBrier(samples, 5, () => NOAA_RIP_COEFFICIENTS)).toBeCloseTo(plain, 12);
  });

  it('gives the same folds on every run, and trains without the fold it tests', () => {
    const trainSizes: number[] = [];
    const first = crossValidatedBrier(samples, 5, (train) => {
      trainSizes.push(train.length);
      return fitRipModel(train);
    });
    expect(trainSizes).toEqual([800, 800, 800, 800, 800]);
    expect(crossValidatedBrier(samples, 5, fitRipModel)).toBe(first);
    expect(crossValidatedBrier(samples, 4, fitRipModel)).not.toBe(first);
    // Out of fold is worse than in sample: the refit has not seen the points it is scored on.
    const inSample = fitRipModel(samples);
    expect(first).toBeGreaterThan(crossValidatedBrier(samples, 5, () => inSample));
  });

  it('refuses a number of folds it cannot make', () => {
    expect(() => crossValidatedBrier(samples, 1, fitRipModel)).toThrow(RangeError);
    expect(() => crossValidatedBrier(samples, 2.5, fitRipModel)).toThrow(RangeError);
    expect(() => crossValidatedBrier(samples.slice(0, 3), 5, fitRipModel)).toThrow(RangeError);
  });
});

describe('calibrating a region', () => {
  it('refuses under 200 usable observations, and says so', () => {
    const samples = [
      ...syntheticSamples(RIP_CALIBRATION_MIN_OBSERVATIONS - 1, OTHER, 707),
      { inputs: onshore(0), outcome: 0 as const },
      { inputs: onshore(1, { shoreNormalDeg: NaN }), outcome: 1 as const },
    ];
    const result = calibrateRipModel(samples);
    expect(result).toEqual({
      ok: false,
      reason:
        'Only 199 usable observations (2 more observations left out: flat sea or an input unknown); a refit needs at least 200.',
      observations: 199,
      excluded: 2,
      brierCv: null,
      brierNoaaCv: null,
    });
  });

  it('refuses when the NOAA coefficients are as good (data drawn from the NOAA model)', () => {
    const result = calibrateRipModel(syntheticSamples(2000, NOAA_RIP_COEFFICIENTS, 808));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.observations).toBe(2000);
    expect(result.reason).toMatch(
      /^The refit is not clearly better than the NOAA coefficients on 2000 observations: 5-fold/,
    );
    expect(result.brierCv).toBeGreaterThan(0);
    expect(result.brierNoaaCv).toBeGreaterThan(0);
    expect(result.reason).toContain(result.brierCv!.toFixed(4));
  });

  it('accepts a refit when the data come from a clearly different model', () => {
    const samples = syntheticSamples(2000, OTHER, 909);
    const result = calibrateRipModel(samples);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.observations).toBe(2000);
    expect(result.excluded).toBe(0);
    expect(result.brierCv).toBeLessThan(result.brierNoaaCv - 0.01);
    expect(result.coefficients).toEqual(fitRipModel(samples));
    expect(result.coefficients.height).toBeCloseTo(OTHER.height, 0);
  });

  it('takes another minimum and number of folds', () => {
    const samples = syntheticSamples(300, OTHER, 1010);
    expect(calibrateRipModel(samples, { minObservations: 301 })).toMatchObject({
      ok: false,
      observations: 300,
    });
    const tenFold = calibrateRipModel(samples, { folds: 10 });
    expect(tenFold.brierCv).not.toBeNull();
    expect(tenFold.brierCv).not.toBe(calibrateRipModel(samples).brierCv);
  });
});
