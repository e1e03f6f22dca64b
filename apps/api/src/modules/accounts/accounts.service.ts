import * as z from 'zod/mini';
import {
  ACCOUNT_SERVER_MESSAGES as MSG,
  AppleTokenBodySchema,
  CreateDeviceBodySchema,
  DeleteAccountBodySchema,
  FacebookTokenBodySchema,
  LoginBodySchema,
  LogoutBodySchema,
  OAuthTokenBodySchema,
  PasswordChangeBodySchema,
  ProfileBodySchema,
  RegisterBodySchema,
  ResetLinkBodySchema,
  ResetPasswordBodySchema,
  tokenId as tokenIdOf,
  type BeachSummary,
  type Device,
  type User,
} from '@safeshore/domain';
import type { Config } from '../../config.ts';
import { HttpError, notFound, parseInput, validationFailed } from '../../http/errors.ts';
import { presentSummary } from '../beaches/beaches.presenter.ts';
import {
  isUniqueViolation,
  type AccountsQueries,
  type AccountsRepository,
  type UserRow,
} from './accounts.repository.ts';
import { presentDevice, presentUser, ROLES } from './accounts.presenter.ts';
import type { Mailer } from './mailer.ts';
import { hashPassword, isCommonPassword, needsRehash, randomPassword, verifyPassword } from './passwords.ts';
import { answerHash, answerMatches, makeChallenge, newChallengeId, QUESTION_TTL_MS } from './question.ts';
import type { AppleProof } from './social/apple.ts';
import type { FacebookProof } from './social/facebook.ts';
import { SocialSignInError, type SocialIdentity, type SocialProvider } from './social/provider.ts';
import {
  digestsEqual,
  formatToken,
  parseBearer,
  parseRowId,
  randomSecret,
  sha256Hex,
  TOKEN_TTL_MS,
} from './tokens.ts';

export type AccountsConfig = Pick<
  Config,
  'PUBLIC_URL' | 'PASSWORD_SCRYPT_LOG_N' | 'APPLE_CLIENT_ID' | 'APPLE_AUTHORIZE_URL'
>;

export interface AccountsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface AccountsDeps {
  repo: AccountsRepository;
  config: AccountsConfig;
  mailer: Mailer;
  apple: SocialProvider<AppleProof>;
  facebook: SocialProvider<FacebookProof>;
  clock?: () => Date;
  log?: AccountsLogger;
}

/** The signed-in caller: the user as the API presents it, and the token the request came with. */
export interface Session {
  user: User;
  tokenId: number;
}

