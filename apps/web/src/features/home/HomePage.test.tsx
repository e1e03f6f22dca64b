import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getCurrentPostcode,
  getKnownPosition,
  getOpenedPlace,
  setCurrentPostcode,
  setKnownPosition,
  setOpenedPlace,
} from '../../data/current-postcode.ts';
import { GEOLOCATION_OPTIONS } from '../../platform/geolocation.ts';
import { mockApi } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { listBeach, locationResponse, place } from '../location/location-fixtures.ts';
import { HomePage } from './HomePage.tsx';

let mobile = false;

beforeEach(() => {
  mobile = false;
  window.matchMedia = ((query: string) => ({
    matches: mobile,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  setCurrentPostcode(null);
  setOpenedPlace(null);
  setKnownPosition(Number.NaN, Number.NaN);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'geolocation');
});

type Outcome = { latitude: number; longitude: number } | { code: 1 | 2 | 3 };

function stubGeolocation(outcome: Outcome) {
  const getCurrentPosition = vi.fn(
    (ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => {
      if ('code' in outcome) fail({ code: outcome.code, message: 'nope' } as GeolocationPositionError);
      else ok({ coords: outcome } as GeolocationPosition);
    },
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

const renderHome = () => renderScreen(<HomePage />, { path: '/' });
const region = (name: string) => screen.getByRole('region', { name });
const listNames = (title: string) =>
  within(screen.getByRole('list', { name: title }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Home location', () => {
  it('asks the browser with the spec options and looks up the coordinates', async () => {
    const geo = stubGeolocation({ latitude: -33.8915, longitude: 151.2767 });
    const api = mockApi({ 'POST /api/v4/location/': [200, locationResponse()] });
    renderHome();

    expect((await screen.findByTestId('location-note')).textContent).toBe(
      'Showing beaches near your location: Bondi Beach, New South Wales.',
    );
    expect(geo.mock.calls[0]![2]).toEqual({
      enableHighAccuracy: false,
      timeout: 40_000,
      maximumAge: 1_800_000,
    });
    expect(GEOLOCATION_OPTIONS.maximumAge).toBe(1_800_000);
    expect(api.calls[0]!.body).toEqual({ latitude: -33.8915, longitude: 151.2767 });
    // The lists' code loads while the location request runs.
    await screen.findByRole('list', { name: 'Patrolled' });
    expect(listNames('Patrolled')).toEqual(['Bondi Beach', 'Tamarama Beach']);
    expect(listNames('Closest')).toEqual(['Mackenzies Bay']);
    // The postcode of the place found goes out as X-location on later calls.
    expect(getCurrentPostcode()).toBe('2026');
  });

  it.each([
    ['denied', { code: 1 } as const],
    ['unavailable', { code: 2 } as const],
  ])('falls back to the server lookup with no body when the position is %s', async (_, outcome) => {
    stubGeolocation(outcome);
    const api = mockApi({
      'POST /api/v4/location/': [200, locationResponse({ resolved_by: 'default' })],
    });
    renderHome();
    const note = await screen.findByTestId('location-note');
    expect(note.textContent).toContain('Bondi Beach, New South Wales, our default location');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toBeUndefined();
    expect(api.calls[0]!.headers.get('Content-Type')).toBeNull();
    expect(note.textContent?.includes('Allow location access')).toBe(outcome.code === 1);
  });

  it('falls back without browser support too, and says when the address gave the place', async () => {
    const api = mockApi({ 'POST /api/v4/location/': [200, locationResponse({ resolved_by: 'ip' })] });
    renderHome();
    expect((await screen.findByTestId('location-note')).textContent).toContain(
      'an approximate location from your internet connection',
    );
    expect(api.calls[0]!.body).toBeUndefined();
  });

  // Issue 30: "the place you looked at last" after a beach was the last looked at.
  it('shows the place page opened last, by its url, and says so without claiming it was the last', async () => {
    setOpenedPlace('/vic/surf-coast/bells-beach');
    setCurrentPostcode('3228');
    stubGeolocation({ code: 1 });
    const bells = place({
      title: 'Bells Beach',
      state: 'VIC',
      postcode: '3228',
      url: '/vic/surf-coast/bells-beach',
    });
    const api = mockApi({
      'POST /api/v4/location/': [200, locationResponse({ place: bells, resolved_by: 'url' })],
    });
    renderHome();
    const note = (await screen.findByTestId('location-note')).textContent;
    expect(note).toContain('Showing beaches near Bells Beach, Victoria, a place you opened earlier.');
    expect(note).not.toContain('looked at last');
    expect(api.calls[0]!.body).toEqual({ url: '/vic/surf-coast/bells-beach' });
  });

  it('a device position replaces the place opened before', async () => {
    setOpenedPlace('/vic/surf-coast/bells-beach');
    stubGeolocation({ latitude: -33.8915, longitude: 151.2767 });
    const api = mockApi({ 'POST /api/v4/location/': [200, locationResponse()] });
    renderHome();
    await screen.findByTestId('location-note');
    expect(api.calls[0]!.body).toEqual({ latitude: -33.8915, longitude: 151.2767 });
    expect(getOpenedPlace()).toBeNull();
    expect(getKnownPosition()).toEqual({ latitude: -33.891, longitude: 151.277, fromDevice: true });
  });

  it('shows the server error and clears the location on failure', async () => {
    setCurrentPostcode('2026');
    stubGeolocation({ latitude: -33.89, longitude: 151.27 });
    mockApi({ 'POST /api/v4/location/': [500, { message: 'Database unavailable' }] });
    renderHome();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error fetching location details, server responded: Database unavailable',
    );
    expect(screen.queryByRole('list', { name: 'Closest' })).toBeNull();
    expect(screen.queryByTestId('location-note')).toBeNull();
    expect(getCurrentPostcode()).toBeNull();
  });

  it('reloads when the tab becomes visible after 600 s, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T00:00:00Z'));
    stubGeolocation({ latitude: -33.89, longitude: 151.27 });
    const api = mockApi({ 'POST /api/v4/location/': [200, locationResponse()] });
    renderHome();
    await screen.findByTestId('location-note');
    const visible = () => fireEvent(document, new Event('visibilitychange', { bubbles: true }));

    vi.setSystemTime(new Date('2026-11-21T00:09:59Z'));
    visible();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toHaveLength(1);

    vi.setSystemTime(new Date('2026-11-21T00:10:01Z'));
    visible();
    await waitFor(() => expect(api.calls).toHaveLength(2));
    // The second call already carries the place found by the first.
    expect(api.calls[1]!.headers.get('X-location')).toBe('2026');
  });
});

describe('Home content', () => {
  it('shows announcements, the closest places and the campaign banner', async () => {
    mockApi({
      'POST /api/v4/location/': [
        200,
        locationResponse({
          announcements: [
            {
              id: 1,
              title: 'Beach closed for maintenance',
              description: 'North end closed until Friday.',
              button_label: 'Details',
              button_url: '/surf-safety/flags-and-signs',
            },
            { id: 2, title: 'No button', description: 'Plain text.', button_label: null, button_url: null },
          ],
        }),
      ],
    });
    renderHome();
    const announcements = await screen.findByRole('region', { name: 'Announcements' });
    expect(within(announcements).getByRole('heading', { name: 'Beach closed for maintenance' })).toBeTruthy();
    expect(within(announcements).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/surf-safety/flags-and-signs',
    );
    expect(within(announcements).getAllByRole('link')).toHaveLength(1);

    const places = screen.getByRole('navigation', { name: 'Places near Bondi Beach' });
    expect(
      within(places)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/nsw/waverley/bronte', '/nsw/randwick/clovelly']);
    expect(screen.getByRole('link', { name: 'Learn More about rip currents' }).getAttribute('href')).toBe(
      '/surf-safety/ripcurrents',
    );
    expect(screen.queryByRole('heading', { name: 'Algal bloom warning' })).toBeNull();
  });

  it('shows the algal bloom warning instead of the campaign when the place asks for it', async () => {
    mockApi({
      'POST /api/v4/location/': [
        200,
        locationResponse({
          show_algal_bloom_warning: true,
          place: { ...locationResponse().place!, state: 'SA' },
        }),
      ],
    });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Algal bloom warning' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Learn More about rip currents' })).toBeNull();
  });

  it('filters both lists, shows at most 6, and says when nothing matches', async () => {
    const closest = Array.from({ length: 8 }, (_, i) =>
      listBeach({
        id: 100 + i,
        title: `Beach ${i + 1}`,
        url: `/nsw/a/b/beach-${i + 1}`,
        has_toilet: i % 2 === 0 ? 1 : 0,
        has_dogs_allowed_on_leash: i === 2 ? 1 : null,
      }),
    );
    mockApi({ 'POST /api/v4/location/': [200, locationResponse({ closestBeaches: closest })] });
    renderHome();
    await screen.findByTestId('location-note');
    expect(listNames('Closest')).toEqual(['Beach 1', 'Beach 2', 'Beach 3', 'Beach 4', 'Beach 5', 'Beach 6']);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Has toilet' }));
    expect(listNames('Closest')).toEqual(['Beach 1', 'Beach 3', 'Beach 5', 'Beach 7']);
    const filters = region('Beaches near Bondi Beach');
    expect(within(filters).getByText('There are no beaches matching your results!')).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Dogs allowed' }));
    expect(listNames('Closest')).toEqual(['Beach 3']);
    // No beach has parking recorded: that filter is not offered (it could only empty the lists).
    expect(screen.queryByRole('checkbox', { name: 'Has parking' })).toBeNull();
  });

  it('offers no facility filters when no listed beach has any facility recorded', async () => {
    mockApi({ 'POST /api/v4/location/': [200, locationResponse()] });
    renderHome();
    await screen.findByTestId('location-note');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText('Show only beaches that')).toBeNull();
  });

  it('lists a beach with its city, distance in km and its status; a sample roster reads as a demo', async () => {
    stubGeolocation({ latitude: -33.89, longitude: 151.27 });
    mockApi({
      'POST /api/v4/location/': [
        200,
        locationResponse({
          patrolledBeaches: [
            listBeach({
              distance: 1234.5,
              is_patrolled_today: { flag: 1, start: '09:00', end: '17:00', is_sample: true },
            }),
          ],
          closestBeaches: [
            listBeach({ id: 9, title: 'Quiet Cove', url: '/nsw/x/y/quiet-cove', distance: 87 }),
          ],
        }),
      ],
    });
    renderHome();
    const item = (await screen.findByRole('link', { name: 'Bondi Beach' })).closest('li')!;
    expect(item.textContent).toContain('Bondi Beach · 1.23 km');
    expect(within(item).getByTestId('beach-status-summary').textContent).toContain(
      'Demo patrol times (not real)',
    );
    expect(item.textContent).not.toMatch(/Patrolled today|On duty/);
    expect(screen.getByRole('link', { name: 'Bondi Beach' }).getAttribute('href')).toBe(
      '/beach/nsw/waverley/bondi-beach/bondi-beach',
    );
    const quiet = screen.getByRole('link', { name: 'Quiet Cove' }).closest('li')!;
    expect(quiet.textContent).toContain('0.09 km');
    expect(within(quiet).getByTestId('beach-status-summary').textContent).toBe(
      'Patrol: Patrol times not knownHazard rating: Hazard not rated',
    );
  });
});

