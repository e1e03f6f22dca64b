import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { SocialSignInError, type SocialIdentity, type SocialProvider } from './provider.ts';

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
  /** After a fetch, a token with an unknown key id does not fetch again for this long. */
  cooldownMs?: number;
  /** Leeway for the token's exp, iat and nbf against our clock. */
  clockToleranceSeconds?: number;
  clock?: () => Date;
}

/**
 * Sign in with Apple: an identity token is an RS256 JWT signed with one of the keys Apple
 * publishes at its JWKS address. `jose` verifies it: the keys are fetched and cached
 * (createRemoteJWKSet: an unknown key id refetches them, as Apple rotates keys, but at most once
 * per cooldown), and jwtVerify checks the signature with RS256 only, a `crit` header it does not
 * understand, the issuer, the audience (our client ids) and the expiry against our clock (with a
 * small tolerance). The claims Apple adds (sub, email, email_verified, nonce) are read here.
 */
export function createAppleProvider(options: AppleOptions): SocialProvider<AppleProof> {
  const clock = options.clock ?? (() => new Date());
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: options.timeoutMs ?? 5000,
    cacheMaxAge: options.cacheMs ?? 60 * 60 * 1000,
    cooldownDuration: options.cooldownMs ?? 60 * 1000,
    headers: { accept: 'application/json' },
  });

  async function verifyToken(idToken: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        issuer: APPLE_ISSUER,
        audience: [...options.clientIds],
        requiredClaims: ['exp', 'iat', 'sub'],
        // Also refuses a token issued in the future (beyond the tolerance).
        maxTokenAge: '1 day',
        currentDate: clock(),
        clockTolerance: options.clockToleranceSeconds ?? 30,
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        const code = (error as { code?: string }).code ?? error.name;
        throw new SocialSignInError(`Apple identity token refused (${code}): ${error.message}`);
      }
      throw error;
    }
  }

  return {
    name: 'apple',
    configured: options.clientIds.length > 0,
    async verify({ idToken, nonce }) {
      if (options.clientIds.length === 0) throw new SocialSignInError('Apple sign-in is not configured');
      const claims = await verifyToken(idToken);
      if (nonce !== undefined && claims.nonce !== nonce) throw new SocialSignInError('nonce does not match');
      if (typeof claims.sub !== 'string' || claims.sub === '')
        throw new SocialSignInError('token has no subject');

      const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email : null;
      return {
        provider: 'apple',
        subject: claims.sub,
        email: email?.normalize('NFKC').trim().toLowerCase() ?? null,
        // Apple sends email_verified as a boolean or as the string "true".
        emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
        firstName: null,
        lastName: null,
      } satisfies SocialIdentity;
    },
  };
}
