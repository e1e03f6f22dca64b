import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import type { Preferences } from './api.ts';
import { NotificationsPage } from './NotificationsPage.tsx';
import { base64UrlToBytes, pushSupport, subscribeThisBrowser } from './push.ts';

beforeEach(() => setSession({ token: TOKEN, user: user() }));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const defaults = {
  status: true,
  warnings: true,
  water_quality: true,
  wind: false,
  uv: false,
  rip: false,
  swell_m: null,
};
function prefs(overrides: Partial<Preferences> = {}): Preferences {
  return {
    notification_enabled: true,
    defaults,
    quiet_hours: {
      enabled: true,
      start: '21:00',
      end: '07:00',
      time_zone: 'Australia/Sydney',
      hold_all: false,
    },
    beaches: [
      {
        beach_id: 1,
        name: 'Bondi Beach',
        path: '/beach/nsw/waverley/bondi-beach/bondi-beach',
        uses_defaults: true,
        ...defaults,
      },
      {
        beach_id: 2,
        name: 'Manly Beach',
        path: '/beach/nsw/northern-beaches/manly/manly-beach',
        uses_defaults: false,
        ...defaults,
        status: false,
        swell_m: 2,
      },
    ],
    delivery: { web_push_configured: true, browser_subscriptions: [], app_devices: 1 },
    swell_choices: [1, 1.5, 2, 2.5, 3, 4, 5],
    ...overrides,
  };
}
const show = (url = '/notifications') => renderScreen(<NotificationsPage />, { path: '/notifications', url });

