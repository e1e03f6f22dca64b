import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock.ts';
import { listBeach, locationResponse } from '../features/location/location-fixtures.ts';
import { fetchAutocomplete } from './api.ts';
import { getCurrentPostcode, setCurrentPostcode } from './current-postcode.ts';
import { fetchLocation, fetchMapBeaches } from './location.ts';

beforeEach(() => setCurrentPostcode(null));
afterEach(() => vi.unstubAllGlobals());

describe('location calls', () => {
  it('send the X-location header with the current postcode on every call', async () => {
    const api = mockApi({
      'GET /api/v4/autocomplete': [200, { beaches: [], locations: [], clubs: [], articles: [] }],
    });
    await fetchAutocomplete('bondi');
    setCurrentPostcode('2026');
    await fetchAutocomplete('bondi');
    expect(api.calls.map((c) => c.headers.get('X-location'))).toEqual([null, '2026']);
    expect(getCurrentPostcode()).toBe('2026');
    expect(window.sessionStorage.getItem('safeshore.postcode')).toBe('2026');
  });

  it('tell a found place from an unknown one, whether the error comes as 200 or 404', async () => {
    mockApi({
      'POST /api/v4/location/': (body) => {
        const url = (body as { url?: string } | undefined)?.url;
        if (url === '/nsw/x/found') return [200, locationResponse()];
        if (url === '/nsw/x/gone')
          return [200, { ...locationResponse({ place: null }), error: 'Location not found.', state: 'nsw' }];
        return [404, { error: 'Location not found.' }];
      },
    });
    const found = await fetchLocation({ url: '/nsw/x/found' });
    expect(found.found && found.data.place?.title).toBe('Bondi Beach');
    expect(await fetchLocation({ url: '/nsw/x/gone' })).toEqual({
      found: false,
      message: 'Location not found.',
      state: 'nsw',
    });
    expect(await fetchLocation({ url: '/nsw/x/other' })).toEqual({
      found: false,
      message: 'Location not found.',
      state: null,
    });
  });

  it('reject an answer that breaks the contract', async () => {
    mockApi({ 'POST /api/v4/location/': [200, { place: 'Bondi' }] });
    await expect(fetchLocation(null)).rejects.toThrow('does not understand');
  });

  it('ask the map for a box as neCoords and swCoords "lat,lng"', async () => {
    const api = mockApi({
      'GET /api/v4/map/beaches': [200, { data: { beaches: [listBeach()], place: null, truncated: false } }],
    });
    const found = await fetchMapBeaches({ north: -33.8, east: 151.3123456789, south: -33.95, west: 151.2 });
    expect(found.beaches.map((b) => b.title)).toEqual(['Bondi Beach']);
    const query = new URLSearchParams(api.calls[0]!.path.split('?')[1]);
    expect(query.get('neCoords')).toBe('-33.8,151.312346');
    expect(query.get('swCoords')).toBe('-33.95,151.2');
  });
});
