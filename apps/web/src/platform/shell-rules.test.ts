import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_RELOAD_MS,
  backButtonAction,
  pushBeach,
  pushBeachPath,
  pushConfirmText,
  reloadOnResume,
} from './shell-rules.ts';

describe('the Android back button (spec section 4)', () => {
  it('closes the menu first, then popups, then minimises on Home, else goes Home', () => {
    expect(backButtonAction({ menuOpen: true, popupOpen: true, onHome: true })).toBe('close-menu');
    expect(backButtonAction({ menuOpen: true, popupOpen: false, onHome: false })).toBe('close-menu');
    expect(backButtonAction({ menuOpen: false, popupOpen: true, onHome: true })).toBe('close-popup');
    expect(backButtonAction({ menuOpen: false, popupOpen: false, onHome: true })).toBe('minimise');
    expect(backButtonAction({ menuOpen: false, popupOpen: false, onHome: false })).toBe('go-home');
  });
});

describe('the background reload (spec section 9)', () => {
  it('reloads only after more than 43,200,000 ms since the last check', () => {
    expect(BACKGROUND_RELOAD_MS).toBe(43_200_000);
    const start = 1_700_000_000_000;
    expect(reloadOnResume(start, start + 43_200_000)).toBe(false);
    expect(reloadOnResume(start, start + 43_200_001)).toBe(true);
    expect(reloadOnResume(start, start + 60_000)).toBe(false);
  });
});

describe('push notifications about a beach', () => {
  const url = '/nsw/waverley/bondi-beach/bondi-beach';

  it('reads the beach id and url from the notification data', () => {
    expect(pushBeach({ beach_id: 12, beach_url: url })).toEqual({ id: 12, url });
    // FCM delivers data values as strings; a url may come without its leading slash.
    expect(pushBeach({ beach_id: '12', beach_url: url.slice(1) })).toEqual({ id: 12, url });
    expect(pushBeach({ beach_id: 12 })).toEqual({ id: 12, url: null });
    expect(pushBeach({ beach_url: url })).toEqual({ id: null, url });
  });

  it('ignores data that names no beach', () => {
    expect(pushBeach(null)).toBeNull();
    expect(pushBeach('12')).toBeNull();
    expect(pushBeach({})).toBeNull();
    expect(pushBeach({ beach_id: 'twelve', beach_url: '/nsw' })).toBeNull();
    expect(pushBeach({ beach_id: 0, beach_url: 'https://evil.example/a/b/c' })).toBeNull();
    expect(pushBeach({ beach_id: -3, beach_url: '/nsw/waverley/bondi-beach/bondi beach' })).toBeNull();
  });

  it('opens /beach plus the url online and the offline route by id offline', () => {
    const beach = { id: 12, url };
    expect(pushBeachPath(beach, false)).toBe(`/beach${url}`);
    expect(pushBeachPath(beach, true)).toBe('/beach/12');
    expect(pushBeachPath({ id: 12, url: null }, false)).toBe('/beach/12');
    expect(pushBeachPath({ id: null, url }, true)).toBe(`/beach${url}`);
  });

  it('asks "... Go to beach?" after the notification text', () => {
    expect(pushConfirmText({ title: 'Shark sighting', body: 'Bondi Beach is closed.' })).toBe(
      'Shark sighting\nBondi Beach is closed. ... Go to beach?',
    );
    expect(pushConfirmText({ title: null, body: 'Bondi Beach is closed.' })).toBe(
      'Bondi Beach is closed. ... Go to beach?',
    );
    expect(pushConfirmText({ title: ' ', body: null })).toBe('Go to beach?');
  });
});
