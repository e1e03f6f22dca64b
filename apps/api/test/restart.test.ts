import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedBundledData } from '../src/db/seed/index.ts';
import { DATA_DIR } from './helpers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-restart-'));
const file = path.join(dir, 'app.sqlite');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What main.ts does on every start: open, migrate, seed when empty. */
async function start() {
  const handle = openDatabase({ SQLITE_PATH: file, DATABASE_URL: undefined });
  await migrateToLatest(handle);
  const seed = await seedBundledData(handle.db, DATA_DIR);
  return { handle, seed };
}

describe('restarting', () => {
  it('loads the bundled data once and keeps everything written before the restart', async () => {
    const first = await start();
    expect(first.seed.skipped).toBe(false);
    expect(first.seed.places?.added).toBe(16_873);
    expect(first.seed.beaches?.every((report) => report.rejected.length === 0)).toBe(true);
    await first.handle.db
      .updateTable('beaches')
      .set({ length_m: 1234 })
      .where('key', '=', 'nsw-2026-bondi-beach')
      .execute();
    await first.handle.db.destroy();

    const second = await start();
    expect(second.seed.skipped).toBe(true);
    const bondi = await second.handle.db
      .selectFrom('beaches')
      .select('length_m')
      .where('key', '=', 'nsw-2026-bondi-beach')
      .executeTakeFirstOrThrow();
    expect(bondi.length_m).toBe(1234);
    await second.handle.db.destroy();
  });
});
