import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ACCOUNT_SERVER_MESSAGES as MSG,
  AuthResponseSchema,
  COMMON_PASSWORDS,
  QuestionResponseSchema,
  isCommonPassword,
  tokenId,
} from '@safeshore/domain';
import { loadConfig } from '../src/config.ts';
import { hashPassword, needsRehash, verifyPassword } from '../src/modules/accounts/passwords.ts';
import { makeChallenge, readAnswer } from '../src/modules/accounts/question.ts';
import { parseBearer } from '../src/modules/accounts/tokens.ts';
import {
  askQuestion,
  bearer,
  mailsTo,
  makeUser,
  PASSWORD,
  registration,
  solve,
  uniqueEmail,
  verifyLink,
} from './accounts-helpers.ts';
import { TEST_NOW } from './clock.ts';
import { startTestApp, type TestApp } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
let now = TEST_NOW; // the app's clock: tests move it
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false, clock: () => new Date(now) });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const devices = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v4/user/devices', headers: token ? bearer(token) : {} });
const userCount = async () => (await t.handle.db.selectFrom('users').select('id').execute()).length;

describe('passwords', () => {
  it('hashes with scrypt N=2^17, r=8, p=1 by default in a PHC string, and verifies', async () => {
    const stored = await hashPassword('a long enough password');
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('a long enough password', stored)).toBe(true);
    expect(await verifyPassword('a long enough passwore', stored)).toBe(false);
  });

  it('verifies with the parameters the stored string records, and says when to rehash', async () => {
    const cheap = await hashPassword('another password', 10);
    expect(cheap).toContain('$scrypt$ln=10,');
    expect(await verifyPassword('another password', cheap)).toBe(true);
    expect(needsRehash(cheap, 12)).toBe(true);
    expect(needsRehash(cheap, 10)).toBe(false);
    expect(await verifyPassword('another password', cheap.replace('ln=10', 'ln=11'))).toBe(false);
    expect(await verifyPassword('another password', 'plain text')).toBe(false);
    expect(await verifyPassword('another password', cheap.replace('ln=10', 'ln=40'))).toBe(false);
  });

  it('knows a few hundred common passwords, case-insensitively', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(300);
    for (const common of ['password123', 'Qwertyuiop', '1234567890', 'ILOVEYOU123'])
      expect(isCommonPassword(common)).toBe(true);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });
});

describe('bearer tokens', () => {
  it('parses only `Bearer id|secret` with a long url-safe secret', () => {
    const secret = 'a'.repeat(43);
    expect(parseBearer(`Bearer 12|${secret}`)).toEqual({ id: 12, secret });
    expect(parseBearer(`bearer 12|${secret}`)).toEqual({ id: 12, secret });
    for (const bad of [
      undefined,
      '',
      `12|${secret}`,
      `Basic 12|${secret}`,
      'Bearer 12|short',
      `Bearer x|${secret}`,
      `Bearer 0|${secret}`,
      `Bearer 99999999999|${secret}`,
    ])
      expect(parseBearer(bad)).toBeNull();
  });
});

