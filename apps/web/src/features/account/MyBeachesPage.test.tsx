import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { readFollowedCopy } from '../../data/followed-copy.ts';
import { beach, detail, summary } from '../../test/fixtures.ts';
import { noRipOutlookFixture, ripOutlookFixture, weatherFixture } from '../conditions/test-fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { MyBeachesPage } from './MyBeachesPage.tsx';

beforeEach(() => setSession({ token: TOKEN, user: user() }));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('MyBeachesPage', () => {
  it('shows each followed beach as a block linking to its page', async () => {
    mockApi({
      'GET /api/v4/my-beaches': [
        200,
        {
          beaches: [
            summary({ distance: null }),
            summary({
              id: 3,
              title: 'Bronte Beach',
              url: '/nsw/waverley/bronte/bronte-beach',
              distance: null,
            }),
          ],
        },
      ],
    });
    renderScreen(<MyBeachesPage />, { path: '/my-beaches' });
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Tamarama Beach', '/beach/nsw/waverley/tamarama/tamarama-beach'],
      ['Bronte Beach', '/beach/nsw/waverley/bronte/bronte-beach'],
    ]);
  });

  it('explains what the page is for when nothing is followed', async () => {
    mockApi({ 'GET /api/v4/my-beaches': [200, { beaches: [] }] });
    renderScreen(<MyBeachesPage />, { path: '/my-beaches' });
    expect(await screen.findByText('You can view your favourite beaches here.')).toBeTruthy();
    expect(screen.getByText('Search for a beach, and then click follow on the beach page.')).toBeTruthy();
  });
});

