import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataSource } from '@safeshore/domain';
import { BeachStatusSummary } from './BeachStatusSummary.tsx';

afterEach(cleanup);

// Sunday 22 November 2026, 10:00 in Sydney.
const NOW = new Date('2026-11-21T23:00:00Z');
const bom: DataSource = {
  name: 'Bureau of Meteorology',
  attribution: '© Commonwealth of Australia',
  url: null,
  fetched_at: NOW.toISOString(),
  age_seconds: 0,
  stale: false,
};
const base = { patrol: 1, hazard: null, timezone: 'Australia/Sydney' };
const parts = () =>
  [...screen.getByTestId('beach-status-summary').querySelectorAll('.status-part')].map((p) => [
    p.getAttribute('data-status'),
    p.className.replace('status-part status-part--', ''),
    p.textContent,
  ]);

describe('BeachStatusSummary', () => {
  it('says patrol and hazard are not known, without warnings when none were given', () => {
    render(<BeachStatusSummary beach={base} now={NOW} />);
    expect(parts()).toEqual([
      ['patrol', 'unknown', 'Patrol: Patrol times not known'],
      ['hazard', 'unknown', 'Hazard rating: Hazard not rated'],
    ]);
  });

  it('shows patrol now, warnings and hazard with their tones', () => {
    render(
      <BeachStatusSummary
        beach={{
          ...base,
          hazard: 7,
          is_patrolled_today: { flag: 1, start: '09:00', end: '17:00', is_sample: false },
        }}
        now={NOW}
        warnings={{
          warnings: [{ title: 'Gale Warning', text: 'Gales.', issued_at: NOW.toISOString(), link: null }],
          source: bom,
        }}
      />,
    );
    expect(parts()).toEqual([
      ['patrol', 'ok', 'Patrol: On duty until 5:00 pm'],
      ['warnings', 'danger', 'Marine warnings: 1 warning'],
      ['hazard', 'danger', 'Hazard rating: Hazard 7/10'],
    ]);
  });

  it('never says "no warnings" without a source, and shows a sample roster as a demo', () => {
    render(
      <BeachStatusSummary
        beach={{ ...base, is_patrolled_today: { flag: 1, start: '09:00', end: '17:00', is_sample: true } }}
        now={NOW}
        warnings={null}
      />,
    );
    expect(parts()).toEqual([
      ['patrol', 'demo', 'Patrol: Demo patrol times (not real)'],
      ['warnings', 'unknown', 'Marine warnings: Warnings not available'],
      ['hazard', 'unknown', 'Hazard rating: Hazard not rated'],
    ]);
  });
});

describe('BeachStatusSummary: the live status (issue 17)', () => {
  it('puts Closed or Inclement first, in words, and leaves it out once expired', () => {
    const closed = {
      ...base,
      status: 'Closed',
      status_reason: 'shark_sighting',
      status_set_at: '2026-11-21T20:42:00Z',
      status_expires_at: '2026-11-22T08:00:00Z',
    } as const;
    render(<BeachStatusSummary beach={closed} now={NOW} />);
    expect(parts()[0]).toEqual(['live', 'danger', 'Beach status: Closed — shark sighting']);
    cleanup();
    render(<BeachStatusSummary beach={{ ...closed, status_expires_at: '2026-11-21T22:00:00Z' }} now={NOW} />);
    expect(parts().map(([key]) => key)).toEqual(['patrol', 'hazard']);
  });
});
