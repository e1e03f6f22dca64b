import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentPostcode, setCurrentPostcode, setOpenedPlace } from '../../data/current-postcode.ts';
import { homeLocationQuery, type HomeLocation } from '../../data/location.ts';
import { mockApi } from '../../test/api-mock.ts';
import { locationResponse, place } from '../location/location-fixtures.ts';
import { HomePage } from './HomePage.tsx';

/**
 * A server-rendered Home (issue 23) starts with the server's place in its query cache; these check
 * what the browser does with it once Home is on screen (server-location.ts).
 */

beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  setCurrentPostcode(null);
  setOpenedPlace(null);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

function stubGeolocation(outcome: { latitude: number; longitude: number } | { code: 1 | 2 | 3 }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if ('code' in outcome) fail({ code: outcome.code, message: 'nope' } as GeolocationPositionError);
    else ok({ coords: outcome } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

/** The server's answer for the caller's address: a Gold Coast place. */
const SERVER_PLACE = place({
  title: 'Surfers Paradise',
  postcode: '4217',
  state: 'QLD',
  url: '/qld/gold-coast/surfers-paradise',
});
const serverLocation = (): HomeLocation => ({
  response: locationResponse({ place: SERVER_PLACE, resolved_by: 'ip' }),
  position: null,
  geolocationFailure: null,
  fromServer: true,
});

function renderHydratedHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(homeLocationQuery('online').queryKey, serverLocation());
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const note = () => screen.getByTestId('location-note').textContent;

describe("a server-rendered Home's place", () => {
  it('is shown at once, and replaced by the answer for the browser position when there is one', async () => {
    stubGeolocation({ latitude: -33.8915, longitude: 151.2767 });
    const api = mockApi({
      'POST /api/v4/location/': [200, locationResponse({ resolved_by: 'coordinates' })],
    });
    renderHydratedHome();
    expect(note()).toContain(
      'Surfers Paradise, Queensland, an approximate location from your internet connection',
    );
    await waitFor(() =>
      expect(note()).toBe('Showing beaches near your location: Bondi Beach, New South Wales.'),
    );
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({ latitude: -33.8915, longitude: 151.2767 });
    expect(getCurrentPostcode()).toBe('2026');
  });

  it('stays when the position is denied, with no request: the server already looked the address up', async () => {
    stubGeolocation({ code: 1 });
    const api = mockApi({});
    renderHydratedHome();
    await waitFor(() => expect(note()).toContain('Allow location access'));
    expect(note()).toContain('Surfers Paradise, Queensland, an approximate location');
    expect(api.calls).toHaveLength(0);
    // A guess from the address is nobody's place: not remembered as one (issue 30).
    expect(getCurrentPostcode()).toBeNull();
  });

  it('stays without browser support, saying nothing about permissions', async () => {
    const api = mockApi({});
    const client = renderHydratedHome();
    await waitFor(() =>
      expect(client.getQueryData<HomeLocation>(homeLocationQuery('online').queryKey)?.fromServer).toBe(false),
    );
    expect(note()).not.toContain('Allow location access');
    expect(api.calls).toHaveLength(0);
  });

  it('gives way to the device place of an earlier visit (X-location), which the server could not see', async () => {
    setCurrentPostcode('2026');
    stubGeolocation({ code: 1 });
    const api = mockApi({ 'POST /api/v4/location/': [200, locationResponse({ resolved_by: 'url' })] });
    renderHydratedHome();
    await waitFor(() =>
      expect(note()).toContain('Bondi Beach, New South Wales, found from your location earlier'),
    );
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toBeUndefined();
    expect(api.calls[0]!.headers.get('X-location')).toBe('2026');
  });

  it('gives way to the place page this tab opened, even in the same postcode', async () => {
    setOpenedPlace('/qld/gold-coast/main-beach');
    setCurrentPostcode('4217');
    stubGeolocation({ code: 1 });
    const mainBeach = place({
      title: 'Main Beach',
      postcode: '4217',
      state: 'QLD',
      url: '/qld/gold-coast/main-beach',
    });
    const api = mockApi({
      'POST /api/v4/location/': [200, locationResponse({ place: mainBeach, resolved_by: 'url' })],
    });
    renderHydratedHome();
    await waitFor(() => expect(note()).toContain('Main Beach, Queensland, a place you opened earlier'));
    expect(api.calls[0]!.body).toEqual({ url: '/qld/gold-coast/main-beach' });
  });
});