describe('MyBeachesPage dashboard (issue 16)', () => {
  const BONDI = summary({
    id: 1,
    title: 'Bondi Beach',
    url: '/nsw/waverley/bondi-beach/bondi-beach',
    city: 'Bondi Beach',
    distance: null,
    hazard: 6,
    patrol: 1,
  });
  const card = (title: string) => screen.getByRole('listitem', { name: title });

  it('each followed beach shows patrol today, warnings, hazard, and wind, swell, UV and tide with their ages', async () => {
    mockApi({
      'GET /api/v4/my-beaches': [200, { beaches: [BONDI] }],
      'GET /api/v4/beach/1': [
        200,
        detail({
          beach: beach({
            id: 1,
            hazard: 6,
            patrol: 1,
            is_patrolled_today: { flag: 0, start: null, end: null, is_sample: false },
          }),
        }),
      ],
      'GET /api/v4/beach/1/weather': [200, weatherFixture()],
    });
    renderScreen(<MyBeachesPage />, { path: '/my-beaches' });
    await screen.findByRole('list', { name: 'Followed beaches' });
    await waitFor(() => expect(within(card('Bondi Beach')).getByText(/1 warning/)).toBeTruthy());
    const bondi = within(card('Bondi Beach'));
    expect(bondi.getByRole('link', { name: 'Bondi Beach' }).getAttribute('href')).toBe(
      '/beach/nsw/waverley/bondi-beach/bondi-beach',
    );
    const status = bondi.getByTestId('beach-status-summary').textContent ?? '';
    expect(status).toMatch(/Not patrolled today/);
    expect(status).toMatch(/Hazard 6\/10/);
    const value = (key: string) =>
      card('Bondi Beach').querySelector(`[data-condition="${key}"]`)!.textContent;
    expect(value('wind')).toMatch(/SSW 18\.12 km\/h.*Open-Meteo forecast · 12 min ago/);
    expect(value('swell')).toMatch(/1\.25 m.*Open-Meteo marine · 3 h ago.*could not be updated/);
    expect(value('uv')).toMatch(/7 High.*Open-Meteo forecast · 12 min ago/);
    expect(value('tide')).toMatch(/Rising.*1\.1 m.*neaps tide predictions/);
  });

  it('unknown is said as unknown: no weather answer, no beach record', async () => {
    mockApi({
      'GET /api/v4/my-beaches': [200, { beaches: [BONDI] }],
      'GET /api/v4/beach/1/weather': [503, { message: 'Unavailable' }],
    });
    renderScreen(<MyBeachesPage />, { path: '/my-beaches' });
    await screen.findByRole('list', { name: 'Followed beaches' });
    // The weather is tried twice (one retry a second later) before it counts as unavailable.
    await waitFor(
      () => expect(within(card('Bondi Beach')).getByText(/Warnings not available/)).toBeTruthy(),
      {
        timeout: 5000,
      },
    );
    const bondi = card('Bondi Beach');
    expect(bondi.textContent).toMatch(/Patrol times not known/);
    expect(bondi.textContent).not.toMatch(/No warnings/);
    // Issue 29: an outlook that could not be had is not known, never "low" or "none".
    expect(bondi.querySelector('[data-status="rip"]')!.textContent).toBe('Rip outlook not known');
    for (const key of ['wind', 'swell', 'uv', 'tide']) {
      expect(bondi.querySelector(`[data-condition="${key}"]`)!.textContent).toMatch(
        /Not known.*Not available/,
      );
    }
  });

  it('shows today’s rip outlook level as a model’s, and says when a beach has none (issue 29)', async () => {
    // Sunday 22 November 2026, 10:00 in Sydney: the fixtures' today.
    vi.setSystemTime(new Date('2026-11-21T23:00:00Z'));
    const TAMARAMA = summary({ distance: null });
    mockApi({
      'GET /api/v4/my-beaches': [200, { beaches: [BONDI, TAMARAMA] }],
      'GET /api/v5/beach/1/rip-outlook': [200, ripOutlookFixture()],
      'GET /api/v5/beach/2/rip-outlook': [200, noRipOutlookFixture()],
    });
    renderScreen(<MyBeachesPage />, { path: '/my-beaches' });
    await screen.findByRole('list', { name: 'Followed beaches' });
    const rip = (title: string) => card(title).querySelector('[data-status="rip"]');
    await waitFor(() => expect(rip('Bondi Beach')).not.toBeNull());
    expect(rip('Bondi Beach')!.textContent).toBe('Rip outlook: High (model outlook, not an observation)');
    expect(rip('Bondi Beach')!.className).toContain('status-part--model');
    await waitFor(() => expect(rip('Tamarama Beach')?.textContent).toBe('No rip outlook for this beach'));
  });

  it('offline, the list saved on this device is shown, and what needs a connection says so', async () => {
    mockApi({
      'GET /api/v4/my-beaches': [200, { beaches: [BONDI] }],
      'GET /api/v4/beach/1/weather': [200, weatherFixture()],
    });
    renderScreen(<MyBeachesPage />, { path: '/my-beaches' });
    await screen.findByRole('list', { name: 'Followed beaches' });
    cleanup();

    const api = mockApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderScreen(<MyBeachesPage />, { path: '/my-beaches' });
    expect(screen.getByRole('note').textContent).toMatch(
      /You are offline\. This is your list as it was just now/,
    );
    const bondi = card('Bondi Beach');
    expect(bondi.textContent).toMatch(/Patrol times not known/);
    expect(bondi.textContent).toMatch(/Warnings not available/);
    expect(bondi.querySelector('[data-condition="wind"]')!.textContent).toMatch(
      /Not known.*Not available offline/,
    );
    expect(api.called('GET', '/api/v4/my-beaches')).toBe(false);
  });

  it('the saved list belongs to its user, and signing out forgets it', async () => {
    mockApi({ 'GET /api/v4/my-beaches': [200, { beaches: [BONDI] }] });
    renderScreen(<MyBeachesPage />, { path: '/my-beaches' });
    await screen.findByRole('list', { name: 'Followed beaches' });
    expect(readFollowedCopy(user().id)?.beaches.map((b) => b.title)).toEqual(['Bondi Beach']);
    expect(readFollowedCopy(user().id + 1)).toBeNull();
    await import('../../app/query-client.ts');
    clearSession();
    await waitFor(() => expect(readFollowedCopy(user().id)).toBeNull());
  });
});
