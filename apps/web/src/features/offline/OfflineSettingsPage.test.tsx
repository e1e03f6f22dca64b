import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncBeach, SyncResponse } from '@safeshore/domain';
import { routes } from '../../app/router.tsx';
import { deleteOfflineDatabase } from '../../data/offline-db.ts';
import { clearSession, setSession } from '../../data/session.ts';
import { WEB_OFFLINE_STORAGE_KEY } from '../../data/source.ts';
import { TOKEN, deferred, mockApi, user } from '../../test/api-mock.ts';
import { syncBeach, syncPage } from '../../test/offline-fixtures.ts';
import { installDialogPolyfill, renderScreen } from '../../test/render.tsx';
import { TUTORIAL_SEEN_KEY } from '../../app/FirstOpenTutorial.tsx';
import { OfflineSettingsPage } from './OfflineSettingsPage.tsx';

/**
 * The Offline Settings page against the real sync and the real Dexie database (fake-indexeddb);
 * only the HTTP answers are stubbed.
 */

function beach(id: number, key: string, title: string): SyncBeach {
  return syncBeach({
    id,
    key,
    title,
    url: `nsw/waverley/${key}/${key}`,
    hazard: null,
    patrol: 1,
    description: '{}',
    facilities: '[]',
    data_source: 'SafeShore starter beaches',
    data_licence: null,
    updated_at: '2026-01-05T00:00:00.000Z',
  });
}

const SYNCED_AT = '2026-01-05T01:30:00.000Z';

function page(overrides: Partial<SyncResponse>): SyncResponse {
  return syncPage({ beaches_synced_at: SYNCED_AT, full: true, ...overrides });
}

const FIRST = page({
  beaches_upsert: [beach(1, 'nsw-2026-bondi-beach', 'Bondi Beach')],
  cursor: 'c1',
  has_more: true,
  total: 3,
});
const SECOND = page({
  beaches_upsert: [
    beach(2, 'nsw-2026-tamarama-beach', 'Tamarama Beach'),
    beach(3, 'nsw-2024-bronte', 'Bronte'),
  ],
  cursor: 'c2',
  full: false,
  total: 3,
});

/** Two pages of beaches; article fetches answer 404 (the sync keeps going without them). */
function mockSync(second: () => Promise<SyncResponse> | SyncResponse = () => SECOND) {
  return mockApi({
    'POST /api/v4/sync': async (body) => {
      const { since, limit } = body as { since: string | null; limit?: number };
      // The one-beach page the explainer asks for to learn the server's count.
      if (limit === 1)
        return [200, { ...FIRST, beaches_upsert: FIRST.beaches_upsert.slice(0, 1), total: 413 }];
      return [200, since === 'c1' ? await second() : FIRST];
    },
  });
}

