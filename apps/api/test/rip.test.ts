import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  localDate,
  NOAA_RIP_COEFFICIENTS,
  ripLikelihood,
  RipOutlookSchema,
  RIP_CHECKED_MIN_OBSERVATIONS,
  seededRandom,
  waveAngle,
  type RipOutlook,
} from '@safeshore/domain';
import { loadConfig } from '../src/config.ts';
import { parseConsoleRoleArgs, setConsoleRoles } from '../src/modules/console/admin-roles.ts';
import { createRip, refreshIntervalHours, type RipService } from '../src/modules/rip/index.ts';
import { resolveWeatherSettings } from '../src/modules/weather/index.ts';
import { createWeatherProviders } from '../src/providers/index.ts';
import { parseWavesBatch } from '../src/providers/open-meteo-waves.ts';
import { startUpstreamServer, type UpstreamServer } from './fakes/upstream-server.ts';
import { testClock } from './clock.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * The rip-current outlook (issue 29) end to end on a real database and the fake Open-Meteo: the
 * batched refresh, the outlook's answer and labels, list rows' compact level, lifesavers'
 * observations with the model hour frozen, the skill report, calibration and rollback.
 */

let fake: UpstreamServer;
const clock = testClock('2026-11-21T01:00:00Z');
let t: TestApp;
let rip: RipService;
let ids: Record<'bondi' | 'manly' | 'cottesloe' | 'stKilda', number>;
let auth: Record<'lifesaver' | 'operator' | 'plain', string>;

function config() {
  const parsed = loadConfig({ ...fake.env, WEATHER_TIMEOUT_MS: '10000' });
  return {
    WEATHER_PROVIDERS: parsed.WEATHER_PROVIDERS,
    OPEN_METEO_FORECAST_URL: parsed.OPEN_METEO_FORECAST_URL,
    OPEN_METEO_MARINE_URL: parsed.OPEN_METEO_MARINE_URL,
    RAINVIEWER_URL: parsed.RAINVIEWER_URL,
    BOM_WARNINGS_URLS: parsed.BOM_WARNINGS_URLS,
    WEATHER_TIMEOUT_MS: parsed.WEATHER_TIMEOUT_MS,
  };
}

async function outlookOf(id: number): Promise<RipOutlook> {
  const res = await t.app.inject(`/api/v5/beach/${id}/rip-outlook`);
  expect(res.statusCode).toBe(200);
  return RipOutlookSchema.parse(res.json());
}

async function setNormal(id: number, degrees: number | null, note: string | null = null) {
  await t.handle.db
    .updateTable('beaches')
    .set({
      shore_normal_deg: degrees,
      shore_normal_source: degrees === null ? null : 'osm-coastline',
      shore_normal_confidence: degrees === null ? null : 'high',
      shore_normal_note: note,
    })
    .where('id', '=', id)
    .execute();
}

