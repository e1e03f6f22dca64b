import '../test/indexeddb.ts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COORDINATE, OFFLINE_LOCATION_ALERT, roughDistanceMetres } from '@safeshore/domain';
import { SearchBox } from '../features/search/SearchBox.tsx';
import { beach as beachDetail } from '../test/fixtures.ts';
import { renderScreen } from '../test/render.tsx';
import { json, stubFetch, syncBeach } from '../test/offline-fixtures.ts';
import { fetchHomeLocation, homeLocationQuery, LOCATION_QUERY_KEY, placeLocationQuery } from './location.ts';
import {
  ASSET_NAMES,
  deleteOfflineDatabase,
  notifyOfflineDataChange,
  offlineDb,
  setAsset,
  writeBeaches,
} from './offline-db.ts';
import { articleQuery, autocompleteQuery, beachQuery } from './queries.ts';
import {
  WEB_OFFLINE_STORAGE_KEY,
  currentDataMode,
  dataSource,
  isOfflineEnabled,
  setWebOfflineEnabled,
  useDataMode,
} from './source.ts';

let online = true;
function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

function enterAppShell() {
  (window as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => 'android',
  };
}

let cursor = 0;
async function seed() {
  await writeBeaches(offlineDb, {
    upsert: [
      syncBeach({ id: 12, title: 'Bondi Beach', latitude: -33.891, longitude: 151.277, patrol: 1 }),
      syncBeach({ id: 13, title: 'Tamarama Beach', latitude: -33.9, longitude: 151.27 }),
    ],
  });
  cursor += 1;
  await setAsset(ASSET_NAMES.beachesCursor, `c${cursor}`);
  notifyOfflineDataChange();
}

beforeEach(async () => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.localStorage.clear();
  await deleteOfflineDatabase();
});

