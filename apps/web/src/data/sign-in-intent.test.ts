import { afterEach, describe, expect, it } from 'vitest';
import {
  intentFromSearch,
  intentSearch,
  safeBeachId,
  safeReturnPath,
  storeIntent,
  takeStoredIntent,
} from './sign-in-intent.ts';

afterEach(() => window.sessionStorage.clear());

describe('the way back after signing in (no open redirect)', () => {
  it.each([
    ['/beach/nsw/waverley/bondi-beach/bondi-beach', '/beach/nsw/waverley/bondi-beach/bondi-beach'],
    ['/beach/1380', '/beach/1380'],
    ['/nsw/waverley/bondi?tab=map', '/nsw/waverley/bondi?tab=map'],
    ['/beach/a/b/c/d#patrols', '/beach/a/b/c/d'],
  ])('accepts the site path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'beach/1',
    '/beach/1\u0000',
    '/beach/1\nLocation: x',
    '/login',
    '/login?next=/beach/1',
    '/register',
    '/logout',
    '/reset/abc',
    `/${'a'.repeat(600)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('beach ids are positive whole numbers', () => {
    expect(safeBeachId('42')).toBe(42);
    expect(safeBeachId(7)).toBe(7);
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '', null, '99999999999'])
      expect(safeBeachId(bad)).toBeNull();
  });

  it('reads and writes the query string; an unsafe `next` drops the whole intent', () => {
    const intent = { next: '/beach/nsw/waverley/bondi-beach/bondi-beach', follow: 12 };
    expect(intentFromSearch(new URLSearchParams(intentSearch(intent)))).toEqual(intent);
    expect(intentSearch(null)).toBe('');
    expect(intentFromSearch(new URLSearchParams('next=//evil.example&follow=12'))).toBeNull();
    expect(intentFromSearch(new URLSearchParams('next=/beach/1&follow=drop-table'))).toEqual({
      next: '/beach/1',
      follow: null,
    });
  });

  it('survives the social sign-in round trip once, and stored values are checked again', () => {
    storeIntent({ next: '/beach/1', follow: 1 });
    expect(takeStoredIntent()).toEqual({ next: '/beach/1', follow: 1 });
    expect(takeStoredIntent()).toBeNull();
    window.sessionStorage.setItem(
      'safeshore.sign-in-intent',
      JSON.stringify({ next: 'https://evil.example' }),
    );
    expect(takeStoredIntent()).toBeNull();
    window.sessionStorage.setItem('safeshore.sign-in-intent', '{not json');
    expect(takeStoredIntent()).toBeNull();
  });
});