export const RESET_TTL_MS = 60 * 60 * 1000;
/** One reset mail per address per minute, whatever the caller's IP. */
const RESET_RESEND_MS = 60 * 1000;
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
export const OAUTH_CODE_TTL_MS = 2 * 60 * 1000;
/** last_used_at is refreshed at most this often, so reads do not each become a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** Expired challenges, resets and OAuth rows are swept at most this often; dead tokens kept 30 days. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const DEAD_TOKEN_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const quietLog: AccountsLogger = { info() {}, warn() {}, error() {} };

const AdminUserSchema = z.object({
  first_name: ProfileBodySchema.shape.first_name,
  last_name: ProfileBodySchema.shape.last_name,
  email: ProfileBodySchema.shape.email,
  password: RegisterBodySchema.shape.password,
});

export function createAccountsService(deps: AccountsDeps) {
  const { repo, config, mailer } = deps;
  const clock = deps.clock ?? (() => new Date());
  const log = deps.log ?? quietLog;
  const iso = (offsetMs = 0) => new Date(clock().getTime() + offsetMs).toISOString();
  const pendingMail = new Set<Promise<void>>();
  let lastSweep = 0;
  let dummyHash: Promise<string> | undefined;

  /** Removes expired one-time rows now and then (tables stay small without a scheduler). */
  async function sweep(): Promise<void> {
    const now = clock().getTime();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    const at = iso();
    await repo.deleteExpiredChallenges(at);
    await repo.deleteExpiredResets(at);
    await repo.deleteExpiredOAuth(at);
    await repo.deleteDeadTokens(iso(-DEAD_TOKEN_RETENTION_MS));
  }

  async function userWithRoles(row: UserRow): Promise<User> {
    return presentUser(row, await repo.rolesOf(row.id));
  }

  async function issueToken(userId: number, deviceName: string, r: AccountsQueries = repo): Promise<string> {
    const secret = randomSecret();
    const id = await r.insertToken({
      user_id: userId,
      name: deviceName || 'web',
      token_hash: sha256Hex(secret),
      created_at: iso(),
      expires_at: iso(TOKEN_TTL_MS),
    });
    return formatToken(id, secret);
  }

  async function signedIn(row: UserRow, deviceName: string) {
    return { user: await userWithRoles(row), token: await issueToken(row.id, deviceName) };
  }

  async function loadUser(session: Session): Promise<UserRow> {
    const row = await repo.findUserById(session.user.id);
    if (!row) throw new HttpError(401, MSG.unauthenticated);
    return row;
  }

  /** Compares against a hash of the configured cost when there is no user, so timing does not tell. */
  function dummyPasswordHash(): Promise<string> {
    dummyHash ??= hashPassword(randomPassword(), config.PASSWORD_SCRYPT_LOG_N);
    return dummyHash;
  }

  async function checkQuestion(id: string, answer: string): Promise<'ok' | 'wrong' | 'expired'> {
    const challenge = await repo.findChallenge(id);
    if (!challenge || challenge.used_at || challenge.expires_at <= iso()) return 'expired';
    if (answerMatches(challenge.id, challenge.answer_hash, answer)) return 'ok';
    // A wrong answer uses the challenge up, so answers cannot be tried one after another.
    await repo.useChallenge(challenge.id, iso());
    return 'wrong';
  }

  async function ownDevice(session: Session, raw: string) {
    const id = parseRowId(raw);
    const device = id === null ? undefined : await repo.findDevice(session.user.id, id);
    // Another user's device is "not found", never "forbidden": ids reveal nothing.
    if (!device) throw notFound(MSG.deviceNotFound);
    return device;
  }

  async function devices(session: Session): Promise<{ devices: Device[] }> {
    return { devices: (await repo.devicesOf(session.user.id)).map(presentDevice) };
  }

  async function beach(raw: string) {
    const id = parseRowId(raw);
    const row = id === null ? undefined : await repo.findBeach(id);
    if (!row) throw notFound(MSG.beachNotFound);
    return row;
  }

  /**
   * The account for a verified social identity: the one linked to it; else the account with the
   * same verified e-mail (then linked); else a new account without a password.
   */
  async function accountFor(
    identity: SocialIdentity,
    names: { first_name?: string | undefined; last_name?: string | undefined },
  ): Promise<UserRow> {
    const linked = await repo.userIdForIdentity(identity.provider, identity.subject);
    if (linked !== undefined) {
      const row = await repo.findUserById(linked);
      if (row) return row;
    }
    if (!identity.email) throw new SocialSignInError('no account is linked and the provider gave no e-mail');
    const email = identity.email;
    const existing = await repo.findUserByEmail(email);
    if (existing && !identity.emailVerified)
      throw new SocialSignInError('an account uses this e-mail, which the provider has not verified');
    try {
      const id = await repo.transaction(async (trx) => {
        const userId =
          existing?.id ??
          (await trx.insertUser({
            first_name: names.first_name?.trim() || identity.firstName || '',
            last_name: names.last_name?.trim() || identity.lastName || '',
            email,
            password_hash: null,
            at: iso(),
          }));
        await trx.insertIdentity({
          user_id: userId,
          provider: identity.provider,
          subject: identity.subject,
          at: iso(),
        });
        return userId;
      });
      const row = await repo.findUserById(id);
      if (!row) throw new SocialSignInError('account vanished');
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new SocialSignInError('a concurrent sign-in created the account');
      throw error;
    }
  }

  async function socialSignIn<P>(
    provider: SocialProvider<P>,
    proof: P,
    names: { first_name?: string | undefined; last_name?: string | undefined },
    deviceName: string,
    failure: string,
  ) {
    if (!provider.configured) throw new HttpError(406, failure);
    try {
      const identity = await provider.verify(proof);
      return await signedIn(await accountFor(identity, names), deviceName);
    } catch (error) {
      if (!(error instanceof SocialSignInError)) throw error;
      log.warn({ provider: provider.name, reason: error.reason }, 'social sign-in refused');
      throw new HttpError(406, failure);
    }
  }

  const appleNonce = (state: string) => sha256Hex(`apple-nonce:${state}`);
  const loginError = (message: string) => `/login?error=${encodeURIComponent(message)}`;

  return {
    /** Flushes mail still being delivered (on shutdown, and in tests). */
    async drainMail(): Promise<void> {
      await Promise.allSettled([...pendingMail]);
    },

    /** The session of an `Authorization: Bearer id|secret` header, or null for any token that is not live. */
    async authenticate(header: string | undefined): Promise<Session | null> {
      const parsed = parseBearer(header);
      if (!parsed) return null;
      const token = await repo.findToken(parsed.id);
      const now = iso();
      if (!token || !digestsEqual(sha256Hex(parsed.secret), token.token_hash)) return null;
      if (token.revoked_at !== null || token.expires_at <= now) return null;
      const row = await repo.findUserById(token.user_id);
      if (!row) return null;
      if (!token.last_used_at || Date.parse(now) - Date.parse(token.last_used_at) > TOUCH_INTERVAL_MS)
        await repo.touchToken(token.id, now);
      return { user: await userWithRoles(row), tokenId: token.id };
    },

    async login(input: unknown) {
      const body = parseInput(LoginBodySchema, input);
      await sweep();
      const row = await repo.findUserByEmail(body.email);
      const valid = await verifyPassword(body.password, row?.password_hash ?? (await dummyPasswordHash()));
      if (!row || !row.password_hash || !valid) throw new HttpError(406, MSG.loginFailed);
      if (needsRehash(row.password_hash, config.PASSWORD_SCRYPT_LOG_N)) {
        await repo.updateUser(
          row.id,
          { password_hash: await hashPassword(body.password, config.PASSWORD_SCRYPT_LOG_N) },
          iso(),
        );
      }
      return signedIn(row, body.device_name);
    },

    async question(): Promise<{ question: string; question_id: string }> {
      await sweep();
      const { question, answer } = makeChallenge();
      const id = newChallengeId();
      await repo.insertChallenge({
        id,
        answer_hash: answerHash(id, answer),
        created_at: iso(),
        expires_at: iso(QUESTION_TTL_MS),
      });
      return { question, question_id: id };
    },

    async register(input: unknown) {
      const body = parseInput(RegisterBodySchema, input);
      const errors: Record<string, string[]> = {};
      if (await repo.emailTaken(body.email)) errors.email = [MSG.emailTaken];
      if (isCommonPassword(body.password)) errors.password = [MSG.commonPassword];
      const question = await checkQuestion(body.question_id, body.question);
      if (question !== 'ok')
        errors.question = [question === 'wrong' ? MSG.questionWrong : MSG.questionExpired];
      if (Object.keys(errors).length > 0) throw validationFailed(errors);

      const passwordHash = await hashPassword(body.password, config.PASSWORD_SCRYPT_LOG_N);
      try {
        const { userId, token } = await repo.transaction(async (trx) => {
          if (!(await trx.useChallenge(body.question_id, iso())))
            throw validationFailed({ question: [MSG.questionExpired] });
          const id = await trx.insertUser({
            first_name: body.first_name,
            last_name: body.last_name,
            email: body.email,
            password_hash: passwordHash,
            at: iso(),
          });
          return { userId: id, token: await issueToken(id, body.device_name, trx) };
        });
        const row = await repo.findUserById(userId);
        return { user: presentUser(row!, []), token };
      } catch (error) {
        if (isUniqueViolation(error)) throw validationFailed({ email: [MSG.emailTaken] });
        throw error;
      }
    },

    /** Revokes the caller's token `token_id` (default: the one in use); another user's token is not found. */
    async logout(session: Session, input: unknown) {
      const body = parseInput(LogoutBodySchema, input);
      const id = body.token_id === undefined ? session.tokenId : parseRowId(tokenIdOf(String(body.token_id)));
      if (id === null) throw validationFailed({ token_id: ['The token id is invalid.'] });
      if (!(await repo.revokeToken(session.user.id, id, iso()))) throw notFound(MSG.tokenNotFound);
      return { message: MSG.loggedOut };
    },

    /** Always the same answer, so the form does not reveal which addresses have accounts. */
    async sendResetLink(input: unknown) {
      const { email } = parseInput(ResetLinkBodySchema, input);
      await sweep();
      const row = await repo.findUserByEmail(email);
      const latest = row ? await repo.latestResetFor(email) : undefined;
      if (row && (!latest || clock().getTime() - Date.parse(latest.created_at) >= RESET_RESEND_MS)) {
        const token = randomSecret();
        await repo.insertReset({
          email,
          token_hash: sha256Hex(token),
          created_at: iso(),
          expires_at: iso(RESET_TTL_MS),
        });
        const link = `${config.PUBLIC_URL}/reset/${token}?email=${encodeURIComponent(email)}`;
        // Delivered in the background: an SMTP round trip must not tell who has an account.
        const delivery = mailer
          .send({
            to: email,
            subject: 'Reset your SafeShore password',
            text: [
              `Hello ${row.first_name || 'there'},`,
              '',
              'Someone (we hope you) asked to reset the password of your SafeShore account.',
              'Open this link within 60 minutes to choose a new password:',
              '',
              link,
              '',
              'If you did not ask for this, ignore this message: your password stays as it is.',
              '',
              'SafeShore',
            ].join('\n'),
          })
          .then(
            () => log.info({ mailer: mailer.kind }, 'password reset link sent'),
            (error: unknown) => log.error({ err: error, mailer: mailer.kind }, 'password reset mail failed'),
          )
          .finally(() => pendingMail.delete(delivery));
        pendingMail.add(delivery);
      }
      return { message: MSG.resetLinkSent };
    },

    async resetPassword(pathToken: string, input: unknown) {
      const body = parseInput(ResetPasswordBodySchema, input);
      const errors: Record<string, string[]> = {};
      if (isCommonPassword(body.password)) errors.password = [MSG.commonPassword];
      const reset = pathToken === body.token ? await repo.findResetByHash(sha256Hex(body.token)) : undefined;
      const user = reset && reset.email === body.email ? await repo.findUserByEmail(reset.email) : undefined;
      if (!reset || !user || reset.used_at !== null) errors.token = [MSG.resetTokenInvalid];
      else if (reset.expires_at <= iso()) errors.token = [MSG.resetTokenExpired];
      if (Object.keys(errors).length > 0 || !reset || !user) throw validationFailed(errors);

      const passwordHash = await hashPassword(body.password, config.PASSWORD_SCRYPT_LOG_N);
      await repo.transaction(async (trx) => {
        if (!(await trx.useReset(reset.id, iso())))
          throw validationFailed({ token: [MSG.resetTokenInvalid] });
        await trx.updateUser(user.id, { password_hash: passwordHash }, iso());
        await trx.deleteResets(user.email, reset.id);
        // Whoever knew the old password is signed out everywhere.
        await trx.revokeTokens(user.id, iso());
      });
      return { data: { reset: true } };
    },

    async updateProfile(session: Session, input: unknown) {
      const body = parseInput(ProfileBodySchema, input);
      const row = await loadUser(session);
      if (await repo.emailTaken(body.email, row.id)) throw validationFailed({ email: [MSG.emailTaken] });
      try {
        await repo.updateUser(
          row.id,
          {
            first_name: body.first_name,
            last_name: body.last_name,
            email: body.email,
            notification_enabled: body.notification_enabled ? 1 : 0,
          },
          iso(),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw validationFailed({ email: [MSG.emailTaken] });
        throw error;
      }
      // A reset link sent to the old address must not work once the address has changed.
      if (body.email !== row.email) await repo.deleteResets(row.email);
      return { user: await userWithRoles((await repo.findUserById(row.id))!) };
    },

    async changePassword(session: Session, input: unknown) {
      const body = parseInput(PasswordChangeBodySchema, input);
      const row = await loadUser(session);
      const errors: Record<string, string[]> = {};
      const current = row.password_hash
        ? await verifyPassword(body.current_password, row.password_hash)
        : false;
      if (!current) errors.current_password = [MSG.currentPasswordIncorrect];
      if (isCommonPassword(body.password)) errors.password = [MSG.commonPassword];
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      await repo.updateUser(
        row.id,
        { password_hash: await hashPassword(body.password, config.PASSWORD_SCRYPT_LOG_N) },
        iso(),
      );
      // Other sessions end; this one stays signed in.
      await repo.revokeTokens(row.id, iso(), session.tokenId);
      return { message: MSG.passwordUpdated };
    },

    async deleteAccount(session: Session, input: unknown) {
      const body = parseInput(DeleteAccountBodySchema, input);
      const row = await loadUser(session);
      if (body.confirm_delete_email !== row.email)
        throw validationFailed({ confirm_delete_email: [MSG.deleteEmailMismatch] });
      await repo.transaction((trx) => trx.deleteUser(row.id, row.email));
      return { message: MSG.accountDeleted };
    },

    devices,

    async setDeviceEnabled(session: Session, raw: string, enabled: boolean) {
      const device = await ownDevice(session, raw);
      await repo.setDeviceEnabled(session.user.id, device.id, enabled);
      return devices(session);
    },

    async forgetDevice(session: Session, raw: string) {
      const device = await ownDevice(session, raw);
      await repo.deleteDevice(session.user.id, device.id);
      return devices(session);
    },

    async createDevice(session: Session, input: unknown) {
      const body = parseInput(CreateDeviceBodySchema, input);
      await repo.upsertDevice({ user_id: session.user.id, ...body, at: iso() });
      return devices(session);
    },

    async follow(session: Session, raw: string): Promise<{ beach: BeachSummary }> {
      const row = await beach(raw);
      await repo.follow(session.user.id, row.id, iso());
      return { beach: presentSummary(row, null) };
    },

    async unfollow(session: Session, raw: string) {
      const row = await beach(raw);
      await repo.unfollow(session.user.id, row.id);
      return { message: MSG.unfollowed };
    },

    async myBeaches(session: Session): Promise<{ beaches: BeachSummary[] }> {
      return {
        beaches: (await repo.followedBeaches(session.user.id)).map((row) => presentSummary(row, null)),
      };
    },

    async appleToken(input: unknown) {
      const body = parseInput(AppleTokenBodySchema, input);
      return socialSignIn(deps.apple, { idToken: body.apple_token }, body, body.device_name, MSG.appleFailed);
    },

    async facebookToken(input: unknown) {
      const body = parseInput(FacebookTokenBodySchema, input);
      return socialSignIn(
        deps.facebook,
        { userId: body.fbUserId, accessToken: body.fbToken },
        {},
        body.device_name,
        MSG.facebookFailed,
      );
    },

    /** Where /auth/apple/redirect sends the browser, and the state to bind to it with a cookie. */
    async appleRedirect(): Promise<{ location: string; state?: string }> {
      if (!deps.apple.configured) return { location: loginError(MSG.appleFailed) };
      await sweep();
      const state = randomSecret();
      await repo.insertOAuthState({
        state_hash: sha256Hex(state),
        provider: 'apple',
        created_at: iso(),
        expires_at: iso(OAUTH_STATE_TTL_MS),
      });
      const url = new URL(config.APPLE_AUTHORIZE_URL);
      url.searchParams.set('response_type', 'code id_token');
      url.searchParams.set('response_mode', 'form_post');
      url.searchParams.set('client_id', config.APPLE_CLIENT_ID[0]!);
      url.searchParams.set('redirect_uri', `${config.PUBLIC_URL}/auth/apple/callback`);
      url.searchParams.set('scope', 'name email');
      url.searchParams.set('state', state);
      url.searchParams.set('nonce', appleNonce(state));
      return { location: url.toString(), state };
    },

    /**
     * Apple's form post (or query) back to us. The state must be ours, unused, unexpired and the
     * one in this browser's cookie; the identity token must carry the nonce derived from it. On
     * success the browser gets a one-time code for /login/oauth, never the bearer token itself.
     */
    async appleCallback(params: Record<string, unknown>, cookieState: string | undefined): Promise<string> {
      const text = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : '');
      const state = text('state');
      const idToken = text('id_token');
      try {
        if (!deps.apple.configured) throw new SocialSignInError('Apple sign-in is not configured');
        if (text('error')) throw new SocialSignInError(`Apple answered ${text('error').slice(0, 100)}`);
        if (!state || !idToken) throw new SocialSignInError('callback without state or id_token');
        if (!cookieState || !digestsEqual(sha256Hex(state), sha256Hex(cookieState)))
          throw new SocialSignInError('state does not match this browser');
        if (!(await repo.useOAuthState(sha256Hex(state), 'apple', iso())))
          throw new SocialSignInError('state is unknown, used or expired');
        const identity = await deps.apple.verify({ idToken, nonce: appleNonce(state) });
        // Apple sends the name once, on the first authorisation, as JSON in the `user` field.
        let names: { first_name?: string; last_name?: string } = {};
        try {
          const user = JSON.parse(text('user') || '{}') as {
            name?: { firstName?: unknown; lastName?: unknown };
          };
          names = {
            ...(typeof user.name?.firstName === 'string'
              ? { first_name: user.name.firstName.slice(0, 100) }
              : {}),
            ...(typeof user.name?.lastName === 'string'
              ? { last_name: user.name.lastName.slice(0, 100) }
              : {}),
          };
        } catch {
          // No usable name: the account starts without one.
        }
        const row = await accountFor(identity, names);
        const code = randomSecret();
        await repo.insertOAuthCode({
          code_hash: sha256Hex(code),
          user_id: row.id,
          provider: 'apple',
          created_at: iso(),
          expires_at: iso(OAUTH_CODE_TTL_MS),
        });
        return `/login/oauth?token=${encodeURIComponent(code)}&provider=apple`;
      } catch (error) {
        if (!(error instanceof SocialSignInError)) throw error;
        log.warn({ provider: 'apple', reason: error.reason }, 'web sign-in refused');
        return loginError(MSG.appleFailed);
      }
    },

    /** POST /auth/token: a one-time code from /login/oauth -> the user and a bearer token. */
    async exchangeOAuthCode(input: unknown) {
      const body = parseInput(OAuthTokenBodySchema, input);
      const userId = await repo.useOAuthCode(sha256Hex(body.token), body.provider, iso());
      const row = userId === undefined ? undefined : await repo.findUserById(userId);
      if (!row) throw new HttpError(406, MSG.oauthFailed);
      return signedIn(row, 'web');
    },

    // Operator commands (npm run admin)

    /** Creates an account without the question; a random password is made (and returned) when none is given. */
    async createUser(input: {
      email: string;
      first_name: string;
      last_name: string;
      password?: string | undefined;
    }) {
      const generated = input.password === undefined;
      const password = input.password ?? randomPassword();
      const body = parseInput(AdminUserSchema, { ...input, password });
      const errors: Record<string, string[]> = {};
      if (await repo.emailTaken(body.email)) errors.email = [MSG.emailTaken];
      if (isCommonPassword(password)) errors.password = [MSG.commonPassword];
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const id = await repo.insertUser({
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        password_hash: await hashPassword(password, config.PASSWORD_SCRYPT_LOG_N),
        at: iso(),
      });
      const row = (await repo.findUserById(id))!;
      return { user: presentUser(row, []), password: generated ? password : undefined };
    },

    /** A bearer token for a user (operator tooling and tests). */
    async issueTokenFor(userId: number, deviceName = 'admin'): Promise<string> {
      return issueToken(userId, deviceName);
    },

    async setRole(email: string, role: string, granted: boolean): Promise<{ changed: boolean; user: User }> {
      if (!(ROLES as readonly string[]).includes(role))
        throw validationFailed({ role: [`The role must be one of: ${ROLES.join(', ')}.`] });
      const row = await repo.findUserByEmail(email.trim().toLowerCase());
      if (!row) throw notFound(`No user has the email ${email}.`);
      const changed = granted
        ? await repo.grantRole(row.id, role, iso())
        : await repo.revokeRole(row.id, role);
      return { changed, user: await userWithRoles(row) };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
