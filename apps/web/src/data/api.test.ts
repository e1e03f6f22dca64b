import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { TOKEN, mockApi, user } from '../test/api-mock.ts';
import { ApiError, request, setUnauthorizedHandler } from './api.ts';
import { logout } from './accounts.ts';
import { clearSession, getSession, setSession } from './session.ts';

afterEach(() => {
  clearSession();
  setUnauthorizedHandler(() => undefined);
  vi.unstubAllGlobals();
});

const Ok = z.object({ ok: z.boolean() });

describe('request', () => {
  it('sends the bearer token when signed in, and none for a guest', async () => {
    const api = mockApi({ 'GET /api/v4/thing': [200, { ok: true }] });
    await request('/api/v4/thing', Ok);
    setSession({ token: TOKEN, user: user() });
    await request('/api/v4/thing', Ok);
    expect(api.calls.map((c) => c.headers.get('Authorization'))).toEqual([null, `Bearer ${TOKEN}`]);
  });

  it('revalidates with the server on every call, never answering from the HTTP cache alone', async () => {
    const api = mockApi({ 'GET /api/v4/thing': [200, { ok: true }] });
    await request('/api/v4/thing', Ok);
    expect(api.fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'no-cache' });
  });

  it('sends JSON bodies', async () => {
    const api = mockApi({ 'POST /api/v4/thing': [200, { ok: true }] });
    await request('/api/v4/thing', Ok, { method: 'POST', json: { a: 1 } });
    expect(api.calls[0]!.body).toEqual({ a: 1 });
    expect(api.calls[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it.each([401, 419])('a %s clears the token and goes to Login', async (status) => {
    mockApi({ 'GET /api/v4/user/devices': [status, { message: 'Unauthenticated.' }] });
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    setSession({ token: TOKEN, user: user() });
    await expect(request('/api/v4/user/devices', Ok)).rejects.toMatchObject({ status });
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('safeshore.session')).toBeNull();
    expect(toLogin).toHaveBeenCalledOnce();
  });

  it('other errors keep the session', async () => {
    mockApi({ 'GET /api/v4/thing': [500, { message: 'Boom' }] });
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    setSession({ token: TOKEN, user: user() });
    await expect(request('/api/v4/thing', Ok)).rejects.toThrow('Boom');
    expect(getSession()).not.toBeNull();
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('logout with a token the server no longer knows signs out without going to Login', async () => {
    const api = mockApi({ 'POST /api/v4/logout': [401, { message: 'Unauthenticated.' }] });
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    setSession({ token: TOKEN, user: user() });
    await expect(logout(TOKEN)).rejects.toBeInstanceOf(ApiError);
    expect(api.calls[0]!.body).toEqual({ token_id: '42' });
    expect(getSession()).toBeNull();
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('surfaces the message and the 422 field errors', async () => {
    mockApi({
      'POST /api/v4/register': [
        422,
        { message: 'Invalid', errors: { email: ['The email has already been taken.'] } },
      ],
    });
    const error = await request('/api/v4/register', Ok, { method: 'POST', json: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Invalid',
      errors: { email: ['The email has already been taken.'] },
    });
  });

  it('rejects a response that does not match the contract', async () => {
    mockApi({ 'GET /api/v4/thing': [200, { ok: 'yes' }] });
    await expect(request('/api/v4/thing', Ok)).rejects.toThrow(/does not understand/);
  });
});
