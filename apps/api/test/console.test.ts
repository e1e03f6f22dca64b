import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditResponseSchema,
  BeachDetailResponseSchema,
  BeachLivePatrolSchema,
  BeachLiveStatusSchema,
  CONSOLE_MESSAGES,
  ConsoleMeResponseSchema,
  ValidationErrorSchema,
} from '@safeshore/domain';
import { readDataVersion } from '../src/db/data-version.ts';
import { parseConsoleRoleArgs, setConsoleRoles } from '../src/modules/console/admin-roles.ts';
import { registerBeachStatusListener, type BeachStatusChange } from '../src/modules/console/events.ts';
import { startConsoleApp, type ConsoleTestApp } from './console-fixtures.ts';

let c: ConsoleTestApp;
beforeAll(async () => {
  c = await startConsoleApp();
});
afterAll(async () => {
  await c.close();
});

type Caller = keyof ConsoleTestApp['auth'] | 'guest';

function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  caller: Caller,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return c.t.app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload } : {}),
    headers: { ...(caller === 'guest' ? {} : { authorization: c.auth[caller] }), ...headers },
  });
}

const putStatus = (beach: number, caller: Caller, body: object, headers?: Record<string, string>) =>
  call('PUT', `/api/v5/beach/${beach}/status`, caller, body, headers);

async function detail(beach: number) {
  const res = await c.t.app.inject(`/api/v4/beach/${beach}`);
  expect(res.statusCode).toBe(200);
  return BeachDetailResponseSchema.parse(res.json()).beach;
}

