import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { summary } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { MyBeachesPage } from './MyBeachesPage.tsx';

beforeEach(() => setSession({ token: TOKEN, user: user() }));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
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
