import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configuredClock } from '../src/clock.ts';
import { loadConfig, ROOT_DIR } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';

/**
 * SAFESHORE_CLOCK_OFFSET_MS / SAFESHORE_CLOCK_START (testing and demos only): the server's and the
 * admin commands' clock, moved from the real time and still running at its rate. The browser tests
 * start the server with it so server, fakes and browser share one day (apps/web/e2e/clock.spec.ts).
 */

const REAL = Date.parse('2031-07-01T00:00:00Z');

describe('the configured clock', () => {
  it('is the real time when nothing is set', () => {
    const { clock, offsetMs } = configuredClock(loadConfig({}), () => REAL);
    expect(offsetMs).toBe(0);
    expect(clock().toISOString()).toBe('2031-07-01T00:00:00.000Z');
  });

  it('moves by SAFESHORE_CLOCK_OFFSET_MS, and keeps running', () => {
    let real = REAL;
    const { clock } = configuredClock(loadConfig({ SAFESHORE_CLOCK_OFFSET_MS: '-86400000' }), () => real);
    expect(clock().toISOString()).toBe('2031-06-30T00:00:00.000Z');
    real += 90_000;
    expect(clock().toISOString()).toBe('2031-06-30T00:01:30.000Z');
  });

  it('reads SAFESHORE_CLOCK_START when created (any zone), then keeps running', () => {
    let real = REAL;
    const { clock, offsetMs } = configuredClock(
      loadConfig({ SAFESHORE_CLOCK_START: '2026-11-22T10:00:00+11:00' }),
      () => real,
    );
    expect(offsetMs).toBe(Date.parse('2026-11-21T23:00:00Z') - REAL);
    expect(clock().toISOString()).toBe('2026-11-21T23:00:00.000Z');
    real += 60_000;
    expect(clock().toISOString()).toBe('2026-11-21T23:01:00.000Z');
  });

  it.each([
    [{ SAFESHORE_CLOCK_OFFSET_MS: '1.5' }, /SAFESHORE_CLOCK_OFFSET_MS/],
    [{ SAFESHORE_CLOCK_OFFSET_MS: 'tomorrow' }, /SAFESHORE_CLOCK_OFFSET_MS/],
    [{ SAFESHORE_CLOCK_START: '2026-11-22' }, /SAFESHORE_CLOCK_START: must be an ISO date-time with a zone/],
    [{ SAFESHORE_CLOCK_START: '2026-11-22T10:00:00' }, /SAFESHORE_CLOCK_START/],
    [
      { SAFESHORE_CLOCK_OFFSET_MS: '1000', SAFESHORE_CLOCK_START: '2026-11-22T10:00:00Z' },
      /set SAFESHORE_CLOCK_START or SAFESHORE_CLOCK_OFFSET_MS, not both/,
    ],
  ])('refuses %o at start-up', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('admin commands on a moved clock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-admin-clock-'));
  const sqlite = path.join(dir, 'admin.sqlite');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stamp what they write with the configured clock', async () => {
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT_DIR, 'apps/api/src/admin.ts'),
        'create-user',
        '--email',
        'clock@example.com',
        '--first',
        'Tick',
        '--last',
        'Tock',
      ],
      {
        env: {
          ...process.env,
          DATABASE_URL: '',
          SQLITE_PATH: sqlite,
          PASSWORD_SCRYPT_LOG_N: '12',
          SAFESHORE_CLOCK_START: '2030-01-01T00:00:00Z',
        },
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const handle = openDatabase({ SQLITE_PATH: sqlite, DATABASE_URL: undefined });
    try {
      const user = await handle.db
        .selectFrom('users')
        .select('created_at')
        .where('email', '=', 'clock@example.com')
        .executeTakeFirstOrThrow();
      // Written within a minute of the configured start, whatever the real date is.
      expect(Date.parse(user.created_at) - Date.parse('2030-01-01T00:00:00Z')).toBeGreaterThanOrEqual(0);
      expect(Date.parse(user.created_at) - Date.parse('2030-01-01T00:00:00Z')).toBeLessThan(60_000);
    } finally {
      await handle.db.destroy();
    }
  });
});
