import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, ROUTE_MATRIX, type Role } from './route-matrix.ts';
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

/** Credentials per role; accounts (issue 5) will replace these with real tokens. */
const AUTH: Record<Role, string | undefined> = {
  guest: undefined,
  user: 'Bearer 1|not-a-real-token-user',
  otherUser: 'Bearer 2|not-a-real-token-other',
  algalUser: 'Bearer 3|not-a-real-token-algal',
};

describe('route matrix', () => {
  it('lists every route the server has', () => {
    const listed = new Set(ROUTE_MATRIX.map((row) => row.route));
    const unlisted = t.app.routeList.filter((route) => !listed.has(route));
    expect(unlisted).toEqual([]);
  });

  for (const row of ROUTE_MATRIX) {
    it.each(ROLES)(`${row.route} as %s`, async (role) => {
      const res = await t.app.inject({
        method: row.request.method,
        url: row.request.url,
        ...(row.request.payload !== undefined ? { payload: row.request.payload as object } : {}),
        headers: AUTH[role] ? { authorization: AUTH[role] } : {},
      });
      expect(res.statusCode).toBe(row.expect[role]);
    });
  }
});
