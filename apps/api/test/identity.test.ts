import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SERVER_MESSAGES as MSG, tokenId } from '@safeshore/domain';
import { identity } from '../src/db/migrations/0010_identity.ts';
import { RECENT_SIGN_IN_MS } from '../src/modules/accounts/accounts.service.ts';
import {
  startFakeApple,
  startFakeFacebook,
  type FakeApple,
  type FakeFacebook,
} from '../src/modules/accounts/social/fakes.ts';
import {
  bearer,
  mailsTo,
  makeUser,
  outbox,
  PASSWORD,
  registerAndConfirm,
  registration,
  resetLink,
  uniqueEmail,
  verifyLink,
} from './accounts-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 21: each test reproduces an attack on accounts (pre-hijacking, email takeover, account
 * enumeration, NUL bytes, the anti-spam question, stale reset links, deletion, push devices,
 * look-alike addresses) and shows it now fails.
 */
const APP_CLIENT = 'au.safeshore.app';
const FB_APP = '1234567890';
const FB_SECRET = 'fb-app-secret';
const NEW_PASSWORD = 'a-brand-new-password-77';

let now = Date.parse('2026-11-22T00:00:00.000Z');
const clock = () => new Date(now);
const elapse = (ms: number) => {
  now += ms;
};
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-identity-uploads-'));
let apple: FakeApple;
let facebook: FakeFacebook;
let t: TestApp;
let beach = 0;

