/** Who an identity provider says the person is, after its proof has been checked. */
export interface SocialIdentity {
  provider: 'apple' | 'facebook';
  /** The provider's stable user id (Apple `sub`, Facebook user id). */
  subject: string;
  email: string | null;
  /** Only a verified address may link the identity to an existing account with that email. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

/** Verifies a provider's proof of identity; rejects with SocialSignInError. */
export interface SocialProvider<Proof> {
  readonly name: SocialIdentity['provider'];
  /** False when the provider's credentials are not configured: its endpoints answer 406. */
  readonly configured: boolean;
  verify(proof: Proof): Promise<SocialIdentity>;
}

/** A proof the provider did not accept, or a provider we could not reach. `reason` is for logs only. */
export class SocialSignInError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`social sign-in failed: ${reason}`);
    this.reason = reason;
  }
}

/** GET a JSON document with a deadline; unreachable hosts and non-JSON bodies become SocialSignInError. */
export async function fetchJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  const origin = new URL(url).origin;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    return { status: response.status, body: await response.json() };
  } catch (error) {
    throw new SocialSignInError(`${origin}: ${(error as Error).message}`);
  }
}
