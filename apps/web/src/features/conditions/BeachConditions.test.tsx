import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { WeatherResponseSchema, type WeatherResponse } from '@safeshore/domain';
import { beachWeatherQuery } from '../../data/weather.ts';
import { mockApi } from '../../test/api-mock.ts';
import { beach } from '../../test/fixtures.ts';
import { BeachConditions } from './BeachConditions.tsx';
import { source, weatherFixture } from './test-fixtures.ts';

// The map itself (Leaflet) is exercised in the browser tests; here the viewer's frame logic is enough.
vi.mock('./radar/RadarMap.tsx', () => ({
  default: (props: { frame: number; sizeKey: number }) => (
    <div data-testid="radar-map" data-frame={props.frame} data-size={props.sizeKey} />
  ),
}));

// jsdom has no CSS.escape, which react-aria's collections use.
beforeEach(() => {
  if (typeof CSS === 'undefined')
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
});
afterEach(() => {
  cleanup();
  // The query library follows the window's offline event globally.
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const WEATHER_PATH = 'GET /api/v4/beach/1/weather';

function show(weather: WeatherResponse | [number, unknown] = weatherFixture()) {
  const api = mockApi({ [WEATHER_PATH]: Array.isArray(weather) ? weather : [200, weather] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BeachConditions beach={beach()} />
    </QueryClientProvider>,
  );
  return api;
}

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }, { timeout: 5000 }));
  return screen.getByRole('tabpanel');
}

const sourceLines = (root: HTMLElement) =>
  within(root)
    .getAllByTestId('source-line')
    .map((p) => p.textContent);

