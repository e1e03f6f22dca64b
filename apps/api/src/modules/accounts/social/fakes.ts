import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { APPLE_ISSUER } from './apple.ts';

/**
 * Fake identity providers for tests and local development: real HTTP servers on 127.0.0.1 that
 * answer in the providers' own formats, so the real adapters (apple.ts, facebook.ts) are what runs.
 */

async function listen(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface FakeAppleKey {
  kid: string;
  privateKey: crypto.KeyObject;
  publicKey: crypto.KeyObject;
}

export function makeAppleKey(kid = crypto.randomBytes(5).toString('hex')): FakeAppleKey {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicKey };
}

/** Signs claims as an RS256 JWT the way Apple does (header: kid, alg). */
export function signJwt(
  claims: Record<string, unknown>,
  key: FakeAppleKey,
  header: Record<string, unknown> = {},
) {
  const head = b64url({ kid: key.kid, alg: 'RS256', ...header });
  const body = b64url(claims);
  const signature = crypto.sign('RSA-SHA256', Buffer.from(`${head}.${body}`), key.privateKey);
  return `${head}.${body}.${signature.toString('base64url')}`;
}

export interface FakeApple {
  /** The JWKS address (Apple's is https://appleid.apple.com/auth/keys). */
  jwksUrl: string;
  /** Keys currently published; `keys[0]` signs by default. */
  keys: FakeAppleKey[];
  /** How many times the keys were fetched. */
  jwksRequests: number;
  /** Delay before answering, to test timeouts. */
  delayMs: number;
  /** An identity token for `clientId` with Apple's claims (and header), overridable. */
  idToken(overrides?: Record<string, unknown>, key?: FakeAppleKey, header?: Record<string, unknown>): string;
  close(): Promise<void>;
}

export async function startFakeApple(
  clientId: string,
  options: { clock?: () => Date } = {},
): Promise<FakeApple> {
  const clock = options.clock ?? (() => new Date());
  const fake = {
    keys: [makeAppleKey()],
    jwksRequests: 0,
    delayMs: 0,
  } as FakeApple;
  const server = await listen((req, res) => {
    if (req.url !== '/auth/keys') return sendJson(res, 404, { error: 'not_found' });
    fake.jwksRequests++;
    const keys = fake.keys.map(({ kid, publicKey }) => ({
      ...(publicKey.export({ format: 'jwk' }) as { n: string; e: string; kty: string }),
      kid,
      use: 'sig',
      alg: 'RS256',
    }));
    setTimeout(() => sendJson(res, 200, { keys }), fake.delayMs);
  });
  fake.jwksUrl = `${server.url}/auth/keys`;
  fake.close = server.close;
  fake.idToken = (overrides = {}, key = fake.keys[0]!, header = {}) => {
    const now = Math.floor(clock().getTime() / 1000);
    return signJwt(
      {
        iss: APPLE_ISSUER,
        aud: clientId,
        exp: now + 600,
        iat: now,
        sub: '001234.abcdef0123456789.0042',
        c_hash: 'x6_cJKJBhUBLdRz1dpbd9Q',
        email: 'apple.person@privaterelay.appleid.com',
        email_verified: 'true',
        is_private_email: 'true',
        auth_time: now,
        nonce_supported: true,
        ...overrides,
      },
      key,
      header,
    );
  };
  return fake;
}

export interface FakeFacebookUser {
  id: string;
  first_name: string;
  last_name: string;
  email?: string;
  /** The user access token the app would get from the Facebook SDK. */
  accessToken: string;
  /** The app the token was issued to (default: the fake's app). */
  appId?: string;
  isValid?: boolean;
}

export interface FakeFacebook {
  /** Graph API base, like https://graph.facebook.com/v21.0 */
  graphUrl: string;
  users: FakeFacebookUser[];
  requests: string[];
  close(): Promise<void>;
}

/** The Graph API's debug_token and /me, as documented, for the app `appId` with secret `appSecret`. */
export async function startFakeFacebook(
  appId: string,
  appSecret: string,
  options: { clock?: () => Date } = {},
): Promise<FakeFacebook> {
  const clock = options.clock ?? (() => new Date());
  const fake = { users: [] as FakeFacebookUser[], requests: [] as string[] } as FakeFacebook;
  const oauthError = (res: http.ServerResponse, message: string) =>
    sendJson(res, 400, { error: { message, type: 'OAuthException', code: 190, fbtrace_id: 'AbCdEfGh' } });
  const server = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push(url.pathname);
    const token = url.searchParams.get('input_token') ?? url.searchParams.get('access_token') ?? '';
    if (url.pathname === '/v21.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${appId}|${appSecret}`)
        return oauthError(res, 'Invalid OAuth access token signature.');
      const user = fake.users.find((u) => u.accessToken === token);
      if (!user) {
        return sendJson(res, 200, {
          data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] },
        });
      }
      const now = Math.floor(clock().getTime() / 1000);
      return sendJson(res, 200, {
        data: {
          app_id: user.appId ?? appId,
          type: 'USER',
          application: 'SafeShore',
          data_access_expires_at: now + 90 * 86400,
          expires_at: now + 3600,
          is_valid: user.isValid ?? true,
          scopes: ['email', 'public_profile'],
          user_id: user.id,
        },
      });
    }
    if (url.pathname === '/v21.0/me') {
      const user = fake.users.find((u) => u.accessToken === token);
      if (!user) return oauthError(res, 'Invalid OAuth access token.');
      const proof = crypto.createHmac('sha256', appSecret).update(token).digest('hex');
      if (url.searchParams.get('appsecret_proof') !== proof)
        return oauthError(res, 'Invalid appsecret_proof provided in the API argument');
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      // The User node has no e-mail verification field; the real API refuses fields it does not have.
      const known = new Set(['id', 'name', 'first_name', 'last_name', 'email']);
      const unknown = fields.find((field) => !known.has(field));
      if (unknown) {
        return sendJson(res, 400, {
          error: {
            message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`,
            type: 'OAuthException',
            code: 100,
            fbtrace_id: 'AbCdEfGh',
          },
        });
      }
      const record: Record<string, string | undefined> = {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        name: `${user.first_name} ${user.last_name}`,
        email: user.email,
      };
      return sendJson(
        res,
        200,
        Object.fromEntries(fields.filter((f) => record[f] !== undefined).map((f) => [f, record[f]])),
      );
    }
    return oauthError(res, 'Unknown path components');
  });
  fake.graphUrl = `${server.url}/v21.0`;
  fake.close = server.close;
  return fake;
}
