import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListBeach } from '@safeshore/domain';
import { BeachListItem } from './BeachListItem.tsx';

afterEach(cleanup);

// Sunday 22 November 2026, 10:00 in Sydney.
const NOW = new Date('2026-11-21T23:00:00Z');

const bondi = {
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
  distance: 200,
  timezone: 'Australia/Sydney',
  is_patrolled_today: null,
  is_sample: false,
} as unknown as ListBeach;

function row(beach: ListBeach) {
  render(
    <MemoryRouter>
      <ul>
        <BeachListItem beach={beach} now={NOW} />
      </ul>
    </MemoryRouter>,
  );
  return screen.getByTestId('beach-status-summary');
}

const warningsPart = (line: HTMLElement) => line.querySelector('[data-status="warnings"]');

describe('BeachListItem: marine warnings (issue 16)', () => {
  it("shows the row's warnings in force as a Marine warnings part", () => {
    const line = row({ ...bondi, marine_warnings: { count: 1, most_severe_title: 'Gale Warning' } });
    expect(warningsPart(line)?.textContent).toBe('Marine warnings: 1 warning');
    expect(warningsPart(line)?.className).toContain('status-part--danger');
  });

  it('says none only when the feed answered with none, and not available when it could not be read', () => {
    const none = row({ ...bondi, marine_warnings: { count: 0, most_severe_title: null } });
    expect(warningsPart(none)?.textContent).toBe('Marine warnings: No warnings');
    cleanup();
    const unknown = row({ ...bondi, marine_warnings: null });
    expect(warningsPart(unknown)?.textContent).toBe('Marine warnings: Warnings not available');
  });

  it('shows no warnings part for a row without them (the offline database)', () => {
    const line = row(bondi);
    expect(warningsPart(line)).toBeNull();
    expect(line.textContent).not.toMatch(/warning/i);
  });
});

describe('BeachListItem: the rip outlook (issue 29)', () => {
  const ripPart = (line: HTMLElement) => line.querySelector('[data-status="rip"]');
  const today = {
    level: 'high',
    likelihood: 62,
    part: 'afternoon',
    date: '2026-11-22',
    computed_at: '2026-11-21T22:00:00Z',
  } as const;

  it('shows today’s level compactly, outlined as a model outlook and said to be one', () => {
    const line = row({ ...bondi, rip_outlook: today });
    const part = ripPart(line)!;
    expect(part.textContent).toBe('Rip outlook: High (model outlook, not an observation)');
    expect(part.querySelector('.visually-hidden')?.textContent).toBe(' (model outlook, not an observation)');
    expect(part.className).toBe('status-part status-part--danger status-part--model status-part--rip-high');
    cleanup();
    expect(
      ripPart(row({ ...bondi, rip_outlook: { ...today, level: 'low', likelihood: 12 } }))?.textContent,
    ).toBe('Rip outlook: Low (model outlook, not an observation)');
  });

  it('shows nothing when the beach has no outlook or the answer carries none: unknown never reads as low', () => {
    expect(ripPart(row({ ...bondi, rip_outlook: null }))).toBeNull();
    expect(screen.getByRole('listitem').textContent).not.toMatch(/rip/i);
    cleanup();
    expect(ripPart(row(bondi))).toBeNull();
    cleanup();
    // Yesterday's level in an old answer is not today's.
    expect(ripPart(row({ ...bondi, rip_outlook: { ...today, date: '2026-11-21' } }))).toBeNull();
  });
});