describe('GET /api/v4/question', () => {
  it('asks a fresh question each time, which a person can answer in digits or words', async () => {
    const first = await t.app.inject('/api/v4/question');
    expect(first.statusCode).toBe(200);
    const body = z.parse(QuestionResponseSchema, first.json());
    expect(body.question).toMatch(/^What /);
    expect(body.question_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const second = z.parse(QuestionResponseSchema, (await t.app.inject('/api/v4/question')).json());
    expect(second.question_id).not.toBe(body.question_id);
    expect(readAnswer(' Seven. ')).toBe(7);
    expect(readAnswer('12')).toBe(12);
    expect(readAnswer('a dozen')).toBeNull();
    for (let i = 0; i < 200; i++) {
      const { question, answer } = makeChallenge();
      expect(Number(solve(question))).toBe(answer);
      expect(answer).toBeGreaterThanOrEqual(0);
    }
  });

  it('stores only a hash of the answer, with a 15-minute expiry', async () => {
    const { question_id, answer } = await askQuestion(t);
    const row = await t.handle.db
      .selectFrom('question_challenges')
      .selectAll()
      .where('id', '=', question_id)
      .executeTakeFirstOrThrow();
    // Salted with the challenge id: the same answer hashes differently for every question.
    const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
    expect(row.answer_hash).toBe(sha256(`${question_id}:${answer}`));
    expect(row.answer_hash).not.toBe(sha256(answer));
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(15 * 60 * 1000);
  });
});

describe('POST /api/v4/register', () => {
  const reg = (overrides: Record<string, unknown> = {}) =>
    registration(t, overrides, (ms) => {
      now += ms;
    });

  it('mails a link that creates the account and signs in: user, token id|secret, only hashes stored', async () => {
    const body = await reg({ email: '  New.Person@Example.COM ' });
    const res = await post('/api/v4/register', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.registrationMailed });
    const mail = (await mailsTo(t, 'new.person@example.com')).at(-1)!;
    expect(mail).toContain('Subject: Finish creating your SafeShore account');
    const link = verifyLink(mail);
    const pending = await t.handle.db
      .selectFrom('email_verifications')
      .selectAll()
      .where('email', '=', 'new.person@example.com')
      .executeTakeFirstOrThrow();
    expect(pending.token_hash).toBe(crypto.createHash('sha256').update(link.token).digest('hex'));
    expect(pending.purpose).toBe('register');
    expect(pending.password_hash).toMatch(/^\$scrypt\$ln=12,r=8,p=1\$/);

    const confirmed = await post('/api/v5/email/verify', {
      token: link.token,
      password: PASSWORD,
      device_name: 'vitest',
    });
    expect(confirmed.statusCode).toBe(200);
    const { user, token } = z.parse(AuthResponseSchema, confirmed.json());
    expect(user).toEqual({
      id: user.id,
      first_name: 'Alex',
      last_name: 'Reef',
      email: 'new.person@example.com',
      notification_enabled: true,
      has_algal_role: false,
      email_verified: true,
      has_password: true,
    });
    expect(token).toMatch(/^\d+\|[A-Za-z0-9_-]{40,}$/);
    const [id, secret] = token.split('|') as [string, string];
    const row = await t.handle.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
    expect(row.name).toBe('vitest');
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(180 * DAY);
    expect((await devices(token)).statusCode).toBe(200);
    expect((await post('/api/v4/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it.each([
    ['first_name', { first_name: undefined }, 'The first name field is required.'],
    ['first_name', { first_name: '   ' }, 'The first name field is required.'],
    [
      'first_name',
      { first_name: 'x'.repeat(101) },
      'The first name field must not be greater than 100 characters.',
    ],
    ['last_name', { last_name: undefined }, 'The last name field is required.'],
    ['email', { email: undefined }, 'The email field is required.'],
    ['email', { email: 'not-an-email' }, 'The email field must be a valid email address.'],
    ['password', { password: undefined }, 'The password field is required.'],
    [
      'password',
      { password: 'short1234', password_confirmation: 'short1234' },
      'The password field must be at least 10 characters.',
    ],
    [
      'password',
      { password_confirmation: 'something else entirely' },
      'The password field confirmation does not match.',
    ],
    [
      'password_confirmation',
      { password_confirmation: undefined },
      'The password confirmation field is required.',
    ],
    // A missing answer or question id uses nothing up and is a question error: fetch a new one.
    ['question', { question: undefined }, MSG.questionWrong],
    ['question', { question_id: undefined }, MSG.questionExpired],
  ])('refuses a bad %s with 422 and its message, and creates nothing', async (field, overrides, message) => {
    const before = await userCount();
    const res = await post('/api/v4/register', await reg(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('refuses a common password', async () => {
    const res = await post(
      '/api/v4/register',
      await reg({ password: 'Password123', password_confirmation: 'Password123' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: [MSG.commonPassword] });
  });

  it('answers a taken email (any case) as a new one, and uses the question up', async () => {
    const { user } = await makeUser(t);
    const body = await reg({ email: user.email.toUpperCase() });
    const taken = await post('/api/v4/register', body);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ message: MSG.registrationMailed });
    const replay = await post('/api/v4/register', { ...body, email: uniqueEmail() });
    expect(replay.json().errors).toEqual({ question: [MSG.questionExpired] });
  });

  it('treats a wrong answer as a field error and uses the question up', async () => {
    const body = await reg();
    const wrong = await post('/api/v4/register', { ...body, question: String(Number(body.question) + 1) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ question: [MSG.questionWrong] });
    const retry = await post('/api/v4/register', body);
    expect(retry.statusCode).toBe(422);
    expect(retry.json().errors).toEqual({ question: [MSG.questionExpired] });
  });

  it('accepts a question once: a replay of a successful registration is refused', async () => {
    const body = await reg();
    expect((await post('/api/v4/register', body)).statusCode).toBe(200);
    const replay = await post('/api/v4/register', { ...body, email: uniqueEmail() });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ question: [MSG.questionExpired] });
  });

  it('refuses an expired or unknown question', async () => {
    const body = await reg();
    await t.handle.db
      .updateTable('question_challenges')
      .set({ expires_at: new Date(now - 1000).toISOString() })
      .where('id', '=', body.question_id)
      .execute();
    const expired = await post('/api/v4/register', body);
    expect(expired.json().errors).toEqual({ question: [MSG.questionExpired] });
    const unknown = await post('/api/v4/register', { ...(await reg()), question_id: 'made-up' });
    expect(unknown.json().errors).toEqual({ question: [MSG.questionExpired] });
  });

  it('reports every problem at once, and never whether the email is taken', async () => {
    const { user } = await makeUser(t);
    const body = await reg({
      email: user.email,
      password: 'qwertyuiop123',
      password_confirmation: 'qwertyuiop123',
      first_name: '',
      question: 'banana',
    });
    const res = await post('/api/v4/register', body);
    expect(res.json().errors).toEqual({
      first_name: ['The first name field is required.'],
      question: [MSG.questionWrong],
    });
    expect(res.json().message).toBe('The first name field is required. (and 1 more error)');
  });
});

describe('POST /api/v4/login', () => {
  it('signs in with email (any case) and password', async () => {
    const { user } = await makeUser(t, { email: uniqueEmail('login') });
    const res = await post('/api/v4/login', {
      email: ` ${user.email.toUpperCase()} `,
      password: PASSWORD,
      device_name: 'phone',
    });
    expect(res.statusCode).toBe(200);
    const body = z.parse(AuthResponseSchema, res.json());
    expect(body.user).toEqual(user);
    expect((await devices(body.token)).statusCode).toBe(200);
  });

  it('answers 406 with the same text for a wrong password, an unknown email and a password-less account', async () => {
    const { user } = await makeUser(t);
    const social = await t.accounts.createUser({
      email: uniqueEmail(),
      first_name: 'A',
      last_name: 'B',
      password: PASSWORD,
    });
    await t.handle.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', social.user.id)
      .execute();
    for (const payload of [
      { email: user.email, password: 'not the password' },
      { email: 'nobody@example.com', password: PASSWORD },
      { email: social.user.email, password: PASSWORD },
    ]) {
      const res = await post('/api/v4/login', payload);
      expect(res.statusCode).toBe(406);
      expect(res.json()).toEqual({ message: 'These credentials do not match our records' });
    }
  });

  it.each([
    [{ password: PASSWORD }, 'email', 'The email field is required.'],
    [{ email: '', password: PASSWORD }, 'email', 'The email field is required.'],
    [{ email: 'a@example.com' }, 'password', 'The password field is required.'],
    [{ email: 'a@example.com', password: '' }, 'password', 'The password field is required.'],
  ])('answers 422 for %j', async (payload, field, message) => {
    const res = await post('/api/v4/login', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('rehashes a password stored with older parameters', async () => {
    const { user } = await makeUser(t);
    await t.handle.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD, 10) })
      .where('id', '=', user.id)
      .execute();
    expect((await post('/api/v4/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    const row = await t.handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=12,/);
  });
});

describe('signed-in routes and tokens', () => {
  it('answer 401 "Unauthenticated." for a missing, malformed, unknown or wrong token', async () => {
    const { token } = await makeUser(t);
    const [id, secret] = token.split('|') as [string, string];
    const wrongSecret = `${id}|${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const header of [
      undefined,
      'Bearer',
      `Token ${token}`,
      `Bearer ${id}`,
      `Bearer 999999|${secret}`,
      `Bearer ${wrongSecret}`,
    ]) {
      const res = await t.app.inject({
        url: '/api/v4/user/devices',
        headers: header ? { authorization: header } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('expire 180 days after they were made', async () => {
    const { token } = await makeUser(t);
    const start = now;
    try {
      now = start + 179 * DAY;
      expect((await devices(token)).statusCode).toBe(200);
      now = start + 180 * DAY + 1000;
      expect((await devices(token)).statusCode).toBe(401);
    } finally {
      now = start;
    }
  });

  it('record when they were last used', async () => {
    const { token } = await makeUser(t);
    await devices(token);
    const row = await t.handle.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', Number(tokenId(token)))
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBe(new Date(now).toISOString());
  });

  it('stop working when the account is deleted', async () => {
    const { user, token, password } = await makeUser(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v4/user',
      headers: bearer(token),
      payload: { confirm_delete_email: user.email, password },
    });
    expect(res.statusCode).toBe(200);
    expect((await devices(token)).statusCode).toBe(401);
  });
});

describe('POST /api/v4/logout', () => {
  it('revokes the token named by token_id (the part before the pipe); the others keep working', async () => {
    const { user, token } = await makeUser(t);
    const other = await t.accounts.issueTokenFor(user.id, 'tablet');
    const res = await post('/api/v4/logout', { token_id: tokenId(token) }, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.loggedOut });
    expect((await devices(token)).statusCode).toBe(401);
    expect((await devices(other)).statusCode).toBe(200);
    const row = await t.handle.db
      .selectFrom('api_tokens')
      .select('revoked_at')
      .where('id', '=', Number(tokenId(token)))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('revokes the token in use when no token_id is given, and accepts a numeric or whole token', async () => {
    const a = await makeUser(t);
    expect((await post('/api/v4/logout', {}, bearer(a.token))).statusCode).toBe(200);
    expect((await devices(a.token)).statusCode).toBe(401);
    const second = await t.accounts.issueTokenFor(a.user.id);
    const third = await t.accounts.issueTokenFor(a.user.id);
    expect((await post('/api/v4/logout', { token_id: second }, bearer(second))).statusCode).toBe(200);
    expect(
      (await post('/api/v4/logout', { token_id: Number(tokenId(third)) }, bearer(third))).statusCode,
    ).toBe(200);
    expect((await devices(third)).statusCode).toBe(401);
  });

  it("cannot revoke another user's token: 404, and that token still works", async () => {
    const me = await makeUser(t);
    const them = await makeUser(t);
    const res = await post('/api/v4/logout', { token_id: tokenId(them.token) }, bearer(me.token));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.tokenNotFound });
    expect((await devices(them.token)).statusCode).toBe(200);
    expect((await devices(me.token)).statusCode).toBe(200);
  });

  it('needs a signed-in user, and a numeric token id', async () => {
    expect((await post('/api/v4/logout', { token_id: '1' })).statusCode).toBe(401);
    const { token } = await makeUser(t);
    const res = await post('/api/v4/logout', { token_id: 'abc' }, bearer(token));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token_id).toEqual(['The token id is invalid.']);
  });
});

describe('rate limits on the account endpoints', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      seed: false,
      config: {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_LOGIN_PER_MINUTE: 3,
        RATE_LIMIT_REGISTER_PER_MINUTE: 2,
        RATE_LIMIT_RESET_PER_MINUTE: 2,
        RATE_LIMIT_QUESTION_PER_MINUTE: 2,
      },
    });
  });
  afterAll(async () => limited.close());

  const call = (method: 'GET' | 'POST', url: string, ip: string, payload?: object) =>
    limited.app.inject({ method, url, headers: { 'x-forwarded-for': ip }, ...(payload ? { payload } : {}) });

  it('answers 429 with Retry-After past the per-route limit, per client, each route group counted alone', async () => {
    const login = { email: 'nobody@example.com', password: 'whatever-it-is' };
    for (let i = 0; i < 3; i++)
      expect((await call('POST', '/api/v4/login', '198.51.100.1', login)).statusCode).toBe(406);
    const blocked = await call('POST', '/api/v4/login', '198.51.100.1', login);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['ratelimit-limit']).toBe('3');
    expect(blocked.json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.' });
    expect((await call('POST', '/api/v4/login', '198.51.100.2', login)).statusCode).toBe(406);
    // Other groups and other routes are unaffected for the blocked client.
    expect((await call('GET', '/api/v4/question', '198.51.100.1')).statusCode).toBe(200);
    expect((await call('GET', '/api/v4/user/devices', '198.51.100.1')).statusCode).toBe(401);
  });

  it.each([
    ['GET', '/api/v4/question', undefined],
    ['POST', '/api/v4/register', {}],
    ['POST', '/api/v4/reset', { email: 'nobody@example.com' }],
  ] as const)('limits %s %s', async (method, url, payload) => {
    const ip = `198.51.100.${10 + url.length}`;
    for (let i = 0; i < 2; i++) expect((await call(method, url, ip, payload)).statusCode).not.toBe(429);
    const res = await call(method, url, ip, payload);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  // Issue 30: after a failed attempt the next question was refused (429) for a minute.
  it('with the default limits, each attempt a person may make still gets its new question', async () => {
    const defaults = loadConfig({});
    const app = await startTestApp({
      seed: false,
      config: {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_REGISTER_PER_MINUTE: defaults.RATE_LIMIT_REGISTER_PER_MINUTE,
        RATE_LIMIT_QUESTION_PER_MINUTE: defaults.RATE_LIMIT_QUESTION_PER_MINUTE,
      },
    });
    try {
      const ask = (ip: string) =>
        app.app.inject({ method: 'GET', url: '/api/v4/question', headers: { 'x-forwarded-for': ip } });
      const ip = '198.51.100.200';
      // The form opened, left for Login and opened again: a question each time.
      for (let i = 0; i < 3; i++) expect((await ask(ip)).statusCode).toBe(200);
      // Every attempt the register limit allows fails (each uses its question up) and asks a new one.
      for (let i = 0; i < defaults.RATE_LIMIT_REGISTER_PER_MINUTE; i++) {
        const attempt = await app.app.inject({
          method: 'POST',
          url: '/api/v4/register',
          headers: { 'x-forwarded-for': ip },
          payload: {},
        });
        expect(attempt.statusCode).toBe(422);
        expect((await ask(ip)).statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('counts both reset endpoints together', async () => {
    const ip = '198.51.100.99';
    expect((await call('POST', '/api/v4/reset', ip, { email: 'nobody@example.com' })).statusCode).toBe(200);
    expect((await call('POST', '/api/v4/reset/abc', ip, {})).statusCode).toBe(422);
    expect((await call('POST', '/api/v4/reset/abc', ip, {})).statusCode).toBe(429);
  });
});

describe('OpenAPI document', () => {
  it('describes every accounts route, with bearer auth on the signed-in ones', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const accountRoutes = t.app.routeList.filter((route) =>
      /^\w+ \/(api\/v4\/(login|question|register|logout|reset|user|beach\/:id|my-beaches|appletoken|fbtoken)|auth\/)/.test(
        route,
      ),
    );
    expect(accountRoutes.length).toBeGreaterThanOrEqual(23);
    for (const route of accountRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      if (method === 'GET' && url === '/auth/apple/callback') continue; // the same handler as the POST
      expect(operation, route).toBeDefined();
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v4/user/devices']!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v4/user/devices']!.get!.responses['401']).toBeDefined();
    expect(doc.paths['/api/v4/login']!.post!.responses['406']).toBeDefined();
  });
});
