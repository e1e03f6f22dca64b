import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { beach } from '../../test/fixtures.ts';
import { BeachStatus, flagIconName } from './BeachStatus.tsx';

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
    expect(badge().textContent).toContain('A surf life saving club patrols here in season');
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

  it('says nothing about today in the header, even with a (sample) roster: Right now does', () => {
    render(
      <BeachStatus
        beach={beach({ is_patrolled_today: { flag: 1, start: '09:00', end: '17:00', is_sample: true } })}
      />,
    );
    expect(screen.queryByText(/today/i)).toBeNull();
    expect(screen.queryByText(/Sample/)).toBeNull();
  });
});
