import { describe, expect, it } from 'vitest';
import { BEACH_RELOAD_EVENT, BEACH_UPDATE_EVENT, isUpdateForBeach } from '../src/app-events.ts';

describe('beach page events', () => {
  it('are named as the app shell dispatches them', () => {
    expect([BEACH_RELOAD_EVENT, BEACH_UPDATE_EVENT]).toEqual(['beachReload', 'beachUpdate']);
  });

  it('an update is for a beach when its id or beachId matches, as a number or a numeric string', () => {
    expect(isUpdateForBeach({ id: 95 }, 95)).toBe(true);
    expect(isUpdateForBeach({ beachId: '95' }, 95)).toBe(true);
    expect(isUpdateForBeach({ id: 96 }, 95)).toBe(false);
    expect(isUpdateForBeach({ id: 'x' }, 95)).toBe(false);
    expect(isUpdateForBeach({ id: null }, 0)).toBe(false);
    expect(isUpdateForBeach(null, 95)).toBe(false);
    expect(isUpdateForBeach(95, 95)).toBe(false);
  });
});
