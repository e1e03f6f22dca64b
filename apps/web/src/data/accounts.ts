import {
  ACCOUNT_MESSAGES,
  AuthResponseSchema,
  DevicesResponseSchema,
  FollowResponseSchema,
  MessageSchema,
  MyBeachesResponseSchema,
  QuestionResponseSchema,
  ResetResponseSchema,
  UserResponseSchema,
  VerifyEmailResponseSchema,
  tokenId,
  type BeachSummary,
  type Device,
  type User,
} from '@safeshore/domain';
import { ApiError, request } from './api.ts';
import { getSession, setSession, updateSessionUser, type Session } from './session.ts';

/**
 * The accounts calls of spec section 7. Calls that sign in store the session; the state guards of
 * section 5 refuse guest actions to a signed-in user and signed-in actions to a guest before any
 * request is sent.
 */
const DEVICE_NAME = 'web';

/** A call refused on the client because of the session state (spec section 8). */
export class SessionStateError extends Error {}

function requireGuest(): void {
  if (getSession()) throw new SessionStateError(ACCOUNT_MESSAGES.loggedIn);
}

function requireUser(): Session {
  const session = getSession();
  if (!session) throw new SessionStateError(ACCOUNT_MESSAGES.notLoggedIn);
  return session;
}

async function signIn(path: string, json: Record<string, unknown>): Promise<Session> {
  const session = await request(path, AuthResponseSchema, { method: 'POST', json });
  setSession(session);
  return session;
}

export function login(email: string, password: string): Promise<Session> {
  requireGuest();
  return signIn('/api/v4/login', { email, password, device_name: DEVICE_NAME });
}

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  question: string;
  question_id: string;
}

/**
 * Asks for an account: the server mails a link that creates it (the answer is the same whether or
 * not the address has an account, so nothing is signed in here). Answers the server's message.
 */
export async function register(input: RegisterInput): Promise<string> {
  requireGuest();
  return (
    await request('/api/v4/register', MessageSchema, {
      method: 'POST',
      json: { ...input, device_name: DEVICE_NAME },
    })
  ).message;
}

/** Mails the link of a registration that waits for confirmation again. */
export async function resendRegistration(email: string): Promise<string> {
  return (await request('/api/v5/register/resend', MessageSchema, { method: 'POST', json: { email } }))
    .message;
}

/**
 * Opens a mailed confirmation link (/verify-email/{token}) with the account's password, or signed
 * in. A new registration signs in; otherwise the stored user is refreshed. Answers the message.
 */
export async function verifyEmail(token: string, password: string): Promise<string> {
  const response = await request('/api/v5/email/verify', VerifyEmailResponseSchema, {
    method: 'POST',
    json: { token, ...(password ? { password } : {}), device_name: DEVICE_NAME },
  });
  const session = getSession();
  if (session && session.user.id === response.user.id) updateSessionUser(response.user);
  else if (response.token) setSession({ token: response.token, user: response.user });
  return response.message;
}

/** Mails the signed-in user a link that confirms the account's address. */
export async function requestEmailVerification(): Promise<string> {
  requireUser();
  return (await request('/api/v5/user/email/verification', MessageSchema, { method: 'POST' })).message;
}

export function fetchQuestion(signal?: AbortSignal) {
  return request('/api/v4/question', QuestionResponseSchema, { signal });
}

export async function sendResetLink(email: string): Promise<void> {
  requireGuest();
  await request('/api/v4/reset', MessageSchema, { method: 'POST', json: { email } });
}

export interface ResetPasswordInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** True when the server reset the password (`data.reset`). */
export async function resetPassword(input: ResetPasswordInput): Promise<boolean> {
  requireGuest();
  const response = await request(`/api/v4/reset/${encodeURIComponent(input.token)}`, ResetResponseSchema, {
    method: 'POST',
    json: input,
  });
  return response.data.reset;
}

/** Revokes this session's token on the server (token_id is the part before the pipe). */
export async function logout(token: string): Promise<void> {
  await request('/api/v4/logout', MessageSchema, {
    method: 'POST',
    json: { token_id: tokenId(token) },
    redirectOnUnauthorized: false,
  });
}

