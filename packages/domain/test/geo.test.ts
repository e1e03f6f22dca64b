import { describe, expect, it } from 'vitest';
import {
  cosLatitude,
  haversineMetres,
  haversineMetresBetween,
  haversineMetresWithCosines,
} from '../src/geo.ts';

/** A fixed sequence of pseudo-random numbers in [0, 1) (no clock, no Math.random). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('great-circle distance', () => {
  it('measures known distances', () => {
    // Sydney GPO to Melbourne GPO: about 713 km on the sphere.
    const sydney = { latitude: -33.8678, longitude: 151.2073 };
    const melbourne = { latitude: -37.8136, longitude: 144.9631 };
    expect(haversineMetres(sydney, melbourne) / 1000).toBeCloseTo(713.4, 0);
    expect(haversineMetres(sydney, sydney)).toBe(0);
    // A quarter of the equator.
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo(
      (Math.PI / 2) * 6_371_008.8,
      3,
    );
  });

  it('gives the same result to the bit from numbers and from given cosines (the spatial index ranks with these)', () => {
    const random = sequence(20);
    for (let i = 0; i < 2_000; i++) {
      const a = { latitude: random() * 180 - 90, longitude: random() * 360 - 180 };
      // Half near each other (beaches around a coordinate), half anywhere.
      const b =
        i % 2 === 0
          ? { latitude: a.latitude + random() * 0.4 - 0.2, longitude: a.longitude + random() * 0.4 - 0.2 }
          : { latitude: random() * 180 - 90, longitude: random() * 360 - 180 };
      const expected = haversineMetres(a, b);
      expect(haversineMetresBetween(a.latitude, a.longitude, b.latitude, b.longitude)).toBe(expected);
      expect(
        haversineMetresWithCosines(
          a.latitude,
          a.longitude,
          cosLatitude(a.latitude),
          b.latitude,
          b.longitude,
          cosLatitude(b.latitude),
        ),
      ).toBe(expected);
    }
  });
});