// Issue 30: distances from the server's default (or address guess) are from nowhere the person gave.
describe('Home distances', () => {
  const withDistances = (resolved_by: 'default' | 'ip' | 'url') =>
    locationResponse({
      resolved_by,
      patrolledBeaches: [listBeach({ distance: 1234.5 })],
      closestBeaches: [listBeach({ id: 9, title: 'Quiet Cove', url: '/nsw/x/y/quiet-cove', distance: 87 })],
    });

  it.each(['default', 'ip'] as const)(
    'are left out when the place is the server %s, which is not remembered either',
    async (resolvedBy) => {
      stubGeolocation({ code: 1 });
      mockApi({ 'POST /api/v4/location/': [200, withDistances(resolvedBy)] });
      renderHome();
      const item = (await screen.findByRole('link', { name: 'Bondi Beach' })).closest('li')!;
      expect(item.textContent).not.toContain('km');
      expect(screen.getByRole('link', { name: 'Quiet Cove' }).closest('li')!.textContent).not.toContain('km');
      // Neither its postcode (X-location) nor its position (search distances) is kept.
      expect(getCurrentPostcode()).toBeNull();
      expect(getKnownPosition()).toBeNull();
    },
  );

  it('are shown from a place the person opened', async () => {
    setOpenedPlace('/nsw/waverley/bondi-beach');
    stubGeolocation({ code: 1 });
    mockApi({ 'POST /api/v4/location/': [200, withDistances('url')] });
    renderHome();
    const item = (await screen.findByRole('link', { name: 'Bondi Beach' })).closest('li')!;
    expect(item.textContent).toContain('Bondi Beach · 1.23 km');
  });
});

describe('Home map section', () => {
  it('is inline on large screens (loaded when it comes into view)', async () => {
    mockApi({ 'POST /api/v4/location/': [200, locationResponse()] });
    renderHome();
    const section = await screen.findByRole('region', { name: 'Explore using the Map' });
    // jsdom has no IntersectionObserver: the map waits for a click instead of loading Leaflet.
    expect(within(section).getByRole('button', { name: 'Show the map' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Map' })).toBeNull();
  });

  it('is a Map button under 1000 px, and a note when offline', async () => {
    mobile = true;
    mockApi({ 'POST /api/v4/location/': [200, locationResponse()] });
    const { unmount } = renderHome();
    const section = await screen.findByRole('region', { name: 'Explore using the Map' });
    expect(within(section).getByRole('button', { name: 'Map' })).toBeTruthy();
    unmount();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderHome();
    const offline = await screen.findByRole('region', { name: 'Explore using the Map' });
    expect(offline.textContent).toContain('The map needs an internet connection.');
    expect(within(offline).queryByRole('button')).toBeNull();
    vi.restoreAllMocks();
  });
});
