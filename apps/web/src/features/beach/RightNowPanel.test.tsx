import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PatrolsResponse, WeatherResponse } from '@safeshore/domain';
import { beach } from '../../test/fixtures.ts';
import { noRipOutlookFixture, ripOutlookFixture, weatherFixture } from '../conditions/test-fixtures.ts';
import { RightNowPanel, type RightNowPanelProps } from './RightNowPanel.tsx';

afterEach(cleanup);

// Sunday 22 November 2026, 10:00 in Sydney.
const NOW = new Date('2026-11-21T23:00:00Z');

function show(props: Partial<RightNowPanelProps> = {}) {
  return render(
    <MemoryRouter>
      <RightNowPanel beach={beach()} weather={null} weatherState="loading" now={NOW} {...props} />
    </MemoryRouter>,
  );
}
const panel = () => screen.getByRole('region', { name: 'Right now' });
const item = (id: string) => screen.getByTestId(`right-now-${id}`);

function withWarnings(titles: string[]): WeatherResponse {
  return weatherFixture({
    todays_marine_warnings: titles.map((title) => ({
      title,
      text: `${title} for the Sydney coast.`,
      issued_at: NOW.toISOString(),
      expires_at: null,
      link: null,
    })),
  });
}

describe('RightNowPanel', () => {
  it('is a landmark named "Right now" that says what it does not know', () => {
    show({
      beach: beach({ patrol: 1, hazard: null, is_patrolled_today: null }),
      weatherState: 'unavailable',
    });
    expect(panel()).toBeTruthy();
    expect(item('patrol').textContent).toContain('Patrol times not known for this beach');
    expect(item('patrol').textContent).toContain(
      'Swim at a patrolled beach, between the red and yellow flags. In an emergency call Triple Zero (000).',
    );
    expect(item('warnings').textContent).toContain('Marine warnings not available right now');
    expect(item('warnings').textContent).not.toMatch(/No marine warnings/);
    expect(item('hazard').textContent).toContain('Not rated');
    // No reserved space for conditions that will not come: one line says so.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('right-now-conditions').textContent).toBe(
      'Weather, wind, swell, water temperature, UV and tide are not available right now.',
    );
  });

  it('shows the patrol on duty now, from a real roster, with its source', () => {
    const patrols: PatrolsResponse = {
      patrols: {},
      schedule_dates: [],
      date: '2026-11-22',
      timezone: 'Australia/Sydney',
      is_sample: false,
      source: 'Bondi SLSC roster',
    };
    show({
      beach: beach({ is_patrolled_today: { flag: 1, start: '09:00', end: '17:00', is_sample: false } }),
      patrols,
    });
    expect(item('patrol').textContent).toContain('On duty until 5:00 pm');
    expect(item('patrol').textContent).toContain('Source: Bondi SLSC roster');
    expect(item('patrol').className).toContain('rn-item--ok');
  });

  it('shows a sample roster as a demo, never as on duty', () => {
    show({
      beach: beach({ is_patrolled_today: { flag: 1, start: '09:00', end: '17:00', is_sample: true } }),
    });
    expect(item('patrol').textContent).toContain('Demo patrol times');
    expect(item('patrol').textContent).not.toMatch(/on duty/i);
    expect(item('patrol').className).toContain('rn-item--demo');
  });

  it('counts the warnings and leads with the most severe, linking to the details', () => {
    show({ weather: withWarnings(['Strong Wind Warning', 'Gale Warning']), weatherState: 'loaded' });
    const warnings = item('warnings');
    expect(within(warnings).getByText('2 marine warnings: Gale Warning')).toBeTruthy();
    expect(within(warnings).getByText('Strong Wind Warning')).toBeTruthy();
    expect(within(warnings).getByRole('link', { name: 'Read the warnings' }).getAttribute('href')).toBe(
      '#marine-warnings',
    );
    expect(warnings.textContent).toContain('Source: Bureau of Meteorology ·');
  });

  it('says there are none only when the feed answered', () => {
    show({ weather: withWarnings([]), weatherState: 'loaded' });
    expect(item('warnings').textContent).toContain('No marine warnings in force for this beach');
  });

  it('lists each condition with its source and age; the tide is predicted', () => {
    show({ weather: weatherFixture(), weatherState: 'loaded' });
    const rows = within(panel()).getAllByRole('row');
    const row = (label: string) => rows.find((r) => r.querySelector('th')?.textContent?.includes(label))!;
    expect(row('Wind').textContent).toContain('SSW 18.12 km/h');
    expect(row('Wind').textContent).toContain('Open-Meteo forecast ·');
    expect(row('Swell').textContent).toContain('1.25 m');
    expect(row('Swell').textContent).toContain('Out of date');
    expect(row('UV').textContent).toContain('7 High');
    expect(row('Tide').textContent).toContain('Rising, 1.1 m');
    expect(row('Tide').textContent).toContain('Predicted (neaps tide predictions)');
    expect(row('Tide').textContent).not.toMatch(/ago/);
  });

  it.each([
    ['rising', 'Rising', 'rotate(0 12 12)'],
    ['falling', 'Falling', 'rotate(180 12 12)'],
  ] as const)('points the tide arrow the way the water moves: %s (issue 30)', (state, words, transform) => {
    const base = weatherFixture();
    show({
      weather: { ...base, current: { ...base.current, currentTide: { state, height: 0.9 } } },
      weatherState: 'loaded',
    });
    const tide = within(panel())
      .getAllByRole('row')
      .find((r) => r.querySelector('th')?.textContent?.includes('Tide'))!;
    expect(tide.textContent).toContain(`${words}, 0.9 m`);
    expect(tide.querySelector('svg g')?.getAttribute('transform')).toBe(transform);
  });

  it('shows a loading line only while the weather loads', () => {
    show({ weatherState: 'loading' });
    expect(within(panel()).getByRole('status').textContent).toContain('Loading the conditions');
    expect(item('warnings').textContent).toContain('Checking marine warnings');
  });

  it('renders the same for the same props (no clock or effects inside)', () => {
    const props = { weather: weatherFixture(), weatherState: 'loaded' as const };
    const first = show(props).container.innerHTML;
    cleanup();
    expect(show(props).container.innerHTML).toBe(first);
  });
});

