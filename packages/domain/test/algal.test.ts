import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { MetricBodySchema, coerceMetric } from '../src/index.ts';

describe('coerceMetric (spec section 4)', () => {
  it.each([null, undefined, ''])('%j is unset', (value) => {
    expect(coerceMetric(value)).toBeNull();
  });

  it.each(['true', 'yes', '1', 'medium', 'high', 'good', ' TRUE ', 'Yes', 'HIGH', '\tgood\n'])(
    'string %j is true',
    (value) => {
      expect(coerceMetric(value)).toBe(true);
    },
  );

  it.each(['false', 'no', '0', 'low', 'bad', 'maybe', '2', '   '])('string %j is false', (value) => {
    expect(coerceMetric(value)).toBe(false);
  });

  it.each([
    [1, true],
    [0.5, true],
    [42, true],
    [0, false],
    [-1, false],
    [Number.NaN, false],
  ])('number %j is %j', (value, expected) => {
    expect(coerceMetric(value)).toBe(expected);
  });

  it('keeps booleans as they are', () => {
    expect(coerceMetric(true)).toBe(true);
    expect(coerceMetric(false)).toBe(false);
  });
});

describe('MetricBodySchema', () => {
  it('needs all three booleans', () => {
    expect(
      z.safeParse(MetricBodySchema, { water_discolour: true, beach_foam: false, clean_rating: true }).success,
    ).toBe(true);
    const result = z.safeParse(MetricBodySchema, { water_discolour: 'yes', beach_foam: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'clean_rating',
      'water_discolour',
    ]);
  });
});
