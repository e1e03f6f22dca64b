import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WeatherResponse } from '@safeshore/domain';
import { deferred, mockApi } from '../../test/api-mock.ts';
import { beach } from '../../test/fixtures.ts';
import { BeachConditions } from './BeachConditions.tsx';
import { BeachWeatherSummary } from './BeachWeatherSummary.tsx';
import { weatherFixture } from './test-fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(reply: [number, unknown], withConditions = false) {
  const api = mockApi({ 'GET /api/v4/beach/1/weather': reply });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } });
  render(
    <QueryClientProvider client={client}>
      <BeachWeatherSummary beach={beach()} />
      {withConditions && <BeachConditions beach={beach()} />}
    </QueryClientProvider>,
  );
  return api;
}

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [row.querySelector('th')!.textContent!.trim(), row.querySelector('td')!.textContent]);

describe('BeachWeatherSummary', () => {
  it('shows the current values as a widget (desktop) and a table (mobile) with their sources', async () => {
    show([200, weatherFixture()]);
    const summary = await screen.findByTestId('weather-summary');
    const expected = [
      ['Weather', '24.46°C Sunny'],
      ['Wind', 'SSW 18.12 km/h'],
      ['Water', '21.5°C'],
      ['Swell', '1.25 m'],
      ['Tide', 'Rising 1.1 m'],
      ['UV', '7 High'],
    ];
    expect(rows(within(summary).getByTestId('weather-table'))).toEqual(expected);
    const widget = within(summary).getByTestId('weather-widget');
    expect([...widget.querySelectorAll('dt')].map((dt) => dt.textContent!.trim())).toEqual(
      expected.map((e) => e[0]),
    );
    expect(widget.querySelector('.weather-icon')?.getAttribute('data-icon')).toBe('sunny');
    expect(widget.querySelector('.uv-pill--orange')?.textContent).toBe('7 High');
    const sources = within(summary)
      .getAllByTestId('source-line')
      .map((p) => p.textContent);
    expect(sources).toEqual([
      expect.stringMatching(/^Open-Meteo forecast · updated 12 min ago$/),
      expect.stringMatching(/^Open-Meteo marine · updated 3 h agoOut of date$/),
      expect.stringMatching(/^neaps tide predictions · updated just now$/),
    ]);
    // Figures from a stale source are marked too.
    expect(widget.querySelectorAll('.wx-summary__item--stale')).toHaveLength(2);
  });

  it('points the tide arrow down at low tide and up otherwise', async () => {
    const base = weatherFixture();
    show([200, weatherFixture({ current: { ...base.current, currentTide: { state: 'low', height: 0.3 } } })]);
    const table = await screen.findByTestId('weather-table');
    const tide = within(table).getByText('Low 0.3 m').closest('tr')!;
    expect(tide.querySelector('svg g')!.getAttribute('transform')).toBe('rotate(180 12 12)');
  });

  it('leaves out values that are not known rather than showing 0', async () => {
    const base = weatherFixture();
    const current: WeatherResponse['current'] = {
      weather: { ...base.current.weather!, water_temperatures: null, swell: null, forecast_icon_code: 7 },
      currentTide: null,
      currentUV: null,
    };
    show([200, weatherFixture({ current })]);
    const table = await screen.findByTestId('weather-table');
    expect(rows(table).map((r) => r[0])).toEqual(['Weather', 'Wind']);
    expect(table.querySelector('.weather-icon')).toBeNull();
  });

  it('holds its place while the weather loads, so the page does not jump', async () => {
    const pending = deferred<[number, unknown]>();
    mockApi({ 'GET /api/v4/beach/1/weather': () => pending.promise });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <BeachWeatherSummary beach={beach()} />
      </QueryClientProvider>,
    );
    expect(container.querySelector('.wx-summary--pending')?.getAttribute('aria-hidden')).toBe('true');
    pending.resolve([200, weatherFixture()]);
    expect(await screen.findByTestId('weather-summary')).toBeTruthy();
    expect(container.querySelector('.wx-summary--pending')).toBeNull();
  });

  it('shows nothing in the header when the weather fails; the Conditions card says so', async () => {
    show([500, { message: 'boom' }], true);
    expect(
      await screen.findByText('Conditions are not available right now.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('weather-summary')).toBeNull();
  });
});
