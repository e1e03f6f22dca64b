import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSyntheticBeaches } from '../../../bench/synthetic.ts';
import { importPlaces } from '../src/db/seed/places.ts';
import { assertNotSynthetic } from '../src/db/migrate.ts';
import path from 'node:path';
import { DATA_DIR, openTestDatabase } from './helpers.ts';
import { isInAustralia } from '@safeshore/domain';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  handle = await openTestDatabase();
  await importPlaces(handle.db, path.join(DATA_DIR, 'places', 'geonames-AU-postcodes.txt'));
});
afterAll(async () => {
  await handle.close();
});

describe('the synthetic benchmark data', () => {
  it('is spread along the coast, labelled as sample data, and refused by the server', async () => {
    await assertNotSynthetic(handle.db, false);
    expect(await generateSyntheticBeaches(handle.db, { count: 300, seed: 7 })).toBe(300);
    const beaches = await handle.db.selectFrom('beaches').selectAll().execute();
    expect(beaches).toHaveLength(300);
    expect(beaches.every((b) => b.is_sample === 1 && b.key.startsWith('synthetic-'))).toBe(true);
    expect(beaches.every((b) => /synthetic/i.test(b.data_source))).toBe(true);
    expect(beaches.every((b) => isInAustralia(b))).toBe(true);
    expect(new Set(beaches.map((b) => b.state)).size).toBeGreaterThanOrEqual(5);
    const words = beaches.map(
      (b) => (JSON.parse(b.description) as { Beach: string }).Beach.split(' ').length,
    );
    expect(Math.min(...words)).toBeGreaterThanOrEqual(100);
    // Each locality counts its beaches, as the real imports keep it.
    const counts = await handle.db
      .selectFrom('localities')
      .select(['id', 'beaches_count'])
      .where('beaches_count', '>', 0)
      .execute();
    expect(counts.reduce((sum, row) => sum + row.beaches_count, 0)).toBe(300);
    for (const row of counts.slice(0, 20))
      expect(row.beaches_count).toBe(beaches.filter((b) => b.locality_id === row.id).length);
    await expect(assertNotSynthetic(handle.db, false)).rejects.toThrow(/synthetic benchmark beaches/);
    await expect(assertNotSynthetic(handle.db, true)).resolves.toBeUndefined();
  });
});