async function auditCount(beach: number, action?: string): Promise<number> {
  let query = c.t.handle.db
    .selectFrom('console_audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('beach_id', '=', beach);
  if (action) query = query.where('action', '=', action);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

const CLOSED = {
  status: 'Closed',
  reason: 'shark_sighting',
  message: 'Shark seen off the south end',
  expires_at: null,
};

describe('who may use the console', () => {
  it('answers a guest 401, a user without a console role 403 and the algal role 403', async () => {
    for (const [caller, status] of [
      ['guest', 401],
      ['plain', 403],
      ['algal', 403],
    ] as const) {
      expect((await putStatus(c.beach.bondi, caller, CLOSED)).statusCode).toBe(status);
      expect(
        (await call('PUT', `/api/v5/beach/${c.beach.bondi}/patrol`, caller, { on_duty: false })).statusCode,
      ).toBe(status);
      expect((await call('DELETE', `/api/v5/beach/${c.beach.bondi}/status`, caller)).statusCode).toBe(status);
      expect((await call('GET', '/api/v5/console/me', caller)).statusCode).toBe(status);
    }
    expect((await detail(c.beach.bondi)).status).toBeNull();
  });

  it('refuses a lifesaver of Bondi closing Manly, and an operator of NSW editing a Victorian beach', async () => {
    const manly = await putStatus(c.beach.manly, 'lifesaver', CLOSED);
    expect(manly.statusCode).toBe(403);
    expect(manly.json().message).toBe(CONSOLE_MESSAGES.outOfScope);
    expect((await putStatus(c.beach.stKilda, 'operator', CLOSED)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/v5/beach/${c.beach.stKilda}/patrol`, 'operator', { on_duty: false }))
        .statusCode,
    ).toBe(403);
    expect((await detail(c.beach.manly)).status).toBeNull();
    expect((await detail(c.beach.stKilda)).status).toBeNull();
    // Out of scope is refused before the body is read: a bad body is still 403.
    expect((await putStatus(c.beach.manly, 'lifesaver', { status: 'Nope' })).statusCode).toBe(403);
  });

  it('lets an operator act on any beach of the state, and answers 404 for a beach that does not exist', async () => {
    const res = await putStatus(c.beach.manly, 'operator', { status: 'Open' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status_set_by).toBe('operator');
    expect((await putStatus(c.beach.stKilda, 'vicOperator', { status: 'Open' })).statusCode).toBe(200);
    expect((await putStatus(999_999_999, 'operator', { status: 'Open' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v5/beach/${c.beach.manly}/status`, 'operator')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v5/beach/${c.beach.stKilda}/status`, 'vicOperator')).statusCode).toBe(
      200,
    );
  });
});

describe('PUT /api/v5/beach/{beachId}/status', () => {
  it('stores the status, answers it, and the very next read of the beach shows it', async () => {
    const before = await readDataVersion(c.t.handle.db);
    const res = await putStatus(c.beach.bondi, 'lifesaver', CLOSED);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = BeachLiveStatusSchema.parse(res.json());
    // Saturday 12:00 in Sydney with no patrol today: it expires at the beach's midnight (13:00 UTC).
    expect(body).toEqual({
      beach_id: c.beach.bondi,
      status: 'Closed',
      status_reason: 'shark_sighting',
      status_message: 'Shark seen off the south end',
      status_set_at: '2026-11-21T01:00:00.000Z',
      status_expires_at: '2026-11-21T13:00:00.000Z',
      status_set_by: 'lifesaver',
    });
    expect((await readDataVersion(c.t.handle.db)).version).toBeGreaterThan(before.version);
    const beach = await detail(c.beach.bondi);
    expect(beach).toMatchObject({
      status: 'Closed',
      status_reason: 'shark_sighting',
      status_message: 'Shark seen off the south end',
      status_set_at: '2026-11-21T01:00:00.000Z',
      status_expires_at: '2026-11-21T13:00:00.000Z',
      status_set_by: 'lifesaver',
    });
    // By path too.
    const byPath = await c.t.app.inject(`/api/v4/beach/${beach.url.replace(/^\//, '')}`);
    expect(byPath.json().beach.status).toBe('Closed');
  });

  it('takes an expiry of its own, in the future and at most 7 days ahead', async () => {
    const res = await putStatus(c.beach.bondi, 'lifesaver', {
      status: 'Surveillance',
      expires_at: '2026-11-22T08:00:00+11:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Surveillance',
      status_reason: null,
      status_message: null,
      status_expires_at: '2026-11-21T21:00:00.000Z',
    });
    for (const [expires, message] of [
      ['2026-11-21T00:59:00Z', CONSOLE_MESSAGES.expiryPast],
      ['2026-11-28T01:00:01Z', CONSOLE_MESSAGES.expiryTooFar],
    ]) {
      const bad = await putStatus(c.beach.bondi, 'lifesaver', { status: 'Open', expires_at: expires });
      expect(bad.statusCode).toBe(422);
      expect(ValidationErrorSchema.parse(bad.json()).errors.expires_at).toEqual([message]);
    }
    expect((await detail(c.beach.bondi)).status).toBe('Surveillance');
  });

  it.each([
    [{ status: 'Closed' }, 'reason'],
    [{ status: 'Inclement', reason: null }, 'reason'],
    [{ status: 'Open', reason: 'other' }, 'message'],
    [{ status: 'Open', reason: 'other', message: '   ' }, 'message'],
    [{ status: 'Open', message: 'x'.repeat(201) }, 'message'],
    [{ status: 'Shut' }, 'status'],
    [{ status: 'Closed', reason: 'sharks' }, 'reason'],
    [{ status: 'Open', expires_at: 'tomorrow' }, 'expires_at'],
    [{}, 'status'],
  ])('refuses %j with 422 and the field in errors, changing nothing', async (body, field) => {
    const before = await detail(c.beach.bondi);
    const res = await putStatus(c.beach.bondi, 'lifesaver', body);
    expect(res.statusCode).toBe(422);
    const error = ValidationErrorSchema.parse(res.json());
    expect(Object.keys(error.errors)).toContain(field);
    expect((await detail(c.beach.bondi)).status).toBe(before.status);
  });

  it('DELETE clears it: the status fields read null, and an audit entry records from → to', async () => {
    const entries = await auditCount(c.beach.bondi, 'status.clear');
    const res = await call('DELETE', `/api/v5/beach/${c.beach.bondi}/status`, 'lifesaver');
    expect(res.statusCode).toBe(200);
    expect(BeachLiveStatusSchema.parse(res.json())).toEqual({
      beach_id: c.beach.bondi,
      status: null,
      status_reason: null,
      status_message: null,
      status_set_at: null,
      status_expires_at: null,
      status_set_by: null,
    });
    expect(await detail(c.beach.bondi)).toMatchObject({
      status: null,
      status_reason: null,
      status_set_by: null,
    });
    expect(await auditCount(c.beach.bondi, 'status.clear')).toBe(entries + 1);
    // Clearing nothing changes nothing and logs nothing.
    expect((await call('DELETE', `/api/v5/beach/${c.beach.bondi}/status`, 'lifesaver')).statusCode).toBe(200);
    expect(await auditCount(c.beach.bondi, 'status.clear')).toBe(entries + 1);
  });

  it('tells the status listeners inside the transaction; a listener that fails undoes the change', async () => {
    const seen: BeachStatusChange[] = [];
    const remove = registerBeachStatusListener((_trx, change) => {
      seen.push(change);
    });
    try {
      expect((await putStatus(c.beach.bondi, 'lifesaver', CLOSED)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/v5/beach/${c.beach.bondi}/status`, 'lifesaver')).statusCode).toBe(
        200,
      );
    } finally {
      remove();
    }
    expect(seen.map((change) => [change.from.status, change.to.status, change.setBy])).toEqual([
      [null, 'Closed', 'lifesaver'],
      ['Closed', null, 'lifesaver'],
    ]);
    expect(seen[0]!.beachId).toBe(c.beach.bondi);

    const failing = registerBeachStatusListener(() => {
      throw new Error('alert store down');
    });
    try {
      expect((await putStatus(c.beach.bondi, 'lifesaver', CLOSED)).statusCode).toBe(500);
    } finally {
      failing();
    }
    expect((await detail(c.beach.bondi)).status).toBeNull();
  });
});

describe('Idempotency-Key', () => {
  it('answers a replay with the first answer and applies it once (one audit row)', async () => {
    const before = await auditCount(c.beach.bondi, 'status.set');
    const key = { 'idempotency-key': 'a8c6d0e4-5b1f-4d59-9a3b-2f1c6e7d8a90' };
    const first = await putStatus(c.beach.bondi, 'lifesaver', CLOSED, key);
    expect(first.statusCode).toBe(200);
    c.clock.advance(60_000);
    const again = await putStatus(c.beach.bondi, 'lifesaver', CLOSED, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await auditCount(c.beach.bondi, 'status.set')).toBe(before + 1);
    expect((await detail(c.beach.bondi)).status_set_at).toBe(first.json().status_set_at);
  });

  it('refuses the same key with a different body (422), changing nothing', async () => {
    const key = { 'idempotency-key': 'key-reused-for-another-body' };
    expect((await putStatus(c.beach.bondi, 'lifesaver', { status: 'Open' }, key)).statusCode).toBe(200);
    const other = await putStatus(c.beach.bondi, 'lifesaver', CLOSED, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['Idempotency-Key']).toEqual([CONSOLE_MESSAGES.idempotencyMismatch]);
    expect((await detail(c.beach.bondi)).status).toBe('Open');
  });

  it('keys are per user: another user with the same key is a different request', async () => {
    const key = { 'idempotency-key': 'shared-key' };
    expect((await putStatus(c.beach.bondi, 'lifesaver', { status: 'Open' }, key)).statusCode).toBe(200);
    const res = await putStatus(c.beach.bondi, 'operator', { status: 'Surveillance' }, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().status_set_by).toBe('operator');
  });

  it('two requests with one key at the same moment make one change', async () => {
    const before = await auditCount(c.beach.bondi, 'patrol.on');
    const key = { 'idempotency-key': 'concurrent-key' };
    const body = { on_duty: true, until: '17:00' };
    const [a, b] = await Promise.all([
      call('PUT', `/api/v5/beach/${c.beach.bondi}/patrol`, 'lifesaver', body, key),
      call('PUT', `/api/v5/beach/${c.beach.bondi}/patrol`, 'lifesaver', body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await auditCount(c.beach.bondi, 'patrol.on')).toBe(before + 1);
  });

  it('refuses a malformed key (422) and forgets keys after 48 hours', async () => {
    const bad = await putStatus(
      c.beach.bondi,
      'lifesaver',
      { status: 'Open' },
      { 'idempotency-key': 'x'.repeat(101) },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['Idempotency-Key']).toEqual([CONSOLE_MESSAGES.idempotencyKeyInvalid]);
    const key = { 'idempotency-key': 'old-key' };
    expect((await putStatus(c.beach.bondi, 'lifesaver', { status: 'Open' }, key)).statusCode).toBe(200);
    c.clock.advance(49 * 3_600_000);
    expect((await putStatus(c.beach.bondi, 'lifesaver', CLOSED, key)).statusCode).toBe(200);
    const left = await c.t.handle.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', 'shared-key')
      .execute();
    expect(left).toEqual([]);
    c.clock.set('2026-11-21T01:00:00Z');
  });
});

describe('PUT /api/v5/beach/{beachId}/patrol', () => {
  it('puts the beach on duty until a local time; the detail shows it as set by the console', async () => {
    c.clock.set('2026-11-21T01:00:00Z');
    const res = await call('PUT', `/api/v5/beach/${c.beach.tamarama}/patrol`, 'operator', {
      on_duty: true,
      until: '17:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(BeachLivePatrolSchema.parse(res.json())).toEqual({
      beach_id: c.beach.tamarama,
      is_patrolled_today: { flag: 1, start: '12:00', end: '17:00', is_sample: false },
      patrol_set_at: '2026-11-21T01:00:00.000Z',
      patrol_set_by: 'operator',
    });
    const beach = await detail(c.beach.tamarama);
    expect(beach.is_patrolled_today).toEqual({ flag: 1, start: '12:00', end: '17:00', is_sample: false });
    expect(beach.patrol_set_by).toBe('operator');
    expect(beach.patrol_set_at).toBe('2026-11-21T01:00:00.000Z');
  });

  it('a status set while on duty expires at the end of the patrol', async () => {
    const res = await putStatus(c.beach.tamarama, 'operator', { status: 'Inclement', reason: 'lightning' });
    expect(res.json().status_expires_at).toBe('2026-11-21T06:00:00.000Z');
  });

  it('keeps the start when the finish time is moved, and off duty ends the patrol now', async () => {
    c.clock.set('2026-11-21T03:30:00Z'); // 14:30 in Sydney
    const later = await call('PUT', `/api/v5/beach/${c.beach.tamarama}/patrol`, 'operator', {
      on_duty: true,
      until: '18:30',
    });
    expect(later.json().is_patrolled_today).toMatchObject({ start: '12:00', end: '18:30' });
    c.clock.set('2026-11-21T04:00:00Z'); // 15:00
    const off = await call('PUT', `/api/v5/beach/${c.beach.tamarama}/patrol`, 'operator', { on_duty: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().is_patrolled_today).toEqual({
      flag: 1,
      start: '12:00',
      end: '15:00',
      is_sample: false,
    });
    expect((await detail(c.beach.tamarama)).is_patrolled_today).toMatchObject({ end: '15:00' });
  });

  it('the console patrol lasts its day only: the next day the roster speaks again', async () => {
    c.clock.set('2026-11-21T14:00:00Z'); // Sunday 1 am in Sydney
    const beach = await detail(c.beach.tamarama);
    expect(beach.patrol_set_at).toBeNull();
    expect(beach.patrol_set_by).toBeNull();
    c.clock.set('2026-11-21T01:00:00Z');
  });

  it('off duty before any patrol today means not patrolled today', async () => {
    const res = await call('PUT', `/api/v5/beach/${c.beach.manly}/patrol`, 'operator', { on_duty: false });
    expect(res.json().is_patrolled_today).toEqual({ flag: 0, start: null, end: null, is_sample: false });
  });

  it.each([
    [{ on_duty: true }, 'until', 'The until field is required when on duty.'],
    [{ on_duty: true, until: '5pm' }, 'until', 'The until field must be a time of the form HH:MM.'],
    [{ on_duty: true, until: '11:59' }, 'until', CONSOLE_MESSAGES.untilPast],
    [{ on_duty: 'yes' }, 'on_duty', 'The on duty field is required and must be true or false.'],
  ])('refuses %j with 422', async (body, field, message) => {
    const res = await call('PUT', `/api/v5/beach/${c.beach.bondi}/patrol`, 'lifesaver', body);
    expect(res.statusCode).toBe(422);
    expect(ValidationErrorSchema.parse(res.json()).errors[field]).toEqual([message]);
  });
});

describe('GET /api/v5/console/me', () => {
  it('lists a lifesaver’s roles and beaches with their status now', async () => {
    const res = await call('GET', '/api/v5/console/me', 'lifesaver');
    expect(res.statusCode).toBe(200);
    const me = ConsoleMeResponseSchema.parse(res.json());
    expect(me.roles).toEqual([
      { role: 'lifesaver', scope: 'beach', scope_id: String(c.beach.bondi), scope_name: 'Bondi Beach' },
    ]);
    expect(me.beaches.map((b) => b.id)).toEqual([c.beach.bondi]);
    expect(me.beaches[0]).toMatchObject({ name: 'Bondi Beach', state: 'NSW', timezone: 'Australia/Sydney' });
    expect(me.truncated).toBe(false);
  });

  it('lists every beach of an operator’s state, by name', async () => {
    const me = ConsoleMeResponseSchema.parse((await call('GET', '/api/v5/console/me', 'operator')).json());
    expect(me.roles).toEqual([
      { role: 'operator', scope: 'state', scope_id: 'NSW', scope_name: 'New South Wales' },
    ]);
    const names = me.beaches.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(me.beaches.every((b) => b.state === 'NSW')).toBe(true);
    expect(names).toContain('Manly Beach');
  });
});

describe('the audit log', () => {
  it('shows an operator the changes of their scope, who, what, when, from → to', async () => {
    const res = await call('GET', `/api/v5/console/audit?beach_id=${c.beach.bondi}&limit=3`, 'operator');
    expect(res.statusCode, res.body).toBe(200);
    const page = AuditResponseSchema.parse(res.json());
    expect(page.entries).toHaveLength(3);
    expect(page.entries.every((e) => e.beach_id === c.beach.bondi && e.beach_name === 'Bondi Beach')).toBe(
      true,
    );
    const ids = page.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.next_cursor).not.toBeNull();
    const next = AuditResponseSchema.parse(
      (
        await call(
          'GET',
          `/api/v5/console/audit?beach_id=${c.beach.bondi}&limit=3&cursor=${page.next_cursor}`,
          'operator',
        )
      ).json(),
    );
    expect(next.entries[0]!.id).toBeLessThan(ids.at(-1)!);
    const set = (await call('GET', `/api/v5/console/audit?beach_id=${c.beach.bondi}&limit=200`, 'operator'))
      .json()
      .entries.find(
        (e: { action: string; actor: string }) => e.action === 'status.set' && e.actor.includes('lifesaver@'),
      );
    expect(set).toMatchObject({
      actor: 'Lifesaver Tester <lifesaver@example.com>',
      actor_role: 'lifesaver',
    });
    expect(set.to).toMatchObject({ status: expect.any(String) });
  });

  it('keeps other states out of an operator’s log, and the log from lifesavers', async () => {
    const nsw = AuditResponseSchema.parse(
      (await call('GET', '/api/v5/console/audit?limit=200', 'operator')).json(),
    );
    expect(nsw.entries.some((e) => e.beach_id === c.beach.stKilda)).toBe(false);
    const vic = AuditResponseSchema.parse(
      (await call('GET', '/api/v5/console/audit?limit=200', 'vicOperator')).json(),
    );
    expect(vic.entries.length).toBeGreaterThan(0);
    expect(vic.entries.every((e) => e.beach_id === c.beach.stKilda || e.beach_id === null)).toBe(true);
    expect(
      (await call('GET', `/api/v5/console/audit?beach_id=${c.beach.bondi}`, 'vicOperator')).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/v5/console/audit', 'lifesaver')).statusCode).toBe(403);
    expect((await call('GET', '/api/v5/console/audit', 'plain')).statusCode).toBe(403);
    expect((await call('GET', '/api/v5/console/audit', 'guest')).statusCode).toBe(401);
    expect((await call('GET', '/api/v5/console/audit?limit=0', 'operator')).statusCode).toBe(422);
  });

  it('exports as CSV with the same filter', async () => {
    const res = await call('GET', `/api/v5/console/audit.csv?beach_id=${c.beach.bondi}`, 'operator');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor,actor_role,beach_id,beach_name,action,from,to,actor_user_id,actor_now',
    );
    const json = (
      await call('GET', `/api/v5/console/audit?beach_id=${c.beach.bondi}&limit=200`, 'operator')
    ).json();
    expect(lines).toHaveLength(json.entries.length + 1);
    expect(lines[1]).toContain(`,${c.beach.bondi},Bondi Beach,`);
    expect((await call('GET', '/api/v5/console/audit.csv', 'lifesaver')).statusCode).toBe(403);
  });
});

describe('POST and DELETE /api/v5/console/roles', () => {
  it('lets an operator make a user lifesaver of a beach in scope, and take it away', async () => {
    const grant = { email: c.emails.plain, role: 'lifesaver', beach_id: c.beach.manly };
    const res = await call('POST', '/api/v5/console/roles', 'operator', grant);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: c.emails.plain,
      role: { role: 'lifesaver', scope: 'beach', scope_id: String(c.beach.manly), scope_name: 'Manly Beach' },
    });
    expect((await putStatus(c.beach.manly, 'plain', { status: 'Open' })).statusCode).toBe(200);
    expect((await putStatus(c.beach.bondi, 'plain', { status: 'Open' })).statusCode).toBe(403);
    expect(await auditCount(c.beach.manly, 'role.grant')).toBe(1);

    const revoked = await call('DELETE', '/api/v5/console/roles', 'operator', grant);
    expect(revoked.statusCode).toBe(200);
    expect((await putStatus(c.beach.manly, 'plain', { status: 'Open' })).statusCode).toBe(403);
    expect(await auditCount(c.beach.manly, 'role.revoke')).toBe(1);
    expect((await call('DELETE', '/api/v5/console/roles', 'operator', grant)).statusCode).toBe(404);
  });

  it('grants a club: the club’s beaches', async () => {
    const club = await c.t.handle.db
      .selectFrom('beach_clubs')
      .innerJoin('clubs', 'clubs.id', 'beach_clubs.club_id')
      .select(['clubs.id'])
      .where('beach_clubs.beach_id', '=', c.beach.bondi)
      .orderBy('beach_clubs.sort')
      .executeTakeFirstOrThrow();
    const grant = { email: c.emails.algal, role: 'lifesaver', club_id: club.id };
    expect((await call('POST', '/api/v5/console/roles', 'operator', grant)).statusCode).toBe(201);
    expect((await putStatus(c.beach.bondi, 'algal', { status: 'Open' })).statusCode).toBe(200);
    expect((await putStatus(c.beach.manly, 'algal', { status: 'Open' })).statusCode).toBe(403);
    expect((await call('DELETE', '/api/v5/console/roles', 'operator', grant)).statusCode).toBe(200);
    expect((await putStatus(c.beach.bondi, 'algal', { status: 'Open' })).statusCode).toBe(403);
  });

  it('refuses out of scope (403), lifesavers (403), unknown users and bad bodies (422)', async () => {
    const vic = { email: c.emails.plain, role: 'lifesaver', beach_id: c.beach.stKilda };
    expect((await call('POST', '/api/v5/console/roles', 'operator', vic)).statusCode).toBe(403);
    const bondi = { email: c.emails.plain, role: 'lifesaver', beach_id: c.beach.bondi };
    expect((await call('POST', '/api/v5/console/roles', 'lifesaver', bondi)).statusCode).toBe(403);
    expect((await call('POST', '/api/v5/console/roles', 'plain', bondi)).statusCode).toBe(403);
    expect((await call('POST', '/api/v5/console/roles', 'guest', bondi)).statusCode).toBe(401);
    const nobody = await call('POST', '/api/v5/console/roles', 'operator', {
      ...bondi,
      email: 'nobody@example.com',
    });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors.email).toEqual([CONSOLE_MESSAGES.userNotFound]);
    for (const body of [
      { email: c.emails.plain, role: 'operator', beach_id: c.beach.bondi },
      { email: c.emails.plain, role: 'lifesaver' },
      { email: c.emails.plain, role: 'lifesaver', beach_id: c.beach.bondi, club_id: 1 },
      { email: c.emails.plain, role: 'lifesaver', beach_id: 'one' },
    ]) {
      const res = await call('POST', '/api/v5/console/roles', 'operator', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(ValidationErrorSchema.parse(res.json()).errors).toBeTypeOf('object');
    }
  });
});

describe('an operator of an area', () => {
  it('acts on the beaches of that council area only, and reads only their audit entries', async () => {
    const { user } = await c.t.accounts.createUser({
      email: 'area@example.com',
      first_name: 'Area',
      last_name: 'Operator',
      password: 'console-password-2024',
    });
    await setConsoleRoles(
      c.t.handle.db,
      parseConsoleRoleArgs([user.email, 'operator', '--area', 'NSW/waverley']),
      true,
      c.clock.date(),
    );
    const auth = { authorization: `Bearer ${await c.t.accounts.issueTokenFor(user.id, 'test')}` };
    const put = (beach: number) =>
      c.t.app.inject({
        method: 'PUT',
        url: `/api/v5/beach/${beach}/status`,
        payload: { status: 'Open' },
        headers: auth,
      });
    expect((await put(c.beach.bondi)).statusCode).toBe(200);
    expect((await put(c.beach.tamarama)).statusCode).toBe(200);
    expect((await put(c.beach.manly)).statusCode).toBe(403);
    const me = ConsoleMeResponseSchema.parse(
      (await c.t.app.inject({ url: '/api/v5/console/me', headers: auth })).json(),
    );
    expect(me.roles).toEqual([
      { role: 'operator', scope: 'area', scope_id: 'NSW/waverley', scope_name: 'Waverley' },
    ]);
    expect(me.beaches.map((b) => b.name)).toEqual(expect.arrayContaining(['Bondi Beach', 'Tamarama Beach']));
    expect(me.beaches.some((b) => b.name === 'Manly Beach')).toBe(false);
    const audit = AuditResponseSchema.parse(
      (await c.t.app.inject({ url: '/api/v5/console/audit?limit=200', headers: auth })).json(),
    );
    expect(audit.entries.length).toBeGreaterThan(0);
    expect(audit.entries.some((e) => e.beach_id === c.beach.manly)).toBe(false);
    const manly = await c.t.app.inject({
      url: `/api/v5/console/audit?beach_id=${c.beach.manly}`,
      headers: auth,
    });
    expect(manly.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every console route', async () => {
    const doc = (await c.t.app.inject('/api/docs')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = c.t.app.routeList.filter(
      (route) =>
        /^\w+ \/api\/v5\/beach\/:id\/(status|patrol|posts)$/.test(route) ||
        route.includes('/api/v5/console/'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(9);
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[method.toLowerCase()], route).toBeDefined();
    }
  });
});
