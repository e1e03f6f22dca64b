import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSession } from '../../data/session.ts';
import { TOKEN, deferred, mockApi, user } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { LogoutPage } from './LogoutPage.tsx';
import { OAuthLoginPage } from './OAuthLoginPage.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('LogoutPage', () => {
  it('shows "Logging you out..", revokes the token, removes the stored session and goes Home', async () => {
    const reply = deferred<[number, unknown]>();
    const api = mockApi({ 'POST /api/v4/logout': () => reply.promise });
    setSession({ token: TOKEN, user: user() });
    renderScreen(<LogoutPage />, { path: '/logout' });
    expect(screen.getByRole('status').textContent).toContain('Logging you out..');
    reply.resolve([200, { message: 'Logged out.' }]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({ token_id: '42' });
    expect(api.calls[0]!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('safeshore.session')).toBeNull();
  });

  it('signs out on this device even when the call fails', async () => {
    mockApi({ 'POST /api/v4/logout': [500, { message: 'Boom' }] });
    setSession({ token: TOKEN, user: user() });
    renderScreen(<LogoutPage />, { path: '/logout' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(getSession()).toBeNull();
  });

  it('sends a guest Home without a call', () => {
    const api = mockApi({});
    renderScreen(<LogoutPage />, { path: '/logout' });
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(api.calls).toEqual([]);
  });
});

describe('OAuthLoginPage', () => {
  it('exchanges the token once, stores the session and goes Home', async () => {
    const reply = deferred<[number, unknown]>();
    const api = mockApi({ 'POST /auth/token': () => reply.promise });
    renderScreen(<OAuthLoginPage />, {
      path: '/login/oauth',
      url: '/login/oauth?token=one-time&provider=apple',
    });
    expect(screen.getByRole('status').textContent).toContain('Redirecting you to the home page..');
    reply.resolve([200, { user: user(), token: TOKEN }]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(api.calls.map((c) => c.body)).toEqual([{ token: 'one-time', provider: 'apple' }]);
    expect(getSession()?.user.email).toBe('sam@example.com');
  });

  it('says so when the exchange fails', async () => {
    mockApi({ 'POST /auth/token': [406, { message: 'Nope' }] });
    renderScreen(<OAuthLoginPage />, { path: '/login/oauth', url: '/login/oauth?token=bad&provider=apple' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to complete authentication. Please try logging in again.',
    );
    expect(getSession()).toBeNull();
  });

  it('fails without a token, sending nothing', () => {
    const api = mockApi({});
    renderScreen(<OAuthLoginPage />, { path: '/login/oauth', url: '/login/oauth' });
    expect(screen.getByRole('alert').textContent).toContain('Failed to complete authentication.');
    expect(api.calls).toEqual([]);
  });
});
