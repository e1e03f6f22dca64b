import * as z from 'zod/mini';
import { BeachSummarySchema } from './contract.ts';

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
});

export const DeviceSchema = z.object({
  id: z.int(),
  type: z.string(),
  model: z.string(),
  enabled: z.boolean(),
});

/** login, register, social sign-in and POST /auth/token answer { user, token }. */
export const AuthResponseSchema = z.object({ user: UserSchema, token: z.string() });
export const UserResponseSchema = z.object({ user: UserSchema });
export const DevicesResponseSchema = z.object({ devices: z.array(DeviceSchema) });
export const MessageSchema = z.object({ message: z.string() });
export const QuestionResponseSchema = z.object({ question: z.string(), question_id: z.string() });
export const ResetResponseSchema = z.object({ data: z.object({ reset: z.boolean() }) });
/** POST /api/v4/beach/{id}/follow answers the followed beach; GET /api/v4/my-beaches the list, in follow order. */
export const FollowResponseSchema = z.object({ beach: BeachSummarySchema });
export const MyBeachesResponseSchema = z.object({ beaches: z.array(BeachSummarySchema) });

const text = (field: string, max = 100) =>
  z
    .string(`The ${field} field is required.`)
    .check(
      z.trim(),
      z.minLength(1, `The ${field} field is required.`),
      z.maxLength(max, `The ${field} field must not be greater than ${max} characters.`),
    );
const email = z
  .string('The email field is required.')
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'The email field is required.'),
    z.maxLength(254, 'The email field must not be greater than 254 characters.'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'The email field must be a valid email address.'),
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
const deviceName = z._default(z.string().check(z.trim(), z.maxLength(100)), 'web');

export const LoginBodySchema = z.object({
  email: z
    .string('The email field is required.')
    .check(z.trim(), z.toLowerCase(), z.minLength(1, 'The email field is required.')),
  password: z
    .string('The password field is required.')
    .check(z.minLength(1, 'The password field is required.')),
  device_name: deviceName,
});

export const RegisterBodySchema = z
  .object({
    first_name: text('first name'),
    last_name: text('last name'),
    email,
    password,
    password_confirmation: z.string('The password confirmation field is required.'),
    device_name: deviceName,
    question: z
      .string('The question field is required.')
      .check(z.trim(), z.minLength(1, 'The question field is required.')),
    question_id: z.string('The question has expired. Please answer the new question.'),
  })
  .check(passwordsMatch);

export const ResetLinkBodySchema = z.object({ email });

export const ResetPasswordBodySchema = z
  .object({
    token: z.string('The token field is required.').check(z.minLength(1, 'The token field is required.')),
    email,
    password,
    password_confirmation: z.string('The password confirmation field is required.'),
  })
  .check(passwordsMatch);

export const LogoutBodySchema = z.object({ token_id: z.optional(z.union([z.string(), z.int()])) });

export const ProfileBodySchema = z.object({
  first_name: text('first name'),
  last_name: text('last name'),
  email,
  notification_enabled: z.boolean('The notification enabled field must be true or false.'),
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

export const DeleteAccountBodySchema = z.object({
  confirm_delete_email: z.string('The confirm delete email field is required.'),
  token_id: z.optional(z.union([z.string(), z.int()])),
});

export const CreateDeviceBodySchema = z.object({
  token: text('token', 4096),
  model: text('model'),
  type: z.enum(['Android', 'iPhone OS'], 'The type must be Android or iPhone OS.'),
});

export const AppleTokenBodySchema = z.object({
  apple_token: z
    .string('The apple token field is required.')
    .check(z.minLength(1, 'The apple token field is required.')),
  first_name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  last_name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  device_name: deviceName,
});

export const FacebookTokenBodySchema = z.object({
  fbUserId: z
    .string('The fbUserId field is required.')
    .check(z.minLength(1, 'The fbUserId field is required.')),
  fbToken: z.string('The fbToken field is required.').check(z.minLength(1, 'The fbToken field is required.')),
  device_name: deviceName,
});

export const OAuthTokenBodySchema = z.object({
  token: z.string('The token field is required.').check(z.minLength(1, 'The token field is required.')),
  provider: z.enum(['apple', 'facebook'], 'The provider must be apple or facebook.'),
});

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
} as const;

/** The token id is the part of the token before the pipe (spec section 9). */
export function tokenId(token: string): string {
  return token.split('|')[0] ?? '';
}

export type User = z.infer<typeof UserSchema>;
export type Device = z.infer<typeof DeviceSchema>;
