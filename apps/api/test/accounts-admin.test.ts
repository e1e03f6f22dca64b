import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { verifyPassword } from '../src/modules/accounts/passwords.ts';
import { bearer, makeUser, PASSWORD, uniqueEmail } from './accounts-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';

describe('roles (service behind grant-role / revoke-role)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('grants and revokes the algal role, which the user then carries as has_algal_role', async () => {
    const { user, token } = await makeUser(t);
    const me = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v4/login',
          payload: { email: user.email, password: PASSWORD },
        })
      ).json().user;
    expect((await t.accounts.setRole(user.email.toUpperCase(), 'algal', true)).changed).toBe(true);
    expect((await t.accounts.setRole(user.email, 'algal', true)).changed).toBe(false);
    expect((await me()).has_algal_role).toBe(true);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user',
      headers: bearer(token),
      payload: { first_name: 'Sam', last_name: 'Shore', email: user.email, notification_enabled: true },
    });
    expect(profile.json().user.has_algal_role).toBe(true);
    expect((await t.accounts.setRole(user.email, 'algal', false)).changed).toBe(true);
    expect((await me()).has_algal_role).toBe(false);
  });

  it('refuses unknown roles and unknown users', async () => {
    const { user } = await makeUser(t);
    await expect(t.accounts.setRole(user.email, 'admin', true)).rejects.toThrow(
      'The role must be one of: algal.',
    );
    await expect(t.accounts.setRole('nobody@example.com', 'algal', true)).rejects.toThrow(
      'No user has the email nobody@example.com.',
    );
  });

  it('creates users with the same rules as registration', async () => {
    await expect(
      t.accounts.createUser({ email: 'bad', first_name: 'A', last_name: 'B', password: PASSWORD }),
    ).rejects.toThrow('The email field must be a valid email address.');
    await expect(
      t.accounts.createUser({
        email: uniqueEmail(),
        first_name: 'A',
        last_name: 'B',
        password: 'password123',
      }),
    ).rejects.toThrow('This password is too common. Please choose a different one.');
    const { password } = await t.accounts.createUser({
      email: uniqueEmail(),
      first_name: 'A',
      last_name: 'B',
    });
    expect(password).toMatch(/^[\w-]{20}$/);
  });
});

// Each case starts the CLI several times (a Node process each): with every core busy that takes
// far longer than the default 30 s, and these tests check what it does, not how fast.
describe('npm run admin -- create-user / grant-role / revoke-role', { timeout: 120_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-admin-'));
  const sqlite = path.join(dir, 'admin.sqlite');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // The CLI on its own SQLite file (whatever database the rest of the suite uses).
  const admin = (...args: string[]) => {
    const run = spawnSync(process.execPath, [path.join(ROOT_DIR, 'apps/api/src/admin.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: '', SQLITE_PATH: sqlite, PASSWORD_SCRYPT_LOG_N: '12' },
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout, err: run.stderr };
  };

  it('creates a user without a prompt, printing a random password once when none is given', async () => {
    const created = admin('create-user', '--email', 'Ops@Example.com', '--first', 'Opal', '--last', 'Ops');
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^Created user \d+: Opal Ops <ops@example\.com>\n/);
    const password = /Password \(shown once\): (\S+)/.exec(created.out)![1]!;

    const given = admin(
      'create-user',
      '--email',
      'two@example.com',
      '--first',
      'Two',
      '--last',
      'Ops',
      '--password',
      PASSWORD,
      '--verified',
    );
    expect(given.code).toBe(0);
    expect(given.out).not.toContain('Password');

    const handle = openDatabase({ SQLITE_PATH: sqlite, DATABASE_URL: undefined });
    try {
      const row = await handle.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'ops@example.com')
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(password, row.password_hash!)).toBe(true);
      // Without --verified the address waits for its owner to confirm it.
      expect(row.email_verified_at).toBeNull();
      const vouched = await handle.db
        .selectFrom('users')
        .select('email_verified_at')
        .where('email', '=', 'two@example.com')
        .executeTakeFirstOrThrow();
      expect(vouched.email_verified_at).not.toBeNull();
    } finally {
      await handle.db.destroy();
    }
  });

  it('grants and revokes roles, and explains mistakes with exit code 2', () => {
    expect(admin('grant-role', 'ops@example.com', 'algal')).toMatchObject({
      code: 0,
      out: 'Role algal granted to ops@example.com.\n',
    });
    expect(admin('grant-role', 'ops@example.com', 'algal').out).toBe(
      'Nothing to do: ops@example.com already has role algal.\n',
    );
    expect(admin('revoke-role', 'ops@example.com', 'algal').out).toBe(
      'Role algal revoked from ops@example.com.\n',
    );

    const duplicate = admin('create-user', '--email', 'ops@example.com', '--first', 'A', '--last', 'B');
    expect(duplicate.code).toBe(2);
    expect(duplicate.err).toContain('email: The email has already been taken.');
    const missing = admin('create-user', '--email', 'x@example.com');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('first_name: The first name field is required.');
    expect(admin('grant-role', 'ops@example.com', 'admin')).toMatchObject({ code: 2 });
    expect(admin('grant-role', 'nobody@example.com', 'algal').err).toContain(
      'No user has the email nobody@example.com.',
    );
    expect(admin('grant-role').code).toBe(2);
  });
});