/** Sign in with Apple from the app shell (the web uses the /auth/apple/redirect flow). */
export function appleSignIn(input: { apple_token: string; first_name?: string; last_name?: string }) {
  requireGuest();
  return signIn('/api/v4/appletoken', { ...input, device_name: DEVICE_NAME });
}

export function facebookSignIn(input: { fbUserId: string; fbToken: string }) {
  requireGuest();
  return signIn('/api/v4/fbtoken', { ...input, device_name: DEVICE_NAME });
}

/** Finishes the web social sign-in: the one-time token from /login/oauth becomes a session. */
export function exchangeOAuthToken(token: string, provider: string): Promise<Session> {
  return signIn('/auth/token', { token, provider });
}

export interface ProfileInput {
  first_name: string;
  last_name: string;
  email: string;
  notification_enabled: boolean;
  /** Needed only to change the email. */
  current_password?: string;
}

export interface ProfileUpdate {
  user: User;
  /** The new address that must confirm an email change (the user keeps the old one until then). */
  pendingEmail?: string;
  message?: string;
}

export async function updateProfile(input: ProfileInput): Promise<ProfileUpdate> {
  requireUser();
  const response = await request('/api/v4/user', UserResponseSchema, { method: 'POST', json: input });
  return {
    user: response.user,
    ...(response.pending_email ? { pendingEmail: response.pending_email } : {}),
    ...(response.message ? { message: response.message } : {}),
  };
}

export async function changePassword(input: {
  current_password: string;
  password: string;
  password_confirmation: string;
}): Promise<void> {
  requireUser();
  await request('/api/v4/user/password', MessageSchema, { method: 'POST', json: input });
}

/** Deletes the account: the exact email, and the password (accounts without one: a recent sign-in). */
export async function deleteAccount(input: { confirmEmail: string; password: string }): Promise<void> {
  const session = requireUser();
  await request('/api/v4/user', MessageSchema, {
    method: 'DELETE',
    json: {
      confirm_delete_email: input.confirmEmail,
      token_id: tokenId(session.token),
      ...(input.password ? { password: input.password } : {}),
    },
  });
}

export async function fetchDevices(signal?: AbortSignal): Promise<Device[]> {
  requireUser();
  return (await request('/api/v4/user/devices', DevicesResponseSchema, { signal })).devices;
}

export type DeviceAction = 'enable' | 'disable' | 'forget';

/** Enable, disable or forget (remove) one of the user's devices; answers the updated list. */
export async function changeDevice(id: number, action: DeviceAction): Promise<Device[]> {
  requireUser();
  return (await request(`/api/v4/user/device/${id}/${action}`, DevicesResponseSchema, { method: 'POST' }))
    .devices;
}

/** Push registration from the app shell after a mobile login. */
export async function createDevice(input: {
  token: string;
  model: string;
  type: 'Android' | 'iPhone OS';
}): Promise<Device[]> {
  requireUser();
  return (await request('/api/v4/user/createDevice', DevicesResponseSchema, { method: 'POST', json: input }))
    .devices;
}

export async function fetchMyBeaches(signal?: AbortSignal): Promise<BeachSummary[]> {
  requireUser();
  return (await request('/api/v4/my-beaches', MyBeachesResponseSchema, { signal })).beaches;
}

export async function followBeach(beachId: number, follow: boolean): Promise<void> {
  requireUser();
  if (follow) await request(`/api/v4/beach/${beachId}/follow`, FollowResponseSchema, { method: 'POST' });
  else await request(`/api/v4/beach/${beachId}/unfollow`, MessageSchema, { method: 'POST' });
}

/**
 * The text a screen shows for a failed call: the session-state message, the server's text when the
 * spec says so (406 on login and profile), otherwise the screen's own fallback.
 */
export function failureText(error: unknown, fallback: string, serverTextOn406 = false): string {
  if (error instanceof SessionStateError) return error.message;
  if (serverTextOn406 && error instanceof ApiError && error.status === 406) return error.message;
  return fallback;
}

/** The server's field errors (422) as one list of messages, or null. */
export function serverFieldErrors(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || !error.errors) return null;
  return Object.values(error.errors).flat();
}
