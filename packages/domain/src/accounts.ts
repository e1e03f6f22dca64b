import * as z from 'zod/mini';
import { isCommonPassword } from './common-passwords.ts';
import { BeachSummarySchema, fieldErrors } from './contract.ts';
import { BeachStatusValueSchema, StatusReasonSchema } from './live-status.ts';
import { hasControlCharacters } from './text.ts';

/**
 * The accounts part of the HTTP contract (spec sections 3, 5, 7, 8). Request schemas carry the
 * server-side field rules; their messages are shown to users as the `errors` list.
 */
export const PASSWORD_MIN_LENGTH = 10;

export const UserSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  notification_enabled: z.boolean(),
  has_algal_role: z.boolean(),
  /**
   * Whether the owner of the address has confirmed it through a mailed link. Optional only so
   * sessions stored by older versions of the web app stay readable; the server always sends it.
   */
  email_verified: z.optional(z.boolean()),
  /** False for accounts that only sign in with Apple or Facebook (no password to ask for). */
  has_password: z.optional(z.boolean()),
});

export const DeviceSchema = z.object({
  id: z.int(),
  type: z.string(),
  model: z.string(),
  enabled: z.boolean(),
});

/** login, register, social sign-in and POST /auth/token answer { user, token }. */
export const AuthResponseSchema = z.object({ user: UserSchema, token: z.string() });
/**
 * POST /api/v4/user answers the user; when the email was changed, `pending_email` is the address
 * that must confirm the change (the user keeps the old address until then) and `message` says so.
 */
export const UserResponseSchema = z.object({
  user: UserSchema,
  pending_email: z.optional(z.string()),
  message: z.optional(z.string()),
});
/** POST /api/v5/email/verify: the confirmed user; a token when the link signed the person in. */
export const VerifyEmailResponseSchema = z.object({
  user: UserSchema,
  token: z.optional(z.string()),
  message: z.string(),
});
export const DevicesResponseSchema = z.object({ devices: z.array(DeviceSchema) });
export const MessageSchema = z.object({ message: z.string() });
export const QuestionResponseSchema = z.object({ question: z.string(), question_id: z.string() });
export const ResetResponseSchema = z.object({ data: z.object({ reset: z.boolean() }) });
/** POST /api/v4/beach/{id}/follow answers the followed beach; GET /api/v4/my-beaches the list, in follow order. */
export const FollowResponseSchema = z.object({ beach: BeachSummarySchema });
/** A followed beach: the summary with its live status (issue 17; optional for older stored answers). */
export const FollowedBeachSchema = z.extend(BeachSummarySchema, {
  status: z.optional(z.nullable(BeachStatusValueSchema)),
  status_reason: z.optional(z.nullable(StatusReasonSchema)),
  status_set_at: z.optional(z.nullable(z.string())),
  status_expires_at: z.optional(z.nullable(z.string())),
});
export const MyBeachesResponseSchema = z.object({ beaches: z.array(FollowedBeachSchema) });

/**
 * PostgreSQL text cannot hold NUL (the query fails), so every text field that reaches the database
 * refuses it here, as `notfound` and `location` do.
 */
const noNul = (field: string) =>
  z.refine<string>(
    (value) => !value.includes('\u0000'),
    `The ${field} field must not contain null characters.`,
  );

const text = (field: string, max = 100) =>
  z
    .string(`The ${field} field is required.`)
    .check(
      noNul(field),
      z.trim(),
      z.minLength(1, `The ${field} field is required.`),
      z.maxLength(max, `The ${field} field must not be greater than ${max} characters.`),
    );
/** Shown to others (the console's audit log, team lists): no controls, no bidi overrides. */
const noControl = (field: string) =>
  z.refine<string>(
    // NUL has its own message (noNul).
    (value) => value.includes('\u0000') || !hasControlCharacters(value),
    `The ${field} field must not contain control characters (line breaks, tabs, direction overrides).`,
  );
const name = (field: string) => text(field).check(noControl(field));
/** A required opaque text (tokens, ids): not empty, no NUL, bounded. */
const opaque = (field: string, max = 4096) =>
  z
    .string(`The ${field} field is required.`)
    .check(
      noNul(field),
      z.minLength(1, `The ${field} field is required.`),
      z.maxLength(max, `The ${field} field must not be greater than ${max} characters.`),
    );