describe('RightNowPanel: what the lifesavers set (issue 17)', () => {
  const closed = {
    status: 'Closed',
    status_reason: 'shark_sighting',
    status_message: 'Shark seen off the north end. Stay out of the water.',
    status_set_at: '2026-11-21T20:42:00Z',
    status_expires_at: '2026-11-22T08:00:00Z',
    status_set_by: 'lifesaver',
  } as const;

  it('shows a closure first, in words: status, reason, message, who set it and when (beach time)', () => {
    show({ beach: beach({ timezone: 'Australia/Sydney', ...closed }) });
    const status = item('beach-status');
    expect(within(status).getByRole('heading', { name: 'Beach status' })).toBeTruthy();
    expect(within(status).getByText('Closed — shark sighting')).toBeTruthy();
    expect(within(status).getByText('Shark seen off the north end. Stay out of the water.')).toBeTruthy();
    expect(within(status).getByText('Set by lifesavers at 7:42 am · Until 7:00 pm')).toBeTruthy();
    expect(status.className).toContain('rn-item--danger');
    // It comes before the patrol.
    const items = within(panel()).getAllByRole('listitem');
    expect(items[0]).toBe(status);
  });

  it('hides a status whose expiry has passed (old offline data), and shows none when there is none', () => {
    show({
      beach: beach({ timezone: 'Australia/Sydney', ...closed, status_expires_at: '2026-11-21T22:59:00Z' }),
    });
    expect(screen.queryByTestId('right-now-beach-status')).toBeNull();
    cleanup();
    show({ beach: beach({ timezone: 'Australia/Sydney', status: null }) });
    expect(screen.queryByTestId('right-now-beach-status')).toBeNull();
  });

  it('says a live patrol as "Patrolled now until … · set by lifesavers at …"', () => {
    show({
      beach: beach({
        timezone: 'Australia/Sydney',
        is_patrolled_today: { flag: 1, start: '07:42', end: '17:00', is_sample: false },
        patrol_set_at: '2026-11-21T20:42:00Z',
        patrol_set_by: 'lifesaver',
      }),
    });
    const patrol = item('patrol');
    expect(
      within(patrol).getByText('Patrolled now until 5:00 pm · set by lifesavers at 7:42 am'),
    ).toBeTruthy();
    expect(patrol.textContent).toContain('Source: the lifesavers on the beach (SafeShore console)');
  });
});