beforeAll(async () => {
  fake = await startUpstreamServer({ now: clock.now });
  t = await startTestApp({ clock: clock.date, config: config() });
  const db = t.handle.db;
  const idOf = async (title: string, state: string) =>
    (
      await db
        .selectFrom('beaches')
        .select('id')
        .where('title', '=', title)
        .where('state', '=', state)
        .executeTakeFirstOrThrow()
    ).id;
  ids = {
    bondi: await idOf('Bondi Beach', 'NSW'),
    manly: await idOf('Manly Beach', 'NSW'),
    cottesloe: await idOf('Cottesloe Beach', 'WA'),
    stKilda: await idOf('St Kilda Beach', 'VIC'),
  };
  // Only these beaches have a shore direction in this test (the derived data set is tested on its own).
  await db
    .updateTable('beaches')
    .set({
      shore_normal_deg: null,
      shore_normal_source: null,
      shore_normal_confidence: null,
      shore_normal_note: null,
    })
    .execute();
  await setNormal(ids.bondi, 115);
  await setNormal(ids.manly, 100);
  await setNormal(ids.cottesloe, 265);
  await setNormal(ids.stKilda, null, 'No OpenStreetMap coastline within 1 km of the beach’s point');
  rip = createRip(db, {
    providers: createWeatherProviders(resolveWeatherSettings(config()), { now: clock.now }),
    clock: clock.date,
    callsPerDay: 9_000,
  });
  auth = {} as typeof auth;
  for (const name of ['lifesaver', 'operator', 'plain'] as const) {
    const { user } = await t.accounts.createUser({
      email: `${name}@example.com`,
      first_name: name,
      last_name: 'Tester',
      password: 'console-password-2024',
    });
    auth[name] = `Bearer ${await t.accounts.issueTokenFor(user.id, 'test')}`;
  }
  const bondiKey = (
    await db.selectFrom('beaches').select('key').where('id', '=', ids.bondi).executeTakeFirstOrThrow()
  ).key;
  await setConsoleRoles(
    db,
    parseConsoleRoleArgs(['lifesaver@example.com', 'lifesaver', '--beach', bondiKey]),
    true,
    clock.date(),
  );
  await setConsoleRoles(
    db,
    parseConsoleRoleArgs(['operator@example.com', 'operator', '--state', 'NSW']),
    true,
    clock.date(),
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('the refresh', () => {
  it('asks for every beach with a shore direction in one batched request and stores their outlooks', async () => {
    const result = await rip.refresh();
    // Bondi and Manly share no 0.2° cell with Cottesloe; St Kilda has no shore direction.
    expect(result).toMatchObject({ beaches: 3, outlooks: 3, failedBatches: 0 });
    expect(result.calls).toBe(result.cells);
    expect(fake.calls('marine')).toBe(1);
  });

  it('keeps the last outlooks when the wave request fails, and counts the failure', async () => {
    await rip.refresh();
    const before = await outlookOf(ids.bondi);
    fake.setMode('marine', '500');
    clock.advance(60_000);
    const result = await rip.refresh();
    expect(result.failedBatches).toBe(1);
    expect(result.outlooks).toBe(0);
    expect((await outlookOf(ids.bondi)).computed_at).toBe(before.computed_at);
  });

  it('spaces refreshes so that they use at most half the daily Open-Meteo budget', () => {
    // 12,000 beaches fall into about 2,400 of the 0.2° cells (bench/rip-outlook figures): 9,000 calls a
    // day allow one refresh every 24 / floor(4,500 / 2,400) = 24 h; 50 cells allow every 3 h (the floor).
    expect(refreshIntervalHours(2_400, 9_000)).toBe(24);
    expect(refreshIntervalHours(1_000, 9_000)).toBe(6);
    expect(refreshIntervalHours(50, 9_000)).toBe(3);
    expect(refreshIntervalHours(10_000, 9_000)).toBe(24);
  });
});

describe('GET /api/v5/beach/{beachId}/rip-outlook', () => {
  beforeAll(async () => {
    await rip.refresh();
  });

  it('gives the beach’s today and next two days hour by hour, each hour the NOAA formula on its inputs', async () => {
    const outlook = await outlookOf(ids.bondi);
    expect(outlook.available).toBe(true);
    expect(outlook.reason).toBeNull();
    expect(outlook.timezone).toBe('Australia/Sydney');
    expect(outlook.hours).toHaveLength(72);
    const today = localDate(clock.date(), 'Australia/Sydney');
    expect(outlook.days.map((d) => d.date)).toEqual([today, '2026-11-22', '2026-11-23']);
    // Local midnight in Sydney (AEDT, +11).
    expect(outlook.hours[0]!.time).toBe('2026-11-20T13:00:00.000Z');
    for (const hour of outlook.hours) {
      expect(hour.wave_height_m).not.toBeNull();
      const expected = ripLikelihood({
        waveHeightM: hour.wave_height_m!,
        waveDirectionDeg: hour.wave_direction_deg!,
        shoreNormalDeg: 115,
        event: 1, // the fixture's seas are over 1 m from its first hour
        waterLevelM: hour.water_level_m!,
      });
      // Stored rounded: height to 0.01 m, level to 0.01 m, direction to 1°, likelihood to 0.1.
      expect(hour.likelihood).toBeCloseTo(expected!, 0);
    }
    const peak = outlook.days[0]!;
    expect(peak.level).toBe(
      peak.peak_likelihood! >= 50 ? 'high' : peak.peak_likelihood! >= 25 ? 'moderate' : 'low',
    );
    expect(peak.wave_angle_deg).toBe(
      Math.round(waveAngle(outlook.hours.find((h) => h.time === peak.peak_time)!.wave_direction_deg!, 115)),
    );
  });

  it('says it is a model outlook, where each input came from, how old it is and that it is not checked here', async () => {
    clock.advance(30 * 60_000);
    const outlook = await outlookOf(ids.bondi);
    expect(outlook.model).toMatchObject({ coefficients: 'noaa', region: null });
    expect(outlook.model.name).toContain('NOAA');
    expect(outlook.sources.map((s) => s.name)).toEqual([
      'Open-Meteo marine',
      'SafeShore tide predictions',
      'OpenStreetMap coastline',
      'NOAA rip current model',
    ]);
    expect(outlook.age_seconds).toBeGreaterThanOrEqual(30 * 60);
    expect(outlook.stale).toBe(false);
    expect(outlook.standing).toEqual({
      observations: 0,
      checked: false,
      skill: null,
      text: 'Not yet checked against observations at this beach.',
    });
    expect(outlook.shore_normal).toEqual({
      degrees: 115,
      source: 'osm-coastline',
      confidence: 'high',
      note: null,
    });
  });

  it('says why there is no outlook, and never “low”, for a beach without a shore direction', async () => {
    const outlook = await outlookOf(ids.stKilda);
    expect(outlook.available).toBe(false);
    expect(outlook.reason).toBe(
      'No rip outlook for this beach: No OpenStreetMap coastline within 1 km of the beach’s point.',
    );
    expect(outlook.hours).toEqual([]);
    expect(outlook.days).toEqual([]);
  });

  it('puts the shore direction, its source and confidence in the beach detail', async () => {
    const res = await t.app.inject(`/api/v4/beach/${ids.bondi}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { beach: { shore_normal: unknown } }).beach.shore_normal).toEqual({
      degrees: 115,
      source: 'osm-coastline',
      confidence: 'high',
      note: null,
    });
    const stKilda = await t.app.inject(`/api/v4/beach/${ids.stKilda}`);
    expect((stKilda.json() as { beach: { shore_normal: unknown } }).beach.shore_normal).toBeNull();
  });

  it('names the beaches that are high today, with their Right now line, for the alerts', async () => {
    const highs = await rip.highToday([ids.bondi, ids.manly, ids.cottesloe, ids.stKilda]);
    for (const id of [ids.bondi, ids.manly, ids.cottesloe, ids.stKilda]) {
      const outlook = await outlookOf(id);
      const high = highs.find((h) => h.beachId === id);
      expect(high !== undefined, `beach ${id}`).toBe(outlook.days[0]?.level === 'high');
      if (high) expect(high.text).toMatch(/^Rip currents likely .*\(model outlook\)/);
    }
  });

  it('answers 404 for an unknown beach and 422 for a bad id', async () => {
    expect((await t.app.inject('/api/v5/beach/99999999/rip-outlook')).statusCode).toBe(404);
    expect((await t.app.inject('/api/v5/beach/bondi/rip-outlook')).statusCode).toBe(422);
  });

  it('puts today’s level on list rows, and null where there is no outlook', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/location/',
      payload: { lat: -33.8915, lng: 151.2767 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { closestBeaches: Array<{ id: number; rip_outlook?: unknown }> };
    const bondi = body.closestBeaches.find((b) => b.id === ids.bondi);
    const outlook = await outlookOf(ids.bondi);
    // The rest of today (the clock is 12:00 in Sydney): the highest hour from this one to midnight.
    const left = outlook.hours.filter(
      (h) => Date.parse(h.time) + 3_600_000 > clock.now() && h.time < '2026-11-21T13:00:00.000Z',
    );
    const peak = Math.max(...left.map((h) => h.likelihood!));
    expect(left).toHaveLength(12);
    expect(bondi?.rip_outlook).toMatchObject({
      likelihood: peak,
      level: peak >= 50 ? 'high' : peak >= 25 ? 'moderate' : 'low',
      date: outlook.days[0]!.date,
    });
    const other = body.closestBeaches.find((b) => b.id !== ids.bondi && b.id !== ids.manly);
    expect(other?.rip_outlook).toBeNull();
  });
});

describe('lifesavers’ rip observations', () => {
  const post = (id: number, who: keyof typeof auth, payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v5/beach/${id}/rip-observations`,
      headers: { authorization: auth[who], ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    });

  beforeAll(async () => {
    await rip.refresh();
  });

  it('stores the observation with the model’s likelihood and inputs for that hour, once per key', async () => {
    const first = await post(
      ids.bondi,
      'lifesaver',
      { activity: 'strong', note: 'North end, by the rocks' },
      'rip-1',
    );
    expect(first.statusCode).toBe(201);
    const again = await post(
      ids.bondi,
      'lifesaver',
      { activity: 'strong', note: 'North end, by the rocks' },
      'rip-1',
    );
    expect(again.json()).toEqual(first.json());
    const rows = await t.handle.db
      .selectFrom('rip_observations')
      .selectAll()
      .where('note', '=', 'North end, by the rocks')
      .execute();
    expect(rows).toHaveLength(1);
    const outlook = await outlookOf(ids.bondi);
    const hour = outlook.hours.find(
      (h) => Date.parse(h.time) <= clock.now() && clock.now() < Date.parse(h.time) + 3_600_000,
    )!;
    expect(rows[0]!.model_likelihood).toBe(hour.likelihood);
    const inputs = JSON.parse(rows[0]!.model_inputs!) as Record<string, unknown>;
    expect(inputs).toMatchObject({
      wave_height_m: hour.wave_height_m,
      wave_direction_deg: hour.wave_direction_deg,
      water_level_m: hour.water_level_m,
      shore_normal_deg: 115,
      coefficients: { ...NOAA_RIP_COEFFICIENTS },
    });
    const audit = await t.handle.db
      .selectFrom('console_audit')
      .selectAll()
      .where('action', '=', 'rip.observe')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps the time an offline report was made, within the last 24 hours', async () => {
    const earlier = new Date(clock.now() - 2 * 3_600_000).toISOString();
    const res = await post(ids.bondi, 'lifesaver', { activity: 'none', observed_at: earlier });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ observed_at: earlier, activity: 'none' });
    const tooOld = await post(ids.bondi, 'lifesaver', {
      activity: 'none',
      observed_at: new Date(clock.now() - 25 * 3_600_000).toISOString(),
    });
    expect(tooOld.statusCode).toBe(422);
    expect(JSON.stringify(tooOld.json())).toContain('within the last 24 hours');
    const future = await post(ids.bondi, 'lifesaver', {
      activity: 'none',
      observed_at: new Date(clock.now() + 3_600_000).toISOString(),
    });
    expect(future.statusCode).toBe(422);
  });

  it('refuses bad input and changes nothing', async () => {
    const count = async () =>
      (
        await t.handle.db
          .selectFrom('rip_observations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    expect((await post(ids.bondi, 'lifesaver', { activity: 'lots' })).statusCode).toBe(422);
    expect((await post(ids.bondi, 'lifesaver', { activity: 'some', note: 'x\u202eevil' })).statusCode).toBe(
      422,
    );
    expect((await post(ids.bondi, 'lifesaver', { activity: 'some', note: 'a'.repeat(201) })).statusCode).toBe(
      422,
    );
    expect((await post(ids.bondi, 'plain', { activity: 'some' })).statusCode).toBe(403);
    expect((await post(ids.manly, 'lifesaver', { activity: 'some' })).statusCode).toBe(403);
    expect(Number(await count())).toBe(before);
  });
});

describe('skill, calibration and rollback', () => {
  beforeAll(async () => {
    await rip.refresh();
  });

  it('scores the outlook against observations by hand-checked Brier scores, per region and beach', async () => {
    await t.handle.db.deleteFrom('rip_observations').execute();
    const at = clock.date().toISOString();
    const base = {
      beach_id: ids.manly,
      observed_at: at,
      note: null,
      actor_user_id: null,
      model_inputs: null,
      created_at: at,
    };
    // Forecast 80 % / seen some; 20 % / seen none; 60 % / seen none.
    // Brier = (0.04 + 0.04 + 0.36) / 3 = 0.14667; base rate 1/3, base Brier = 2/9 = 0.22222; skill = 1 - 0.14667/0.22222 = 0.34.
    await t.handle.db
      .insertInto('rip_observations')
      .values([
        { ...base, activity: 'some', model_likelihood: 80 },
        { ...base, activity: 'none', model_likelihood: 20 },
        { ...base, activity: 'none', model_likelihood: 60 },
        { ...base, activity: 'strong', model_likelihood: null },
      ])
      .execute();
    const res = await t.app.inject({
      url: '/api/v5/console/rip-skill',
      headers: { authorization: auth.operator },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json() as {
      regions: Array<Record<string, unknown>>;
      beaches: Array<Record<string, unknown>>;
    };
    expect(report.beaches).toHaveLength(1);
    const row = report.beaches[0]!;
    expect(row.observations).toBe(3);
    expect(row.reports).toBe(4);
    expect(row.brier as number).toBeCloseTo(0.14667, 4);
    expect(row.brier_base as number).toBeCloseTo(0.22222, 4);
    expect(row.skill as number).toBeCloseTo(0.34, 4);
    expect(report.regions[0]).toMatchObject({ key: row.region, observations: 3 });
    expect(
      (await t.app.inject({ url: '/api/v5/console/rip-skill', headers: { authorization: auth.lifesaver } }))
        .statusCode,
    ).toBe(403);
  });

  it(`says a beach's outlook is checked once it has ${RIP_CHECKED_MIN_OBSERVATIONS} observations`, async () => {
    await t.handle.db.deleteFrom('rip_observations').execute();
    const at = clock.date().toISOString();
    await t.handle.db
      .insertInto('rip_observations')
      .values(
        Array.from({ length: RIP_CHECKED_MIN_OBSERVATIONS }, (_, i) => ({
          beach_id: ids.bondi,
          observed_at: at,
          activity: i % 3 === 0 ? 'some' : 'none',
          note: null,
          actor_user_id: null,
          model_likelihood: i % 3 === 0 ? 70 : 20,
          model_inputs: null,
          created_at: at,
        })),
      )
      .execute();
    const outlook = await outlookOf(ids.bondi);
    expect(outlook.standing.checked).toBe(true);
    expect(outlook.standing.observations).toBe(RIP_CHECKED_MIN_OBSERVATIONS);
    // Brier 1/3·0.09 + 2/3·0.04 = 0.05667; base 2/9; skill 0.745.
    expect(outlook.standing.skill!).toBeCloseTo(0.745, 3);
    expect(outlook.standing.text).toBe(
      'Checked against 30 lifesaver observations here: better than the usual rate (skill 0.74).',
    );
  });

  it('refuses to calibrate a region with too few observations, and refits one with enough; rollback returns to NOAA', async () => {
    await t.handle.db.deleteFrom('rip_observations').execute();
    const region = await t.handle.db
      .selectFrom('beaches')
      .select(['state', 'area_slug'])
      .where('id', '=', ids.bondi)
      .executeTakeFirstOrThrow();
    const key = `${region.state}/${region.area_slug}`;
    const refused = await rip.calibrate(key, 'test');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatch(/200/);

    // 600 observations drawn from a model far less sensitive to wave height than NOAA's.
    const truth = { intercept: -1, height: 0.8, angle: -0.01, event: 0.2, level: -0.5 };
    const random = seededRandom(29);
    const at = clock.date().toISOString();
    const rows = Array.from({ length: 600 }, () => {
      const inputs = {
        wave_height_m: 0.3 + random() * 2.5,
        wave_direction_deg: 115 + (random() - 0.5) * 160,
        shore_normal_deg: 115,
        event: (random() < 0.5 ? 1 : 0) as 0 | 1,
        water_level_m: (random() - 0.5) * 1.6,
      };
      const p =
        ripLikelihood(
          {
            waveHeightM: inputs.wave_height_m,
            waveDirectionDeg: inputs.wave_direction_deg,
            shoreNormalDeg: 115,
            event: inputs.event,
            waterLevelM: inputs.water_level_m,
          },
          truth,
        )! / 100;
      return {
        beach_id: ids.bondi,
        observed_at: at,
        activity: random() < p ? 'some' : 'none',
        note: null,
        actor_user_id: null,
        model_likelihood: null,
        model_inputs: JSON.stringify(inputs),
        created_at: at,
      };
    });
    await t.handle.db.insertInto('rip_observations').values(rows).execute();
    const fitted = await rip.calibrate(key, 'test');
    expect(fitted.ok).toBe(true);
    await rip.refresh();
    expect((await outlookOf(ids.bondi)).model).toMatchObject({
      coefficients: 'regional',
      region: key,
      fitted_observations: 600,
    });
    expect(await rip.rollback(key)).toBeDefined();
    await rip.refresh();
    expect((await outlookOf(ids.bondi)).model.coefficients).toBe('noaa');
    expect(await rip.rollback(key)).toBeUndefined();
  });
});

describe('the batched wave answer', () => {
  it('reads one object for one point and an array for several, and refuses a count that does not match', () => {
    const one = {
      latitude: -33.875,
      longitude: 151.25,
      hourly: { time: [1_700_000_000], wave_height: [1.2], wave_direction: [120] },
    };
    expect(parseWavesBatch(one, 1)).toHaveLength(1);
    expect(parseWavesBatch([one, one], 2)[1]!.values.wave_height[0]).toBeCloseTo(1.2);
    expect(() => parseWavesBatch([one], 2)).toThrow(/1 points for 2/);
  });
});
