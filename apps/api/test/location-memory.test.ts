import { describe, expect, it } from 'vitest';
import type { PatrolledToday } from '@safeshore/domain';
import {
  nearestIndices,
  PATROLLED_TODAY_KEPT_MAX,
  patrolledTodayPerVersion,
} from '../src/modules/location/location.memory.ts';
import { compactRows, readInChunks, StringPool } from '../src/modules/read-model/compact.ts';

const SYDNEY = 'Australia/Sydney';
const PERTH = 'Australia/Perth';
const flag = (value: 0 | 1): PatrolledToday => ({
  flag: value,
  start: '09:00',
  end: '17:00',
  is_sample: false,
});

describe('patrols today kept per data version (location answers)', () => {
  it('asks again for a new local date, after a write, and only for beaches not seen', async () => {
    let version = 1;
    const asked: number[][] = [];
    const answers = new Map<number, PatrolledToday>([[1, flag(1)]]);
    const kept = patrolledTodayPerVersion(
      async (beaches) => {
        asked.push(beaches.map((b) => b.id));
        return new Map([...answers].filter(([id]) => beaches.some((b) => b.id === id)));
      },
      async () => version,
    );
    const beaches = [
      { id: 1, state: 'NSW', timezone: SYDNEY },
      { id: 2, state: 'WA', timezone: PERTH },
    ];
    // 10:00 in Sydney (UTC+11), 07:00 in Perth, on 22 November.
    const morning = new Date('2026-11-21T23:00:00Z');
    expect([...(await kept(beaches, morning))]).toEqual([[1, flag(1)]]);
    expect([...(await kept(beaches, morning))]).toEqual([[1, flag(1)]]);
    expect(asked).toEqual([[1, 2]]);
    // 23 November in Sydney, still 22 November in Perth: only Sydney's beach is asked again.
    const sydneyMidnight = new Date('2026-11-22T13:30:00Z');
    answers.set(1, flag(0));
    expect([...(await kept(beaches, sydneyMidnight))]).toEqual([[1, flag(0)]]);
    expect(asked).toEqual([[1, 2], [1]]);
    // A write (a roster, the console's patrol now) raises the version: everything is asked again.
    answers.set(2, flag(1));
    version = 2;
    expect(new Map(await kept(beaches, sydneyMidnight))).toEqual(
      new Map([
        [1, flag(0)],
        [2, flag(1)],
      ]),
    );
    expect(asked).toEqual([[1, 2], [1], [1, 2]]);
  });
});

describe('patrols today kept per data version: the bound', () => {
  it(`keeps at most ${PATROLLED_TODAY_KEPT_MAX} answers, then starts again`, async () => {
    let asked = 0;
    const kept = patrolledTodayPerVersion(
      async (beaches) => {
        asked += beaches.length;
        return new Map(beaches.map((b) => [b.id, flag(1)]));
      },
      async () => 1,
    );
    const now = new Date('2026-11-21T23:00:00Z');
    const batch = (from: number) =>
      Array.from({ length: 1_000 }, (_, i) => ({ id: from + i, state: 'NSW', timezone: SYDNEY }));
    for (let from = 0; from < PATROLLED_TODAY_KEPT_MAX; from += 1_000) await kept(batch(from), now);
    expect(asked).toBe(PATROLLED_TODAY_KEPT_MAX);
    // All kept: asked for none of them again.
    await kept(batch(0), now);
    expect(asked).toBe(PATROLLED_TODAY_KEPT_MAX);
    // One more beach goes over the bound: what was kept goes, so the first batch is asked again.
    expect((await kept([{ id: -1, state: 'NSW', timezone: SYDNEY }], now)).get(-1)).toEqual(flag(1));
    await kept(batch(0), now);
    expect(asked).toBe(PATROLLED_TODAY_KEPT_MAX + 1 + 1_000);
  });
});

describe('the nearest of a box (spatial index)', () => {
  it('keeps the rows within the radius, nearest first, ties by id, at most the limit', () => {
    let state = 7;
    const random = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let round = 0; round < 200; round++) {
      const size = 1 + Math.floor(random() * 60);
      // Distances on a coarse grid, so equal distances (ties) are common; ids not in position order.
      const distances = Array.from({ length: size }, () => Math.floor(random() * 20) * 100);
      const ids = Array.from({ length: size }, (_, i) => (i * 37) % 101);
      const candidates =
        round % 3 === 0 ? null : Array.from({ length: size }, (_, i) => i).filter(() => random() < 0.7);
      const radius = round % 4 === 0 ? Number.POSITIVE_INFINITY : Math.floor(random() * 2_000);
      const expected = (candidates ?? Array.from({ length: size }, (_, i) => i))
        .filter((i) => distances[i]! <= radius)
        .map((i): [number, number] => [i, distances[i]!])
        .sort((a, b) => a[1] - b[1] || ids[a[0]]! - ids[b[0]]!);
      for (const limit of [undefined, 0, 1, 4, 6, 100]) {
        const want = limit === undefined ? expected : expected.slice(0, limit);
        // Without a lower bound, and with one (a part of the distance, or the distance itself): the same rows.
        for (const part of [null, 0.5, 1])
          expect(
            nearestIndices(
              candidates,
              size,
              (i) => distances[i]!,
              (i) => ids[i]!,
              radius,
              limit,
              part === null ? undefined : (i) => distances[i]! * part,
            ),
          ).toEqual(want);
      }
    }
  });
});

describe('compact rows for the in-memory indexes', () => {
  it('keep every key in its order and value, and share repeated strings', () => {
    const rows = [
      { id: 1, state: `N${'SW'}`, title: 'Bondi', patrol: null },
      { id: 2, state: ['N', 'S', 'W'].join(''), title: 'Bronte', patrol: 2 },
    ];
    const pool = new StringPool();
    const copies = compactRows(rows, ['state'], pool);
    expect(copies.map((row) => JSON.stringify(row))).toEqual(rows.map((row) => JSON.stringify(row)));
    expect(copies.map((row) => Object.keys(row))).toEqual(rows.map((row) => Object.keys(row)));
    expect(pool.size).toBe(1);
    expect(compactRows([])).toEqual([]);
  });

  it('read a table in chunks after the last key until a short chunk', async () => {
    const table = Array.from({ length: 12 }, (_, i) => ({ id: i + 1 }));
    const afters: Array<number | null> = [];
    const seen: number[] = [];
    await readInChunks<{ id: number }>(
      async (after, limit) => {
        afters.push(after?.id ?? null);
        return table.filter((row) => row.id > (after?.id ?? 0)).slice(0, limit);
      },
      (rows) => seen.push(...rows.map((row) => row.id)),
      5,
    );
    expect(seen).toEqual(table.map((row) => row.id));
    expect(afters).toEqual([null, 5, 10]);
  });
});
