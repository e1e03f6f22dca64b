import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../data/session.ts';
import { TOKEN, deferred, mockApi, user } from '../../test/api-mock.ts';
import { summary } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { FollowButton } from './FollowButton.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const BEACH_ID = 2;
const show = () => renderScreen(<FollowButton beachId={BEACH_ID} />, { path: '/beach' });

describe('FollowButton', () => {
  it('sends a guest to Login without a call, carrying the way back and the beach to follow', () => {
    const api = mockApi({});
    renderScreen(<FollowButton beachId={BEACH_ID} />, {
      path: '/beach/:state/:area/:location/:beach',
      url: '/beach/nsw/waverley/bondi-beach/bondi-beach',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Favourite' }));
    const where = screen.getByTestId('where');
    expect(where.textContent).toBe('/login');
    const search = new URLSearchParams(where.dataset.search);
    expect(search.get('next')).toBe('/beach/nsw/waverley/bondi-beach/bondi-beach');
    expect(search.get('follow')).toBe(String(BEACH_ID));
    expect(api.calls).toEqual([]);
  });

  it('follows, disabled while the request runs, then offers Unfavourite', async () => {
    setSession({ token: TOKEN, user: user() });
    let followed = false;
    const reply = deferred<[number, unknown]>();
    const api = mockApi({
      'GET /api/v4/my-beaches': () => [200, { beaches: followed ? [summary({ id: BEACH_ID })] : [] }],
      'POST /api/v4/beach/2/follow': async () => {
        const answer = await reply.promise;
        followed = true;
        return answer;
      },
    });
    show();
    const button = await screen.findByRole('button', { name: 'Favourite' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    reply.resolve([200, { beach: summary({ id: BEACH_ID }) }]);
    const unfollow = await screen.findByRole('button', { name: 'Unfavourite' });
    expect((unfollow as HTMLButtonElement).disabled).toBe(false);
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v4/beach/2/follow',
    ]);
  });

  it('a followed beach offers Unfavourite, which unfollows', async () => {
    setSession({ token: TOKEN, user: user() });
    let followed = true;
    const api = mockApi({
      'GET /api/v4/my-beaches': () => [200, { beaches: followed ? [summary({ id: BEACH_ID })] : [] }],
      'POST /api/v4/beach/2/unfollow': () => {
        followed = false;
        return [200, { message: 'Beach removed from My Beaches.' }];
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Unfavourite' }));
    await screen.findByRole('button', { name: 'Favourite' });
    expect(api.called('POST', '/api/v4/beach/2/unfollow')).toBe(true);
  });

  it('a failure only ends the in-flight state', async () => {
    setSession({ token: TOKEN, user: user() });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /api/v4/my-beaches': [200, { beaches: [] }],
      'POST /api/v4/beach/2/follow': [500, { message: 'Boom' }],
    });
    show();
    const button = (await screen.findByRole('button', { name: 'Favourite' })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(button.textContent).toContain('Favourite');
    warn.mockRestore();
  });
});
