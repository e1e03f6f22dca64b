import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock.ts';
import { getKnownPosition, setKnownPosition } from './current-postcode.ts';
import { autocompleteQuery } from './queries.ts';
import { onlineSource } from './source.ts';

const EMPTY = { beaches: [], locations: [], clubs: [], articles: [] };

afterEach(() => {
  window.sessionStorage.clear();
  setKnownPosition(Number.NaN, Number.NaN);
  vi.unstubAllGlobals();
});

describe('autocomplete sends lat and lng when the position is known (spec section 7)', () => {
  it('without a known position only q is sent', async () => {
    const api = mockApi({ 'GET /api/v4/autocomplete': [200, EMPTY] });
    await onlineSource.autocomplete('bondi');
    expect(api.calls[0]!.path).toBe('/api/v4/autocomplete?q=bondi');
  });

  it('with one, lat and lng go too, rounded to about 100 m, and the cache key follows it', async () => {
    setKnownPosition(-33.891234, 151.274567);
    expect(getKnownPosition()).toEqual({ latitude: -33.891, longitude: 151.275, fromDevice: false });
    const api = mockApi({ 'GET /api/v4/autocomplete': [200, EMPTY] });
    await onlineSource.autocomplete('bondi beach');
    expect(api.calls[0]!.path).toBe('/api/v4/autocomplete?q=bondi+beach&lat=-33.891&lng=151.275');
    expect(autocompleteQuery('Bondi', 'online').queryKey).toEqual([
      'autocomplete',
      'online',
      'bondi',
      { latitude: -33.891, longitude: 151.275, fromDevice: false },
    ]);
    expect(autocompleteQuery('Bondi', 'offline').queryKey).toEqual(['autocomplete', 'offline', 'bondi']);
  });

  // Issue 30: "Kingscliff · 663 km" measured from a place the person never gave.
  it('shows distances only from the device: from a place they ranked, not measured', async () => {
    const bondi = {
      id: 1,
      title: 'Bondi Beach',
      city: 'Bondi Beach',
      state: 'NSW',
      distance: 656,
      url: '/b',
      postcode: '2026',
    };
    const answer = { ...EMPTY, beaches: [bondi], locations: [{ ...bondi, id: 2, distance: 231 }] };
    mockApi({ 'GET /api/v4/autocomplete': [200, answer] });
    setKnownPosition(-33.89, 151.27);
    const fromPlace = await onlineSource.autocomplete('bondi');
    expect([...fromPlace.beaches, ...fromPlace.locations].map((r) => r.distance)).toEqual([null, null]);
    setKnownPosition(-33.89, 151.27, true);
    const fromDevice = await onlineSource.autocomplete('bondi');
    expect([...fromDevice.beaches, ...fromDevice.locations].map((r) => r.distance)).toEqual([656, 231]);
  });

  it('a position that is no position is not kept', () => {
    setKnownPosition(-123, 151);
    expect(getKnownPosition()).toBeNull();
    setKnownPosition(Number.POSITIVE_INFINITY, 0);
    expect(getKnownPosition()).toBeNull();
  });
});
