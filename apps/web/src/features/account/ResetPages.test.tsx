import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';
import { SendResetPasswordPage } from './SendResetPasswordPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SendResetPasswordPage', () => {
  const send = (email: string) => {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Password Link' }));
  };

  it('needs the email, and sends nothing without it', () => {
    const api = mockApi({});
    renderScreen(<SendResetPasswordPage />, { path: '/reset' });
    send('  ');
    expect(screen.getByRole('alert').textContent).toBe('You must fill in the email field.');
    expect(api.calls).toEqual([]);
  });

  it('sends the link and shows the sent state', async () => {
    const api = mockApi({ 'POST /api/v4/reset': [200, { message: 'sent' }] });
    renderScreen(<SendResetPasswordPage />, { path: '/reset' });
    send('sam@example.com');
    expect((await screen.findByRole('status')).textContent).toContain('sam@example.com');
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(api.calls[0]!.body).toEqual({ email: 'sam@example.com' });
  });

  it('shows the server errors, else "Failed to send email."', async () => {
    mockApi({
      'POST /api/v4/reset': [
        422,
        { message: 'Invalid', errors: { email: ['The email field must be a valid email address.'] } },
      ],
    });
    renderScreen(<SendResetPasswordPage />, { path: '/reset' });
    send('nope');
    expect(within(await screen.findByRole('alert')).getByRole('listitem').textContent).toBe(
      'The email field must be a valid email address.',
    );
    mockApi({ 'POST /api/v4/reset': [503, { message: 'Mail down' }] });
    send('sam@example.com');
    expect((await screen.findByText('Failed to send email.')).closest('[role="alert"]')).toBeTruthy();
  });
});

describe('ResetPasswordPage', () => {
  const url = '/reset/tok123?email=sam%40example.com';
  const reset = (password: string, confirmation: string) => {
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  };

  it('shows the email from the query, read-only', () => {
    mockApi({});
    renderScreen(<ResetPasswordPage />, { path: '/reset/:token', url });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('sam@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('needs every field, and sends nothing without them', () => {
    const api = mockApi({});
    renderScreen(<ResetPasswordPage />, { path: '/reset/:token', url });
    reset('new password 123', '');
    expect(screen.getByRole('alert').textContent).toBe('You must fill in all fields.');
    expect(api.calls).toEqual([]);
  });

  it('resets with the token from the path and shows the success state', async () => {
    const api = mockApi({ 'POST /api/v4/reset/tok123': [200, { data: { reset: true } }] });
    renderScreen(<ResetPasswordPage />, { path: '/reset/:token', url });
    reset('new password 123', 'new password 123');
    expect((await screen.findByRole('status')).textContent).toContain('Your password has been reset.');
    expect(api.calls[0]!.body).toEqual({
      token: 'tok123',
      email: 'sam@example.com',
      password: 'new password 123',
      password_confirmation: 'new password 123',
    });
  });

  it('says "Failed to reset password." when reset is not true or the call fails', async () => {
    mockApi({ 'POST /api/v4/reset/tok123': [200, { data: { reset: false } }] });
    renderScreen(<ResetPasswordPage />, { path: '/reset/:token', url });
    reset('new password 123', 'new password 123');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to reset password.');
    mockApi({
      'POST /api/v4/reset/tok123': [
        422,
        {
          message: 'x',
          errors: { token: ['This password reset link has expired. Please request a new one.'] },
        },
      ],
    });
    reset('new password 123', 'new password 123');
    expect(
      await screen.findByText('This password reset link has expired. Please request a new one.'),
    ).toBeTruthy();
  });
});
