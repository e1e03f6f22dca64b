import '../../test/indexeddb.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteOfflineDatabase } from '../../data/offline-db.ts';
import { keepRipOutlook } from '../../data/recent.ts';
import { AUTO_SAVED_STORAGE_KEY } from '../../data/source.ts';
import { mockApi } from '../../test/api-mock.ts';
import { beach } from '../../test/fixtures.ts';
import { RipOutlookSection } from './RipOutlookSection.tsx';
import { noRipOutlookFixture, ripOutlookFixture } from './test-fixtures.ts';

// Sunday 22 November 2026, 10:00 in Sydney.
const NOW = new Date('2026-11-21T23:00:00Z');
const RIP_PATH = 'GET /api/v5/beach/1/rip-outlook';

beforeEach(async () => {
  window.localStorage.clear();
  await deleteOfflineDatabase();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(now = NOW) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RipOutlookSection beach={beach()} now={now} hydrating={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Rip current outlook' });
}

describe('the rip outlook in the conditions card (issue 29)', () => {
  it('charts today and the next two days hourly against the level bands, with a table for screen readers', async () => {
    mockApi({ [RIP_PATH]: [200, ripOutlookFixture()] });
    const section = show();
    const chart = await within(section).findByRole('figure');
    expect(chart.querySelector('figcaption')!.textContent).toBe(
      'Rip current likelihood (%), hourly model outlook',
    );
    const image = within(chart).getByRole('img');
    expect(image.getAttribute('aria-label')).toBe(
      'Rip current likelihood (%), hourly model outlook, Sun 12 am to Tue 11 pm. Rip likelihood from 10 to 62 %.',
    );
    // The level bands at 25 % and 50 %, and the axis from 0 to 100 %.
    expect([...image.querySelectorAll('.chart__band text')].map((t) => t.textContent)).toEqual([
      'Low',
      'Moderate',
      'High',
    ]);
    expect([...image.querySelectorAll('.chart__grid text')].map((t) => t.textContent)).toEqual([
      '0',
      '25',
      '50',
      '75',
      '100',
    ]);
    // Each day's peak is marked on the line.
    expect([...image.querySelectorAll('.chart__marker title')].map((t) => t.textContent)).toEqual([
      'Today: High, peak 62 % at 3 pm',
      'Tomorrow: Moderate, peak 30 % at 6 am',
      'Tue 24 Nov: Low, peak 10 % at 12 am',
    ]);
    // The text alternative: every hour's likelihood in a table.
    const table = within(chart).getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(73);
    expect(rows[0]!.textContent).toBe('TimeRip likelihood %');
    expect(rows[16]!.textContent).toBe('Sun 3 pm62');
    expect(rows[31]!.textContent).toBe('Mon 6 am30');
    // And each day's level in words, beside the chart.
    const days = within(within(section).getByRole('list', { name: 'Rip outlook by day' })).getAllByRole(
      'listitem',
    );
    expect(days.map((d) => d.textContent)).toEqual([
      'TodayHighpeak 62 % at 3 pm',
      'TomorrowModeratepeak 30 % at 6 am',
      'Tue 24 NovLowpeak 10 % at 12 am',
    ]);
  });

  it('says under the chart what it is: a model outlook, its age and sources, its standing, lifesavers first', async () => {
    mockApi({ [RIP_PATH]: [200, ripOutlookFixture()] });
    const section = show();
    const label = await within(section).findByTestId('rip-outlook-label');
    expect(label.textContent).toContain('Model outlook · computed 1 h ago');
    expect(label.textContent).toContain('Not yet checked against observations at this beach.');
    expect(label.textContent).toContain(
      'A forecast from a model, not an observation: the flags and the lifesavers on the beach come first.',
    );
    expect(label.textContent).toContain('The beach faces ESE (110°), from the OpenStreetMap coastline.');
    const sources = within(label)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(sources).toEqual([
      'Open-Meteo marine (opens in a new tab): Wave forecast by Open-Meteo.com (CC BY 4.0), fetched 1 h ago',
      'SafeShore tide predictions: Water level from our tide predictions (neaps) at Sydney (Fort Denison) (60370), relative to mean sea level',
      'OpenStreetMap coastline (opens in a new tab): Shore direction derived from the coastline © OpenStreetMap contributors (ODbL)',
      expect.stringMatching(/^NOAA rip current model \(opens in a new tab\): Dusek & Seim \(2013\)/),
    ]);
    expect(
      within(label)
        .getByRole('link', { name: 'What the rip outlook is, and what it is not' })
        .getAttribute('href'),
    ).toBe('/surf-safety/rip-outlook');
  });

  it('says how sure the beach’s direction is, and who set it', async () => {
    const note = "The nearest coastline is 232 m from the beach's point; the coastline bends.";
    mockApi({
      [RIP_PATH]: [
        200,
        ripOutlookFixture(undefined, {
          shore_normal: { degrees: 162.1, source: 'osm-coastline', confidence: 'medium', note },
        }),
      ],
    });
    expect((await within(show()).findByTestId('rip-outlook-label')).textContent).toContain(
      `The beach faces SSE (162°), from the OpenStreetMap coastline (medium confidence: ${note.slice(0, -1)}).`,
    );
    cleanup();
    mockApi({
      [RIP_PATH]: [
        200,
        ripOutlookFixture(undefined, {
          shore_normal: {
            degrees: 90,
            source: 'import',
            confidence: null,
            note: 'Waverley Council survey 2025',
          },
        }),
      ],
    });
    expect((await within(show()).findByTestId('rip-outlook-label')).textContent).toContain(
      'The beach faces E (90°), as set by an operator (Waverley Council survey 2025).',
    );
  });

  it('says there is no outlook for the beach, with the reason, never "low"', async () => {
    mockApi({ [RIP_PATH]: [200, noRipOutlookFixture()] });
    const section = show();
    expect((await within(section).findByTestId('rip-outlook-none')).textContent).toBe(
      'No rip outlook for this beach: the direction it faces is not known.',
    );
    expect(section.textContent).toContain('not that rips are unlikely');
    expect(section.textContent).not.toMatch(/\blow\b/i);
    expect(within(section).queryByRole('figure')).toBeNull();
  });

  it('says when it could not be loaded, and tries again on request', async () => {
    const api = mockApi({ [RIP_PATH]: [503, { message: 'Down' }] });
    const section = show();
    // One quick retry for a server error, then the message.
    expect(
      await within(section).findByText('The rip outlook is not available right now.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(2);
    expect(section.textContent).not.toMatch(/\blow\b/i);
    api.fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify(ripOutlookFixture()), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Try again to load the rip outlook' }));
    expect(await within(section).findByRole('figure')).toBeTruthy();
  });
});

describe('the rip outlook offline (issue 29)', () => {
  function goOffline() {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.localStorage.setItem(AUTO_SAVED_STORAGE_KEY, '1');
  }

  it('shows the last one kept on this device with its age, from the beach’s today on', async () => {
    await keepRipOutlook('nsw-2026-bondi-beach', ripOutlookFixture());
    goOffline();
    const api = mockApi({});
    // Monday 10:00, a day after it was computed.
    const section = show(new Date('2026-11-22T23:00:00Z'));
    const label = await within(section).findByTestId('rip-outlook-label');
    expect(label.textContent).toContain('Model outlook · computed 1 d ago');
    expect(within(label).getByText('Out of date')).toBeTruthy();
    expect(label.textContent).toContain('kept on this device; go online for a newer one');
    const days = within(within(section).getByRole('list', { name: 'Rip outlook by day' })).getAllByRole(
      'listitem',
    );
    expect(days.map((d) => d.textContent)).toEqual([
      'TodayModeratepeak 30 % at 6 am',
      'TomorrowLowpeak 10 % at 12 am',
    ]);
    expect(api.calls).toHaveLength(0);
  });

  it('never makes one up when none was kept', async () => {
    goOffline();
    const section = show();
    expect(
      await within(section).findByText(
        'No rip outlook has been kept on this device for this beach. Go online to see it.',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('figure')).toBeNull();
  });

  it('asks to go online when this device keeps nothing to read', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = mockApi({});
    const section = show();
    expect(await within(section).findByText('Go online to see the rip outlook for this beach.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