/**
 * Characters that show as nothing or as a space: controls (except NUL, refused on its own),
 * format characters (zero-width space and joiners, word joiner, byte-order mark, soft hyphen,
 * bidirectional controls), spaces other than the plain one (which the address check refuses),
 * Hangul fillers and variation selectors.
 */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x01, 0x1f],
  [0x7f, 0xa0],
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xffa0, 0xffa0],
];
const FORMAT_CHARACTER = /\p{Cf}/u;

function hasInvisible(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (FORMAT_CHARACTER.test(char) || INVISIBLE_RANGES.some(([low, high]) => code >= low && code <= high))
      return true;
  }
  return false;
}

/** Scripts a letter can belong to; Han, Hiragana, Katakana and Hangul count as one (CJK writing mixes them). */
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];

/** The scripts of the letters in `part` (digits, punctuation and combining marks belong to none). */
function scriptsOf(part: string): Set<string> {
  const found = new Set<string>();
  for (const char of part) {
    if (!/\p{L}/u.test(char)) continue;
    found.add(SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? `other:${char}`);
  }
  return found;
}

/**
 * Look-alike addresses: an address (after NFKC and lower-casing) is refused when its local part,
 * or one label of its domain, mixes letters of two scripts ("pаypal" with a Cyrillic а), so an
 * address cannot imitate another one letter at a time. Whole-script addresses (all Cyrillic, all
 * Greek) are allowed: they are real addresses, and cannot pass for a Latin one with a look-alike
 * letter swapped in.
 */
export function mixesScripts(address: string): boolean {
  const at = address.lastIndexOf('@');
  const parts = [address.slice(0, at), ...address.slice(at + 1).split('.')];
  return parts.some((part) => scriptsOf(part).size > 1);
}

/**
 * An email address as accounts store and compare it: Unicode NFKC (full-width and compatibility
 * forms become their plain letters), trimmed, lower-cased.
 */
export function normaliseEmail(address: string): string {
  return address.normalize('NFKC').trim().toLowerCase();
}

const email = z.string('The email field is required.').check(
  noNul('email'),
  z.overwrite(normaliseEmail),
  z.minLength(1, 'The email field is required.'),
  z.maxLength(254, 'The email field must not be greater than 254 characters.'),
  z.refine<string>(
    (value) => !hasInvisible(value),
    'The email field must not contain invisible or control characters.',
  ),
  // Other spaces and invisible characters are the check above's.
  z.regex(/^[^ @]+@[^ @]+\.[^ @]+$/, 'The email field must be a valid email address.'),
  z.refine<string>(
    (value) => !mixesScripts(value),
    'The email field must not mix letters of different alphabets.',
  ),
);
/** An address given to sign in or to find an account: normalised the same way, never judged. */
const lookupEmail = z
  .string('The email field is required.')
  .check(
    noNul('email'),
    z.overwrite(normaliseEmail),
    z.minLength(1, 'The email field is required.'),
    z.maxLength(254, 'The email field must not be greater than 254 characters.'),
  );
