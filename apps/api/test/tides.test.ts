import { findStation, stationsNear } from 'neaps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WeatherResponseSchema } from '@safeshore/domain';
import { wallClock } from '../src/modules/weather/wall-clock.ts';
import { createTideProvider, MAX_STATION_DISTANCE_KM, TIDE_DATUM } from '../src/providers/tides.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Tides are predicted offline (neaps + @neaps/tide-database) from the nearest station's harmonic
 * constants. DATUM: every height is metres above Lowest Astronomical Tide (LAT), the chart datum of
 * Australian tide tables, so normal tides are never negative.
 */

const FORT_DENISON = { latitude: -33.8548, longitude: 151.2258 };
const FORT_DENISON_ID = 'ticon/sydney_fort_denison-60370-aus-bom';
// A fixed day at Sydney: 15 January 2025, 00:00 to 24:00 AEDT (UTC+11).
const START = Date.parse('2025-01-15T00:00:00+11:00');
const END = Date.parse('2025-01-16T00:00:00+11:00');

describe('tide provider (neaps, LAT datum)', () => {
  const tides = createTideProvider();

  it('picks Sydney Fort Denison for a point at Fort Denison', () => {
    expect(TIDE_DATUM).toBe('LAT');
    expect(tides.station(FORT_DENISON)).toMatchObject({ id: FORT_DENISON_ID, name: 'Sydney Fort Denison' });
    expect(tides.station(FORT_DENISON)!.distanceM).toBeLessThan(100);
    expect(tides.station(FORT_DENISON)!.attribution).toMatch(/CC BY 4\.0/);
  });

  it('predicts the same high and low times and heights as the library called directly', () => {
    const prediction = tides.predict(FORT_DENISON, START, END)!;
    const direct = findStation(FORT_DENISON_ID).getExtremesPrediction({
      start: new Date(START),
      end: new Date(END),
      datum: 'LAT',
    });
    expect(direct.datum).toBe('LAT');
    const expected = direct.extremes
      .filter((e) => e.time.getTime() >= START && e.time.getTime() < END)
      .map((e) => ({ time: e.time.getTime(), level: e.level, type: e.high ? 'high' : 'low' }));
    expect(prediction.extremes).toEqual(expected);

    // Sydney's tide is semi-diurnal: two highs and two lows a day, highs above lows, ~6 h apart,
    // all within the harbour's astronomical range above LAT (0 to ~2.3 m).
    expect(prediction.extremes.filter((e) => e.type === 'high')).toHaveLength(2);
    expect(prediction.extremes.filter((e) => e.type === 'low')).toHaveLength(2);
    for (const [a, b] of prediction.extremes.slice(1).map((e, i) => [prediction.extremes[i]!, e] as const)) {
      expect(a.type).not.toBe(b.type);
      expect((b.time - a.time) / 3_600_000).toBeGreaterThan(4.5);
      expect((b.time - a.time) / 3_600_000).toBeLessThan(8);
    }
    for (const e of prediction.extremes) {
      expect(e.level).toBeGreaterThanOrEqual(-0.1);
      expect(e.level).toBeLessThan(2.5);
    }
    const highs = prediction.extremes.filter((e) => e.type === 'high').map((e) => e.level);
    const lows = prediction.extremes.filter((e) => e.type === 'low').map((e) => e.level);
    expect(Math.min(...highs)).toBeGreaterThan(Math.max(...lows));
  });

  it('gives an hourly curve on the same datum, through the turning points', () => {
    const prediction = tides.predict(FORT_DENISON, START, END)!;
    expect(prediction.curve).toHaveLength(24);
    expect(prediction.curve[1]!.time - prediction.curve[0]!.time).toBe(3_600_000);
    const direct = findStation(FORT_DENISON_ID).getWaterLevelAtTime({
      time: new Date(START + 3_600_000),
      datum: 'LAT',
    });
    expect(prediction.curve[1]!.level).toBeCloseTo(direct.level, 3);
    const high = prediction.extremes.find((e) => e.type === 'high')!;
    expect(tides.levelAt(FORT_DENISON, high.time)).toBeCloseTo(high.level, 2);
  });

  it('has no tides for a point far from any station rather than borrowing a distant one', () => {
    const inland = { latitude: -25.3444, longitude: 131.0369 }; // Uluru
    expect(tides.station(inland)).toBeNull();
    expect(tides.predict(inland, START, END)).toBeNull();
    expect(MAX_STATION_DISTANCE_KM).toBe(100);
  });
});

describe('tides in GET /api/v4/beach/{id}/weather (no network)', () => {
  let t: TestApp;
  const NOW = Date.parse('2025-01-15T10:00:00+11:00');
  beforeAll(async () => {
    t = await startTestApp({ clock: () => new Date(NOW), config: { WEATHER_PROVIDERS: 'off' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives Bondi the nearest station’s highs and lows at Sydney wall-clock times, in metres above LAT', async () => {
    const bondi = await t.handle.db
      .selectFrom('beaches')
      .select(['id', 'latitude', 'longitude'])
      .where('key', '=', 'nsw-2026-bondi-beach')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject(`/api/v4/beach/${bondi.id}/weather`);
    expect(res.statusCode).toBe(200);
    const body = WeatherResponseSchema.parse(res.json());

    const [station] = stationsNear({
      latitude: bondi.latitude,
      longitude: bondi.longitude,
      maxResults: 1,
      maxDistance: MAX_STATION_DISTANCE_KM,
      filter: (s) => typeof s.datums?.LAT === 'number' && typeof s.datums?.MSL === 'number',
    });
    expect(body.tide_station).toEqual({
      name: station!.name,
      distance_m: Math.round(station!.distance! * 1000),
      datum: 'LAT',
    });

    const dayStart = Date.parse('2025-01-15T00:00:00+11:00');
    const weekEnd = Date.parse('2025-01-22T00:00:00+11:00');
    const direct = station!
      .getExtremesPrediction({ start: new Date(dayStart), end: new Date(weekEnd), datum: 'LAT' })
      .extremes.filter((e) => e.time.getTime() >= dayStart && e.time.getTime() < weekEnd);
    const turning = body.tides.filter((p) => p.type !== null);
    expect(turning.map((p) => [p.date_time_local, p.type])).toEqual(
      direct.map((e) => [wallClock(e.time.getTime(), 'Australia/Sydney'), e.high ? 'high' : 'low']),
    );
    expect(turning.map((p) => p.height)).toEqual(direct.map((e) => Math.round(e.level * 100) / 100));
    expect(turning[0]!.date_time_local.startsWith('2025-01-15T')).toBe(true);
    // The curve: hourly, 7 days, in time order with the turning points.
    expect(body.tides.filter((p) => p.type === null)).toHaveLength(7 * 24);
    const order = body.tides.map((p) => p.date_time_local);
    expect(order).toEqual([...order].sort());

    // The tide now (10:00): rising towards the next high or falling towards the next low.
    const next = direct.find((e) => e.time.getTime() > NOW)!;
    const near = direct.find((e) => Math.abs(e.time.getTime() - NOW) <= 30 * 60_000);
    const level = station!.getWaterLevelAtTime({ time: new Date(NOW), datum: 'LAT' }).level;
    expect(body.current.currentTide).toEqual({
      state: near ? (near.high ? 'high' : 'low') : next.high ? 'rising' : 'falling',
      height: Math.round(level * 100) / 100,
    });
    expect(body.sources.tides).toMatchObject({ name: 'neaps tide predictions', stale: false });
    expect(body.sources.tides!.attribution).toMatch(/Neaps/);
  });
});
