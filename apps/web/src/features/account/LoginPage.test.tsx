import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('needs both email and password, and sends nothing without them', async () => {
    const api = mockApi({});
    renderScreen(<LoginPage />, { path: '/login' });
    fill('sam@example.com', '');
    expect((await screen.findByRole('alert')).textContent).toBe('You must fill in email and password');
    fill('', 'secret-password');
    expect(screen.getByRole('alert').textContent).toBe('You must fill in email and password');
    expect(api.calls).toEqual([]);
  });

  it('signs in, stores the session and goes Home', async () => {
    const api = mockApi({ 'POST /api/v4/login': [200, { user: user(), token: TOKEN }] });
    renderScreen(<LoginPage />, { path: '/login' });
    fill(' sam@example.com ', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(api.calls[0]!.body).toEqual({
      email: 'sam@example.com',
      password: 'secret-password',
      device_name: 'web',
    });
    expect(getSession()).toEqual({ token: TOKEN, user: user() });
  });

  it('shows the server text on 406', async () => {
    mockApi({ 'POST /api/v4/login': [406, { message: 'Your account is locked.' }] });
    renderScreen(<LoginPage />, { path: '/login' });
    fill('sam@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Your account is locked.');
    expect(getSession()).toBeNull();
  });

  it('shows "These credentials do not match our records" on any other failure', async () => {
    mockApi({ 'POST /api/v4/login': [500, { message: 'Internal Server Error' }] });
    renderScreen(<LoginPage />, { path: '/login' });
    fill('sam@example.com', 'secret-password');
    expect((await screen.findByRole('alert')).textContent).toBe('These credentials do not match our records');
  });

  it('shows ?error= as the error, and links to reset, register and Sign in with Apple', () => {
    mockApi({});
    renderScreen(<LoginPage />, {
      path: '/login',
      url: '/login?error=Could%20not%20sign%20in%20with%20Apple',
    });
    expect(screen.getByRole('alert').textContent).toBe('Could not sign in with Apple');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/reset');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Sign in with Apple' }).getAttribute('href')).toBe(
      '/auth/apple/redirect',
    );
  });

  it('disables the inputs while signing in', async () => {
    let answer!: () => void;
    mockApi({
      'POST /api/v4/login': () =>
        new Promise((resolve) => (answer = () => resolve([406, { message: 'No' }]))),
    });
    renderScreen(<LoginPage />, { path: '/login' });
    fill('sam@example.com', 'secret-password');
    await waitFor(() => expect(screen.getByLabelText('Email').matches(':disabled')).toBe(true));
    answer();
    await waitFor(() => expect(screen.getByLabelText('Email').matches(':disabled')).toBe(false));
  });
});
