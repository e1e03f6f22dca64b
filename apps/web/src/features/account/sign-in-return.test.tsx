import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { detail, beach, summary } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';
import { OAuthLoginPage } from './OAuthLoginPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
const INTENT = `?next=${encodeURIComponent(BONDI)}&follow=12`;

function api(overrides: Record<string, [number, unknown]> = {}) {
  return mockApi({
    'GET /api/v4/beach/12': [200, detail({ beach: beach({ id: 12, title: 'Bondi Beach' }) })],
    'POST /api/v4/login': [200, { user: user(), token: TOKEN }],
    'POST /api/v4/beach/12/follow': [200, { beach: summary({ id: 12, title: 'Bondi Beach' }) }],
    'GET /api/v4/question': [200, { question: 'What is one plus 1?', question_id: 'q1' }],
    'POST /api/v4/register': [200, { user: user(), token: TOKEN }],
    'POST /auth/token': [200, { user: user(), token: TOKEN }],
    ...overrides,
  });
}

function login() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('a guest who pressed Favourite', () => {
  it('Login names the beach; after signing in the beach is followed and the guest is back on it', async () => {
    const calls = api();
    renderScreen(<LoginPage />, { path: '/login', url: `/login${INTENT}` });
    expect((await screen.findByText(/Log in to save Bondi Beach/)).textContent).toContain('My Beaches');
    login();
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`${BONDI} flash:Saved to My Beaches.`),
    );
    expect(calls.called('POST', '/api/v4/beach/12/follow')).toBe(true);
    expect(getSession()?.token).toBe(TOKEN);
  });

  it('Create account keeps the intent, and Register says which beach it is for', async () => {
    api();
    renderScreen(<LoginPage />, { path: '/login', url: `/login${INTENT}` });
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
      `/register${INTENT}`,
    );
    cleanup();
    renderScreen(<RegisterPage />, { path: '/register', url: `/register${INTENT}` });
    expect(await screen.findByText(/Create an account to save Bondi Beach/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(`/login${INTENT}`);
  });

  it('a failed follow still goes back to the beach, and says so', async () => {
    api({ 'POST /api/v4/beach/12/follow': [500, { message: 'Server error' }] });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderScreen(<LoginPage />, { path: '/login', url: `/login${INTENT}` });
    login();
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `${BONDI} flash:We could not save this beach to My Beaches. Press Favourite to try again.`,
      ),
    );
  });

  it('an address pointing elsewhere is ignored: no notice, no follow, Home after signing in', async () => {
    const calls = api();
    renderScreen(<LoginPage />, {
      path: '/login',
      url: '/login?next=https%3A%2F%2Fevil.example%2F&follow=12',
    });
    expect(screen.queryByTestId('sign-in-intent')).toBeNull();
    login();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(calls.called('POST', '/api/v4/beach/12/follow')).toBe(false);
  });

  it('Sign in with Apple keeps the intent for the round trip; the callback follows and returns', async () => {
    const calls = api();
    renderScreen(<LoginPage />, { path: '/login', url: `/login${INTENT}` });
    const apple = screen.getByRole('link', { name: 'Sign in with Apple' });
    apple.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(apple);
    cleanup();
    renderScreen(<OAuthLoginPage />, { path: '/login/oauth', url: '/login/oauth?token=code&provider=apple' });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`${BONDI} flash:Saved to My Beaches.`),
    );
    expect(calls.called('POST', '/api/v4/beach/12/follow')).toBe(true);
  });
});
