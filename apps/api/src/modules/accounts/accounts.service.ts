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
  QUESTION_MIN_ANSWER_MS,
  RegisterBodySchema,
  ResendRegistrationBodySchema,
  ResetLinkBodySchema,
  ResetPasswordBodySchema,
  VerifyEmailBodySchema,
  isCommonPassword,
  registrationFieldErrors,
  tokenId as tokenIdOf,
  liveStatusAt,
  type BeachSummary,
  type FollowedBeach,
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
  type VerificationPurpose,
  type VerificationRow,
} from './accounts.repository.ts';
import { presentDevice, presentUser, ROLES } from './accounts.presenter.ts';
import type { Mail, Mailer } from './mailer.ts';
import {
  alreadyRegisteredMail,
  changeConfirmMail,
  changeNoticeMail,
  changeToTakenMail,
  registrationMail,
  resetMail,
  verifyMail,
} from './mails.ts';
import { hashPassword, needsRehash, randomPassword, verifyPassword } from './passwords.ts';
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
/** Confirmation links (registration, address, email change) work for 24 hours. */
export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
/** At most one mail of each kind to an address per minute (the same for every caller). */
const MAIL_INTERVAL_MS = 60 * 1000;
/** An account without a password proves it is its owner by a sign-in this recent (account deletion, email change). */
export const RECENT_SIGN_IN_MS = 15 * 60 * 1000;
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
  /** created_at and expires_at from one reading of the clock: the lifetime is exactly `ttlMs`. */
  const lifetime = (ttlMs: number) => {
    const now = clock().getTime();
    return { created_at: new Date(now).toISOString(), expires_at: new Date(now + ttlMs).toISOString() };
  };
  const pendingMail = new Set<Promise<void>>();
  const lastMailTo = new Map<string, number>();
  let lastSweep = 0;
  let dummyHash: Promise<string> | undefined;

  /**
   * Delivers a mail in the background: an SMTP round trip must not tell a caller whether an
   * address has an account. `what` names it in the log (never the address or the link).
   */
  function deliver(mail: Mail, what: string): void {
    const delivery = mailer
      .send(mail)
      .then(
        () => log.info({ mailer: mailer.kind, mail: what }, 'mail sent'),
        (error: unknown) => log.error({ err: error, mailer: mailer.kind, mail: what }, 'mail failed'),
      )
      .finally(() => pendingMail.delete(delivery));
    pendingMail.add(delivery);
  }

  /** True (and remembered) when no mail of this kind went to the address in the last minute. */
  function mayMail(kind: string, email: string): boolean {
    const key = `${kind}:${email}`;
    const now = clock().getTime();
    const last = lastMailTo.get(key);
    if (last !== undefined && now - last < MAIL_INTERVAL_MS) return false;
    lastMailTo.set(key, now);
    if (lastMailTo.size > 10_000)
      for (const [k, at] of lastMailTo) if (now - at >= MAIL_INTERVAL_MS) lastMailTo.delete(k);
    return true;
  }

  const link = (pathname: string) => `${config.PUBLIC_URL}${pathname}`;
  const verifyLink = (token: string) => link(`/verify-email/${token}`);
  const resetPageLink = () => link('/reset');

  /** Removes expired one-time rows now and then (tables stay small without a scheduler). */
  async function sweep(): Promise<void> {
    const now = clock().getTime();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    const at = iso();
    await repo.deleteExpiredChallenges(at);
    await repo.deleteExpiredResets(at);
    await repo.deleteExpiredOAuth(at);
    await repo.deleteExpiredVerifications(at);
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
      ...lifetime(TOKEN_TTL_MS),
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

  /**
   * Uses the question up (every attempt does, whatever else is wrong with it), then judges the
   * answer: too quick (fewer than QUESTION_MIN_ANSWER_MS after the question was fetched), wrong,
   * or right.
   */
  async function consumeQuestion(
    id: unknown,
    answer: unknown,
  ): Promise<'ok' | 'wrong' | 'expired' | 'quick'> {
    if (typeof id !== 'string' || id.length === 0 || id.length > 100 || id.includes('\u0000'))
      return 'expired';
    const challenge = await repo.findChallenge(id);
    const now = iso();
    if (!challenge || challenge.used_at || challenge.expires_at <= now) return 'expired';
    if (!(await repo.useChallenge(challenge.id, now))) return 'expired';
    if (Date.parse(now) - Date.parse(challenge.created_at) < QUESTION_MIN_ANSWER_MS) return 'quick';
    const text = typeof answer === 'string' ? answer : '';
    return answerMatches(challenge.id, challenge.answer_hash, text) ? 'ok' : 'wrong';
  }

  /** Whether the caller may act for an account without a password: a session signed in recently. */
  async function signedInRecently(session: Session): Promise<boolean> {
    const token = await repo.findToken(session.tokenId);
    return token !== undefined && clock().getTime() - Date.parse(token.created_at) <= RECENT_SIGN_IN_MS;
  }

  /**
   * Proof that the caller is the account's owner for a sensitive change: its password, or, for an
   * account without one, a recent sign-in. Returns the field errors (none when proven).
   */
  async function proveOwner(
    row: UserRow,
    session: Session,
    password: string | undefined,
    field: string,
    missing: string,
  ): Promise<Record<string, string[]>> {
    if (row.password_hash) {
      if (!password) return { [field]: [missing] };
      return (await verifyPassword(password, row.password_hash)) ? {} : { [field]: [MSG.passwordIncorrect] };
    }
    return (await signedInRecently(session)) ? {} : { [field]: [MSG.deleteNeedsRecentSignIn] };
  }

  /** Stores a confirmation link and answers its secret. */
  async function newVerification(
    row: Omit<
      Parameters<AccountsRepository['insertVerification']>[0],
      'token_hash' | 'created_at' | 'expires_at'
    > & {
      purpose: VerificationPurpose;
    },
    r: AccountsQueries = repo,
  ): Promise<string> {
    const token = randomSecret();
    await r.insertVerification({
      ...row,
      token_hash: sha256Hex(token),
      ...lifetime(VERIFY_TTL_MS),
    });
    return token;
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
   * The account for a social identity whose proof the provider checked (docs/decisions.md,
   * "Account linking and email verification"):
   *
   * 1. the account linked to the identity;
   * 2. else, when the provider vouches for the e-mail (Apple's email_verified; Facebook never does):
   *    a new verified account when no account has the address; the account when its address is
   *    verified too; and when an account has the address unverified, that account is replaced by
   *    a fresh one: whoever set its password never proved the address, so the password, every
   *    session, device, follow and link go with it;
   * 3. else, with an e-mail no account has: a new account whose address is unverified;
   * 4. else refused: an unverified address never joins an existing account.
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
    const joins = existing !== undefined && existing.email_verified_at !== null;
    try {
      const id = await repo.transaction(async (trx) => {
        if (existing && !joins) {
          log.warn(
            { provider: identity.provider, user: existing.id },
            'verified social sign-in replaced an account whose e-mail was never verified',
          );
          await trx.deleteUser(existing.id, existing.email);
        }
        const userId = joins
          ? existing.id
          : await trx.insertUser({
              first_name: names.first_name?.trim() || identity.firstName || '',
              last_name: names.last_name?.trim() || identity.lastName || '',
              email,
              password_hash: null,
              email_verified_at: identity.emailVerified ? iso() : null,
              at: iso(),
            });
        if (identity.emailVerified) await trx.deleteRegistrations(email);
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

  /** Applies an opened confirmation link (the caller has proven who they are). */
  async function confirm(
    row: VerificationRow,
    user: UserRow | undefined,
    session: Session | null,
    deviceName: string,
  ): Promise<{ user: User; token?: string; message: string }> {
    const invalid = () => validationFailed({ token: [MSG.verifyTokenInvalid] });
    const taken = () => validationFailed({ token: [MSG.verifyEmailTaken] });
    try {
      const result = await repo.transaction(async (trx) => {
        if (!(await trx.useVerification(row.id, iso()))) throw invalid();
        if (row.purpose === 'register') {
          if (await trx.emailTaken(row.email)) throw taken();
          const id = await trx.insertUser({
            first_name: row.first_name ?? '',
            last_name: row.last_name ?? '',
            email: row.email,
            password_hash: row.password_hash,
            email_verified_at: iso(),
            at: iso(),
          });
          await trx.deleteRegistrations(row.email);
          return { userId: id, token: await issueToken(id, deviceName, trx), message: MSG.emailVerified };
        }
        const owner = user!;
        const token = session ? undefined : await issueToken(owner.id, deviceName, trx);
        if (row.purpose === 'verify') {
          await trx.updateUser(owner.id, { email_verified_at: iso() }, iso());
          return { userId: owner.id, token, message: MSG.emailVerified };
        }
        // An email change: the new address is now the account's, confirmed; every session but the
        // one that asked for it (and this one) ends, and links sent to either address stop working.
        if (await trx.emailTaken(row.email, owner.id)) throw taken();
        await trx.updateUser(owner.id, { email: row.email, email_verified_at: iso() }, iso());
        await trx.deleteResets(owner.email);
        await trx.deleteResets(row.email);
        await trx.deleteUserVerifications(owner.id, ['verify', 'change']);
        await trx.deleteRegistrations(row.email);
        const keep = [row.api_token_id, session?.tokenId, token ? parseRowId(tokenIdOf(token)) : null].filter(
          (id): id is number => typeof id === 'number',
        );
        await trx.revokeTokens(owner.id, iso(), keep);
        return { userId: owner.id, token, message: MSG.emailChanged };
      });
      const fresh = await repo.findUserById(result.userId);
      if (!fresh) throw invalid();
      return {
        user: await userWithRoles(fresh),
        ...(result.token ? { token: result.token } : {}),
        message: result.message,
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
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

    async question(): Promise<{ question: string; question_id: string }> {
      await sweep();
      const { question, answer } = makeChallenge();
      const id = newChallengeId();
      await repo.insertChallenge({
        id,
        answer_hash: answerHash(id, answer),
        ...lifetime(QUESTION_TTL_MS),
      });
      return { question, question_id: id };
    },

    /**
     * Registration answers the same whether or not the address has an account, and creates
     * nothing yet: the anti-spam question is used up first (every attempt uses it), then the
     * fields are judged; a new address gets a link that creates the account when opened (with
     * the password), an address with an account gets a mail telling its owner instead.
     */
    async register(input: unknown) {
      const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
      const question = await consumeQuestion(raw.question_id, raw.question);
      const { body, errors } = registrationFieldErrors(raw);
      if (question !== 'ok') {
        errors.question = [
          question === 'wrong'
            ? MSG.questionWrong
            : question === 'quick'
              ? MSG.questionTooQuick
              : MSG.questionExpired,
        ];
      }
      if (Object.keys(errors).length > 0 || !body) throw validationFailed(errors);

      // Hashed either way, so the time taken does not tell a new address from a known one.
      const passwordHash = await hashPassword(body.password, config.PASSWORD_SCRYPT_LOG_N);
      const owner = await repo.findUserByEmail(body.email);
      if (owner) {
        if (mayMail('registered', body.email))
          deliver(
            alreadyRegisteredMail(body.email, owner.first_name, link('/login'), resetPageLink()),
            'already registered',
          );
      } else if (mayMail('register', body.email)) {
        const token = await newVerification({
          purpose: 'register',
          email: body.email,
          first_name: body.first_name,
          last_name: body.last_name,
          password_hash: passwordHash,
        });
        deliver(registrationMail(body.email, body.first_name, verifyLink(token)), 'registration link');
      }
      return { message: MSG.registrationMailed };
    },

    /** Mails a waiting registration's link again (a new link; the old one stops working). Same answer always. */
    async resendRegistration(input: unknown) {
      const { email } = parseInput(ResendRegistrationBodySchema, input);
      const pending = await repo.pendingRegistration(email, iso());
      if (pending && mayMail('register', email)) {
        const token = randomSecret();
        const { created_at, expires_at } = lifetime(VERIFY_TTL_MS);
        await repo.renewVerification(pending.id, sha256Hex(token), created_at, expires_at);
        deliver(registrationMail(email, pending.first_name ?? '', verifyLink(token)), 'registration link');
      }
      return { message: MSG.registrationMailed };
    },

    /** Mails the signed-in user a link that confirms the account's address. */
    async requestVerification(session: Session) {
      const row = await loadUser(session);
      if (row.email_verified_at) return { message: MSG.emailAlreadyVerified };
      if (mayMail('verify', row.email)) {
        await repo.deleteUserVerifications(row.id, ['verify']);
        const token = await newVerification({ purpose: 'verify', email: row.email, user_id: row.id });
        deliver(verifyMail(row.email, row.first_name, verifyLink(token)), 'verification link');
      }
      return { message: MSG.verificationSent };
    },

    /**
     * Opens a mailed link. The mailbox proves the address; the password (or, for an account
     * without one, being signed in to it) proves that the person opening it is the one who
     * asked, so a link sent to someone who did not ask cannot confirm a stranger's account.
     */
    async verifyEmail(input: unknown, session: Session | null) {
      const body = parseInput(VerifyEmailBodySchema, input);
      const invalid = () => validationFailed({ token: [MSG.verifyTokenInvalid] });
      const row = await repo.findVerificationByHash(sha256Hex(body.token));
      if (!row || row.used_at !== null || row.expires_at <= iso()) throw invalid();
      const user = row.user_id === null ? undefined : await repo.findUserById(row.user_id);
      if (row.purpose !== 'register' && !user) throw invalid();
      if (row.purpose === 'verify' && user!.email !== row.email) throw invalid();

      const signedInAsOwner = session !== null && user !== undefined && session.user.id === user.id;
      if (!signedInAsOwner) {
        const hash = row.purpose === 'register' ? row.password_hash : user!.password_hash;
        if (!hash) throw validationFailed({ password: [MSG.verifySignInFirst] });
        if (!body.password) throw validationFailed({ password: [MSG.passwordRequired] });
        if (!(await verifyPassword(body.password, hash)))
          throw validationFailed({ password: [MSG.passwordIncorrect] });
      }
      return confirm(row, user, signedInAsOwner ? session : null, body.device_name);
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
        // Only the newest link works: issuing one invalidates the address's earlier links.
        await repo.insertReset({
          email,
          token_hash: sha256Hex(token),
          ...lifetime(RESET_TTL_MS),
        });
        deliver(
          resetMail(email, row.first_name, link(`/reset/${token}?email=${encodeURIComponent(email)}`)),
          'password reset link',
        );
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
        // The link reached the mailbox, so the address is now verified. When it was not before,
        // whatever else could sign in to the account was set up by someone who never proved the
        // address: its Apple or Facebook links go too.
        if (user.email_verified_at === null) await trx.deleteIdentities(user.id);
        await trx.updateUser(
          user.id,
          { password_hash: passwordHash, email_verified_at: user.email_verified_at ?? iso() },
          iso(),
        );
        await trx.deleteResets(user.email, reset.id);
        await trx.deleteUserVerifications(user.id, ['verify', 'change']);
        // Whoever knew the old password is signed out everywhere, and their push devices go.
        await trx.revokeTokens(user.id, iso());
      });
      return { data: { reset: true } };
    },

    /**
     * The profile fields of spec section 7. A new email needs the current password (or a recent
     * sign-in, for an account without one) and waits for the new address to confirm it; the
     * answer is the same whether or not another account has that address (its owner is told
     * instead), and the old address gets a notice either way.
     */
    async updateProfile(session: Session, input: unknown) {
      const body = parseInput(ProfileBodySchema, input);
      const row = await loadUser(session);
      const changesEmail = body.email !== row.email;
      if (changesEmail) {
        const errors = await proveOwner(
          row,
          session,
          body.current_password,
          'current_password',
          MSG.currentPasswordRequiredForEmail,
        );
        if (errors.current_password?.[0] === MSG.passwordIncorrect)
          errors.current_password = [MSG.currentPasswordIncorrect];
        if (Object.keys(errors).length > 0) throw validationFailed(errors);
      }
      await repo.updateUser(
        row.id,
        {
          first_name: body.first_name,
          last_name: body.last_name,
          notification_enabled: body.notification_enabled ? 1 : 0,
        },
        iso(),
      );
      const user = await userWithRoles((await repo.findUserById(row.id))!);
      if (!changesEmail) return { user };

      // Asking for a credential change invalidates outstanding reset links and earlier requests.
      await repo.deleteResets(row.email);
      await repo.deleteUserVerifications(row.id, ['change']);
      const owner = await repo.findUserByEmail(body.email);
      if (owner) {
        if (mayMail('change-taken', body.email))
          deliver(changeToTakenMail(body.email, owner.first_name), 'email change to a taken address');
      } else {
        const token = await newVerification({
          purpose: 'change',
          email: body.email,
          user_id: row.id,
          api_token_id: session.tokenId,
        });
        deliver(changeConfirmMail(body.email, row.first_name, verifyLink(token)), 'email change link');
      }
      if (mayMail('change-notice', row.email))
        deliver(
          changeNoticeMail(row.email, row.first_name, body.email, resetPageLink()),
          'email change notice',
        );
      return { user, pending_email: body.email, message: MSG.emailChangePending };
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
      const passwordHash = await hashPassword(body.password, config.PASSWORD_SCRYPT_LOG_N);
      await repo.transaction(async (trx) => {
        await trx.updateUser(row.id, { password_hash: passwordHash }, iso());
        // Outstanding reset links and email changes stop working; other sessions (and the push
        // devices they registered) end; this one stays signed in.
        await trx.deleteResets(row.email);
        await trx.deleteUserVerifications(row.id, ['change']);
        await trx.revokeTokens(row.id, iso(), [session.tokenId]);
      });
      return { message: MSG.passwordUpdated };
    },

    async deleteAccount(session: Session, input: unknown) {
      const body = parseInput(DeleteAccountBodySchema, input);
      const row = await loadUser(session);
      if (body.confirm_delete_email !== row.email)
        throw validationFailed({ confirm_delete_email: [MSG.deleteEmailMismatch] });
      const errors = await proveOwner(row, session, body.password, 'password', MSG.passwordRequired);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
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
      const device = { user_id: session.user.id, ...body, api_token_id: session.tokenId, at: iso() };
      try {
        await repo.transaction((trx) => trx.upsertDevice(device));
      } catch (error) {
        // Another account registered the same push token at the same moment: move it again.
        if (!isUniqueViolation(error)) throw error;
        await repo.transaction((trx) => trx.upsertDevice(device));
      }
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

    async myBeaches(session: Session): Promise<{ beaches: FollowedBeach[] }> {
      const now = clock();
      return {
        beaches: (await repo.followedBeaches(session.user.id)).map((row) => {
          const live = liveStatusAt(row, now);
          return {
            ...presentSummary(row, null),
            status: live.status,
            status_reason: live.status_reason,
            status_set_at: live.status_set_at,
            status_expires_at: live.status_expires_at,
          };
        }),
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
        ...lifetime(OAUTH_STATE_TTL_MS),
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
          ...lifetime(OAUTH_CODE_TTL_MS),
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
      /** The operator vouches for the address (it is not mailed a link). */
      email_verified?: boolean | undefined;
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
        email_verified_at: input.email_verified ? iso() : null,
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
