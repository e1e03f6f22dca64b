import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@safeshore/domain';
import { clearSession, getSession, setSession } from '../../data/session.ts';
import { TOKEN, deferred, mockApi, user } from '../../test/api-mock.ts';
import { installDialogPolyfill, renderScreen } from '../../test/render.tsx';
import { ProfilePage } from './ProfilePage.tsx';

beforeAll(installDialogPolyfill);
beforeEach(() => setSession({ token: TOKEN, user: user() }));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const phone: Device = { id: 3, type: 'Android', model: 'Pixel 8', enabled: true };
const tablet: Device = { id: 4, type: 'iPhone OS', model: 'iPad Air', enabled: false };

const section = (name: string) => screen.getByRole('region', { name });
const show = () => renderScreen(<ProfilePage />, { path: '/profile' });

describe('ProfilePage', () => {
  it('says so, with a way to Login, when the session ends while it is open', () => {
    clearSession();
    const api = mockApi({});
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Signed out');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(api.calls).toEqual([]);
  });

  describe('personal information', () => {
    it('requires first name, last name and email in the browser', () => {
      mockApi({ 'GET /api/v4/user/devices': [200, { devices: [] }] });
      show();
      const form = within(section('Personal information'));
      for (const label of ['First name', 'Last name', 'Email']) {
        expect((form.getByLabelText(label) as HTMLInputElement).required).toBe(true);
      }
      expect((form.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
    });

    it('saves and says "Updated profile succesfully."', async () => {
      const api = mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'POST /api/v4/user': [200, { user: user({ first_name: 'Alex' }) }],
      });
      show();
      const form = within(section('Personal information'));
      fireEvent.change(form.getByLabelText('First name'), { target: { value: 'Alex' } });
      fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
      expect((await form.findByRole('status')).textContent).toBe('Updated profile succesfully.');
      expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
        first_name: 'Alex',
        last_name: 'Surfer',
        email: 'sam@example.com',
        notification_enabled: true,
      });
      expect(getSession()?.user.first_name).toBe('Alex');
    });

    it('shows the server text on 406, else "Could not update profile."', async () => {
      mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'POST /api/v4/user': [406, { message: 'That email cannot be used.' }],
      });
      show();
      const form = within(section('Personal information'));
      fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
      expect((await form.findByRole('alert')).textContent).toBe('That email cannot be used.');
      mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'POST /api/v4/user': [500, { message: 'Boom' }],
      });
      fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(form.getByRole('alert').textContent).toBe('Could not update profile.'));
    });
  });

  describe('email change and verification', () => {
    it('asks for the current password only when the email changes, and says the change waits for the new address', async () => {
      const pending =
        'To finish changing your email, open the link we have sent to the new address. Until then your email stays as it was.';
      const api = mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'POST /api/v4/user': [200, { user: user(), pending_email: 'new@example.com', message: pending }],
      });
      show();
      const form = within(section('Personal information'));
      expect(form.queryByLabelText('Current password')).toBeNull();
      fireEvent.change(form.getByLabelText('Email'), { target: { value: 'New@Example.com' } });
      const current = form.getByLabelText('Current password') as HTMLInputElement;
      expect(current.required).toBe(true);
      fireEvent.change(current, { target: { value: 'my-password-123' } });
      fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
      expect((await form.findByRole('status')).textContent).toBe(pending);
      expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
        first_name: 'Sam',
        last_name: 'Surfer',
        email: 'New@Example.com',
        notification_enabled: true,
        current_password: 'my-password-123',
      });
      // The account keeps its address until the new one confirms: the form shows it again.
      expect((form.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
      expect(getSession()?.user.email).toBe('sam@example.com');
    });

    it('offers a confirmation link when the address is not confirmed, and only then', async () => {
      setSession({ token: TOKEN, user: user({ email_verified: false }) });
      const api = mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'POST /api/v5/user/email/verification': [
          200,
          { message: 'We have sent a confirmation link to your email address. It works for 24 hours.' },
        ],
      });
      show();
      const notice = within(section('Confirm your email'));
      fireEvent.click(notice.getByRole('button', { name: 'Send me a confirmation link' }));
      expect((await notice.findByRole('status')).textContent).toContain('We have sent a confirmation link');
      expect(api.called('POST', '/api/v5/user/email/verification')).toBe(true);
      cleanup();
      setSession({ token: TOKEN, user: user({ email_verified: true }) });
      show();
      expect(screen.queryByRole('region', { name: 'Confirm your email' })).toBeNull();
    });
  });

  describe('notifications', () => {
    it('saves the preference with the profile', async () => {
      const api = mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'POST /api/v4/user': [200, { user: user({ notification_enabled: false }) }],
      });
      show();
      const box = within(section('Notifications')).getByRole('checkbox') as HTMLInputElement;
      expect(box.checked).toBe(true);
      fireEvent.click(box);
      expect((await within(section('Notifications')).findByRole('status')).textContent).toBe(
        'Updated profile succesfully.',
      );
      expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ notification_enabled: false });
      expect(box.checked).toBe(false);
    });
  });

  describe('replace password', () => {
    const fill = () => {
      const form = within(section('Replace password'));
      fireEvent.change(form.getByLabelText('Current password'), { target: { value: 'old password 123' } });
      fireEvent.change(form.getByLabelText('New password'), { target: { value: 'new password 123' } });
      fireEvent.change(form.getByLabelText('Confirm new password'), {
        target: { value: 'new password 123' },
      });
      fireEvent.click(form.getByRole('button', { name: 'Update password' }));
      return form;
    };
    const values = () =>
      ['Current password', 'New password', 'Confirm new password'].map(
        (label) => (within(section('Replace password')).getByLabelText(label) as HTMLInputElement).value,
      );

    it('says "Updated password succesfully." and clears the fields', async () => {
      const api = mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'POST /api/v4/user/password': [200, { message: 'Password updated.' }],
      });
      show();
      const form = fill();
      expect((await form.findByRole('status')).textContent).toBe('Updated password succesfully.');
      expect(values()).toEqual(['', '', '']);
      expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
        current_password: 'old password 123',
        password: 'new password 123',
        password_confirmation: 'new password 123',
      });
    });

    it('says "Could not update password." and clears the fields after a failure too', async () => {
      mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'POST /api/v4/user/password': [500, { message: 'Boom' }],
      });
      show();
      const form = fill();
      expect((await form.findByRole('alert')).textContent).toBe('Could not update password.');
      expect(values()).toEqual(['', '', '']);
    });

    it('requires all three fields in the browser', () => {
      mockApi({ 'GET /api/v4/user/devices': [200, { devices: [] }] });
      show();
      const form = within(section('Replace password'));
      for (const label of ['Current password', 'New password', 'Confirm new password']) {
        expect((form.getByLabelText(label) as HTMLInputElement).required).toBe(true);
      }
    });
  });

  describe('my devices', () => {
    it('lists type, model and "(disabled)", and enables or disables', async () => {
      const api = mockApi({
        'GET /api/v4/user/devices': [200, { devices: [phone, tablet] }],
        'POST /api/v4/user/device/3/disable': [200, { devices: [{ ...phone, enabled: false }, tablet] }],
      });
      show();
      const devices = within(section('My Devices'));
      const items = await devices.findAllByRole('listitem');
      expect(items.map((li) => li.querySelector('.device__name')!.textContent)).toEqual([
        'Android · Pixel 8',
        'iPhone OS · iPad Air (disabled)',
      ]);
      expect(within(items[1]!).getByRole('button', { name: 'Enable iPad Air' })).toBeTruthy();
      fireEvent.click(devices.getByRole('button', { name: 'Disable Pixel 8' }));
      await devices.findByRole('button', { name: 'Enable Pixel 8' });
      expect(api.called('POST', '/api/v4/user/device/3/disable')).toBe(true);
      expect(devices.getAllByText('(disabled)', { exact: false })).toHaveLength(2);
    });

    it('removes (forgets) a device, showing the empty text when none are left', async () => {
      mockApi({
        'GET /api/v4/user/devices': [200, { devices: [phone] }],
        'POST /api/v4/user/device/3/forget': [200, { devices: [] }],
      });
      show();
      const devices = within(section('My Devices'));
      fireEvent.click(await devices.findByRole('button', { name: 'Remove Pixel 8' }));
      expect(
        await devices.findByText(
          'No devices registered. Register your device by logging in from the mobile app.',
        ),
      ).toBeTruthy();
    });

    it.each([
      ['Disable Pixel 8', 'disable', 'Could not disable device.'],
      ['Enable iPad Air', 'enable', 'Could not enable device.'],
      ['Remove Pixel 8', 'forget', 'Could not forget device.'],
    ])('"%s" failing says the spec text', async (button, action, text) => {
      const id = button.includes('iPad') ? 4 : 3;
      mockApi({
        'GET /api/v4/user/devices': [200, { devices: [phone, tablet] }],
        [`POST /api/v4/user/device/${id}/${action}`]: [500, { message: 'Boom' }],
      });
      show();
      const devices = within(section('My Devices'));
      fireEvent.click(await devices.findByRole('button', { name: button }));
      expect((await devices.findByRole('alert')).textContent).toBe(text);
    });

    it('says "Could not get devices." when the list fails', async () => {
      mockApi({ 'GET /api/v4/user/devices': [500, { message: 'Boom' }] });
      show();
      expect(await within(section('My Devices')).findByText('Could not get devices.')).toBeTruthy();
    });
  });

  describe('account deletion', () => {
    const open = () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
      return within(screen.getByRole('dialog', { name: 'Delete account' }));
    };
    const confirm = (dialog: ReturnType<typeof open>, email: string, password = 'my-password-123') => {
      fireEvent.change(dialog.getByLabelText('Email address'), { target: { value: email } });
      const field = dialog.queryByLabelText('Password');
      if (field) fireEvent.change(field, { target: { value: password } });
      fireEvent.click(dialog.getByRole('button', { name: 'Delete account' }));
    };

    it('refuses an email that does not match exactly, and sends nothing', async () => {
      const api = mockApi({ 'GET /api/v4/user/devices': [200, { devices: [] }] });
      show();
      const dialog = open();
      confirm(dialog, 'Sam@example.com');
      expect(dialog.getByRole('alert').textContent).toBe(
        'Email must match exactly as above to confirm account deletion.',
      );
      expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
      expect(getSession()).not.toBeNull();
    });

    it('deletes, signs out and goes Home with "Account deleted successfully."', async () => {
      const reply = deferred<[number, unknown]>();
      const api = mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'DELETE /api/v4/user': () => reply.promise,
      });
      show();
      confirm(open(), 'sam@example.com');
      reply.resolve([200, { message: 'Account deleted.' }]);
      await waitFor(() =>
        expect(screen.getByTestId('where').textContent).toBe('/ flash:Account deleted successfully.'),
      );
      expect(api.calls.find((c) => c.method === 'DELETE')!.body).toEqual({
        confirm_delete_email: 'sam@example.com',
        token_id: '42',
        password: 'my-password-123',
      });
      expect(getSession()).toBeNull();
    });

    it('lists a wrong password, and keeps the user signed in', async () => {
      mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'DELETE /api/v4/user': [
          422,
          { message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } },
        ],
      });
      show();
      const dialog = open();
      confirm(dialog, 'sam@example.com', 'wrong');
      expect(within(await dialog.findByRole('alert')).getByRole('listitem').textContent).toBe(
        'The password is incorrect.',
      );
      expect(getSession()).not.toBeNull();
    });

    it('asks no password of an account that signs in only with Apple or Facebook', async () => {
      setSession({ token: TOKEN, user: user({ has_password: false }) });
      const api = mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'DELETE /api/v4/user': [200, { message: 'Account deleted.' }],
      });
      show();
      const dialog = open();
      expect(dialog.queryByLabelText('Password')).toBeNull();
      expect(dialog.getByText(/sign in again first/)).toBeTruthy();
      confirm(dialog, 'sam@example.com');
      await waitFor(() => expect(getSession()).toBeNull());
      expect(api.calls.find((c) => c.method === 'DELETE')!.body).toEqual({
        confirm_delete_email: 'sam@example.com',
        token_id: '42',
      });
    });

    it('says "Failed to delete account." when the call fails', async () => {
      mockApi({
        'GET /api/v4/user/devices': [200, { devices: [] }],
        'DELETE /api/v4/user': [500, { message: 'Boom' }],
      });
      show();
      const dialog = open();
      confirm(dialog, 'sam@example.com');
      expect((await dialog.findByRole('alert')).textContent).toBe('Failed to delete account.');
      expect(getSession()).not.toBeNull();
    });

    it('closes by Cancel, the close button and Escape, forgetting what was typed', () => {
      mockApi({ 'GET /api/v4/user/devices': [200, { devices: [] }] });
      show();
      const isOpen = () => screen.getByRole('dialog', { hidden: true }).hasAttribute('open');
      fireEvent.click(open().getByRole('button', { name: 'Cancel' }));
      expect(isOpen()).toBe(false);
      fireEvent.click(open().getByRole('button', { name: 'Close' }));
      expect(isOpen()).toBe(false);
      const dialog = open();
      fireEvent.change(dialog.getByLabelText('Email address'), { target: { value: 'typed' } });
      // The browser closes a modal dialog on Escape and fires "close".
      fireEvent(screen.getByRole('dialog'), new Event('close'));
      expect(isOpen()).toBe(false);
      expect((open().getByLabelText('Email address') as HTMLInputElement).value).toBe('');
    });
  });

  it('asks to go online when offline', () => {
    mockApi({});
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show();
    expect(screen.getByText('Please go online to see this content.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Personal information' })).toBeNull();
    online.mockRestore();
  });
});
