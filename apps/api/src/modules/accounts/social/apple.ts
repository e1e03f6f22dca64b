import crypto from 'node:crypto';
import { fetchJson, SocialSignInError, type SocialIdentity, type SocialProvider } from './provider.ts';

export const APPLE_ISSUER = 'https://appleid.apple.com';

export interface AppleProof {
  idToken: string;
  /** The nonce our redirect sent (web flow); the token must carry it. */
  nonce?: string;
}

export interface AppleOptions {
  /** Accepted audiences: the web Services ID first, then app bundle ids. Empty: not configured. */
  clientIds: readonly string[];
  jwksUrl: string;
  timeoutMs?: number;
  /** How long fetched keys are trusted before they are fetched again. */
  cacheMs?: number;
  clock?: () => Date;
}

interface Jwk {
  kty: string;
  kid: string;
  alg?: string;
  use?: string;
  n: string;
  e: string;
}

const b64urlJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sign in with Apple: an identity token is an RS256 JWT signed with one of the keys Apple
 * publishes at its JWKS address. The signature, issuer, audience (our client ids) and expiry are
 * checked here with node:crypto. Keys are cached; an unknown key id refetches them (Apple rotates
 * keys), at most once a minute.
 */
export function createAppleProvider(options: AppleOptions): SocialProvider<AppleProof> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const cacheMs = options.cacheMs ?? 60 * 60 * 1000;
  const now = () => (options.clock ?? (() => new Date()))().getTime();
  let cache: { keys: Map<string, crypto.KeyObject>; fetchedAt: number } | undefined;
  let inFlight: Promise<Map<string, crypto.KeyObject>> | undefined;

  async function fetchKeys(): Promise<Map<string, crypto.KeyObject>> {
    const { status, body } = await fetchJson(options.jwksUrl, timeoutMs);
    if (status !== 200 || !isObject(body) || !Array.isArray(body.keys))
      throw new SocialSignInError(`Apple keys: unexpected answer (${status})`);
    const keys = new Map<string, crypto.KeyObject>();
    for (const jwk of body.keys as Jwk[]) {
      if (!isObject(jwk) || jwk.kty !== 'RSA' || typeof jwk.kid !== 'string') continue;
      if (jwk.alg !== undefined && jwk.alg !== 'RS256') continue;
      try {
        keys.set(jwk.kid, crypto.createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e }, format: 'jwk' }));
      } catch {
        // A malformed key is skipped; tokens signed with it will not verify.
      }
    }
    cache = { keys, fetchedAt: now() };
    return keys;
  }

  async function keyFor(kid: string): Promise<crypto.KeyObject | undefined> {
    const age = cache ? now() - cache.fetchedAt : Infinity;
    const known = cache?.keys.get(kid);
    if (known && age < cacheMs) return known;
    if (cache && !known && age < 60_000 && age < cacheMs) return undefined;
    inFlight ??= fetchKeys().finally(() => (inFlight = undefined));
    try {
      return (await inFlight).get(kid);
    } catch (error) {
      // Apple unreachable: a key we already hold stays good until Apple answers again.
      if (known) return known;
      throw error;
    }
  }

  return {
    name: 'apple',
    configured: options.clientIds.length > 0,
    async verify({ idToken, nonce }) {
      if (options.clientIds.length === 0) throw new SocialSignInError('Apple sign-in is not configured');
      const parts = idToken.split('.');
      if (parts.length !== 3) throw new SocialSignInError('identity token is not a JWT');
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
      let header: unknown;
      let claims: unknown;
      try {
        header = b64urlJson(headerPart);
        claims = b64urlJson(payloadPart);
      } catch {
        throw new SocialSignInError('identity token is not valid JSON');
      }
      if (!isObject(header) || !isObject(claims)) throw new SocialSignInError('identity token is malformed');
      if (header.alg !== 'RS256') throw new SocialSignInError(`unexpected algorithm ${String(header.alg)}`);
      if (typeof header.kid !== 'string') throw new SocialSignInError('identity token has no key id');

      const key = await keyFor(header.kid);
      if (!key) throw new SocialSignInError(`unknown key id ${header.kid}`);
      const signed = crypto.verify(
        'RSA-SHA256',
        Buffer.from(`${headerPart}.${payloadPart}`),
        key,
        Buffer.from(signaturePart, 'base64url'),
      );
      if (!signed) throw new SocialSignInError('bad signature');

      if (claims.iss !== APPLE_ISSUER) throw new SocialSignInError(`unexpected issuer ${String(claims.iss)}`);
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!audiences.some((aud) => typeof aud === 'string' && options.clientIds.includes(aud)))
        throw new SocialSignInError('token is for another audience');
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now())
        throw new SocialSignInError('token has expired');
      if (typeof claims.iat === 'number' && claims.iat * 1000 > now() + 5 * 60_000)
        throw new SocialSignInError('token was issued in the future');
      if (nonce !== undefined && claims.nonce !== nonce) throw new SocialSignInError('nonce does not match');
      if (typeof claims.sub !== 'string' || claims.sub === '')
        throw new SocialSignInError('token has no subject');

      const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email : null;
      return {
        provider: 'apple',
        subject: claims.sub,
        email: email?.trim().toLowerCase() ?? null,
        // Apple sends email_verified as a boolean or as the string "true".
        emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
        firstName: null,
        lastName: null,
      } satisfies SocialIdentity;
    },
  };
}