describe('RightNowPanel: the rip outlook (issue 29)', () => {
  const closed = {
    status: 'Closed',
    status_reason: 'shark_sighting',
    status_message: null,
    status_set_at: '2026-11-21T20:42:00Z',
    status_expires_at: '2026-11-22T08:00:00Z',
    status_set_by: 'lifesaver',
  } as const;
  const ids = () =>
    within(panel())
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('data-testid'));

  it('shows a high day in words below the lifesavers’ status and the patrol, labelled as a model outlook', () => {
    show({
      beach: beach({ timezone: 'Australia/Sydney', ...closed }),
      weather: withWarnings([]),
      weatherState: 'loaded',
      ripOutlook: ripOutlookFixture(),
    });
    const rip = item('rip');
    expect(within(rip).getByRole('heading', { name: 'Rip currents' })).toBeTruthy();
    expect(
      within(rip).getByText(
        'Rip currents likely this afternoon (model outlook): 1.6 m waves straight onshore, low tide 3:10 pm',
      ),
    ).toBeTruthy();
    expect(rip.className).toContain('rn-item--danger');
    expect(rip.textContent).toContain('Model outlook · computed 1 h ago');
    expect(within(rip).getByRole('link', { name: 'About the rip outlook' }).getAttribute('href')).toBe(
      '/surf-safety/rip-outlook',
    );
    // What the lifesavers set wins and comes first; the Bureau's warnings before a model's outlook.
    expect(ids()).toEqual([
      'right-now-beach-status',
      'right-now-patrol',
      'right-now-warnings',
      'right-now-rip',
      'right-now-hazard',
    ]);
  });

  it('says "possible" on a moderate day, in the caution tone', () => {
    show({ ripOutlook: ripOutlookFixture((k) => (k === 15 ? 30 : 10)) });
    expect(item('rip').textContent).toContain('Rip currents possible this afternoon (model outlook)');
    expect(item('rip').className).toContain('rn-item--caution');
  });

  it('raises no alarm for a low day', () => {
    show({ ripOutlook: ripOutlookFixture((k) => (k === 30 ? 80 : 20)) });
    expect(screen.queryByTestId('right-now-rip')).toBeNull();
    expect(panel().textContent).not.toMatch(/\brips?\b/i);
  });

  it('never shows an outlook when there is none for the beach, or none has arrived', () => {
    show({ ripOutlook: noRipOutlookFixture() });
    expect(screen.queryByTestId('right-now-rip')).toBeNull();
    expect(panel().textContent).not.toMatch(/\brips?\b/i);
    cleanup();
    show({ ripOutlook: null });
    expect(screen.queryByTestId('right-now-rip')).toBeNull();
  });

  it('marks an outlook older than 12 hours as out of date', () => {
    show({ ripOutlook: ripOutlookFixture(undefined, { computed_at: '2026-11-21T10:00:00.000Z' }) });
    expect(item('rip').textContent).toContain('computed 13 h ago');
    expect(within(item('rip')).getByText('Out of date')).toBeTruthy();
  });
});