describe('NotificationsPage', () => {
  it('shows the defaults, quiet hours and each followed beach', async () => {
    mockApi({ 'GET /api/v5/notifications/preferences': [200, prefs()] });
    show();
    const bondi = await screen.findByRole('listitem', { name: 'Bondi Beach' });
    expect(within(bondi).getByRole('link', { name: 'Bondi Beach' }).getAttribute('href')).toBe(
      '/beach/nsw/waverley/bondi-beach/bondi-beach',
    );
    expect(
      (within(bondi).getByLabelText('Same as for the beaches I follow') as HTMLInputElement).checked,
    ).toBe(true);
    const manly = screen.getByRole('listitem', { name: 'Manly Beach' });
    expect((within(manly).getByLabelText('Closures') as HTMLInputElement).checked).toBe(false);
    expect((within(manly).getByLabelText(/Swell above/) as HTMLSelectElement).value).toBe('2');
    const quiet = screen.getByRole('region', { name: 'Quiet hours' });
    expect((within(quiet).getByLabelText(/From/) as HTMLInputElement).value).toBe('21:00');
    expect((within(quiet).getByLabelText(/Until/) as HTMLInputElement).value).toBe('07:00');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says nothing is sent while notifications are off for the account, with the way to Profile', async () => {
    mockApi({ 'GET /api/v5/notifications/preferences': [200, prefs({ notification_enabled: false })] });
    show();
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/nothing is sent/);
    expect(within(note).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
  });

  it('offers the rip outlook alert, off until chosen, and says it is a model', async () => {
    const api = mockApi({
      'GET /api/v5/notifications/preferences': [200, prefs()],
      'PUT /api/v5/notifications/preferences': () => [
        200,
        { ...prefs(), defaults: { ...defaults, rip: true } },
      ],
    });
    show();
    const defaultsRegion = await screen.findByRole('region', { name: 'For the beaches I follow' });
    const rip = within(defaultsRegion).getByLabelText(
      'Rip outlook high (a model outlook)',
    ) as HTMLInputElement;
    expect(rip.checked).toBe(false);
    expect(defaultsRegion.textContent).toMatch(/model outlook/);
    fireEvent.click(rip);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.at(-1)!.body).toEqual({ defaults: { rip: true } });
  });

  it('saves a change at once: a default, quiet hours, and a beach of its own', async () => {
    const api = mockApi({
      'GET /api/v5/notifications/preferences': [200, prefs()],
      'PUT /api/v5/notifications/preferences': (body) => [
        200,
        { ...prefs(), defaults: { ...defaults, uv: true }, _sent: body },
      ],
    });
    show();
    const defaultsRegion = await screen.findByRole('region', { name: 'For the beaches I follow' });
    fireEvent.click(within(defaultsRegion).getByLabelText('UV extreme'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.at(-1)!.body).toEqual({ defaults: { uv: true } });
    await waitFor(() =>
      expect((within(defaultsRegion).getByLabelText('UV extreme') as HTMLInputElement).checked).toBe(true),
    );

    fireEvent.change(
      within(screen.getByRole('region', { name: 'Quiet hours' })).getByLabelText(/Time zone/),
      {
        target: { value: 'Australia/Lord_Howe' },
      },
    );
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(api.calls.at(-1)!.body).toEqual({ quiet_hours: { time_zone: 'Australia/Lord_Howe' } });

    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'Bondi Beach' })).getByLabelText(
        'Same as for the beaches I follow',
      ),
    );
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(3));
    expect(api.calls.at(-1)!.body).toEqual({ beaches: [{ beach_id: 1, ...defaults, uv: true }] });
  });

  it('shows a save failure and keeps the screen', async () => {
    mockApi({
      'GET /api/v5/notifications/preferences': [200, prefs()],
      'PUT /api/v5/notifications/preferences': [
        422,
        { message: 'Choose one of 1, 1.5, 2 m.', errors: { swell_m: ['x'] } },
      ],
    });
    show();
    const region = await screen.findByRole('region', { name: 'For the beaches I follow' });
    fireEvent.change(within(region).getByLabelText(/Swell above/), { target: { value: '3' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose one of 1, 1.5, 2 m.');
    expect(screen.getByRole('listitem', { name: 'Bondi Beach' })).toBeTruthy();
  });

  it('tells a browser without Web Push that it cannot get alerts', async () => {
    mockApi({ 'GET /api/v5/notifications/preferences': [200, prefs()] });
    show();
    const region = await screen.findByRole('region', { name: 'This browser' });
    expect(region.textContent).toMatch(/cannot receive alerts/);
    expect(region.textContent).toMatch(/on 1 device gets them too/);
    expect(pushSupport()).toBe('unsupported');
  });
});

describe('base64UrlToBytes', () => {
  it('decodes a VAPID key (base64url, no padding) to its 65 bytes', () => {
    const key = 'BLQFmJMZBwgqeeI4Smv8gACQSMT2xKugMDOv-8iXVOz1_IXJJQQ4184LWWNFSKsdj-M0iyuUmnKsL_eVOMtbnFg';
    const bytes = base64UrlToBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(bytes[bytes.length - 1]).toBe(0x58);
  });
});

describe('subscribeThisBrowser', () => {
  const KEY = 'BLQFmJMZBwgqeeI4Smv8gACQSMT2xKugMDOv-8iXVOz1_IXJJQQ4184LWWNFSKsdj-M0iyuUmnKsL_eVOMtbnFg';
  /** A browser's push manager: each subscribe() makes a new endpoint, as a push service does. */
  function browser(existing: string | null) {
    let made = 0;
    const subscription = (endpoint: string) => ({
      endpoint,
      options: { applicationServerKey: base64UrlToBytes(KEY).buffer },
      toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe: vi.fn(async () => true),
    });
    const current = existing === null ? null : subscription(existing);
    const pushManager = {
      getSubscription: vi.fn(async () => current),
      subscribe: vi.fn(async () => subscription(`https://fcm.googleapis.com/fcm/send/new-${++made}`)),
    };
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'granted' });
    vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ pushManager }) } });
    return { current, pushManager };
  }

  it('makes a new subscription when another account holds this browser’s endpoint (409), and registers that', async () => {
    const { current, pushManager } = browser('https://fcm.googleapis.com/fcm/send/old');
    const api = mockApi({
      'GET /api/v5/push/vapid-public-key': [200, { key: KEY }],
      'POST /api/v5/push/subscriptions': (body) =>
        (body as { endpoint: string }).endpoint.endsWith('/old')
          ? [409, { message: 'This push subscription belongs to another account.' }]
          : [201, { message: 'This browser will get alerts.' }],
    });
    const subscription = await subscribeThisBrowser();
    expect(current!.unsubscribe).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
    expect(subscription.endpoint).toBe('https://fcm.googleapis.com/fcm/send/new-1');
    expect(
      api.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { endpoint: string }).endpoint),
    ).toEqual(['https://fcm.googleapis.com/fcm/send/old', 'https://fcm.googleapis.com/fcm/send/new-1']);
  });

  it('passes other refusals on without touching the subscription', async () => {
    const { current, pushManager } = browser('https://fcm.googleapis.com/fcm/send/old');
    mockApi({
      'GET /api/v5/push/vapid-public-key': [200, { key: KEY }],
      'POST /api/v5/push/subscriptions': [
        422,
        { message: 'The endpoint must be an https:// URL.', errors: {} },
      ],
    });
    await expect(subscribeThisBrowser()).rejects.toMatchObject({ status: 422 });
    expect(current!.unsubscribe).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });
});
