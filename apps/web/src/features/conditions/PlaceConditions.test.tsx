import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Place } from '@safeshore/domain';
import { PlaceConditions } from './PlaceConditions.tsx';

afterEach(cleanup);

function place(overrides: Partial<Place> = {}): Place {
  return {
    id: 9,
    title: 'Bondi Beach',
    postcode: '2026',
    state: 'NSW',
    region3: 'Waverley',
    latitude: -33.89,
    longitude: 151.27,
    url: '/nsw/waverley/bondi-beach',
    timezone: 'Australia/Sydney',
    beaches_count: 3,
    current_observations: {
      air_temp: 22.345,
      wind_dir: 'NE',
      wind_spd_kmh: 24,
      observed_at: new Date(Date.now() - 25 * 60_000).toISOString(),
      source: 'Open-Meteo forecast',
    },
    current_point_place_forecasts: {
      precis: 'Shower or two.',
      forecast_icon_code: 11,
      air_temperature_minimum: 17,
      air_temperature_maximum: 24.5,
    },
    todays_marine_warnings: [],
    marine_warnings_source: {
      name: 'Bureau of Meteorology',
      attribution: '© Commonwealth of Australia, Bureau of Meteorology',
      url: 'https://www.bom.gov.au/marine/',
      fetched_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      age_seconds: 300,
      stale: false,
    },
    ...overrides,
  };
}

describe('PlaceConditions', () => {
  it('shows the observations with their source and age, and today’s forecast', () => {
    render(<PlaceConditions place={place()} />);
    const section = screen.getByRole('region', { name: 'Weather in Bondi Beach' });
    expect(within(section).getByText('Air temperature').nextSibling?.textContent).toBe('22.35°C');
    expect(within(section).getByText('Wind').nextSibling?.textContent).toBe('NE 24 km/h');
    expect(within(section).getAllByTestId('source-line')[0]!.textContent).toBe(
      'Open-Meteo forecast · observed 25 min ago',
    );
    expect(section.querySelector('.weather-icon')?.getAttribute('data-icon')).toBe('showers');
    expect(section.textContent).toContain('Shower or two.');
    expect(section.textContent).toContain('Min 17°C · Max 24.5°C');
  });

  it('lists marine warnings with a count badge, most severe first, with their source', () => {
    render(
      <PlaceConditions
        place={place({
          todays_marine_warnings: [
            { text: 'Strong wind warning.', issued_at: new Date().toISOString(), link: null },
            {
              text: 'Hazardous surf warning.',
              issued_at: new Date().toISOString(),
              link: null,
              title: 'Sydney Coast',
            },
          ],
        })}
      />,
    );
    const warnings = screen.getByTestId('marine-warnings');
    expect(within(warnings).getByTestId('warning-count').textContent).toBe('2 warnings');
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Hazardous surf warning.'),
      expect.stringContaining('Strong wind warning.'),
    ]);
    expect(within(warnings).getAllByTestId('source-line')[0]!.textContent).toContain(
      'Bureau of Meteorology · updated 5 min ago',
    );
  });

  it('says none only when the warnings feed answered, and "not available" without it', () => {
    render(<PlaceConditions place={place()} />);
    expect(screen.getByText('No marine warnings issued for this area today.')).toBeTruthy();
    cleanup();
    for (const missing of [{ marine_warnings_source: null }, { marine_warnings_source: undefined }]) {
      render(<PlaceConditions place={place(missing)} />);
      const warnings = screen.getByTestId('marine-warnings');
      expect(warnings.textContent).toContain('Marine warnings are not available right now.');
      expect(warnings.textContent).not.toMatch(/No marine warnings/);
      expect(within(warnings).queryByTestId('warning-count')).toBeNull();
      cleanup();
    }
  });

  it('says the weather is not available instead of inventing values', () => {
    render(
      <PlaceConditions place={place({ current_observations: null, current_point_place_forecasts: null })} />,
    );
    expect(screen.getByText('Weather for Bondi Beach is not available right now.')).toBeTruthy();
  });
});