const password = z
  .string('The password field is required.')
  .check(
    z.minLength(
      PASSWORD_MIN_LENGTH,
      `The password field must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    ),
    z.maxLength(200, 'The password field must not be greater than 200 characters.'),
  );
/** The new password and its confirmation must be the same (reported on the password field). */
const passwordsMatch = z.refine<{ password: string; password_confirmation: string }>(
  (body) => body.password === body.password_confirmation,
  { message: 'The password field confirmation does not match.', path: ['password'] },
);
const deviceName = z._default(
  z
    .string()
    .check(
      noNul('device name'),
      z.trim(),
      z.maxLength(100, 'The device name field must not be greater than 100 characters.'),
    ),
  'web',
);

export const LoginBodySchema = z.object({
  email: lookupEmail,
  password: z
    .string('The password field is required.')
    .check(z.minLength(1, 'The password field is required.')),
  device_name: deviceName,
});

export const RegisterBodySchema = z
  .object({
    first_name: name('first name'),
    last_name: name('last name'),
    email,
    password,
    password_confirmation: z.string('The password confirmation field is required.'),
    device_name: deviceName,
    question: z
      .string('The question field is required.')
      .check(
        noNul('question'),
        z.trim(),
        z.minLength(1, 'The question field is required.'),
        z.maxLength(100, 'The question field must not be greater than 100 characters.'),
      ),
    question_id: z
      .string('The question has expired. Please answer the new question.')
      .check(
        noNul('question id'),
        z.maxLength(100, 'The question has expired. Please answer the new question.'),
      ),
  })
  .check(passwordsMatch);

export { COMMON_PASSWORDS, isCommonPassword } from './common-passwords.ts';

/**
 * A registration's field errors as the server reports them: the contract's messages, then a common
 * password; the answer to the question is the server's alone to judge. The web form checks the
 * same before sending (issue 30: a 5-character password went to the server and used up the
 * question), so only the answer (or a lost connection) can cost the person their question.
 */
export function registrationFieldErrors(input: unknown): {
  body: z.infer<typeof RegisterBodySchema> | null;
  errors: Record<string, string[]>;
} {
  const parsed = z.safeParse(RegisterBodySchema, input);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  delete errors.question_id;
  if (parsed.success && isCommonPassword(parsed.data.password))
    errors.password = [ACCOUNT_SERVER_MESSAGES.commonPassword];
  return { body: parsed.success && !errors.password ? parsed.data : null, errors };
}

export const ResetLinkBodySchema = z.object({
  email: lookupEmail.check(
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'The email field must be a valid email address.'),
  ),
});

export const ResetPasswordBodySchema = z
  .object({
    token: opaque('token', 200),
    email: lookupEmail,
    password,
    password_confirmation: z.string('The password confirmation field is required.'),
  })
  .check(passwordsMatch);

/** The spec's token_id: the part before the pipe, or the whole token (a string), or the id as a number. */
const tokenIdField = z.optional(z.union([z.string().check(noNul('token id'), z.maxLength(300)), z.int()]));

export const LogoutBodySchema = z.object({ token_id: tokenIdField });

/**
 * The spec's profile fields. Changing the email also needs `current_password`; the change then
 * waits for the new address to confirm it.
 */
export const ProfileBodySchema = z.object({
  first_name: name('first name'),
  last_name: name('last name'),
  email,
  notification_enabled: z.boolean('The notification enabled field must be true or false.'),
  current_password: z.optional(z.string().check(z.maxLength(200))),
});

export const PasswordChangeBodySchema = z
  .object({
    current_password: z
      .string('The current password field is required.')
      .check(z.minLength(1, 'The current password field is required.')),
    password,
    password_confirmation: z.string('The password confirmation field is required.'),
  })
  .check(passwordsMatch);

/**
 * Deleting an account: the exact email, and the account's password (accounts without one, which
 * sign in only with Apple or Facebook, need a sign-in within the last few minutes instead).
 */
export const DeleteAccountBodySchema = z.object({
  confirm_delete_email: z
    .string('The confirm delete email field is required.')
    .check(noNul('confirm delete email'), z.maxLength(254)),
  token_id: tokenIdField,
  password: z.optional(z.string().check(z.maxLength(200))),
});

export const CreateDeviceBodySchema = z.object({
  token: text('token', 4096),
  model: text('model'),
  type: z.enum(['Android', 'iPhone OS'], 'The type must be Android or iPhone OS.'),
});

const optionalName = z.optional(
  z.string().check(noNul('name'), z.trim(), z.maxLength(100), noControl('name')),
);

export const AppleTokenBodySchema = z.object({
  apple_token: opaque('apple token', 8192),
  first_name: optionalName,
  last_name: optionalName,
  device_name: deviceName,
});

export const FacebookTokenBodySchema = z.object({
  fbUserId: opaque('fbUserId', 100),
  fbToken: opaque('fbToken', 4096),
  device_name: deviceName,
});

export const OAuthTokenBodySchema = z.object({
  token: opaque('token', 200),
  provider: z.enum(['apple', 'facebook'], 'The provider must be apple or facebook.'),
});

/**
 * POST /api/v5/email/verify: the token from a mailed link, and proof that the person who opens it
 * is the one who asked for it: the account's password, or (for accounts without one) a request
 * signed in as that account.
 */
export const VerifyEmailBodySchema = z.object({
  token: opaque('token', 200),
  password: z.optional(z.string().check(z.maxLength(200))),
  device_name: deviceName,
});

/** POST /api/v5/register/resend: mails the link of a registration that waits for confirmation again. */
export const ResendRegistrationBodySchema = z.object({ email: lookupEmail });

/** At least this long between fetching the anti-spam question and answering it (a person reads and types). */
export const QUESTION_MIN_ANSWER_MS = 3000;

/** Client-side messages of spec sections 5 and 8, word for word. */
export const ACCOUNT_MESSAGES = {
  loginRequired: 'You must fill in email and password',
  loginFailed: 'These credentials do not match our records',
  appleFailed: 'Could not sign in with Apple',
  facebookFailed: 'Could not login with facebook',
  registerFailed: 'Failed to register.',
  resetEmailRequired: 'You must fill in the email field.',
  resetLinkFailed: 'Failed to send reset link.',
  resetEmailFailed: 'Failed to send email.',
  resetAllFields: 'You must fill in all fields.',
  resetFailed: 'Failed to reset password.',
  oauthFailed: 'Failed to complete authentication. Please try logging in again.',
  profileFailed: 'Could not update profile.',
  deleteFailed: 'Failed to delete account.',
  passwordFailed: 'Could not update password.',
  devicesFailed: 'Could not get devices.',
  verifyFailed: 'Could not confirm your email address.',
  resendFailed: 'Could not send the link again.',
  loginVerifyHint: 'Just registered? Open the link we emailed you to finish creating your account first.',
  enableFailed: 'Could not enable device.',
  disableFailed: 'Could not disable device.',
  forgetFailed: 'Could not forget device.',
  pushFailed: 'Could not register for push notification.',
  profileUpdated: 'Updated profile succesfully.',
  passwordUpdated: 'Updated password succesfully.',
  accountDeleted: 'Account deleted successfully.',
  notLoggedIn: 'User is not logged in',
  loggedIn: 'User is logged in',
  deleteEmailMismatch: 'Email must match exactly as above to confirm account deletion.',
  registerErrorsHeading: 'Please fix the following errors:',
  noDevices: 'No devices registered. Register your device by logging in from the mobile app.',
  myBeachesEmpty1: 'You can view your favourite beaches here.',
  myBeachesEmpty2: 'Search for a beach, and then click follow on the beach page.',
  loggingOut: 'Logging you out..',
  oauthRedirecting: 'Redirecting you to the home page..',
} as const;

/** Texts the server sends (in `message` or in `errors` field lists), word for word. */
export const ACCOUNT_SERVER_MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  loginFailed: ACCOUNT_MESSAGES.loginFailed,
  appleFailed: ACCOUNT_MESSAGES.appleFailed,
  facebookFailed: ACCOUNT_MESSAGES.facebookFailed,
  oauthFailed: ACCOUNT_MESSAGES.oauthFailed,
  emailTaken: 'The email has already been taken.',
  commonPassword: 'This password is too common. Please choose a different one.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  questionWrong: 'The answer to the question is not correct. Please answer the new question.',
  questionExpired: 'The question has expired. Please answer the new question.',
  resetLinkSent: 'If an account exists for that email address, we have sent it a password reset link.',
  resetTokenInvalid: 'This password reset link is invalid or has already been used.',
  resetTokenExpired: 'This password reset link has expired. Please request a new one.',
  deleteEmailMismatch: ACCOUNT_MESSAGES.deleteEmailMismatch,
  loggedOut: 'Logged out.',
  tokenNotFound: 'Token not found.',
  passwordUpdated: 'Password updated.',
  accountDeleted: 'Account deleted.',
  deviceNotFound: 'Device not found.',
  beachNotFound: 'Beach not found.',
  unfollowed: 'Beach removed from My Beaches.',
  registrationMailed:
    'Check your email: we have sent you a link to finish creating your account. It works for 24 hours.',
  verificationSent: 'We have sent a confirmation link to your email address. It works for 24 hours.',
  emailVerified: 'Your email address is confirmed.',
  emailChanged: 'Your email address has been changed.',
  emailAlreadyVerified: 'Your email address is already confirmed.',
  emailChangePending:
    'To finish changing your email, open the link we have sent to the new address. Until then your email stays as it was.',
  verifyTokenInvalid: 'This confirmation link is invalid, has expired or has already been used.',
  verifyEmailTaken: 'An account already uses this email address. Sign in, or reset your password.',
  passwordIncorrect: 'The password is incorrect.',
  passwordRequired: 'The password field is required.',
  verifySignInFirst:
    'This account signs in with Apple or Facebook: sign in to it first, then open the link again.',
  currentPasswordRequiredForEmail: 'The current password field is required to change the email.',
  deleteNeedsRecentSignIn:
    'For your security, sign in again, then delete the account within 15 minutes of signing in.',
  questionTooQuick: 'The question was answered too quickly. Please answer the new question.',
} as const;

/** The token id is the part of the token before the pipe (spec section 9). */
export function tokenId(token: string): string {
  return token.split('|')[0] ?? '';
}

export type User = z.infer<typeof UserSchema>;
export type Device = z.infer<typeof DeviceSchema>;
export type FollowedBeach = z.infer<typeof FollowedBeachSchema>;
