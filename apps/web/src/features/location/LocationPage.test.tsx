import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentPostcode, setCurrentPostcode } from '../../data/current-postcode.ts';
import { mockApi } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { listBeach, locationResponse, place } from './location-fixtures.ts';
import { LocationPage } from './LocationPage.tsx';

beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  setCurrentPostcode(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const visit = (url: string) =>
  renderScreen(<LocationPage />, {
    path: /^\/postcode\/[^/]+$/.test(url) ? '/postcode/:postcode' : '/:state/:area?/:location?',
    url,
  });
const where = () => screen.getByTestId('where').textContent;

const NOT_FOUND = { ...locationResponse({ place: null, resolved_by: 'url' }), error: 'Location not found.' };

describe('place page', () => {
  it('looks the place up by its path and shows it', async () => {
    const api = mockApi({
      'POST /api/v4/location/': [
        200,
        locationResponse({
          resolved_by: 'url',
          closestBeaches: [
            listBeach({ id: 5, title: 'Bronte Beach', url: '/nsw/waverley/bronte/bronte-beach' }),
          ],
        }),
      ],
    });
    visit('/nsw/waverley/bondi-beach');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Bondi Beach');
    expect(api.calls[0]!.body).toEqual({ url: '/nsw/waverley/bondi-beach' });
    expect(document.title).toBe('Bondi Beach | SafeShore');
    expect(screen.getByText('Waverley · New South Wales · Postcode 2026')).toBeTruthy();
    const beaches = screen.getByRole('region', { name: 'Beaches near Bondi Beach' });
    expect(within(beaches).getByRole('link', { name: 'Bronte Beach' })).toBeTruthy();
    expect(within(beaches).getByRole('link', { name: 'Tamarama Beach' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Nearby places' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Explore using the Map' })).toBeTruthy();
    // Later calls say which place the user is looking at.
    expect(getCurrentPostcode()).toBe('2026');
  });

  it('looks a postcode page up by its path', async () => {
    const api = mockApi({
      'POST /api/v4/location/': [
        200,
        locationResponse({ place: place({ title: 'Tamarama', postcode: '2026' }) }),
      ],
    });
    visit('/postcode/2026');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Tamarama');
    expect(api.calls[0]!.body).toEqual({ url: '/postcode/2026' });
  });

  it.each([
    ['/nsw', '/nsw/sydney/sydney'],
    ['/NSW/sydney', '/nsw/sydney/sydney'],
    ['/vic', '/vic/melbourne/melbourne'],
    ['/external-territory', '/external-territory/norfolk-island/norfolk-island'],
    ['/jervis-bay-territory/hmas-creswell', '/jervis-bay-territory/hmas-creswell/hmas-creswell'],
    ['/australian-antarctic-territory', '/australian-antarctic-territory/casey/casey'],
  ])('redirects %s to %s without looking it up', async (from, to) => {
    const api = mockApi({ 'POST /api/v4/location/': [200, locationResponse({ resolved_by: 'url' })] });
    visit(from);
    await waitFor(() => expect(where()).toBe(to));
    await screen.findByRole('heading', { level: 1 });
    expect(api.calls.map((c) => c.body)).toEqual([{ url: to }]);
  });

  it("sends an unknown place with a known state to that state's page", async () => {
    const api = mockApi({
      'POST /api/v4/location/': (body) =>
        (body as { url: string }).url === '/qld/nowhere/no-such-place'
          ? [200, { ...NOT_FOUND, state: 'qld' }]
          : [200, locationResponse({ place: place({ title: 'Brisbane City', state: 'QLD' }) })],
    });
    visit('/qld/nowhere/no-such-place');
    await waitFor(() => expect(where()).toBe('/qld/brisbane/brisbane'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Brisbane City');
    expect(api.calls.map((c) => c.body)).toEqual([
      { url: '/qld/nowhere/no-such-place' },
      { url: '/qld/brisbane/brisbane' },
    ]);
  });

  it('says an unknown place without a state was not found and offers the search', async () => {
    mockApi({ 'POST /api/v4/location/': [200, { ...NOT_FOUND, state: null }] });
    visit('/postcode/0001');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Place not found');
    expect(screen.getByRole('combobox', { name: /Search for a beach/ })).toBeTruthy();
    expect(where()).toBe('/postcode/0001');
  });

  it('does not loop when the state page itself is unknown', async () => {
    mockApi({ 'POST /api/v4/location/': [200, { ...NOT_FOUND, state: 'nsw' }] });
    visit('/nsw/sydney/sydney');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Place not found');
  });

  it('treats a 404 answer carrying the error the same way', async () => {
    mockApi({ 'POST /api/v4/location/': [404, { error: 'Location not found.', state: null }] });
    visit('/wa/nowhere/nothing');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Place not found');
  });

  it('shows the location error text when the lookup fails', async () => {
    mockApi({ 'POST /api/v4/location/': [503, { message: 'Service unavailable' }] });
    visit('/nsw/waverley/bondi-beach');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error fetching location details, server responded: Service unavailable',
    );
  });

  it.each(['/narnia/lamp-post', '/postcode/2026/extra'])('is a 404 for %s', async (url) => {
    const api = mockApi({});
    visit(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('404 - Page not found');
    expect(document.title).toBe('404 | SafeShore');
    expect(api.calls.filter((c) => c.path.startsWith('/api/v4/location'))).toEqual([]);
  });

  it('shows the algal bloom warning for a place that carries it', async () => {
    mockApi({
      'POST /api/v4/location/': [
        200,
        locationResponse({ show_algal_bloom_warning: true, place: place({ title: 'Glenelg', state: 'SA' }) }),
      ],
    });
    visit('/sa/holdfast-bay/glenelg');
    expect(await screen.findByRole('heading', { name: 'Algal bloom warning' })).toBeTruthy();
  });
});
