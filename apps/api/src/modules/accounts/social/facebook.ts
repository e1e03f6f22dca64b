import crypto from 'node:crypto';
import { fetchJson, SocialSignInError, type SocialIdentity, type SocialProvider } from './provider.ts';

export interface FacebookProof {
  userId: string;
  accessToken: string;
}

export interface FacebookOptions {
  appId: string | undefined;
  appSecret: string | undefined;
  /** e.g. https://graph.facebook.com/v21.0 */
  graphUrl: string;
  timeoutMs?: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Facebook Login: the app's access token (`{app-id}|{app-secret}`) asks the Graph API's
 * debug_token whether the user's access token is valid, was issued to our app and belongs to the
 * user id the client claims; then /me (with appsecret_proof) gives the name and e-mail.
 *
 * The Graph API's User has no field saying the e-mail was verified (its `email` is "the primary
 * email address listed on their profile"; the old `verified` field meant the account, by phone or
 * card, not the address), so a Facebook e-mail is never treated as verified: it names a new
 * account, but never joins an existing one.
 */
export function createFacebookProvider(options: FacebookOptions): SocialProvider<FacebookProof> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const configured = Boolean(options.appId && options.appSecret);

  return {
    name: 'facebook',
    configured,
    async verify({ userId, accessToken }) {
      if (!options.appId || !options.appSecret)
        throw new SocialSignInError('Facebook sign-in is not configured');
      const debug = new URL(`${options.graphUrl}/debug_token`);
      debug.searchParams.set('input_token', accessToken);
      debug.searchParams.set('access_token', `${options.appId}|${options.appSecret}`);
      const { status, body } = await fetchJson(debug.toString(), timeoutMs);
      const data = isObject(body) && isObject(body.data) ? body.data : undefined;
      if (status !== 200 || !data) throw new SocialSignInError(`debug_token answered ${status}`);
      if (data.is_valid !== true) throw new SocialSignInError('access token is not valid');
      if (String(data.app_id) !== options.appId)
        throw new SocialSignInError('access token is for another app');
      if (String(data.user_id) !== userId) throw new SocialSignInError('access token is for another user');

      const me = new URL(`${options.graphUrl}/me`);
      me.searchParams.set('fields', 'id,first_name,last_name,email');
      me.searchParams.set('access_token', accessToken);
      me.searchParams.set(
        'appsecret_proof',
        crypto.createHmac('sha256', options.appSecret).update(accessToken).digest('hex'),
      );
      const profile = await fetchJson(me.toString(), timeoutMs);
      if (profile.status !== 200 || !isObject(profile.body) || String(profile.body.id) !== userId)
        throw new SocialSignInError(`/me answered ${profile.status}`);
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
      const email = text(profile.body.email);
      return {
        provider: 'facebook',
        subject: userId,
        email: email?.normalize('NFKC').toLowerCase() ?? null,
        emailVerified: false,
        firstName: text(profile.body.first_name),
        lastName: text(profile.body.last_name),
      } satisfies SocialIdentity;
    },
  };
}
