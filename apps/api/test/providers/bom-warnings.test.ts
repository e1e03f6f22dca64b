import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseWarningsFeed, polygonDistanceKm, warningsFor } from '../../src/providers/bom-warnings.ts';
import { UpstreamError } from '../../src/providers/http.ts';
import { PROVIDER_TUNING } from '../../src/providers/index.ts';
import { startUpstreamServer, type UpstreamServer } from '../fakes/upstream-server.ts';
import { BONDI, COTTESLOE, fakeProviders, TEST_NOW, testClock } from './helpers.ts';

// One clock for the fake upstream and the adapters under test, back at TEST_NOW before each test.
const clock = testClock();
let fake: UpstreamServer;
beforeAll(async () => {
  fake = await startUpstreamServer({ now: clock.now });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  clock.set(TEST_NOW);
});

const warningsOf = (overrides: { timeoutMs?: number } = {}) =>
  fakeProviders(fake, clock, overrides).warnings!;
const NEWCASTLE = { latitude: -32.9283, longitude: 151.7817 };
const EDEN = { latitude: -37.0656, longitude: 149.9089 };

describe('BoM warnings adapter (CAP 1.2)', () => {
  it('reads the CAP alerts of the state feed, leaving out tests, exercises and cancellations', async () => {
    const result = await warningsOf().get('NSW');
    const ids = result!.value.map((w) => w.id);
    expect(ids).toEqual([
      'urn:oid:2.49.0.1.36.0.IDN11000.test-sydney-gale',
      'urn:oid:2.49.0.1.36.0.IDN11000.test-hunter-strong-wind',
      'urn:oid:2.49.0.1.36.0.IDN11000.test-statewide-surf',
      'urn:oid:2.49.0.1.36.0.IDN11000.test-expired',
    ]);
    const gale = result!.value[0]!;
    expect(gale).toMatchObject({
      title: 'Gale Warning for Sydney Coast',
      link: 'http://www.bom.gov.au/nsw/warnings/coastalwind.shtml',
    });
    expect(gale.text).toMatch(/^Southerly winds 30 to 40 knots/);
    expect(TEST_NOW - Date.parse(gale.issuedAt)).toBeGreaterThan(7_000_000);
    expect(Date.parse(gale.expiresAt!)).toBeGreaterThan(TEST_NOW);
    expect(gale.areas[0]!.polygons[0]).toHaveLength(5);
  });

  it('keeps for a beach only warnings in force whose area is around it (or that have no area)', async () => {
    const { value } = (await warningsOf().get('NSW'))!;
    const titles = (point: typeof BONDI) => warningsFor(point, value, TEST_NOW).map((w) => w.title);
    // Bondi: the Sydney Coast gale and the statewide surf warning; not the expired one on its doorstep.
    expect(titles(BONDI).sort()).toEqual([
      'Gale Warning for Sydney Coast',
      'Hazardous Surf Warning for New South Wales coastal waters',
    ]);
    expect(titles(NEWCASTLE).sort()).toEqual([
      'Hazardous Surf Warning for New South Wales coastal waters',
      'Strong Wind Warning for Hunter Coast',
    ]);
    expect(titles(EDEN)).toEqual(['Hazardous Surf Warning for New South Wales coastal waters']);
  });

  it("reads the Bureau's RSS warning feeds too (title, link, date; no area, so the whole state)", async () => {
    const { value } = (await warningsOf().get('WA'))!;
    expect(value).toHaveLength(1);
    expect(value[0]).toMatchObject({
      title: 'Strong Wind Warning for Perth Local Waters and Geographe Bay Coast',
      text: 'Strong Wind Warning for Perth Local Waters and Geographe Bay Coast',
      link: 'http://www.bom.gov.au/wa/warnings/marinewind.shtml',
      expiresAt: null,
    });
    expect(warningsFor(COTTESLOE, value, TEST_NOW)).toHaveLength(1);
  });

  it('one feed per state serves every beach of that state (one upstream call)', async () => {
    const warnings = warningsOf();
    await Promise.all([warnings.get('NSW'), warnings.get('NSW'), warnings.get('nsw')]);
    await warnings.get('NSW');
    expect(fake.calls('warnings')).toBe(1);
    expect(warnings.covers('NSW')).toBe(true);
    expect(warnings.covers('XX')).toBe(false);
  });

  it.each(['500', 'malformed', 'down', 'hang'] as const)(
    'serves nothing on a %s feed with nothing cached',
    async (mode) => {
      fake.setMode('warnings', mode);
      const warnings = warningsOf({ timeoutMs: 1_000 });
      expect(await warnings.get('NSW')).toBeNull();
      expect(warnings.cache.stats.failures).toBe(1);
    },
  );

  it('keeps the alerts of a partial feed that still have text', async () => {
    fake.setMode('warnings', 'partial');
    const { value } = (await warningsOf().get('NSW'))!;
    expect(value.map((w) => w.title)).toEqual(['Gale Warning for Sydney Coast']);
  });

  it('serves the last warnings marked stale with their age when the feed fails', async () => {
    const warnings = warningsOf();
    await warnings.get('NSW');
    clock.advance(PROVIDER_TUNING.warnings.ttlMs + 1_000);
    fake.setMode('warnings', 'down');
    expect(await warnings.get('NSW')).toMatchObject({
      stale: true,
      ageSeconds: PROVIDER_TUNING.warnings.ttlMs / 1000 + 1,
    });
  });

  it('refuses documents that are not well-formed CAP, Atom or RSS, and entity tricks', () => {
    expect(() => parseWarningsFeed('<feed><entry>')).toThrow(UpstreamError);
    expect(() => parseWarningsFeed('<html><body>Bad gateway</body></html>')).toThrow(UpstreamError);
    expect(() =>
      parseWarningsFeed(
        '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xx">]><alert><status>Actual</status></alert>',
      ),
    ).toThrow(UpstreamError);
  });

  it('reads a bare CAP alert document and drops links that are not http(s)', () => {
    const [warning] = parseWarningsFeed(`<?xml version="1.0"?>
      <alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
        <identifier>x1</identifier><sent>2025-01-15T01:00:00+00:00</sent><status>Actual</status><msgType>Alert</msgType><scope>Public</scope>
        <info><language>en-AU</language><event>Gale Warning</event><headline>Gale Warning for Eden Coast</headline>
          <description>Gales.</description><web>javascript:alert(1)</web>
          <area><areaDesc>Eden Coast</areaDesc><circle>-37.07,149.91 30</circle></area></info>
      </alert>`);
    expect(warning).toMatchObject({
      id: 'x1',
      title: 'Gale Warning for Eden Coast',
      text: 'Gales.',
      link: null,
    });
    expect(warning!.issuedAt).toBe('2025-01-15T01:00:00.000Z');
    const now = Date.parse('2025-01-15T02:00:00Z');
    expect(warningsFor(EDEN, [warning!], now)).toHaveLength(1);
    expect(warningsFor(BONDI, [warning!], now)).toHaveLength(0);
  });

  it('measures distance to a polygon: 0 inside, km to the nearest edge outside', () => {
    const square: Array<[number, number]> = [
      [-34, 151],
      [-34, 152],
      [-33, 152],
      [-33, 151],
    ];
    expect(polygonDistanceKm({ latitude: -33.5, longitude: 151.5 }, square)).toBe(0);
    expect(polygonDistanceKm({ latitude: -33.5, longitude: 150.9 }, square)).toBeCloseTo(9.28, 1);
  });
});
