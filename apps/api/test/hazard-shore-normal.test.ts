import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledData } from '../src/db/seed/index.ts';
import { runImport } from '../src/modules/console/imports/index.ts';
import { DATA_DIR, openTestDatabase } from './helpers.ts';

/**
 * The hazard-rating import's optional shore_normal_deg column (issue 29): an operator's shore
 * normal, with its source line, wins over the one derived from OpenStreetMap's coastline.
 */

const NOW = new Date('2026-11-21T23:30:00Z');
let handle: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedBundledData(handle.db, DATA_DIR);
});
afterAll(async () => {
  await handle.close();
});

const services = { storage: null as never, maxPhotoBytes: 0 };
const ratings = (rows: string[], options: { dryRun?: boolean } = {}) =>
  runImport(
    handle.db,
    {
      kind: 'hazard-ratings',
      file: {
        name: 'ratings.csv',
        text: ['beach,hazard_rating,beach_type,source,licence,shore_normal_deg', ...rows].join('\n'),
      },
    },
    { now: NOW, ...options },
    services,
  );

const normalOf = (key: string) =>
  handle.db
    .selectFrom('beaches')
    .select(['shore_normal_deg', 'shore_normal_source', 'shore_normal_confidence', 'shore_normal_note'])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();

describe('hazard-rating import: shore_normal_deg', () => {
  it('rejects a direction outside 0-360, or not a number, and writes nothing', async () => {
    const before = await normalOf('nsw-2026-bondi-beach');
    const report = await ratings([
      'nsw-2026-bondi-beach,4,,SLS NSW 2025,,361',
      'nsw-2095-manly-beach,4,,SLS NSW 2025,,-10',
      'wa-6011-cottesloe-beach,4,,SLS WA 2025,,west',
      'vic-3182-st-kilda-beach,4,,SLS VIC 2025,,120',
    ]);
    expect(report.applied).toBe(false);
    expect(report.rejected.map((r) => r.row)).toEqual([2, 3, 4]);
    for (const r of report.rejected)
      expect(r.reason).toMatch(
        /shore_normal_deg must be the direction the beach faces \(seaward\) in degrees true, from 0 to 360, or empty/,
      );
    expect(await normalOf('nsw-2026-bondi-beach')).toEqual(before);
    expect((await normalOf('vic-3182-st-kilda-beach')).shore_normal_source).toBe('osm-coastline');
  });

  it('sets the operator’s value with its source line, over the derived one; a re-run changes nothing', async () => {
    expect((await normalOf('nsw-2026-bondi-beach')).shore_normal_source).toBe('osm-coastline');
    const dry = await ratings(['nsw-2026-bondi-beach,4,,SLS NSW 2025,,128.5'], { dryRun: true });
    expect(dry).toMatchObject({ applied: false, added: 1 });
    expect((await normalOf('nsw-2026-bondi-beach')).shore_normal_source).toBe('osm-coastline');

    const report = await ratings([
      'nsw-2026-bondi-beach,4,,SLS NSW 2025,,128.5',
      // 360 is north, stored as 0.
      'qld-4225-rainbow-bay,3,,SLS QLD 2025,,360',
      // No direction given: the derived value stays.
      'wa-6011-cottesloe-beach,5,,SLS WA 2025,,',
    ]);
    expect(report).toMatchObject({ applied: true, added: 3, rejected: [] });
    expect(await normalOf('nsw-2026-bondi-beach')).toEqual({
      shore_normal_deg: 128.5,
      shore_normal_source: 'import',
      shore_normal_confidence: null,
      shore_normal_note: 'SLS NSW 2025',
    });
    expect(await normalOf('qld-4225-rainbow-bay')).toMatchObject({
      shore_normal_deg: 0,
      shore_normal_source: 'import',
    });
    expect((await normalOf('wa-6011-cottesloe-beach')).shore_normal_source).toBe('osm-coastline');

    expect(
      await ratings([
        'nsw-2026-bondi-beach,4,,SLS NSW 2025,,128.5',
        'qld-4225-rainbow-bay,3,,SLS QLD 2025,,0',
        'wa-6011-cottesloe-beach,5,,SLS WA 2025,,',
      ]),
    ).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    // A new source line for the same direction is a change.
    expect(await ratings(['nsw-2026-bondi-beach,4,,SLS NSW 2026,,128.5'])).toMatchObject({ updated: 1 });
    expect((await normalOf('nsw-2026-bondi-beach')).shore_normal_note).toBe('SLS NSW 2026');
  });

  it('is kept when the derived values are applied again', async () => {
    await seedBundledData(handle.db, DATA_DIR, { force: true });
    expect(await normalOf('nsw-2026-bondi-beach')).toMatchObject({
      shore_normal_deg: 128.5,
      shore_normal_source: 'import',
    });
  });
});
