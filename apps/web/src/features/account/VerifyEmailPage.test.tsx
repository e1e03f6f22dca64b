import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SERVER_MESSAGES as MSG } from '@safeshore/domain';
import { clearSession, getSession, setSession } from '../../data/session.ts';
import { storeIntent } from '../../data/sign-in-intent.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { VerifyEmailPage } from './VerifyEmailPage.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  storeIntent(null);
  vi.unstubAllGlobals();
});

const NEW_TOKEN = '77|zyxwvutsrqponmlkjihgfedcbaZYXWVUTSRQPONMLKJ';
const show = () =>
  renderScreen(<VerifyEmailPage />, { path: '/verify-email/:token', url: '/verify-email/link-secret' });
const confirmWith = (password: string) => {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm my email' }));
};

describe('VerifyEmailPage', () => {
  it('opens a registration link with the password: signed in, Home, "Your email address is confirmed."', async () => {
    const api = mockApi({
      'POST /api/v5/email/verify': [
        200,
        { user: user({ email_verified: true }), token: NEW_TOKEN, message: MSG.emailVerified },
      ],
    });
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirm your email');
    confirmWith('my-password-123');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/ flash:${MSG.emailVerified}`));
    expect(api.calls[0]!.body).toEqual({
      token: 'link-secret',
      password: 'my-password-123',
      device_name: 'web',
    });
    expect(getSession()).toEqual({ token: NEW_TOKEN, user: user({ email_verified: true }) });
  });

  it('goes on to the beach the guest wanted to save when the link opens in the same tab', async () => {
    storeIntent({ next: '/beach/nsw/waverley/bondi-beach/bondi-beach', follow: null });
    mockApi({
      'POST /api/v5/email/verify': [200, { user: user(), token: NEW_TOKEN, message: MSG.emailVerified }],
    });
    show();
    confirmWith('my-password-123');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/beach/nsw/waverley/bondi-beach/bondi-beach'),
    );
  });

  it('signed in to the account, confirms without a password and refreshes the stored user', async () => {
    setSession({ token: TOKEN, user: user({ email_verified: false }) });
    const api = mockApi({
      'POST /api/v5/email/verify': [
        200,
        { user: user({ email_verified: true }), message: MSG.emailVerified },
      ],
    });
    show();
    confirmWith('');
    expect((await screen.findByRole('status')).textContent).toBe(MSG.emailVerified);
    expect(api.calls[0]!.body).toEqual({ token: 'link-secret', device_name: 'web' });
    expect(api.calls[0]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(getSession()).toEqual({ token: TOKEN, user: user({ email_verified: true }) });
    expect(screen.getByRole('link', { name: 'Back to My Profile' }).getAttribute('href')).toBe('/profile');
  });

  it('lists the server errors (a wrong password, a used link) and stays', async () => {
    mockApi({
      'POST /api/v5/email/verify': [
        422,
        { message: MSG.verifyTokenInvalid, errors: { token: [MSG.verifyTokenInvalid] } },
      ],
    });
    show();
    confirmWith('my-password-123');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('listitem').textContent).toBe(MSG.verifyTokenInvalid);
    expect(getSession()).toBeNull();
  });

  it('says "Could not confirm your email address." when the call fails otherwise', async () => {
    mockApi({ 'POST /api/v5/email/verify': [500, { message: 'Boom' }] });
    show();
    confirmWith('x');
    expect((await screen.findByRole('alert')).textContent).toBe('Could not confirm your email address.');
  });
});