beforeAll(() => {
  // jsdom has no matchMedia; the layout asks for the desktop breakpoint.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

beforeEach(async () => {
  window.localStorage.clear();
  await deleteOfflineDatabase();
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  delete (window as { Capacitor?: unknown }).Capacitor;
});

const renderPage = () => renderScreen(<OfflineSettingsPage />, { path: '/offline-settings' });
const status = () => screen.getAllByRole('status')[0]!;

describe('Offline Settings on the web', () => {
  it('explains the database, says Never, and offers saving for offline use (no sync until chosen)', async () => {
    const api = mockSync();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Offline Settings' })).toBeTruthy();
    // The server's own count, not a fixed figure (issue 16).
    await waitFor(() =>
      expect(screen.getByTestId('offline-explainer').textContent).toMatch(
        /^SafeShore's beach database of 413 Australian beaches can be saved on this device/,
      ),
    );
    expect(screen.getByText('Beaches last synchronized at')).toBeTruthy();
    expect(screen.getByTestId('beaches-synced-at').textContent).toBe('Never');
    expect(screen.getByRole('checkbox', { name: /Save beaches for offline use/ })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.queryByRole('button', { name: 'Synchronize' })).toBeNull();
    // Only the count was asked for: no sync page is stored until the user chooses.
    expect(api.calls.map((c) => c.body)).toEqual([{ since: null, limit: 1 }]);
    expect(screen.queryByTestId('local-beach-count')).toBeNull();
  });

  it('saving for offline use syncs every page: Loading ...., progress, then Beaches synchronized! and the time', async () => {
    const held = deferred<SyncResponse>();
    const api = mockSync(() => held.promise);
    renderPage();
    await userEvent.click(screen.getByRole('checkbox', { name: /Save beaches for offline use/ }));
    expect(window.localStorage.getItem(WEB_OFFLINE_STORAGE_KEY)).toBe('1');

    expect(status().textContent).toBe('Loading ....');
    const progress = await screen.findByText('1 of 3 beaches');
    const bar = screen.getByRole('progressbar', { name: '1 of 3 beaches' });
    expect(progress).toBeTruthy();
    expect(bar.getAttribute('max')).toBe('3');
    expect(bar.getAttribute('value')).toBe('1');

    held.resolve(SECOND);
    await waitFor(() => expect(status().textContent).toBe('Beaches synchronized!'), { timeout: 5000 });
    const when = screen.getByTestId('beaches-synced-at');
    await waitFor(() => expect(when.querySelector('time')?.getAttribute('dateTime')).toBe(SYNCED_AT));
    expect(when.textContent).toMatch(/\d{1,2}:\d{2} (am|pm)/);
    await waitFor(() => expect(screen.getByTestId('local-beach-count').textContent).toBe('3'));
    // The second request continued from the first page's cursor.
    const sent = api.calls
      .filter((c) => c.path === '/api/v4/sync' && (c.body as { limit?: number }).limit !== 1)
      .map((c) => c.body);
    expect(sent).toEqual([{ since: null }, { since: 'c1' }]);
  });

  it('Synchronize again sends the stored cursor; a failure says Something went wrong', async () => {
    window.localStorage.setItem(WEB_OFFLINE_STORAGE_KEY, '1');
    mockSync();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Synchronize' }));
    await waitFor(() => expect(status().textContent).toBe('Beaches synchronized!'), { timeout: 5000 });

    const api = mockApi({ 'POST /api/v4/sync': [500, { message: 'Database unavailable.' }] });
    await userEvent.click(screen.getByRole('button', { name: 'Synchronize' }));
    await waitFor(() => expect(status().textContent).toContain('Something went wrong'));
    expect(within(status()).getByText('Database unavailable.')).toBeTruthy();
    expect(api.calls.map((c) => c.body)).toEqual([{ since: 'c2' }]);
    // The data from before the failure is still there.
    expect(screen.getByTestId('beaches-synced-at').querySelector('time')).toBeTruthy();
  });

  it('turning saving off removes the local data', async () => {
    window.localStorage.setItem(WEB_OFFLINE_STORAGE_KEY, '1');
    mockSync();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Synchronize' }));
    await waitFor(() => expect(screen.getByTestId('local-beach-count').textContent).toBe('3'), {
      timeout: 5000,
    });
    await userEvent.click(screen.getByRole('checkbox', { name: /Save beaches for offline use/ }));
    await waitFor(() => expect(screen.getByTestId('beaches-synced-at').textContent).toBe('Never'));
    expect(screen.queryByTestId('local-beach-count')).toBeNull();
    expect(window.localStorage.getItem(WEB_OFFLINE_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Synchronize' })).toBeNull();
  });

  it('double-clicking the heading toggles the developer tools: raw response, beach by key, asset by id', async () => {
    window.localStorage.setItem(WEB_OFFLINE_STORAGE_KEY, '1');
    mockSync();
    renderPage();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Developer tools' })).toBeNull();
    fireEvent.doubleClick(heading);
    expect(screen.getByRole('heading', { name: 'Developer tools' })).toBeTruthy();
    expect(screen.getByTestId('last-sync-response').textContent).toBe(
      'No synchronization has run on this page yet.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Synchronize' }));
    await waitFor(() => expect(status().textContent).toBe('Beaches synchronized!'), { timeout: 5000 });
    expect(JSON.parse(screen.getByTestId('last-sync-response').textContent!)).toEqual(SECOND);

    const beaches = screen.getByRole('form', { name: 'Search local beaches' });
    await userEvent.type(within(beaches).getByLabelText('Beach key'), 'nsw-2024-bronte');
    await userEvent.click(within(beaches).getByRole('button', { name: 'Search' }));
    const found = await within(beaches).findByText(/"title": "Bronte"/);
    expect(found.tagName).toBe('PRE');
    await userEvent.clear(within(beaches).getByLabelText('Beach key'));
    await userEvent.type(within(beaches).getByLabelText('Beach key'), 'nsw-0000-nowhere');
    await userEvent.click(within(beaches).getByRole('button', { name: 'Search' }));
    expect(await within(beaches).findByText('No local beach has the key "nsw-0000-nowhere".')).toBeTruthy();

    const assets = screen.getByRole('form', { name: 'Search local assets' });
    await userEvent.type(within(assets).getByLabelText('Asset id'), 'abc');
    await userEvent.click(within(assets).getByRole('button', { name: 'Search' }));
    expect(await within(assets).findByText('Enter an asset id (a whole number).')).toBeTruthy();
    await userEvent.clear(within(assets).getByLabelText('Asset id'));
    await userEvent.type(within(assets).getByLabelText('Asset id'), '1');
    await userEvent.click(within(assets).getByRole('button', { name: 'Search' }));
    expect(await within(assets).findByText(/"name": "/)).toBeTruthy();

    fireEvent.doubleClick(heading);
    expect(screen.queryByRole('heading', { name: 'Developer tools' })).toBeNull();
  });
});

describe('Offline Settings in the app shell', () => {
  beforeEach(() => {
    (window as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      getPlatform: () => 'android',
    };
  });

  it('has no save-for-offline switch: the app always keeps the database; Synchronize is there', () => {
    mockSync();
    renderPage();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Synchronize' })).toBeTruthy();
  });
});

describe('access and menus', () => {
  function visit(url: string) {
    mockSync();
    const router = createMemoryRouter(routes, { initialEntries: [url] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }
  const heading = () => screen.findByRole('heading', { level: 1 });
  const accountLinks = () =>
    within(screen.getByRole('navigation', { name: 'Account' }))
      .getAllByRole('link')
      .map((a) => a.textContent);

  it('on the web a guest may open it, the footer links to it, and the user menu does not', async () => {
    setSession({ token: TOKEN, user: user() });
    const router = visit('/offline-settings');
    expect((await heading()).textContent).toBe('Offline Settings');
    expect(router.state.location.pathname).toBe('/offline-settings');
    expect(document.title).toBe('Offline Settings | SafeShore');
    expect(accountLinks()).not.toContain('Offline Settings');
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(footer.getByRole('link', { name: 'Offline use' }).getAttribute('href')).toBe('/offline-settings');
    cleanup();
    clearSession();
    visit('/offline-settings');
    expect((await heading()).textContent).toBe('Offline Settings');
  });

  it('in the app a guest goes to Login; a signed-in user has it in the user menu and no footer link', async () => {
    (window as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      getPlatform: () => 'android',
    };
    // The app's first-open tutorial has been seen (it is a modal dialog over the page).
    installDialogPolyfill();
    window.localStorage.setItem(TUTORIAL_SEEN_KEY, '1');
    const router = visit('/offline-settings');
    expect((await heading()).textContent).toBe('Login');
    expect(router.state.location.pathname).toBe('/login');
    cleanup();
    setSession({ token: TOKEN, user: user() });
    visit('/offline-settings');
    expect((await heading()).textContent).toBe('Offline Settings');
    expect(accountLinks()).toContain('Offline Settings');
    expect(
      within(screen.getByRole('navigation', { name: 'Footer' })).queryByRole('link', { name: 'Offline use' }),
    ).toBeNull();
  });
});