beforeAll(async () => {
  apple = await startFakeApple(APP_CLIENT, { clock });
  facebook = await startFakeFacebook(FB_APP, FB_SECRET);
  t = await startTestApp({
    clock,
    config: {
      PUBLIC_URL: 'https://safeshore.example',
      UPLOADS_DIR: uploadsDir,
      APPLE_CLIENT_ID: [APP_CLIENT],
      APPLE_JWKS_URL: apple.jwksUrl,
      FACEBOOK_APP_ID: FB_APP,
      FACEBOOK_APP_SECRET: FB_SECRET,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
    },
  });
  const five = await t.handle.db.selectFrom('beaches').select('id').where('id', '=', 5).executeTakeFirst();
  beach = five?.id ?? (await t.handle.db.selectFrom('beaches').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
  await apple.close();
  await facebook.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const works = async (token: string) => (await get('/api/v4/user/devices', token)).statusCode === 200;
const login = (email: string, password: string) => post('/api/v4/login', { email, password });
const subject = () => `001234.${crypto.randomBytes(8).toString('hex')}.0042`;
const appleSignIn = (email: string, sub = subject()) =>
  post('/api/v4/appletoken', {
    apple_token: apple.idToken({ sub, email, email_verified: 'true' }),
    device_name: 'iPhone',
  });
let fbCount = 0;
const facebookUser = (email: string) => {
  const user = {
    id: String(500000 + ++fbCount),
    first_name: 'Fay',
    last_name: 'Book',
    email,
    accessToken: `EAAB${crypto.randomBytes(12).toString('hex')}`,
  };
  facebook.users.push(user);
  return user;
};
const facebookSignIn = (user: { id: string; accessToken: string }) =>
  post('/api/v4/fbtoken', { fbUserId: user.id, fbToken: user.accessToken });
const userRow = (email: string) =>
  t.handle.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const registerBody = (overrides: Record<string, unknown> = {}) => registration(t, overrides, elapse);

describe('1. account pre-hijacking through social sign-in', () => {
  it('an attacker who registers the victim’s address gets no account, and the victim’s Apple account stays theirs', async () => {
    const victim = uniqueEmail('victim');
    const attack = await post('/api/v4/register', await registerBody({ email: victim }));
    expect(attack.statusCode).toBe(200);
    expect(attack.json()).toEqual({ message: MSG.registrationMailed });
    // Nothing exists until the mailbox's owner opens the link: the attacker cannot sign in.
    expect(await userRow(victim)).toBeUndefined();
    expect((await login(victim, PASSWORD)).statusCode).toBe(406);

    const signedIn = await appleSignIn(victim);
    expect(signedIn.statusCode).toBe(200);
    const victimToken = signedIn.json().token as string;
    expect(signedIn.json().user).toMatchObject({ email: victim, email_verified: true, has_password: false });
    expect((await post(`/api/v4/beach/${beach}/follow`, {}, bearer(victimToken))).statusCode).toBe(200);
    expect(
      (
        await post(
          '/api/v4/user/createDevice',
          { token: 'victim-push-token', model: 'iPhone 15', type: 'iPhone OS' },
          bearer(victimToken),
        )
      ).statusCode,
    ).toBe(200);

    // The attacker's password does not open the victim's account.
    const attacker = await login(victim, PASSWORD);
    expect(attacker.statusCode).toBe(406);
    // Nor does the mailed link: the verified sign-in cancelled the registration waiting for the address.
    const mail = (await mailsTo(t, victim)).at(-1)!;
    const opened = await post('/api/v5/email/verify', { token: verifyLink(mail).token, password: PASSWORD });
    expect(opened.statusCode).toBe(422);
    expect(opened.json().errors).toEqual({ token: [MSG.verifyTokenInvalid] });
    expect((await login(victim, PASSWORD)).statusCode).toBe(406);
  });

  it('an account registered before verification (unverified address, with a password) is replaced, not joined', async () => {
    const victim = uniqueEmail('legacy-victim');
    const attacker = await makeUser(t, { email: victim, verified: false });
    await post(
      '/api/v4/user/createDevice',
      { token: 'attacker-push-token', model: 'Pixel', type: 'Android' },
      bearer(attacker.token),
    );

    const signedIn = await appleSignIn(victim);
    expect(signedIn.statusCode).toBe(200);
    const { user, token } = signedIn.json() as { user: { id: number }; token: string };
    expect(user.id).not.toBe(attacker.user.id);
    await post(`/api/v4/beach/${beach}/follow`, {}, bearer(token));
    await post(
      '/api/v4/user/createDevice',
      { token: 'victim-push-token-2', model: 'iPhone 15', type: 'iPhone OS' },
      bearer(token),
    );

    // The unverified password and every session made with it are gone.
    expect((await login(victim, attacker.password)).statusCode).toBe(406);
    expect(await works(attacker.token)).toBe(false);
    expect((await get('/api/v4/my-beaches', attacker.token)).statusCode).toBe(401);
    const devices = await get('/api/v4/user/devices', token);
    expect(devices.json().devices.map((d: { model: string }) => d.model)).toEqual(['iPhone 15']);
    expect((await get('/api/v4/my-beaches', token)).json().beaches).toHaveLength(1);
  });

  it('a verified password account is joined by an Apple sign-in with the same verified address', async () => {
    const owner = await registerAndConfirm(t, {}, elapse);
    const res = await appleSignIn(owner.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(owner.user.id);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('a Facebook e-mail is never treated as verified: it never joins an existing account', async () => {
    const owner = await registerAndConfirm(t, {}, elapse);
    const res = await facebookSignIn(facebookUser(owner.email));
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({ message: MSG.facebookFailed });

    const fresh = uniqueEmail('fb-new');
    const created = await facebookSignIn(facebookUser(fresh));
    expect(created.statusCode).toBe(200);
    expect(created.json().user).toMatchObject({ email: fresh, email_verified: false, has_password: false });
  });

  it('a reset link taken over by the mailbox owner unlinks the Facebook identity that claimed the address', async () => {
    const victim = uniqueEmail('fb-claimed');
    const attacker = facebookUser(victim);
    expect((await facebookSignIn(attacker)).statusCode).toBe(200);

    expect((await post('/api/v4/reset', { email: victim })).statusCode).toBe(200);
    const { token } = resetLink((await mailsTo(t, victim)).at(-1)!);
    const reset = await post(`/api/v4/reset/${token}`, {
      token,
      email: victim,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.json()).toEqual({ data: { reset: true } });
    expect((await facebookSignIn(attacker)).statusCode).toBe(406);
    const signedIn = await login(victim, NEW_PASSWORD);
    expect(signedIn.json().user).toMatchObject({ email_verified: true, has_password: true });
  });

  it('a confirmation link needs the password of the registration (a stranger who opens it confirms nothing)', async () => {
    const body = await registerBody();
    expect((await post('/api/v4/register', body)).statusCode).toBe(200);
    const { token } = verifyLink((await mailsTo(t, body.email as string)).at(-1)!);
    const without = await post('/api/v5/email/verify', { token });
    expect(without.json().errors).toEqual({ password: [MSG.passwordRequired] });
    const wrong = await post('/api/v5/email/verify', { token, password: 'a guess at the password' });
    expect(wrong.json().errors).toEqual({ password: [MSG.passwordIncorrect] });
    expect(await userRow(body.email as string)).toBeUndefined();
    const right = await post('/api/v5/email/verify', { token, password: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ email: body.email, email_verified: true });
    expect(await works(right.json().token)).toBe(true);
    // Once.
    const again = await post('/api/v5/email/verify', { token, password: PASSWORD });
    expect(again.json().errors).toEqual({ token: [MSG.verifyTokenInvalid] });
  });

  it('links expire after 24 hours; a resend mails a new link and the old one stops working', async () => {
    const body = await registerBody();
    await post('/api/v4/register', body);
    const first = verifyLink((await mailsTo(t, body.email as string)).at(-1)!).token;
    elapse(61_000);
    expect((await post('/api/v5/register/resend', { email: body.email })).json()).toEqual({
      message: MSG.registrationMailed,
    });
    const second = verifyLink((await mailsTo(t, body.email as string, 2)).at(-1)!).token;
    expect(second).not.toBe(first);
    expect((await post('/api/v5/email/verify', { token: first, password: PASSWORD })).statusCode).toBe(422);
    elapse(24 * 60 * 60 * 1000 + 1000);
    const late = await post('/api/v5/email/verify', { token: second, password: PASSWORD });
    expect(late.json().errors).toEqual({ token: [MSG.verifyTokenInvalid] });
  });

  it('an account from before verification confirms its address from a signed-in request', async () => {
    const legacy = await makeUser(t, { verified: false });
    const asked = await post('/api/v5/user/email/verification', {}, bearer(legacy.token));
    expect(asked.json()).toEqual({ message: MSG.verificationSent });
    const { token } = verifyLink((await mailsTo(t, legacy.user.email)).at(-1)!);
    const confirmed = await post('/api/v5/email/verify', { token }, bearer(legacy.token));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      user: expect.objectContaining({ email_verified: true }),
      message: MSG.emailVerified,
    });
  });
});

describe('2. changing the email', () => {
  it('a stolen token alone cannot change the email; with the password the change waits for the new address', async () => {
    const owner = await registerAndConfirm(t, {}, elapse);
    const other = await login(owner.email, owner.password);
    const otherToken = other.json().token as string;
    await post(
      '/api/v4/user/createDevice',
      { token: `other-session-push-${owner.user.id}`, model: 'Tablet', type: 'Android' },
      bearer(otherToken),
    );
    const profile = {
      first_name: 'Kim',
      last_name: 'Coast',
      email: uniqueEmail('new'),
      notification_enabled: true,
    };

    const stolen = await post('/api/v4/user', profile, bearer(owner.token));
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual({ current_password: [MSG.currentPasswordRequiredForEmail] });
    const guessed = await post(
      '/api/v4/user',
      { ...profile, current_password: 'guess' },
      bearer(owner.token),
    );
    expect(guessed.json().errors).toEqual({ current_password: [MSG.currentPasswordIncorrect] });
    expect((await userRow(owner.email))?.first_name).toBe('Alex');

    const asked = await post(
      '/api/v4/user',
      { ...profile, current_password: owner.password },
      bearer(owner.token),
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      user: expect.objectContaining({ email: owner.email, first_name: 'Kim' }),
      pending_email: profile.email,
      message: MSG.emailChangePending,
    });
    const notice = (await mailsTo(t, owner.email, 2)).at(-1)!;
    expect(notice).toContain(`change its email address to ${profile.email}`);
    expect(await works(otherToken)).toBe(true);

    const { token } = verifyLink((await mailsTo(t, profile.email)).at(-1)!);
    const stranger = await post('/api/v5/email/verify', { token, password: 'not the password' });
    expect(stranger.statusCode).toBe(422);
    const confirmed = await post('/api/v5/email/verify', { token, password: owner.password });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email: profile.email, email_verified: true });
    expect(confirmed.json().message).toBe(MSG.emailChanged);

    // The session that asked (and the one that confirmed) stay; every other session ends, with its devices.
    expect(await works(owner.token)).toBe(true);
    expect(await works(confirmed.json().token)).toBe(true);
    expect(await works(otherToken)).toBe(false);
    const pushRows = await t.handle.db
      .selectFrom('devices')
      .select('id')
      .where('token', '=', `other-session-push-${owner.user.id}`)
      .execute();
    expect(pushRows).toEqual([]);
    expect((await login(profile.email, owner.password)).statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(406);
  });

  it('keeps the spec contract: the same email, names and notification need no password', async () => {
    const owner = await makeUser(t);
    const res = await post(
      '/api/v4/user',
      {
        first_name: 'Same',
        last_name: 'Mail',
        email: owner.user.email.toUpperCase(),
        notification_enabled: false,
      },
      bearer(owner.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({
        first_name: 'Same',
        email: owner.user.email,
        notification_enabled: false,
      }),
    });
  });
});

describe('7. account enumeration', () => {
  it('registering a taken address answers exactly as a new one, and mails the owner instead', async () => {
    const owner = await makeUser(t, { first_name: 'Olive' });
    const taken = await post('/api/v4/register', await registerBody({ email: owner.user.email }));
    const fresh = await post('/api/v4/register', await registerBody({ email: uniqueEmail('fresh') }));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.headers['content-length']).toBe(fresh.headers['content-length']);
    const mail = (await mailsTo(t, owner.user.email)).at(-1)!;
    expect(mail).toContain('Hello Olive,');
    expect(mail).toContain('already has an account');
    expect(mail).not.toMatch(/verify-email/);
    expect((await login(owner.user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('checks the anti-spam question before anything else', async () => {
    const owner = await makeUser(t);
    const res = await post('/api/v4/register', {
      ...(await registerBody({ email: owner.user.email })),
      question: '999',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ question: [MSG.questionWrong] });
    const nothing = await post('/api/v4/register', { email: owner.user.email });
    expect(Object.keys(nothing.json().errors)).not.toContain('email');
  });

  it('POST /api/v4/user answers the same for a taken address and a free one, and tells the owner', async () => {
    const me = await makeUser(t);
    const owner = await makeUser(t, { first_name: 'Tina' });
    const change = (email: string) =>
      post(
        '/api/v4/user',
        {
          first_name: 'Me',
          last_name: 'Too',
          email,
          notification_enabled: true,
          current_password: me.password,
        },
        bearer(me.token),
      );
    const free = uniqueEmail('free');
    const a = await change(owner.user.email);
    elapse(61_000);
    const b = await change(free);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect({ ...a.json(), pending_email: 'x' }).toEqual({ ...b.json(), pending_email: 'x' });
    expect(a.json().pending_email).toBe(owner.user.email);
    const told = (await mailsTo(t, owner.user.email)).at(-1)!;
    expect(told).toContain('Hello Tina,');
    expect(told).toContain('Nothing has changed');
    expect((await userRow(owner.user.email))?.id).toBe(owner.user.id);
  });
});

describe('8. NUL bytes never reach the database', () => {
  const NUL = 'a\u0000b';
  it.each([
    ['register email', '/api/v4/register', { email: `x${NUL}@example.com` }, 'email'],
    ['register first name', '/api/v4/register', { first_name: NUL }, 'first_name'],
    ['register last name', '/api/v4/register', { last_name: NUL }, 'last_name'],
    ['register device name', '/api/v4/register', { device_name: NUL }, 'device_name'],
    ['login email', '/api/v4/login', { email: `x${NUL}@example.com`, password: PASSWORD }, 'email'],
    [
      'login device name',
      '/api/v4/login',
      { email: 'a@example.com', password: PASSWORD, device_name: NUL },
      'device_name',
    ],
    ['reset email', '/api/v4/reset', { email: `x${NUL}@example.com` }, 'email'],
    ['apple token', '/api/v4/appletoken', { apple_token: NUL }, 'apple_token'],
    ['facebook user id', '/api/v4/fbtoken', { fbUserId: NUL, fbToken: 'x' }, 'fbUserId'],
    ['oauth code', '/auth/token', { token: NUL, provider: 'apple' }, 'token'],
    ['resend email', '/api/v5/register/resend', { email: `x${NUL}@example.com` }, 'email'],
    ['verify token', '/api/v5/email/verify', { token: NUL }, 'token'],
  ])('%s: 422, never 500', async (_name, url, fields, field) => {
    const payload = url === '/api/v4/register' ? { ...(await registerBody()), ...fields } : fields;
    const res = await post(url, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([expect.stringContaining('must not contain null characters')]);
  });

  it('a NUL question_id is an expired question, not a 500', async () => {
    const res = await post('/api/v4/register', { ...(await registerBody()), question_id: NUL });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ question: [MSG.questionExpired] });
  });

  it.each([
    ['device token', '/api/v4/user/createDevice', { token: NUL, model: 'Pixel', type: 'Android' }, 'token'],
    ['device model', '/api/v4/user/createDevice', { token: 'ok', model: NUL, type: 'Android' }, 'model'],
    [
      'profile names',
      '/api/v4/user',
      { first_name: NUL, last_name: 'x', email: 'x@example.com', notification_enabled: true },
      'first_name',
    ],
    ['logout token id', '/api/v4/logout', { token_id: NUL }, 'token_id'],
  ])('signed in, %s: 422', async (_name, url, payload, field) => {
    const { token } = await makeUser(t);
    const res = await post(url, payload, bearer(token));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([expect.stringContaining('must not contain null characters')]);
  });
});

describe('12. the anti-spam question', () => {
  it('is used up when registration fails for another reason', async () => {
    const body = await registerBody({ password: 'Password123', password_confirmation: 'Password123' });
    const first = await post('/api/v4/register', body);
    expect(first.json().errors).toEqual({ password: [MSG.commonPassword] });
    const retry = await post('/api/v4/register', {
      ...body,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(retry.json().errors).toEqual({ question: [MSG.questionExpired] });
  });

  it('refuses an answer sent sooner than a person could read and type it (a script’s instant answer)', async () => {
    const body = await registration(t, {}, (ms) => elapse(ms - 1));
    const res = await post('/api/v4/register', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ question: [MSG.questionTooQuick] });
    expect(outbox(t.outboxDir).some((m) => m.includes(`To: ${String(body.email)}\r\n`))).toBe(false);
  });
});

describe('13. credential changes invalidate outstanding reset links', () => {
  const resetTokens = (email: string) =>
    outbox(t.outboxDir)
      .filter((m) => m.includes(`To: ${email}\r\n`) && m.includes('/reset/'))
      .map((m) => resetLink(m).token);
  /** Asks for a reset link and waits for its mail (other mails to the address may arrive meanwhile). */
  const askReset = async (email: string) => {
    elapse(61_000);
    const seen = new Set(resetTokens(email));
    await post('/api/v4/reset', { email });
    for (let i = 0; i < 100; i++) {
      const fresh = resetTokens(email).find((token) => !seen.has(token));
      if (fresh) return fresh;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no new reset link to ${email}`);
  };
  const useReset = (token: string, email: string) =>
    post(`/api/v4/reset/${token}`, {
      token,
      email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });

  it('after a password change', async () => {
    const owner = await makeUser(t);
    const token = await askReset(owner.user.email);
    const changed = await post(
      '/api/v4/user/password',
      { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      bearer(owner.token),
    );
    expect(changed.statusCode).toBe(200);
    expect((await useReset(token, owner.user.email)).json().errors).toEqual({
      token: [MSG.resetTokenInvalid],
    });
  });

  it('after a newer link, after an email change request, and after another link was used', async () => {
    const owner = await makeUser(t);
    const older = await askReset(owner.user.email);
    const newer = await askReset(owner.user.email);
    expect((await useReset(older, owner.user.email)).statusCode).toBe(422);

    await post(
      '/api/v4/user',
      {
        first_name: 'A',
        last_name: 'B',
        email: uniqueEmail('moving'),
        notification_enabled: true,
        current_password: PASSWORD,
      },
      bearer(owner.token),
    );
    expect((await useReset(newer, owner.user.email)).statusCode).toBe(422);

    const last = await askReset(owner.user.email);
    expect((await useReset(last, owner.user.email)).json()).toEqual({ data: { reset: true } });
    expect((await useReset(last, owner.user.email)).statusCode).toBe(422);
  });
});

describe('14. deleting accounts, push devices and look-alike addresses', () => {
  it('DELETE /api/v4/user needs the password, not only the email', async () => {
    const owner = await makeUser(t);
    const del = (payload: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/v4/user', headers: bearer(owner.token), payload });
    const without = await del({ confirm_delete_email: owner.user.email });
    expect(without.statusCode).toBe(422);
    expect(without.json().errors).toEqual({ password: [MSG.passwordRequired] });
    expect(
      (await del({ confirm_delete_email: owner.user.email, password: 'wrong one' })).json().errors,
    ).toEqual({
      password: [MSG.passwordIncorrect],
    });
    expect(await works(owner.token)).toBe(true);
    expect((await del({ confirm_delete_email: owner.user.email, password: PASSWORD })).statusCode).toBe(200);
    expect(await works(owner.token)).toBe(false);
  });

  it('an account without a password is deleted only within 15 minutes of a sign-in', async () => {
    const email = uniqueEmail('apple-only');
    const sub = subject();
    const first = (await appleSignIn(email, sub)).json() as { token: string };
    elapse(RECENT_SIGN_IN_MS + 1000);
    const stale = await t.app.inject({
      method: 'DELETE',
      url: '/api/v4/user',
      headers: bearer(first.token),
      payload: { confirm_delete_email: email },
    });
    expect(stale.json().errors).toEqual({ password: [MSG.deleteNeedsRecentSignIn] });
    const again = (await appleSignIn(email, sub)).json() as { token: string };
    const fresh = await t.app.inject({
      method: 'DELETE',
      url: '/api/v4/user',
      headers: bearer(again.token),
      payload: { confirm_delete_email: email },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('logging out removes the push registration of that session only', async () => {
    const owner = await makeUser(t);
    const phone = (await login(owner.user.email, PASSWORD)).json().token as string;
    await post(
      '/api/v4/user/createDevice',
      { token: 'phone-push', model: 'Pixel 8', type: 'Android' },
      bearer(phone),
    );
    await post(
      '/api/v4/user/createDevice',
      { token: 'tablet-push', model: 'iPad', type: 'iPhone OS' },
      bearer(owner.token),
    );
    expect((await post('/api/v4/logout', {}, bearer(phone))).statusCode).toBe(200);
    const left = await get('/api/v4/user/devices', owner.token);
    expect(left.json().devices.map((d: { model: string }) => d.model)).toEqual(['iPad']);
  });

  it('a push token registered on another account moves there (it is never shared)', async () => {
    const first = await makeUser(t);
    const second = await makeUser(t);
    const register = (token: string) =>
      post(
        '/api/v4/user/createDevice',
        { token: 'shared-phone', model: 'Pixel', type: 'Android' },
        bearer(token),
      );
    await register(first.token);
    await register(second.token);
    expect((await get('/api/v4/user/devices', first.token)).json().devices).toEqual([]);
    expect((await get('/api/v4/user/devices', second.token)).json().devices).toHaveLength(1);
    const rows = await t.handle.db
      .selectFrom('devices')
      .select('user_id')
      .where('token', '=', 'shared-phone')
      .execute();
    expect(rows).toEqual([{ user_id: second.user.id }]);
  });

  it.each([
    ['a zero-width space', 'vic\u200btim@example.com', 'must not contain invisible or control characters'],
    ['a zero-width joiner', 'victim\u200d@example.com', 'must not contain invisible or control characters'],
    ['a byte-order mark', 'vic\ufefftim@example.com', 'must not contain invisible or control characters'],
    [
      'a right-to-left override',
      'victim\u202e@example.com',
      'must not contain invisible or control characters',
    ],
    [
      'a Cyrillic а among Latin letters',
      'p\u0430ypal@example.com',
      'must not mix letters of different alphabets',
    ],
    ['a Greek ο in the domain', 'victim@ex\u03bfmple.com', 'must not mix letters of different alphabets'],
  ])('refuses a look-alike address with %s', async (_name, email, message) => {
    const res = await post('/api/v4/register', await registerBody({ email }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([`The email field ${message}.`]);
  });

  it('normalises compatibility forms (full-width letters) to the address they imitate', async () => {
    const owner = await makeUser(t, { email: `fullwidth.${process.pid}@example.com` });
    const imitation = owner.user.email.replace(
      'fullwidth',
      '\uff46\uff55\uff4c\uff4c\uff57\uff49\uff44\uff54\uff48',
    );
    const res = await post('/api/v4/register', await registerBody({ email: imitation }));
    expect(res.json()).toEqual({ message: MSG.registrationMailed });
    expect((await mailsTo(t, owner.user.email)).at(-1)).toContain('already has an account');
    expect((await login(imitation, PASSWORD)).statusCode).toBe(200);
  });

  it('deleting an account keeps its algal observations and photos, without its name (privacy policy)', async () => {
    const volunteer = await makeUser(t, { first_name: 'Vera', last_name: 'Volunteer' });
    await t.accounts.setRole(volunteer.user.email, 'algal', true);
    await t.handle.db
      .insertInto('algal_programme_beaches')
      .values({ beach_id: beach, created_at: clock().toISOString() })
      .onConflict((oc) => oc.column('beach_id').doNothing())
      .execute();
    const metric = await post(
      `/api/v5/beach/${beach}/algal-bloom-metrics`,
      { water_discolour: false, beach_foam: true, clean_rating: true },
      bearer(volunteer.token),
    );
    expect(metric.statusCode).toBe(200);
    const data = new FormData();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2080c0' } })
      .png()
      .toBuffer();
    data.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'beach.png');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v5/beach/${beach}/photo-of-day`,
      headers: bearer(volunteer.token),
      payload: data,
    });
    expect(upload.statusCode).toBe(200);
    const imageUrl = upload.json().photo_of_today.meta.image_url as string;

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v4/user',
      headers: bearer(volunteer.token),
      payload: { confirm_delete_email: volunteer.user.email, password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);

    const posts = await t.handle.db
      .selectFrom('beach_posts')
      .select(['user_id', 'meta'])
      .where('beach_id', '=', beach)
      .execute();
    expect(posts.length).toBeGreaterThan(0);
    for (const row of posts) {
      expect(row.user_id).toBeNull();
      expect(row.meta).not.toContain('Vera');
    }
    const metrics = await t.handle.db
      .selectFrom('algal_metrics')
      .select('user_id')
      .where('beach_id', '=', beach)
      .execute();
    expect(metrics.every((row) => row.user_id === null)).toBe(true);
    // The photo stays public as a record of the beach.
    expect((await t.app.inject(new URL(imageUrl, 'http://x').pathname)).statusCode).toBe(200);
    const reader = await makeUser(t);
    await t.accounts.setRole(reader.user.email, 'algal', true);
    const list = await get('/api/v5/algal-bloom-metrics', reader.token);
    expect(JSON.stringify(list.json())).not.toContain('Volunteer');
  });
});

describe('migration 0010 for accounts made before it', () => {
  it('leaves addresses unverified, and ends the password and sessions of accounts joined by the old rule', async () => {
    const joined = await makeUser(t, { verified: false });
    await t.handle.db
      .insertInto('social_identities')
      .values({
        user_id: joined.user.id,
        provider: 'apple',
        subject: subject(),
        created_at: clock().toISOString(),
      })
      .execute();
    const plain = await makeUser(t, { verified: false });
    const migration = identity(t.handle.dialect);
    if (!migration.down) throw new Error('migration 0010 has no down');
    await migration.down(t.handle.db as never);
    await migration.up(t.handle.db as never);

    const rows = await t.handle.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'email_verified_at'])
      .where('id', 'in', [joined.user.id, plain.user.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: joined.user.id, password_hash: null, email_verified_at: null },
      { id: plain.user.id, password_hash: expect.stringMatching(/^\$scrypt\$/), email_verified_at: null },
    ]);
    expect(await works(joined.token)).toBe(false);
    expect(await works(plain.token)).toBe(true);
    expect(tokenId(plain.token)).toMatch(/^\d+$/);
  });
});
