import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ACCOUNT_SERVER_MESSAGES as MSG, AuthResponseSchema } from '@safeshore/domain';
import { createAppleProvider } from '../src/modules/accounts/social/apple.ts';
import {
  makeAppleKey,
  signJwt,
  startFakeApple,
  startFakeFacebook,
  type FakeApple,
  type FakeFacebook,
} from '../src/modules/accounts/social/fakes.ts';
import { SocialSignInError } from '../src/modules/accounts/social/provider.ts';
import { bearer, makeUser, uniqueEmail } from './accounts-helpers.ts';
import { TEST_NOW } from './clock.ts';
import { startTestApp, type TestApp } from './helpers.ts';

const WEB_CLIENT = 'au.safeshore.web';
const APP_CLIENT = 'au.safeshore.app';
const FB_APP = '1234567890';
const FB_SECRET = 'fb-app-secret';

// The app and the fake identity providers share this clock; tests move it.
let now = TEST_NOW;
const clock = () => new Date(now);
let apple: FakeApple;
let facebook: FakeFacebook;
let t: TestApp;
beforeAll(async () => {
  apple = await startFakeApple(APP_CLIENT, { clock });
  facebook = await startFakeFacebook(FB_APP, FB_SECRET, { clock });
  t = await startTestApp({
    seed: false,
    clock,
    config: {
      PUBLIC_URL: 'https://safeshore.example',
      APPLE_CLIENT_ID: [WEB_CLIENT, APP_CLIENT],
      APPLE_JWKS_URL: apple.jwksUrl,
      FACEBOOK_APP_ID: FB_APP,
      FACEBOOK_APP_SECRET: FB_SECRET,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
    },
  });
});
afterAll(async () => {
  await t.close();
  await apple.close();
  await facebook.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const subject = () => `001234.${crypto.randomBytes(8).toString('hex')}.0042`;
const seconds = () => Math.floor(now / 1000);
const works = async (token: string) =>
  (await t.app.inject({ url: '/api/v4/user/devices', headers: bearer(token) })).statusCode === 200;

describe('POST /api/v4/appletoken', () => {
  it('creates an account from a valid identity token, with the names the app sends, and signs in', async () => {
    const sub = subject();
    const email = uniqueEmail('apple');
    const res = await post('/api/v4/appletoken', {
      apple_token: apple.idToken({ sub, email }),
      first_name: 'Kai',
      last_name: 'Wave',
      device_name: 'iPhone',
    });
    expect(res.statusCode).toBe(200);
    const { user, token } = z.parse(AuthResponseSchema, res.json());
    expect(user).toMatchObject({ first_name: 'Kai', last_name: 'Wave', email, has_algal_role: false });
    expect(await works(token)).toBe(true);
    const identity = await t.handle.db
      .selectFrom('social_identities')
      .selectAll()
      .where('subject', '=', sub)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: 'apple', user_id: user.id });
    const row = await t.handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();

    // The same Apple user again (Apple may leave the e-mail out later): the same account.
    const again = await post('/api/v4/appletoken', { apple_token: apple.idToken({ sub, email: undefined }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(user.id);
  });

  it('links to an existing account with the same verified e-mail, not an unverified one', async () => {
    const { user } = await makeUser(t);
    const unverified = await post('/api/v4/appletoken', {
      apple_token: apple.idToken({ sub: subject(), email: user.email, email_verified: 'false' }),
    });
    expect(unverified.statusCode).toBe(406);
    expect(unverified.json()).toEqual({ message: 'Could not sign in with Apple' });
    const verified = await post('/api/v4/appletoken', {
      apple_token: apple.idToken({ sub: subject(), email: user.email.toUpperCase(), email_verified: true }),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.id).toBe(user.id);
  });

  const stranger = makeAppleKey();
  it.each([
    ['another audience', () => apple.idToken({ sub: subject(), aud: 'com.example.other' })],
    ['another issuer', () => apple.idToken({ sub: subject(), iss: 'https://evil.example' })],
    // jwtVerify allows 30 seconds of clock skew, no more.
    ['an expired token', () => apple.idToken({ sub: subject(), exp: seconds() - 31 })],
    ['a token issued in the future', () => apple.idToken({ sub: subject(), iat: seconds() + 600 })],
    ['no issue time', () => apple.idToken({ sub: subject(), iat: undefined })],
    [
      'a critical header extension we do not understand',
      () => apple.idToken({ sub: subject() }, apple.keys[0], { crit: ['x-unknown'], 'x-unknown': 1 }),
    ],
    ['no expiry', () => apple.idToken({ sub: subject(), exp: undefined })],
    ['no subject', () => apple.idToken({ sub: undefined })],
    ['a key Apple does not publish', () => apple.idToken({ sub: subject() }, stranger)],
    [
      'a forged signature under a published key id',
      () => apple.idToken({ sub: subject() }, { ...stranger, kid: apple.keys[0]!.kid }),
    ],
    [
      'alg none',
      () => {
        const [, body] = apple.idToken({ sub: subject() }).split('.');
        return `${Buffer.from(JSON.stringify({ alg: 'none', kid: apple.keys[0]!.kid })).toString('base64url')}.${body}.`;
      },
    ],
    [
      'HS256 with the public key as secret',
      () => signJwt({ sub: subject() }, apple.keys[0]!, { alg: 'HS256' }),
    ],
    ['not a JWT', () => 'not-a-jwt'],
    ['garbage segments', () => 'a.b.c'],
  ])('refuses %s with 406', async (_name, token) => {
    const before = (await t.handle.db.selectFrom('users').select('id').execute()).length;
    const res = await post('/api/v4/appletoken', { apple_token: token() });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({ message: MSG.appleFailed });
    expect((await t.handle.db.selectFrom('users').select('id').execute()).length).toBe(before);
  });

  it('caches Apple keys, and refetches (at most once a minute) when Apple rotates them', async () => {
    await post('/api/v4/appletoken', { apple_token: apple.idToken({ sub: subject() }) });
    const fetched = apple.jwksRequests;
    for (let i = 0; i < 3; i++)
      expect(
        (
          await post('/api/v4/appletoken', {
            apple_token: apple.idToken({ sub: subject(), email: uniqueEmail() }),
          })
        ).statusCode,
      ).toBe(200);
    expect(apple.jwksRequests).toBe(fetched);

    const rotated = makeAppleKey();
    apple.keys.push(rotated);
    const start = now;
    // jose times its key cache and cooldown with Date.now: move that clock too.
    const machine = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      now = start + 61_000;
      vi.setSystemTime(machine + 61_000);
      const res = await post('/api/v4/appletoken', {
        apple_token: apple.idToken(
          { sub: subject(), email: uniqueEmail(), iat: seconds(), exp: seconds() + 600 },
          rotated,
        ),
      });
      expect(res.statusCode).toBe(200);
      expect(apple.jwksRequests).toBe(fetched + 1);
      // An unknown key right after a fetch does not hammer Apple.
      await post('/api/v4/appletoken', {
        apple_token: apple.idToken({ sub: subject(), exp: seconds() + 600 }, makeAppleKey()),
      });
      expect(apple.jwksRequests).toBe(fetched + 1);
    } finally {
      vi.useRealTimers();
      now = start;
    }
  });

  it('judges expiry by the injected clock, not the machine clock', async () => {
    const start = now;
    try {
      // Valid by the machine's clock, but the app's clock says it expired an hour ago.
      const token = apple.idToken({ sub: subject(), iat: seconds(), exp: seconds() + 600 });
      now = start + 2 * 60 * 60 * 1000;
      expect((await post('/api/v4/appletoken', { apple_token: token })).statusCode).toBe(406);
      // Issued "in the future" for the machine, current for the app's clock.
      const later = apple.idToken({
        sub: subject(),
        email: uniqueEmail(),
        iat: seconds(),
        exp: seconds() + 600,
      });
      expect((await post('/api/v4/appletoken', { apple_token: later })).statusCode).toBe(200);
    } finally {
      now = start;
    }
  });

  it('answers 422 without a token', async () => {
    const res = await post('/api/v4/appletoken', { first_name: 'Kai' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ apple_token: ['The apple token field is required.'] });
  });
});

describe('Apple keys endpoint failures', () => {
  it('gives up after the timeout, and on an unreachable or broken key endpoint', async () => {
    const slow = await startFakeApple(APP_CLIENT, { clock });
    slow.delayMs = 1000;
    try {
      const provider = createAppleProvider({
        clientIds: [APP_CLIENT],
        jwksUrl: slow.jwksUrl,
        timeoutMs: 100,
        clock,
      });
      const started = performance.now();
      await expect(provider.verify({ idToken: slow.idToken() })).rejects.toBeInstanceOf(SocialSignInError);
      expect(performance.now() - started).toBeLessThan(900);
    } finally {
      await slow.close();
    }
    const gone = createAppleProvider({
      clientIds: [APP_CLIENT],
      jwksUrl: 'http://127.0.0.1:9/auth/keys',
      timeoutMs: 500,
      clock,
    });
    await expect(gone.verify({ idToken: apple.idToken() })).rejects.toBeInstanceOf(SocialSignInError);
    const wrong = createAppleProvider({ clientIds: [APP_CLIENT], jwksUrl: `${apple.jwksUrl}/nope`, clock });
    await expect(wrong.verify({ idToken: apple.idToken() })).rejects.toThrow(/JSON Web Key Set/);
  });
});

describe('Sign in with Apple on the web', () => {
  async function redirect() {
    const res = await t.app.inject('/auth/apple/redirect');
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    const state = location.searchParams.get('state')!;
    return {
      res,
      location,
      state,
      nonce: location.searchParams.get('nonce')!,
      cookie: `safeshore_apple_state=${state}`,
    };
  }

  const callback = (fields: Record<string, string>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });

  const webToken = (nonce: string, claims: Record<string, unknown> = {}) =>
    apple.idToken({ aud: WEB_CLIENT, nonce, sub: subject(), email: uniqueEmail('web'), ...claims });

  it('redirects to Apple with our client id, callback, scopes, state and nonce, binding the state to a cookie', async () => {
    const { res, location, state, nonce } = await redirect();
    expect(`${location.origin}${location.pathname}`).toBe('https://appleid.apple.com/auth/authorize');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      response_type: 'code id_token',
      response_mode: 'form_post',
      client_id: WEB_CLIENT,
      redirect_uri: 'https://safeshore.example/auth/apple/callback',
      scope: 'name email',
      state,
      nonce,
    });
    expect(state.length).toBeGreaterThanOrEqual(40);
    expect(res.headers['set-cookie']).toBe(
      `safeshore_apple_state=${state}; Path=/auth/apple; Max-Age=600; HttpOnly; SameSite=None; Secure`,
    );
  });

  it('signs in through a one-time code: callback -> /login/oauth -> POST /auth/token', async () => {
    const { state, nonce, cookie } = await redirect();
    const res = await callback(
      {
        state,
        code: 'c123',
        id_token: webToken(nonce),
        user: JSON.stringify({ name: { firstName: 'Mia', lastName: 'Swell' } }),
      },
      cookie,
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers['set-cookie']).toContain('Max-Age=0');
    const location = new URL(String(res.headers.location), 'https://safeshore.example');
    expect(location.pathname).toBe('/login/oauth');
    expect(location.searchParams.get('provider')).toBe('apple');
    const code = location.searchParams.get('token')!;
    expect(code).not.toContain('|');

    const exchanged = await post('/auth/token', { token: code, provider: 'apple' });
    expect(exchanged.statusCode).toBe(200);
    const { user, token } = z.parse(AuthResponseSchema, exchanged.json());
    expect(user).toMatchObject({ first_name: 'Mia', last_name: 'Swell' });
    expect(await works(token)).toBe(true);

    const replay = await post('/auth/token', { token: code, provider: 'apple' });
    expect(replay.statusCode).toBe(406);
    expect(replay.json()).toEqual({
      message: 'Failed to complete authentication. Please try logging in again.',
    });
  });

  it('accepts the callback as a GET with query parameters too', async () => {
    const { state, nonce, cookie } = await redirect();
    const query = new URLSearchParams({ state, id_token: webToken(nonce) }).toString();
    const res = await t.app.inject({ url: `/auth/apple/callback?${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^\/login\/oauth\?token=[\w-]+&provider=apple$/);
  });

  it('one-time codes expire after two minutes and belong to their provider', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { state, nonce, cookie } = await redirect();
      const res = await callback({ state, id_token: webToken(nonce) }, cookie);
      codes.push(new URL(String(res.headers.location), 'https://x').searchParams.get('token')!);
    }
    expect((await post('/auth/token', { token: codes[0], provider: 'facebook' })).statusCode).toBe(406);
    const start = now;
    try {
      now = start + 2 * 60_000 + 1000;
      expect((await post('/auth/token', { token: codes[1], provider: 'apple' })).statusCode).toBe(406);
    } finally {
      now = start;
    }
  });

  const failed = `/login?error=${encodeURIComponent('Could not sign in with Apple')}`;
  it.each([
    [
      'without the state cookie',
      async () => {
        const r = await redirect();
        return callback({ state: r.state, id_token: webToken(r.nonce) });
      },
    ],
    [
      "with another browser's cookie",
      async () => {
        const r = await redirect();
        const other = await redirect();
        return callback({ state: r.state, id_token: webToken(r.nonce) }, other.cookie);
      },
    ],
    [
      'with a state we never issued',
      async () => {
        const state = 'x'.repeat(43);
        return callback({ state, id_token: webToken('n') }, `safeshore_apple_state=${state}`);
      },
    ],
    [
      'with a token for another nonce',
      async () => {
        const r = await redirect();
        return callback({ state: r.state, id_token: webToken('another-nonce') }, r.cookie);
      },
    ],
    [
      'when the person cancelled at Apple',
      async () => {
        const r = await redirect();
        return callback({ state: r.state, error: 'user_cancelled_authorize' }, r.cookie);
      },
    ],
    [
      'with an invalid identity token',
      async () => {
        const r = await redirect();
        return callback({ state: r.state, id_token: webToken(r.nonce, { aud: 'other' }) }, r.cookie);
      },
    ],
    [
      'with a used state',
      async () => {
        const r = await redirect();
        expect(
          (await callback({ state: r.state, id_token: webToken(r.nonce) }, r.cookie)).headers.location,
        ).toMatch(/^\/login\/oauth/);
        return callback({ state: r.state, id_token: webToken(r.nonce) }, r.cookie);
      },
    ],
    [
      'with an expired state',
      async () => {
        const r = await redirect();
        const start = now;
        now = start + 10 * 60_000 + 1000;
        try {
          return await callback(
            { state: r.state, id_token: webToken(r.nonce, { iat: seconds(), exp: seconds() + 600 }) },
            r.cookie,
          );
        } finally {
          now = start;
        }
      },
    ],
  ])('sends the browser to /login?error=… %s', async (_name, attempt) => {
    const res = await attempt();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(failed);
  });

  it('POST /auth/token validates its input', async () => {
    const missing = await post('/auth/token', { provider: 'apple' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ token: ['The token field is required.'] });
    const provider = await post('/auth/token', { token: 'abc', provider: 'google' });
    expect(provider.json().errors).toEqual({ provider: ['The provider must be apple or facebook.'] });
  });
});

describe('POST /api/v4/fbtoken', () => {
  let n = 0;
  const fbUser = (overrides: Partial<FakeFacebook['users'][number]> = {}) => {
    const user = {
      id: String(100000 + ++n),
      first_name: 'Lee',
      last_name: 'Current',
      email: uniqueEmail('fb'),
      accessToken: `EAAB${crypto.randomBytes(12).toString('hex')}`,
      ...overrides,
    };
    facebook.users.push(user);
    return user;
  };

  it('signs in with a valid access token: debug_token, then /me for the name and e-mail', async () => {
    const person = fbUser();
    const res = await post('/api/v4/fbtoken', {
      fbUserId: person.id,
      fbToken: person.accessToken,
      device_name: 'Pixel',
    });
    expect(res.statusCode).toBe(200);
    const { user, token } = z.parse(AuthResponseSchema, res.json());
    expect(user).toMatchObject({ first_name: 'Lee', last_name: 'Current', email: person.email });
    expect(await works(token)).toBe(true);
    expect(facebook.requests.slice(-2)).toEqual(['/v21.0/debug_token', '/v21.0/me']);
    const again = await post('/api/v4/fbtoken', { fbUserId: person.id, fbToken: person.accessToken });
    expect(again.json().user.id).toBe(user.id);
  });

  it('never joins an existing account by e-mail: Facebook does not say it verified the address', async () => {
    const { user } = await makeUser(t);
    const person = fbUser({ email: user.email });
    const res = await post('/api/v4/fbtoken', { fbUserId: person.id, fbToken: person.accessToken });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({ message: 'Could not login with facebook' });
    // /me was asked only for fields the User node has (the fake refuses others, as Facebook does).
    expect(facebook.requests.slice(-2)).toEqual(['/v21.0/debug_token', '/v21.0/me']);
  });

  it.each([
    [
      'an invalid token',
      () => {
        const p = fbUser({ isValid: false });
        return { fbUserId: p.id, fbToken: p.accessToken };
      },
    ],
    [
      "another app's token",
      () => {
        const p = fbUser({ appId: '999' });
        return { fbUserId: p.id, fbToken: p.accessToken };
      },
    ],
    [
      "someone else's user id",
      () => {
        const p = fbUser();
        return { fbUserId: '42', fbToken: p.accessToken };
      },
    ],
    ['an unknown token', () => ({ fbUserId: '42', fbToken: 'EAAB-made-up' })],
    [
      'no e-mail and no linked account',
      () => {
        const p = fbUser({ email: undefined });
        return { fbUserId: p.id, fbToken: p.accessToken };
      },
    ],
  ])('refuses %s with 406', async (_name, body) => {
    const res = await post('/api/v4/fbtoken', body());
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({ message: 'Could not login with facebook' });
  });

  it('answers 422 for missing fields', async () => {
    const res = await post('/api/v4/fbtoken', { fbToken: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ fbUserId: ['The fbUserId field is required.'] });
  });
});

describe('providers that are not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ seed: false });
  });
  afterAll(async () => bare.close());

  it('answer 406 with the provider text, and the web flow goes back to Login with it', async () => {
    const appleRes = await bare.app.inject({
      method: 'POST',
      url: '/api/v4/appletoken',
      payload: { apple_token: apple.idToken() },
    });
    expect(appleRes.statusCode).toBe(406);
    expect(appleRes.json()).toEqual({ message: 'Could not sign in with Apple' });
    const fbRes = await bare.app.inject({
      method: 'POST',
      url: '/api/v4/fbtoken',
      payload: { fbUserId: '1', fbToken: 'x' },
    });
    expect(fbRes.statusCode).toBe(406);
    expect(fbRes.json()).toEqual({ message: 'Could not login with facebook' });
    const redirect = await bare.app.inject('/auth/apple/redirect');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/login?error=Could%20not%20sign%20in%20with%20Apple');
    expect(redirect.headers['set-cookie']).toBeUndefined();
  });
});
