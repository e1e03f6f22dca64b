import { describe, expect, it, vi } from 'vitest';
import { beachPopup } from './BeachMap.tsx';
import type { ShownBeach } from './beach-facts.ts';

const bondi: ShownBeach = {
  id: 1,
  key: 'nsw-2026-bondi-beach',
  title: 'Bondi Beach',
  url: '/nsw/waverley/bondi-beach/bondi-beach',
  image: null,
  city: 'Bondi Beach',
  state: 'NSW',
  area: 'Waverley',
  postcode: '2026',
  latitude: -33.89,
  longitude: 151.27,
  length: 1000,
  hazard: 4,
  patrol: 1,
  distance: null,
  timezone: 'Australia/Sydney',
  is_patrolled_today: null,
} as unknown as ShownBeach;

const statusParts = (popup: HTMLElement) =>
  [...popup.querySelectorAll('.status-part')].map((part) => [part.className, part.textContent]);

describe('the map popup (issue 17)', () => {
  it('starts its status line with a closure, in words', () => {
    const popup = beachPopup(
      {
        ...bondi,
        status: 'Closed',
        status_reason: 'shark_sighting',
        status_set_at: new Date(Date.now() - 60_000).toISOString(),
        status_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
      vi.fn(),
    );
    expect(statusParts(popup)[0]).toEqual([
      'status-part status-part--danger',
      'Beach status: Closed — shark sighting',
    ]);
  });

  it('leaves out an expired status and a beach without one', () => {
    const expired = beachPopup(
      {
        ...bondi,
        status: 'Inclement',
        status_reason: 'lightning',
        status_expires_at: new Date(Date.now() - 1).toISOString(),
      },
      vi.fn(),
    );
    expect(statusParts(expired).map(([, text]) => text?.split(':')[0])).toEqual(['Patrol', 'Hazard rating']);
    expect(statusParts(beachPopup(bondi, vi.fn()))).toHaveLength(2);
  });
});

describe('the map popup: marine warnings (issue 16)', () => {
  const names = (popup: HTMLElement) => statusParts(popup).map(([, text]) => text?.split(':')[0]);

  it("shows the beach's warnings in force between patrol and hazard", () => {
    const popup = beachPopup(
      { ...bondi, marine_warnings: { count: 2, most_severe_title: 'Gale Warning for Sydney Coast' } },
      vi.fn(),
    );
    expect(names(popup)).toEqual(['Patrol', 'Marine warnings', 'Hazard rating']);
    expect(statusParts(popup)[1]).toEqual(['status-part status-part--danger', 'Marine warnings: 2 warnings']);
  });

  it('says "not available" when the feed was not read, and shows no part when the answer has none', () => {
    const unknown = beachPopup({ ...bondi, marine_warnings: null }, vi.fn());
    expect(statusParts(unknown)[1]).toEqual([
      'status-part status-part--unknown',
      'Marine warnings: Warnings not available',
    ]);
    expect(names(beachPopup(bondi, vi.fn()))).toEqual(['Patrol', 'Hazard rating']);
  });
});

describe('the map popup: the rip outlook (issue 29)', () => {
  // The tests' clock: Saturday 21 November 2026 in Sydney (test/clock.ts).
  const today = {
    level: 'moderate',
    likelihood: 31,
    part: 'morning',
    date: '2026-11-21',
    computed_at: '2026-11-20T22:00:00Z',
  } as const;

  it('ends the status line with today’s level, outlined as a model outlook and said to be one', () => {
    const parts = statusParts(beachPopup({ ...bondi, rip_outlook: today }, vi.fn()));
    expect(parts.at(-1)).toEqual([
      'status-part status-part--caution status-part--model status-part--rip-moderate',
      'Rip outlook: Moderate (model outlook, not an observation)',
    ]);
  });

  it('shows no level when the beach has no outlook or the answer carries none', () => {
    expect(statusParts(beachPopup({ ...bondi, rip_outlook: null }, vi.fn()))).toHaveLength(2);
    expect(statusParts(beachPopup(bondi, vi.fn()))).toHaveLength(2);
  });
});
