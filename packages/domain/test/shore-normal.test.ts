import { describe, expect, it } from 'vitest';
import { joinCoastlines, shoreNormal, type CoastlinePolyline } from '../src/shore-normal.ts';

/** Synthetic coastlines near Sydney's latitude, built in metres east/north of a beach at the origin. */
const ORIGIN = { latitude: -34, longitude: 151 };
const M_PER_DEG_LAT = (6_371_008.8 * Math.PI) / 180;
const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((ORIGIN.latitude * Math.PI) / 180);

/** [lon, lat] of a point `east`, `north` metres from the origin. */
function at(east: number, north: number): [number, number] {
  return [ORIGIN.longitude + east / M_PER_DEG_LON, ORIGIN.latitude + north / M_PER_DEG_LAT];
}

/** A straight line through (east, north) in direction `bearing` (degrees true), ±`half` m, a vertex every 50 m. */
function straight(bearing: number, half = 3000, east = 0, north = 0): Array<[number, number]> {
  const rad = (bearing * Math.PI) / 180;
  const points: Array<[number, number]> = [];
  for (let s = -half; s <= half; s += 50)
    points.push(at(east + s * Math.sin(rad), north + s * Math.cos(rad)));
  return points;
}

describe('shore normal', () => {
  it('faces east on a coast running north with the sea to its right (land on the left, as OpenStreetMap draws it)', () => {
    // Coast 100 m east of the beach's point, drawn northwards: land (west) on its left.
    const result = shoreNormal(ORIGIN, [straight(0, 3000, 100, 0)]);
    expect(result).toEqual({ normalDeg: 90, confidence: 'high', distanceM: 100, note: null });
  });

  it('faces west on a coast drawn southwards, north on one drawn west, south on one drawn east', () => {
    expect(shoreNormal(ORIGIN, [straight(180, 3000, -60, 0)]).normalDeg).toBe(270);
    expect(shoreNormal(ORIGIN, [straight(270, 3000, 0, 80)]).normalDeg).toBe(0);
    expect(shoreNormal(ORIGIN, [straight(90, 3000, 0, -80)]).normalDeg).toBe(180);
  });

  it('gives an oblique coast its own angle, to the tenth of a degree', () => {
    // A coast running 30° (NNE): the sea to its right faces 120° (ESE).
    const result = shoreNormal(ORIGIN, [straight(30)]);
    expect(result.normalDeg).toBeCloseTo(120, 1);
    expect(result.confidence).toBe('high');
  });

  it('reads a coastline mapped in several ways joined end to start, across the joins', () => {
    const line = straight(0);
    const pieces = [line.slice(0, 50), line.slice(49, 62), line.slice(61)];
    // Given in any order: the window runs from one piece into the next.
    const result = shoreNormal(ORIGIN, [pieces[2]!, pieces[0]!, pieces[1]!]);
    expect(result).toEqual({ normalDeg: 90, confidence: 'high', distanceM: 0, note: null });
    expect(joinCoastlines([pieces[2]!, pieces[0]!, pieces[1]!])).toEqual([line]);
  });

  it('is low at a sharp headland: the coast turns back on itself within the window', () => {
    // A narrow headland pointing east; the beach's point is at its tip.
    const headland: CoastlinePolyline = [at(-2000, -40), at(0, -40), at(30, 0), at(0, 40), at(-2000, 40)];
    const result = shoreNormal(ORIGIN, [headland]);
    expect(result.confidence).toBe('low');
    expect(result.note).toMatch(/turns sharply/);
  });

  it('is medium where the coast bends within the window, and low where other coastline is nearly as close', () => {
    // A 60° bend 100 m north of the point.
    const bend: CoastlinePolyline = [at(50, -3000), at(50, 100), at(50 + 3000 * Math.sin(Math.PI / 3), 1600)];
    const bent = shoreNormal(ORIGIN, [bend]);
    expect(bent.confidence).toBe('medium');
    expect(bent.note).toMatch(/bends/);
    // On a spit 310 m wide: the sea 150 m east, a lagoon 160 m west.
    const spit = shoreNormal(ORIGIN, [straight(0, 3000, 150, 0), straight(180, 3000, -160, 0)]);
    expect(spit.normalDeg).toBe(90);
    expect(spit.confidence).toBe('low');
    expect(spit.note).toMatch(/Other coastline is nearly as close, 160 m away/);
  });

  it('lowers confidence with distance: medium beyond 200 m, low beyond 400 m, nothing beyond 1 km', () => {
    expect(shoreNormal(ORIGIN, [straight(0, 3000, 250, 0)])).toMatchObject({
      normalDeg: 90,
      confidence: 'medium',
      distanceM: 250,
    });
    expect(shoreNormal(ORIGIN, [straight(0, 3000, 600, 0)])).toMatchObject({
      normalDeg: 90,
      confidence: 'low',
      note: "The nearest coastline is 600 m from the beach's point.",
    });
    expect(shoreNormal(ORIGIN, [straight(0, 3000, 1200, 0)])).toEqual({
      normalDeg: null,
      confidence: null,
      distanceM: 1200,
      note: "No OpenStreetMap coastline within 1 km of the beach's point",
    });
    expect(shoreNormal(ORIGIN, [])).toEqual({
      normalDeg: null,
      confidence: null,
      distanceM: null,
      note: "No OpenStreetMap coastline within 1 km of the beach's point",
    });
  });

  it('weights the stretch in front of the beach most: a corner near the window end moves the normal little', () => {
    // Coast north-south, turning 90° to the east 400 m north of the point.
    const line: CoastlinePolyline = [at(50, -3000), at(50, 400), at(3000, 400)];
    const result = shoreNormal(ORIGIN, [line]);
    // Unweighted, the 500 m window would give 96.3°; weighted, the part in front counts most: 91.2°.
    expect(result.normalDeg).toBeCloseTo(91.2, 1);
  });

  it("asks for a straight coast over the point's error radius when it is longer than the window", () => {
    // A right-angled corner 700 m north: outside the 500 m window, inside a 1.5 km error radius.
    const line: CoastlinePolyline = [at(50, -3000), at(50, 700), at(3000, 700)];
    expect(shoreNormal(ORIGIN, [line])).toMatchObject({ normalDeg: 90, confidence: 'high' });
    expect(shoreNormal(ORIGIN, [line], { precisionM: 1500 })).toMatchObject({
      normalDeg: 90,
      confidence: 'medium',
      note: "The coastline bends within the point's 1500 m precision.",
    });
  });

  it('walks round a small closed island once (low: its coast turns right round)', () => {
    // An island 200 m across (about 600 m round), drawn anticlockwise (land on the left); the
    // beach's point just off its eastern shore.
    const island: Array<[number, number]> = [];
    for (let i = 0; i <= 24; i++) {
      const a = (i % 24) * ((2 * Math.PI) / 24);
      island.push(at(-150 + 100 * Math.cos(a), 100 * Math.sin(a)));
    }
    const result = shoreNormal(ORIGIN, [island]);
    expect(result.normalDeg).toBeCloseTo(90, 0);
    expect(result.confidence).toBe('low');
  });

  it('is low where less than 250 m of coastline is mapped', () => {
    const result = shoreNormal(ORIGIN, [[at(40, -100), at(40, 100)]]);
    expect(result).toMatchObject({ normalDeg: 90, confidence: 'low' });
    expect(result.note).toBe('Only 200 m of coastline is mapped there.');
  });

  it('keeps the normal in [0, 360)', () => {
    // A coast drawn 270.02°: the normal rounds to 0.0, not 360.0.
    expect(shoreNormal(ORIGIN, [straight(270.02, 3000, 0, 50)]).normalDeg).toBe(0);
  });
});
