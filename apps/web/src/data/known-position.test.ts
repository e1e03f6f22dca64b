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
    expect(getKnownPosition()).toEqual({ latitude: -33.891, longitude: 151.275 });
    const api = mockApi({ 'GET /api/v4/autocomplete': [200, EMPTY] });
    await onlineSource.autocomplete('bondi beach');
    expect(api.calls[0]!.path).toBe('/api/v4/autocomplete?q=bondi+beach&lat=-33.891&lng=151.275');
    expect(autocompleteQuery('Bondi', 'online').queryKey).toEqual([
      'autocomplete',
      'online',
      'bondi',
      { latitude: -33.891, longitude: 151.275 },
    ]);
    expect(autocompleteQuery('Bondi', 'offline').queryKey).toEqual(['autocomplete', 'offline', 'bondi']);
  });

  it('a position that is no position is not kept', () => {
    setKnownPosition(-123, 151);
    expect(getKnownPosition()).toBeNull();
    setKnownPosition(Number.POSITIVE_INFINITY, 0);
    expect(getKnownPosition()).toBeNull();
  });
});
