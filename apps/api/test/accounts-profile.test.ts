import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ACCOUNT_SERVER_MESSAGES as MSG,
  DevicesResponseSchema,
  FollowResponseSchema,
  MyBeachesResponseSchema,
  UserResponseSchema,
} from '@safeshore/domain';
import { bearer, makeUser, PASSWORD, uniqueEmail } from './accounts-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let beachIds: number[];
beforeAll(async () => {
  t = await startTestApp();
  beachIds = (await t.handle.db.selectFrom('beaches').select('id').orderBy('id').limit(3).execute()).map(
    (r) => r.id,
  );
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const profile = (overrides: object = {}) => ({
  first_name: 'Robin',
  last_name: 'Tide',
  email: uniqueEmail('profile'),
  notification_enabled: false,
  ...overrides,
});

describe('POST /api/v4/user (profile)', () => {
  it('updates the profile and answers the user', async () => {
    const { user, token } = await makeUser(t);
    const body = profile({ email: ` ${user.email.toUpperCase()} ` });
    const res = await call('POST', '/api/v4/user', token, body);
    expect(res.statusCode).toBe(200);
    expect(z.parse(UserResponseSchema, res.json())).toEqual({
      user: {
        id: user.id,
        first_name: 'Robin',
        last_name: 'Tide',
        email: user.email,
        notification_enabled: false,
        has_algal_role: false,
        email_verified: true,
        has_password: true,
      },
    });
    expect(
      (await call('POST', '/api/v4/user', token, { ...body, notification_enabled: true })).json().user
        .notification_enabled,
    ).toBe(true);
  });

  it('a new email waits for the new address to confirm it (the account keeps its address until then)', async () => {
    const me = await makeUser(t);
    const them = await makeUser(t);
    for (const email of [them.user.email.toUpperCase(), uniqueEmail('next')]) {
      const res = await call(
        'POST',
        '/api/v4/user',
        me.token,
        profile({ email, current_password: PASSWORD }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        pending_email: email.toLowerCase(),
        message: MSG.emailChangePending,
      });
      expect(res.json().user.email).toBe(me.user.email);
    }
    const row = await t.handle.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Robin');
    expect(row.email).toBe(me.user.email);
  });

  it.each([
    ['first_name', { first_name: '' }, 'The first name field is required.'],
    ['last_name', { last_name: undefined }, 'The last name field is required.'],
    ['email', { email: 'nope' }, 'The email field must be a valid email address.'],
    [
      'notification_enabled',
      { notification_enabled: 'yes' },
      'The notification enabled field must be true or false.',
    ],
  ])('answers 422 for a bad %s', async (field, overrides, message) => {
    const { token } = await makeUser(t);
    const res = await call('POST', '/api/v4/user', token, profile(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('needs a signed-in user', async () => {
    const res = await call('POST', '/api/v4/user', undefined, profile());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('POST /api/v4/user/password', () => {
  const change = (current: string, password = 'sand-dune-compass-9') => ({
    current_password: current,
    password,
    password_confirmation: password,
  });

  it('changes the password and ends the other sessions, not this one', async () => {
    const { user, token } = await makeUser(t);
    const other = await t.accounts.issueTokenFor(user.id, 'tablet');
    const res = await call('POST', '/api/v4/user/password', token, change(PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.passwordUpdated });
    expect((await call('GET', '/api/v4/user/devices', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/v4/user/devices', other)).statusCode).toBe(401);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v4/login', payload: { email: user.email, password } });
    expect((await login('sand-dune-compass-9')).statusCode).toBe(200);
    expect((await login(PASSWORD)).statusCode).toBe(406);
  });

  it('refuses a wrong current password with 422 and keeps the old one', async () => {
    const { user, token } = await makeUser(t);
    const res = await call('POST', '/api/v4/user/password', token, change('not-my-password'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v4/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['current_password', { current_password: '' }, 'The current password field is required.'],
    [
      'password',
      { password: 'short', password_confirmation: 'short' },
      'The password field must be at least 10 characters.',
    ],
    [
      'password',
      { password_confirmation: 'something different' },
      'The password field confirmation does not match.',
    ],
    ['password', { password: 'iloveyou123', password_confirmation: 'iloveyou123' }, MSG.commonPassword],
    [
      'password_confirmation',
      { password_confirmation: undefined },
      'The password confirmation field is required.',
    ],
  ])('answers 422 for a bad %s', async (field, overrides, message) => {
    const { token } = await makeUser(t);
    const res = await call('POST', '/api/v4/user/password', token, { ...change(PASSWORD), ...overrides });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('needs a signed-in user', async () => {
    expect((await call('POST', '/api/v4/user/password', undefined, change(PASSWORD))).statusCode).toBe(401);
  });
});

describe('DELETE /api/v4/user', () => {
  it('refuses an email that is not exactly the account email, and deletes nothing', async () => {
    const { user, token } = await makeUser(t);
    for (const typed of [user.email.toUpperCase(), ` ${user.email}`, 'someone@example.com', '']) {
      const res = await call('DELETE', '/api/v4/user', token, { confirm_delete_email: typed });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        confirm_delete_email: ['Email must match exactly as above to confirm account deletion.'],
      });
    }
    const missing = await call('DELETE', '/api/v4/user', token, {});
    expect(missing.json().errors).toEqual({
      confirm_delete_email: ['The confirm delete email field is required.'],
    });
    expect(
      await t.handle.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeDefined();
    expect((await call('GET', '/api/v4/user/devices', token)).statusCode).toBe(200);
  });

  it("deletes the user with their tokens, devices, follows, roles, identities and reset links; others' data stays", async () => {
    const { user, token } = await makeUser(t);
    const bystander = await makeUser(t);
    const db = t.handle.db;
    await call('POST', '/api/v4/user/createDevice', token, {
      token: 'push-1',
      model: 'Pixel 8',
      type: 'Android',
    });
    await call('POST', `/api/v4/beach/${beachIds[0]}/follow`, token);
    await call('POST', `/api/v4/beach/${beachIds[0]}/follow`, bystander.token);
    await t.accounts.setRole(user.email, 'algal', true);
    await db
      .insertInto('social_identities')
      .values({ user_id: user.id, provider: 'apple', subject: 'sub-1', created_at: t.clock().toISOString() })
      .execute();
    await t.app.inject({ method: 'POST', url: '/api/v4/reset', payload: { email: user.email } });

    const res = await call('DELETE', '/api/v4/user', token, {
      confirm_delete_email: user.email,
      token_id: token.split('|')[0],
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.accountDeleted });

    const userId = user.id;
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('api_tokens').select('id').where('user_id', '=', userId).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('devices').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('follows').select('beach_id').where('user_id', '=', userId).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('social_identities').select('id').where('user_id', '=', userId).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('password_resets').select('id').where('email', '=', user.email).execute(),
    ).toEqual([]);
    expect((await call('GET', '/api/v4/user/devices', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/v4/my-beaches', bystander.token)).json().beaches).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await call('DELETE', '/api/v4/user', undefined, { confirm_delete_email: 'a@example.com' })).statusCode,
    ).toBe(401);
  });
});

describe('devices', () => {
  const create = (token: string, push: string, model = 'iPhone 15', type = 'iPhone OS') =>
    call('POST', '/api/v4/user/createDevice', token, { token: push, model, type });

  it('lists none, then registers devices once per push token', async () => {
    const { token } = await makeUser(t);
    expect((await call('GET', '/api/v4/user/devices', token)).json()).toEqual({ devices: [] });
    const first = await create(token, 'push-a');
    expect(first.statusCode).toBe(200);
    const { devices } = z.parse(DevicesResponseSchema, first.json());
    expect(devices).toEqual([{ id: devices[0]!.id, type: 'iPhone OS', model: 'iPhone 15', enabled: true }]);
    const again = await create(token, 'push-a', 'iPhone 16');
    expect(again.json().devices).toEqual([
      { id: devices[0]!.id, type: 'iPhone OS', model: 'iPhone 16', enabled: true },
    ]);
    const second = await create(token, 'push-b', 'Pixel 8', 'Android');
    expect(second.json().devices.map((d: { model: string }) => d.model)).toEqual(['iPhone 16', 'Pixel 8']);
    expect((await call('GET', '/api/v4/user/devices', token)).json()).toEqual(second.json());
  });

  it('disables, enables and forgets a device, answering the list', async () => {
    const { token } = await makeUser(t);
    const id = (await create(token, 'push-c')).json().devices[0].id;
    const disabled = await call('POST', `/api/v4/user/device/${id}/disable`, token);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().devices[0].enabled).toBe(false);
    expect((await create(token, 'push-c')).json().devices[0].enabled).toBe(false);
    expect((await call('POST', `/api/v4/user/device/${id}/enable`, token)).json().devices[0].enabled).toBe(
      true,
    );
    expect((await call('POST', `/api/v4/user/device/${id}/forget`, token)).json()).toEqual({ devices: [] });
  });

  it("answers 404 for another user's device, and nothing changes", async () => {
    const owner = await makeUser(t);
    const intruder = await makeUser(t);
    const id = (await create(owner.token, 'push-owner')).json().devices[0].id;
    for (const action of ['disable', 'enable', 'forget']) {
      const res = await call('POST', `/api/v4/user/device/${id}/${action}`, intruder.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MSG.deviceNotFound });
    }
    expect((await call('GET', '/api/v4/user/devices', owner.token)).json().devices).toEqual([
      { id, type: 'iPhone OS', model: 'iPhone 15', enabled: true },
    ]);
    expect((await call('GET', '/api/v4/user/devices', intruder.token)).json().devices).toEqual([]);
  });

  it('answers 404 for a device id that is not a number or does not exist', async () => {
    const { token } = await makeUser(t);
    for (const id of ['abc', '0', '999999999', '99999999999'])
      expect((await call('POST', `/api/v4/user/device/${id}/disable`, token)).statusCode).toBe(404);
  });

  it.each([
    ['token', { token: '' }, 'The token field is required.'],
    ['model', { model: undefined }, 'The model field is required.'],
    ['type', { type: 'Windows Phone' }, 'The type must be Android or iPhone OS.'],
  ])('refuses a bad %s', async (field, overrides, message) => {
    const { token } = await makeUser(t);
    const res = await call('POST', '/api/v4/user/createDevice', token, {
      token: 'p',
      model: 'm',
      type: 'Android',
      ...overrides,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('need a signed-in user', async () => {
    expect((await call('GET', '/api/v4/user/devices')).statusCode).toBe(401);
    expect((await call('POST', '/api/v4/user/device/1/disable')).statusCode).toBe(401);
    expect(
      (
        await call('POST', '/api/v4/user/createDevice', undefined, {
          token: 'p',
          model: 'm',
          type: 'Android',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('follows and My Beaches', () => {
  it('follows beaches (idempotent) and lists them in the order followed', async () => {
    const { token } = await makeUser(t);
    const [a, b] = beachIds as [number, number];
    const res = await call('POST', `/api/v4/beach/${b}/follow`, token);
    expect(res.statusCode).toBe(200);
    const { beach } = z.parse(FollowResponseSchema, res.json());
    expect(beach.id).toBe(b);
    expect(beach.url).toMatch(/^\/[a-z]+\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+$/);
    await call('POST', `/api/v4/beach/${a}/follow`, token);
    await call('POST', `/api/v4/beach/${b}/follow`, token);
    const list = z.parse(MyBeachesResponseSchema, (await call('GET', '/api/v4/my-beaches', token)).json());
    expect(list.beaches.map((x) => x.id)).toEqual([b, a]);
  });

  it('unfollows, and each user sees only their own follows', async () => {
    const me = await makeUser(t);
    const them = await makeUser(t);
    const [a, b] = beachIds as [number, number];
    await call('POST', `/api/v4/beach/${a}/follow`, me.token);
    await call('POST', `/api/v4/beach/${b}/follow`, them.token);
    const res = await call('POST', `/api/v4/beach/${a}/unfollow`, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.unfollowed });
    expect((await call('POST', `/api/v4/beach/${a}/unfollow`, me.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/v4/my-beaches', me.token)).json()).toEqual({ beaches: [] });
    expect(
      (await call('GET', '/api/v4/my-beaches', them.token)).json().beaches.map((x: { id: number }) => x.id),
    ).toEqual([b]);
  });

  it('answers 404 for an unknown beach', async () => {
    const { token } = await makeUser(t);
    for (const id of ['999999999', 'bondi'])
      for (const action of ['follow', 'unfollow']) {
        const res = await call('POST', `/api/v4/beach/${id}/${action}`, token);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: MSG.beachNotFound });
      }
  });

  it('need a signed-in user', async () => {
    for (const [method, url] of [
      ['POST', `/api/v4/beach/${beachIds[0]}/follow`],
      ['POST', `/api/v4/beach/${beachIds[0]}/unfollow`],
      ['GET', '/api/v4/my-beaches'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });
});
