import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBeaches } from '../src/db/seed/beaches.ts';
import { exportBeaches, type ExportFormat } from '../src/db/seed/export.ts';
import { importPlaces } from '../src/db/seed/places.ts';
import { DATA_DIR, openTestDatabase } from './helpers.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-export-'));
beforeAll(async () => {
  handle = await openTestDatabase();
  await importPlaces(handle.db, path.join(DATA_DIR, 'places', 'geonames-AU-postcodes.txt'));
  await importBeaches(handle.db, path.join(DATA_DIR, 'beaches', 'starter', 'nsw.csv'));
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function exportTo(format: ExportFormat): Promise<{ file: string; count: number }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const count = await exportBeaches(handle.db, format, out);
  const file = path.join(dir, `beaches.${format}`);
  fs.writeFileSync(file, Buffer.concat(chunks));
  return { file, count };
}

describe('export-beaches', () => {
  it.each(['csv', 'geojson'] as const)('round-trips through import unchanged (%s)', async (format) => {
    const { file, count } = await exportTo(format);
    const beaches = await handle.db.selectFrom('beaches').select('id').execute();
    expect(count).toBe(beaches.length);
    const report = await importBeaches(handle.db, file);
    expect(report).toMatchObject({ added: 0, updated: 0, unchanged: count, rejected: [] });
  });

  it('applies a correction made in the exported file', async () => {
    const { file } = await exportTo('csv');
    const text = fs.readFileSync(file, 'utf8');
    const bondi = text.split('\n').find((line) => line.startsWith('nsw-2026-bondi-beach,'))!;
    const corrected = bondi.replace(/,1000,/, ',1100,');
    expect(corrected).not.toBe(bondi);
    fs.writeFileSync(file, text.replace(bondi, corrected));
    const report = await importBeaches(handle.db, file);
    expect(report.updated).toBe(1);
    const row = await handle.db
      .selectFrom('beaches')
      .select('length_m')
      .where('key', '=', 'nsw-2026-bondi-beach')
      .executeTakeFirstOrThrow();
    expect(row.length_m).toBe(1100);
  });
});