describe('BeachConditions', () => {
  it('uses a fixture that satisfies the contract', () => {
    expect(z.safeParse(WeatherResponseSchema, weatherFixture()).success).toBe(true);
  });

  it('loads the weather once and shows the six tabs, Weather first', async () => {
    const api = show();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Weather', 'Swell', 'Wind', 'Tide', 'UV', 'Radar']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(api.calls.filter((c) => c.path === '/api/v4/beach/1/weather')).toHaveLength(1);
  });

  it('Weather: daily forecast with icons (none for code 5), min/max in °C, a 6-hourly temperature chart and its source', async () => {
    show();
    const panel = await openTab('Weather');
    const days = within(within(panel).getByRole('list', { name: 'Daily forecast' })).getAllByRole('listitem');
    expect(days.map((d) => d.querySelector('.weather-icon')?.getAttribute('data-icon') ?? null)).toEqual([
      'sunny',
      null,
      'rain',
    ]);
    expect(days[0]!.textContent).toContain('Min 18.46°C · Max 27°C');
    expect(days[2]!.textContent).toContain('Max 22°C');
    expect(days[2]!.textContent).not.toContain('Min');
    const ticks = [...panel.querySelectorAll('[data-testid="chart-x-axis"] text')].map((t) => t.textContent);
    // 48 hourly readings from midnight: ticks at 12 am (the day), 6 am, 12 pm, 6 pm.
    expect(ticks.slice(0, 4)).toEqual(['Wed', '6 am', '12 pm', '6 pm']);
    expect(sourceLines(panel)).toEqual([expect.stringMatching(/^Open-Meteo forecast · updated 12 min ago/)]);
  });

  it('Swell: height in m with hourly ticks, water temperature, and a visible stale mark', async () => {
    show();
    const panel = await openTab('Swell');
    expect(within(panel).getByText('Water temperature').nextSibling?.textContent).toBe('21.5°C');
    expect(panel.textContent).toContain('1.2 m from SSE, period 9.25 s');
    const chart = within(panel).getByRole('img', { name: /^Swell height \(m\)/ });
    expect(chart.getAttribute('aria-label')).toContain('from 1.2 to 1.44 m');
    const line = within(panel).getByTestId('source-line');
    expect(line.textContent).toMatch(/^Open-Meteo marine · updated 3 h ago/);
    expect(within(line).getByText('Out of date')).toBeTruthy();
    expect(line.className).toContain('source-line--stale');
  });

  it('Wind: speed in km/h with arrows only where the direction changed by more than 15°', async () => {
    show();
    const panel = await openTab('Wind');
    expect(panel.textContent).toContain('SSW 18.12 km/h');
    const arrows = [...panel.querySelectorAll('.chart__marker title')].map((t) => t.textContent);
    expect(arrows).toEqual(['Wind from S, Wed 12 am', 'Wind from SSW, Wed 3 am', 'Wind from SSW, Wed 5 am']);
    // Arrows point downwind: from 180° the arrow points to 0° (north).
    expect(panel.querySelector('.chart__marker')!.getAttribute('transform')).toContain('rotate(0)');
    const ticks = panel.querySelectorAll('[data-testid="chart-x-axis"] text');
    expect(ticks.length).toBeGreaterThan(4);
    expect(sourceLines(panel)[0]).toMatch(/^Open-Meteo forecast/);
  });

  it('Tide: curve with high and low marked, the tide times, the station, and the current tide arrow', async () => {
    show();
    const panel = await openTab('Tide');
    const markers = [...panel.querySelectorAll('.chart__marker')];
    expect(markers.map((m) => m.querySelector('title')!.textContent)).toEqual([
      'Low tide 0.3 m, Wed 3:12 am',
      'High tide 1.62 m, Wed 9:25 am',
      'Low tide 0.41 m, Wed 3:40 pm',
      'High tide 1.5 m, Wed 9:50 pm',
    ]);
    expect(markers.map((m) => /rotate\((\d+)\)/.exec(m.getAttribute('transform')!)![1])).toEqual([
      '180',
      '0',
      '180',
      '0',
    ]);
    const rows = within(within(panel).getByRole('table', { name: 'Tide times' })).getAllByRole('row');
    expect(rows[1]!.textContent!.trim()).toBe('LowWed 3:12 am0.3 m');
    expect(panel.textContent).toContain('Sydney (Fort Denison), 7.40 km from the beach');
    expect(within(panel).getByTestId('tide-now').textContent).toContain('Rising, 1.1 m');
    // One text: no "Rising , 1.1 m" from a separately rendered word.
    expect(within(panel).getByText('Rising, 1.1 m')).toBeTruthy();
    // Rising: the arrow points up.
    expect(within(panel).getByTestId('tide-now').querySelector('svg')?.outerHTML).not.toContain('rotate(180');
    // A computed prediction is not "updated … ago".
    expect(sourceLines(panel)[0]).toMatch(/^neaps tide predictions · predicted, not measured/);
    expect(sourceLines(panel)[0]).not.toMatch(/updated/);
  });

  it('Tide: a falling tide points the arrow down beside "Falling" (issue 30)', async () => {
    const base = weatherFixture();
    show({ ...base, current: { ...base.current, currentTide: { state: 'falling', height: 0.9 } } });
    const now = within(await openTab('Tide')).getByTestId('tide-now');
    expect(now.textContent).toContain('Falling, 0.9 m');
    expect(now.querySelector('svg g')?.getAttribute('transform')).toBe('rotate(180 12 12)');
  });

  it("keeps the providers' credits out of the card: no link between the tabs and the marine warnings (issue 30)", async () => {
    show();
    for (const name of ['Weather', 'Swell', 'Wind', 'Tide', 'UV']) {
      const panel = await openTab(name);
      expect(sourceLines(panel)[0]).not.toContain('attribution');
      expect(within(panel).queryAllByRole('link')).toEqual([]);
    }
  });

  it('UV: coloured bands and "n/11+" labels', async () => {
    show();
    const panel = await openTab('UV');
    const days = within(within(panel).getByRole('list', { name: 'Daily maximum UV index' })).getAllByRole(
      'listitem',
    );
    expect(days.map((d) => d.querySelector('.uv')!.getAttribute('data-uv-colour'))).toEqual([
      'green',
      'orange',
      'violet',
    ]);
    expect(days.map((d) => d.querySelector('.uv__value')!.textContent)).toEqual([
      '2/11+',
      '7.36/11+',
      '13/11+',
    ]);
    const bars = days.map((d) => (d.querySelector('.uv__bar span') as HTMLElement).style.width);
    expect(bars[2]).toBe('100%');
    expect(panel.textContent).toContain('UV index now');
  });

  it('Radar: the viewer with the 128 km size selected', async () => {
    show();
    const panel = await openTab('Radar');
    expect((within(panel).getByLabelText('Range') as HTMLSelectElement).value).toBe('128');
    expect(await within(panel).findByTestId('radar-map', {}, { timeout: 5000 })).toBeTruthy();
    expect(sourceLines(panel)[0]).toMatch(/^RainViewer · updated 4 min ago/);
  });

  it('hides the Radar tab offline and keeps the other tabs', async () => {
    show();
    await openTab('Radar');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Weather',
      'Swell',
      'Wind',
      'Tide',
      'UV',
    ]);
    expect(screen.getByRole('tab', { name: 'Weather' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows marine warnings with a count badge', async () => {
    show();
    const warnings = await screen.findByTestId('marine-warnings');
    expect(within(warnings).getByTestId('warning-count').textContent).toBe('1 warning');
    expect(warnings.textContent).toContain('Gale warning for the Sydney coast.');
    expect(
      within(warnings)
        .getByRole('link', { name: /Full warning/ })
        .getAttribute('href'),
    ).toBe('https://www.bom.gov.au/marine/warning');
    expect(sourceLines(warnings)[0]).toMatch(/^Bureau of Meteorology · updated 30 min ago/);
  });

  it('never says "no warnings" when the warnings could not be fetched', async () => {
    const base = weatherFixture();
    show(weatherFixture({ todays_marine_warnings: [], sources: { ...base.sources, warnings: null } }));
    const warnings = await screen.findByTestId('marine-warnings');
    expect(warnings.textContent).toContain('Marine warnings are not available right now.');
    expect(within(warnings).queryByTestId('warning-count')).toBeNull();
  });

  it('says a group is not available when its provider had nothing', async () => {
    const base = weatherFixture();
    show(
      weatherFixture({
        swell: [],
        current: { ...base.current, weather: null },
        sources: { ...base.sources, marine: null },
      }),
    );
    // The Swell tab is left out and one line says so; the other tabs stay.
    expect((await screen.findByTestId('conditions-unavailable')).textContent).toBe(
      'Swell is not available right now.',
    );
    expect(screen.queryByRole('tab', { name: 'Swell' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Wind' })).toBeTruthy();
  });

  it('says once that nothing is available when every conditions provider failed, and still shows the warnings', async () => {
    const base = weatherFixture();
    show(
      weatherFixture({
        forecast: [],
        temperature: [],
        swell: [],
        windSpeed: [],
        windDirection: [],
        tides: [],
        tide_station: null,
        uv: [],
        radar: null,
        current: { weather: null, currentTide: null, currentUV: null },
        sources: { ...base.sources, forecast: null, marine: null, tides: null, radar: null },
      }),
    );
    const line = await screen.findByTestId('conditions-unavailable');
    expect(line.textContent).toBe('Weather, swell, wind, tide, UV and radar are not available right now.');
    expect(line.textContent?.match(/not available/g)).toHaveLength(1);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryAllByText(/is not available right now/)).toEqual([]);
    // Warnings come from their own source and are still shown with it.
    expect((await screen.findByTestId('marine-warnings')).textContent).toContain('Bureau of Meteorology');
  });

  it('keeps the tabs of the groups still available', async () => {
    const base = weatherFixture();
    show(weatherFixture({ sources: { ...base.sources, forecast: null, marine: null, radar: null } }));
    const tabs = await screen.findByRole('tablist', { name: 'Conditions' });
    // Tides are predicted on our server: the Tide tab stays, selected, and the rest is one line.
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Tide']);
    expect(screen.getByRole('tab', { name: 'Tide' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('conditions-unavailable').textContent).toBe(
      'Weather, swell, wind, UV and radar are not available right now.',
    );
  });

  it('shows a quiet message with a retry when the weather fails, and recovers', async () => {
    const api = show([503, { message: 'Upstream down' }]);
    // One quick retry for a server error, then the quiet message.
    expect(
      await screen.findByText('Conditions are not available right now.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/v4/beach/1/weather')).toHaveLength(2);
    expect(screen.queryByText(/Upstream down/)).toBeNull();
    api.fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify(weatherFixture()), { headers: { 'Content-Type': 'application/json' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Weather' })).toBeTruthy();
  });

  it('does not request the weather offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = show();
    expect(await screen.findByText(/Go online to see the weather/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the age since the data was fetched', async () => {
    const base = weatherFixture();
    show(weatherFixture({ sources: { ...base.sources, forecast: source('Open-Meteo forecast', 125) } }));
    const panel = await openTab('Weather');
    expect(sourceLines(panel)[0]).toMatch(/^Open-Meteo forecast · updated 2 h ago/);
  });
  it('hydrates as the server rendered it (loading) even when the weather has answered by then, then shows it', async () => {
    const api = mockApi({ [WEATHER_PATH]: [200, weatherFixture()] });
    const card = (client: QueryClient) => (
      <QueryClientProvider client={client}>
        <BeachConditions beach={beach()} />
      </QueryClientProvider>
    );
    const html = renderToString(card(new QueryClient()));
    expect(html).toContain('Loading conditions…');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    // The card is a deferred section: the weather is in the cache before it hydrates.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(beachWeatherQuery(1).queryKey, weatherFixture());
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    const root = await act(async () =>
      hydrateRoot(container, card(client), { onRecoverableError: (error) => recoverable.push(error) }),
    );
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(
      within(container)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Weather', 'Swell', 'Wind', 'Tide', 'UV', 'Radar']);
    expect(within(container).queryByText('Loading conditions…')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/v4/beach/1/weather')).toHaveLength(0);
    act(() => root.unmount());
    container.remove();
  });
});
