import { describe, expect, it } from 'vitest';
import { formatPlaceTime, localDate, matchAppRoute, pageTitle, timezoneFor } from '../src/index.ts';

describe('matchAppRoute', () => {
  it.each([
    ['/', 'Home'],
    ['/login', 'Login'],
    ['/login/oauth', 'OAuthLogin'],
    ['/reset/abc', 'ResetPassword'],
    ['/surf-safety', 'SurfSafety'],
    ['/surf-safety/ripcurrents', 'SurfSafety'],
    ['/beach/nsw/waverley/bondi-beach/bondi-beach', 'Beach'],
    ['/beach/1380', 'Offline-Beach'],
    ['/postcode/2026', 'Offline-Location'],
    ['/nsw', 'Search'],
    ['/vic/port-phillip/st-kilda', 'Search'],
    ['/jervis-bay-territory', 'Search'],
    ['/no-such-page', '404'],
    ['/beach/a/b', '404'],
    ['/nsw/a/b/c', '404'],
  ])('%s -> %s', (path, name) => {
    expect(matchAppRoute(path).name).toBe(name);
  });
  it('titles pages "{title} | SafeShore"', () => {
    expect(pageTitle('Login')).toBe('Login | SafeShore');
    expect(pageTitle('')).toBe('SafeShore');
  });
});

describe('time zones', () => {
  it('follows the state, with Lord Howe and Broken Hill exceptions', () => {
    expect(timezoneFor('NSW', { latitude: -33.89, longitude: 151.27 })).toBe('Australia/Sydney');
    expect(timezoneFor('NSW', { latitude: -31.55, longitude: 159.08 })).toBe('Australia/Lord_Howe');
    expect(timezoneFor('NSW', { latitude: -29.0364, longitude: 167.9596 })).toBe('Pacific/Norfolk');
    expect(timezoneFor('NSW', { latitude: -31.95, longitude: 141.45 })).toBe('Australia/Broken_Hill');
    expect(timezoneFor('QLD', { latitude: -28, longitude: 153.4 })).toBe('Australia/Brisbane');
    expect(timezoneFor('XX', { latitude: 0, longitude: 0 })).toBe('Australia/Perth');
  });
  it('formats today as h:mm am/pm and other days with the date, in the beach zone', () => {
    const now = new Date('2026-11-21T01:00:00Z'); // 12:00 pm in Sydney (AEDT)
    expect(formatPlaceTime(new Date('2026-11-21T02:05:00Z'), now, 'Australia/Sydney')).toBe('1:05 pm');
    expect(formatPlaceTime(new Date('2026-11-19T20:30:00Z'), now, 'Australia/Sydney')).toBe(
      '20 Nov, 7:30 am',
    );
    expect(localDate(new Date('2026-11-20T15:30:00Z'), 'Australia/Sydney')).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-20T15:30:00Z'), 'Australia/Perth')).toBe('2026-11-20');
    expect(formatPlaceTime(new Date('2026-11-21T02:05:00Z'), now, 'Australia/Lord_Howe')).toBe('1:05 pm');
  });
});
