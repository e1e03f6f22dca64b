import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, ROUTE_MATRIX, type Role } from './route-matrix.ts';
import { parseConsoleRoleArgs, setConsoleRoles } from '../src/modules/console/admin-roles.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-matrix-'));
beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Per role: the bearer token and the fixtures rows may name (see route-matrix.ts). */
const AUTH: Partial<Record<Role, string>> = {};
const FIXTURES: Record<string, string> = {};
const EMAILS: Record<Role, string> = {
  guest: 'guest@example.com',
  user: 'matrix.user@example.com',
  otherUser: 'matrix.other@example.com',
  algalUser: 'matrix.algal@example.com',
  lifesaver: 'matrix.lifesaver@example.com',
  operator: 'matrix.operator@example.com',
};

beforeAll(async () => {
  for (const role of ['user', 'otherUser', 'algalUser', 'lifesaver', 'operator'] as const) {
    const { user } = await t.accounts.createUser({
      email: EMAILS[role],
      first_name: 'Matrix',
      last_name: role,
      password: 'matrix-password-2024',
    });
    if (role === 'algalUser') await t.accounts.setRole(user.email, 'algal', true);
    AUTH[role] = `Bearer ${await t.accounts.issueTokenFor(user.id, 'matrix')}`;
    FIXTURES[`spareToken:${role}`] = (await t.accounts.issueTokenFor(user.id, 'spare')).split('|')[0]!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/createDevice',
      headers: { authorization: AUTH[role] },
      payload: { token: `push-${role}`, model: 'Matrix', type: 'Android' },
    });
    FIXTURES[`device:${role}`] = String(created.json().devices[0].id);
  }
  const beach = await t.handle.db.selectFrom('beaches').select('id').orderBy('id').executeTakeFirstOrThrow();
  FIXTURES.beach = String(beach.id);
  // The console's roles (issue 17): a lifesaver of Bondi and an operator of NSW, granted as the
  // admin CLI does; the account role grants are written to.
  for (const [name, title, state] of [
    ['bondi', 'Bondi Beach', 'NSW'],
    ['manly', 'Manly Beach', 'NSW'],
    ['stKilda', 'St Kilda Beach', 'VIC'],
  ] as const) {
    const row = await t.handle.db
      .selectFrom('beaches')
      .select('id')
      .where('title', '=', title)
      .where('state', '=', state)
      .executeTakeFirstOrThrow();
    FIXTURES[name] = String(row.id);
  }
  const now = t.clock();
  await setConsoleRoles(
    t.handle.db,
    parseConsoleRoleArgs([EMAILS.lifesaver, 'lifesaver', '--beach', FIXTURES.bondi!]),
    true,
    now,
  );
  await setConsoleRoles(
    t.handle.db,
    parseConsoleRoleArgs([EMAILS.operator, 'operator', '--state', 'NSW']),
    true,
    now,
  );
  await t.accounts.createUser({
    email: 'matrix.target@example.com',
    first_name: 'Matrix',
    last_name: 'Target',
    password: 'matrix-password-2024',
  });
  await t.handle.db
    .insertInto('algal_programme_beaches')
    .values({ beach_id: beach.id, created_at: t.clock().toISOString() })
    .execute();
});

/** The request with fixtures filled in for the caller. */
function fill<T>(value: T, role: Role): T {
  const text = JSON.stringify(value)
    .replace(/"\{#(\w+)\}"/g, (placeholder, name: string) => FIXTURES[name] ?? placeholder)
    .replace(/\{([\w:]+)\}/g, (placeholder, name: string) => {
      if (name === 'email') return EMAILS[role];
      const fixture = FIXTURES[name];
      if (fixture === undefined) throw new Error(`unknown fixture ${placeholder}`);
      return fixture;
    });
  return JSON.parse(text) as T;
}

describe('route matrix', () => {
  it('lists every route the server has', () => {
    const listed = new Set(ROUTE_MATRIX.map((row) => row.route));
    const unlisted = t.app.routeList.filter((route) => !listed.has(route));
    expect(unlisted).toEqual([]);
  });

  for (const row of ROUTE_MATRIX) {
    it.each(ROLES)(`${row.route} as %s`, async (role) => {
      const request = fill(row.request, role);
      const res = await t.app.inject({
        method: request.method,
        url: request.url,
        ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
        headers: AUTH[role] ? { authorization: AUTH[role] } : {},
      });
      expect(res.statusCode).toBe(row.expect[role]);
    });
  }
});