afterEach(() => {
  delete (navigator as { onLine?: boolean }).onLine;
  delete (window as { Capacitor?: unknown }).Capacitor;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('data mode', () => {
  it('is offline only when the browser is offline and offline data is enabled', async () => {
    expect(isOfflineEnabled()).toBe(false);
    setOnline(false);
    // On the web, nothing was saved for offline: screens keep asking the network.
    expect(currentDataMode()).toBe('online');
    await setWebOfflineEnabled(true);
    expect(window.localStorage.getItem(WEB_OFFLINE_STORAGE_KEY)).toBe('1');
    expect(isOfflineEnabled()).toBe(true);
    expect(currentDataMode()).toBe('offline');
    setOnline(true);
    expect(currentDataMode()).toBe('online');
  });

  it('is always enabled in the app shell', () => {
    enterAppShell();
    expect(isOfflineEnabled()).toBe(true);
    setOnline(false);
    expect(currentDataMode()).toBe('offline');
  });

  it('deletes the local database when the web user turns offline off', async () => {
    await setWebOfflineEnabled(true);
    await seed();
    expect(await offlineDb.beaches.count()).toBe(2);
    await setWebOfflineEnabled(false);
    expect(window.localStorage.getItem(WEB_OFFLINE_STORAGE_KEY)).toBeNull();
    expect(await offlineDb.beaches.count()).toBe(0);
  });

  it('useDataMode follows online/offline events and the save-for-offline choice', async () => {
    const { result } = renderHook(() => useDataMode());
    expect(result.current).toBe('online');
    act(() => setOnline(false));
    expect(result.current).toBe('online');
    await act(() => setWebOfflineEnabled(true));
    expect(result.current).toBe('offline');
    act(() => setOnline(true));
    expect(result.current).toBe('online');
  });
});

describe('data sources', () => {
  it('online: a beach by id goes to /api/v4/beach/{id}, by path to its url', async () => {
    const detail = { beach: beachDetail(), nearBy: [], relatedBeaches: [], images: [], todayPosts: [] };
    const { calls } = stubFetch({
      'GET /api/v4/beach/1': () => json(200, detail),
      'GET /api/v4/beach/nsw/waverley/bondi-beach/bondi-beach': () => json(200, detail),
    });
    expect((await dataSource('online').beach({ id: 1 })).beach.title).toBe('Bondi Beach');
    await dataSource('online').beach({ path: 'nsw/waverley/bondi-beach/bondi-beach' });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/v4/beach/1',
      '/api/v4/beach/nsw/waverley/bondi-beach/bondi-beach',
    ]);
  });

  it('offline: answers from the local database without the network', async () => {
    await seed();
    const { fetchMock } = stubFetch({});
    const source = dataSource('offline');
    expect(source.mode).toBe('offline');
    expect((await source.beach({ id: 12 })).beach.title).toBe('Bondi Beach');
    expect((await source.autocomplete('tama')).beaches.map((b) => b.id)).toEqual([13]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('query keys carry the mode', () => {
  it('so switching mode asks the other source', () => {
    expect(beachQuery('nsw/a/b/c', 'online').queryKey).not.toEqual(
      beachQuery('nsw/a/b/c', 'offline').queryKey,
    );
    expect(beachQuery({ id: 5 }, 'offline').queryKey).toEqual(['beach', 'offline', { id: 5 }]);
    expect(autocompleteQuery('Bondi', 'offline').queryKey).toEqual(['autocomplete', 'offline', 'bondi']);
    expect(articleQuery('ripcurrents', 'offline').queryKey).toEqual(['article', 'offline', 'ripcurrents']);
    expect(homeLocationQuery('offline').queryKey).toEqual(['location', 'offline', 'home']);
    expect(placeLocationQuery('/postcode/2026', 'online').queryKey).toEqual([
      'location',
      'online',
      'url',
      '/postcode/2026',
    ]);
    // Home's and place pages' keys stay under ['location'] so a reload of all locations reaches both.
    expect(homeLocationQuery('online').queryKey.slice(0, 1)).toEqual([...LOCATION_QUERY_KEY]);
  });

  it('default to the current mode', async () => {
    setOnline(false);
    await setWebOfflineEnabled(true);
    expect(beachQuery({ id: 1 }).queryKey[1]).toBe('offline');
  });

  it('a screen refetches from the local database when the connection drops', async () => {
    await seed();
    await setWebOfflineEnabled(true);
    const detail = {
      beach: beachDetail({ id: 12, title: 'Bondi Beach (server)' }),
      nearBy: [],
      relatedBeaches: [],
      images: [],
      todayPosts: [],
    };
    stubFetch({ 'GET /api/v4/beach/12': () => json(200, detail) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useQuery(beachQuery({ id: 12 }, useDataMode())), { wrapper });
    await waitFor(() => expect(result.current.data?.beach.title).toBe('Bondi Beach (server)'));
    act(() => setOnline(false));
    await waitFor(() => expect(result.current.data?.beach.title).toBe('Bondi Beach'));
    expect(result.current.data?.beach.is_patrolled_today).toBeNull();
  });
});

describe('Home location', () => {
  it('offline with no position: alerts and uses the default coordinate (spec section 8)', async () => {
    enterAppShell();
    setOnline(false);
    await seed();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { fetchMock } = stubFetch({});
    const home = await fetchHomeLocation(undefined, 'offline');
    expect(alert).toHaveBeenCalledWith(OFFLINE_LOCATION_ALERT);
    expect(home.geolocationFailure).toBe('unsupported');
    expect(home.response.dataSourceWasOnline).toBe(false);
    expect(home.response.place?.postcode).toBe('2026');
    const [first] = home.response.patrolledBeaches;
    expect(first?.distance).toBe(Math.round(roughDistanceMetres(DEFAULT_COORDINATE, first!)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('online with no position: asks the server, no alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { calls } = stubFetch({
      'POST /api/v4/location/': () =>
        json(200, {
          place: null,
          patrolledBeaches: [],
          closestBeaches: [],
          closestPostcodes: [],
          announcements: [],
          show_algal_bloom_warning: false,
          resolved_by: 'ip',
        }),
    });
    const home = await fetchHomeLocation(undefined, 'online');
    expect(alert).not.toHaveBeenCalled();
    expect(calls).toEqual([{ method: 'POST', path: '/api/v4/location/', body: undefined }]);
    expect(home.response.dataSourceWasOnline).toBe(true);
  });
});

describe('search offline', () => {
  it('links a beach by id and a place by postcode', async () => {
    await seed();
    await setWebOfflineEnabled(true);
    setOnline(false);
    stubFetch({});
    const first = renderScreen(<SearchBox id="s" label="Search" />, { path: '/' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'bondi');
    // Beaches come first, then Locations: both are "Bondi Beach".
    const [beach] = await screen.findAllByRole('option', { name: /Bondi Beach.*NSW/ });
    await userEvent.click(beach!);
    expect(screen.getByTestId('where').textContent).toBe('/beach/12');
    first.unmount();
    renderScreen(<SearchBox id="s" label="Search" />, { path: '/' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'bondi');
    const [, place] = await screen.findAllByRole('option', { name: /Bondi Beach.*NSW/ });
    await userEvent.click(place!);
    expect(screen.getByTestId('where').textContent).toBe('/postcode/2026');
  });
});
