import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { RoleArgumentError, parseConsoleRoleArgs } from '../src/modules/console/admin-roles.ts';

describe('parseConsoleRoleArgs', () => {
  it('reads repeatable scopes', () => {
    expect(
      parseConsoleRoleArgs([
        'a@example.com',
        'lifesaver',
        '--beach',
        'nsw-2026-bondi-beach',
        '--beach',
        '12',
        '--club',
        '3',
      ]),
    ).toEqual({
      email: 'a@example.com',
      role: 'lifesaver',
      beaches: ['nsw-2026-bondi-beach', '12'],
      clubs: ['3'],
      states: [],
      areas: [],
    });
    expect(
      parseConsoleRoleArgs(['a@example.com', 'operator', '--state', 'nsw', '--area', 'VIC/port-phillip']),
    ).toMatchObject({ role: 'operator', states: ['NSW'], areas: ['VIC/port-phillip'] });
  });

  it.each([
    [['a@example.com', 'lifesaver'], 'Give at least one --beach KEY|ID or --club ID.'],
    [
      ['a@example.com', 'lifesaver', '--state', 'NSW'],
      'A lifesaver is granted per beach (--beach KEY|ID) or club (--club ID).',
    ],
    [
      ['a@example.com', 'operator', '--beach', '1'],
      'An operator is granted per state (--state NSW) or area (--area AREA).',
    ],
    [
      ['a@example.com', 'operator', '--state', 'XX'],
      'Unknown state XX (one of NSW, VIC, QLD, SA, WA, TAS, NT, ACT).',
    ],
    [['a@example.com', 'operator', '--state'], '--state needs a value.'],
    [['a@example.com', 'operator', '--region', 'x'], 'Unknown option --region.'],
    [['a@example.com', 'admin'], 'Give an EMAIL and the role lifesaver or operator.'],
  ])('refuses %j', (args, message) => {
    expect(() => parseConsoleRoleArgs(args)).toThrow(new RoleArgumentError(message));
  });
});

describe('npm run admin -- grant-role / revoke-role (console roles)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-console-admin-'));
  const sqlite = path.join(dir, 'admin.sqlite');
  const admin = (...args: string[]) => {
    const run = spawnSync(process.execPath, [path.join(ROOT_DIR, 'apps/api/src/admin.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: '', SQLITE_PATH: sqlite, PASSWORD_SCRYPT_LOG_N: '12' },
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout, err: run.stderr };
  };
  const grants = async () => {
    const handle = openDatabase({ SQLITE_PATH: sqlite, DATABASE_URL: undefined });
    try {
      return await handle.db
        .selectFrom('user_role_scopes')
        .select(['role', 'scope', 'scope_key'])
        .orderBy('id')
        .execute();
    } finally {
      await handle.db.destroy();
    }
  };

  beforeAll(() => {
    expect(admin('seed').code).toBe(0);
    expect(admin('create-user', '--email', 'ls@example.com', '--first', 'Lee', '--last', 'Saver').code).toBe(
      0,
    );
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('grants lifesaver per beach and per club, and revokes it', async () => {
    const granted = admin('grant-role', 'ls@example.com', 'lifesaver', '--beach', 'nsw-2026-bondi-beach');
    expect(granted.err).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.out).toMatch(
      /^Role lifesaver for beach Bondi Beach \(nsw-2026-bondi-beach, id \d+\) granted to ls@example\.com\.\n$/,
    );
    const again = admin('grant-role', 'ls@example.com', 'lifesaver', '--beach', 'nsw-2026-bondi-beach');
    expect(again.out).toMatch(
      /^Nothing to do: ls@example\.com already has role lifesaver for beach Bondi Beach/,
    );
    const club = admin('grant-role', 'ls@example.com', 'lifesaver', '--club', '1');
    expect(club.code).toBe(0);
    expect(club.out).toMatch(/^Role lifesaver for club .+ \(id 1\) granted to ls@example\.com\.\n$/);
    expect((await grants()).map((g) => [g.role, g.scope])).toEqual([
      ['lifesaver', 'beach'],
      ['lifesaver', 'club'],
    ]);
    const revoked = admin('revoke-role', 'ls@example.com', 'lifesaver', '--club', '1');
    expect(revoked.out).toMatch(/revoked from ls@example\.com\.\n$/);
    expect((await grants()).map((g) => g.scope)).toEqual(['beach']);
  });

  it('grants operator per state and per area (by STATE/slug or a name one state has)', async () => {
    expect(admin('grant-role', 'ls@example.com', 'operator', '--state', 'nsw').code).toBe(0);
    const area = admin('grant-role', 'ls@example.com', 'operator', '--area', 'Port Phillip');
    expect(area.err).toBe('');
    expect(area.out).toBe(
      'Role operator for area Port Phillip (VIC/port-phillip) granted to ls@example.com.\n',
    );
    expect(admin('grant-role', 'ls@example.com', 'operator', '--area', 'NSW/waverley').code).toBe(0);
    expect((await grants()).filter((g) => g.role === 'operator').map((g) => g.scope_key)).toEqual([
      'NSW',
      'VIC/port-phillip',
      'NSW/waverley',
    ]);
    const unknown = admin('grant-role', 'ls@example.com', 'operator', '--area', 'Atlantis');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe('Error: No beach is in an area named Atlantis.\n');
  });

  it('refuses unknown beaches and users with a clear error, and keeps the algal role working', () => {
    const beach = admin('grant-role', 'ls@example.com', 'lifesaver', '--beach', 'no-such-beach');
    expect(beach.code).toBe(2);
    expect(beach.err).toBe('Error: No beach with key or id no-such-beach.\n');
    const user = admin('grant-role', 'nobody@example.com', 'lifesaver', '--beach', 'nsw-2026-bondi-beach');
    expect(user.code).toBe(2);
    expect(user.err).toBe('Error: No user has the email nobody@example.com.\n');
    const algal = admin('grant-role', 'ls@example.com', 'algal');
    expect(algal.out).toBe('Role algal granted to ls@example.com.\n');
    expect(admin('help').out).toContain('grant-role EMAIL lifesaver --beach KEY|ID');
  });
});
