import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { beach } from '../../test/fixtures.ts';
import { BeachStatus, flagIconName, patrolledTodayText } from './BeachStatus.tsx';

afterEach(cleanup);

describe('flag icon name (patrol + covid_status)', () => {
  it.each([
    [1, 'green', 'patrolled-green'],
    [3, 'amber', 'patrolled-amber'],
    [1, 'red', 'patrolled-red'],
    [0, 'green', 'unpatrolled-green'],
    [0, 'amber', 'unpatrolled-amber'],
    [0, 'red', 'unpatrolled-red'],
  ] as const)('patrol %s and %s give %s', (patrol, covid_status, name) => {
    expect(flagIconName({ patrol, covid_status })).toBe(name);
  });

  it('has no flag when the patrol or the status is unknown', () => {
    expect(flagIconName({ patrol: null, covid_status: 'green' })).toBeNull();
    expect(flagIconName({ patrol: 1, covid_status: null })).toBeNull();
  });
});

describe('BeachStatus', () => {
  const badge = () => screen.getByTestId('patrol-badge');

  it('draws the status flag named by the rule, with the status and patrol text', () => {
    const { container } = render(
      <BeachStatus beach={beach({ patrol: 1, covid_status: 'amber', status: 'Open' })} />,
    );
    expect(container.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('patrolled-amber');
    expect(screen.getByRole('img', { name: 'Patrolled beach flag, status amber' })).toBeTruthy();
    expect(badge().textContent).toContain('Patrolled by a surf life saving club in season');
    expect(screen.getByText('Open').closest('.badge')?.textContent).toBe('Beach status: Open');
  });

  it('an unknown patrol says so and draws no patrolled or unpatrolled flag', () => {
    const { container } = render(
      <BeachStatus beach={beach({ patrol: null, covid_status: 'green', status: null })} />,
    );
    expect(badge().textContent).toContain('Patrol information not available');
    expect(container.querySelector('[data-icon]')).toBeNull();
    expect(screen.queryByText(/Patrolled today/)).toBeNull();
    expect(screen.queryByText(/Beach status/)).toBeNull();
  });

  it('shows today’s patrol hours at the beach, labelled when sample', () => {
    render(
      <BeachStatus
        beach={beach({ is_patrolled_today: { flag: 1, start: '09:00', end: '17:00', is_sample: true } })}
      />,
    );
    const today = screen.getByTestId('patrolled-today');
    expect(today.textContent).toBe('Patrolled today 9:00 am – 5:00 pmSample data');
    expect(screen.getByText('Sample data')).toBeTruthy();
  });

  it('a real schedule carries no sample label', () => {
    render(
      <BeachStatus
        beach={beach({ is_patrolled_today: { flag: 1, start: '06:30', end: '18:45', is_sample: false } })}
      />,
    );
    expect(screen.getByTestId('patrolled-today').textContent).toBe('Patrolled today 6:30 am – 6:45 pm');
    expect(screen.queryByText('Sample data')).toBeNull();
  });
});

describe('patrolledTodayText', () => {
  it('formats instants in the beach time zone', () => {
    const today = {
      flag: 1 as const,
      start: '2026-11-21T22:00:00Z',
      end: '2026-11-22T06:00:00Z',
      is_sample: false,
    };
    expect(patrolledTodayText(today, 'Australia/Sydney')).toBe('Patrolled today 9:00 am – 5:00 pm');
    expect(patrolledTodayText(today, 'Australia/Perth')).toBe('Patrolled today 6:00 am – 2:00 pm');
  });

  it('says "Not patrolled today" for flag 0 and nothing when unknown', () => {
    expect(
      patrolledTodayText({ flag: 0, start: null, end: null, is_sample: false }, 'Australia/Sydney'),
    ).toBe('Not patrolled today');
    expect(patrolledTodayText(null, 'Australia/Sydney')).toBeNull();
  });
});
