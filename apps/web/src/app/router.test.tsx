import '../test/indexeddb.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../data/session.ts';
import { TOKEN, mockApi, user } from '../test/api-mock.ts';
import { routes } from './router.tsx';

beforeAll(() => {
  // jsdom has no matchMedia; the layout asks for the desktop breakpoint.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function visit(url: string) {
  mockApi({
    'GET /api/v4/question': [200, { question: 'What is 1 plus 1?', question_id: 'q' }],
    'GET /api/v4/my-beaches': [200, { beaches: [] }],
    'GET /api/v4/user/devices': [200, { devices: [] }],
  });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const heading = () => screen.findByRole('heading', { level: 1 });

describe('guards', () => {
  it.each(['/profile', '/my-beaches', '/algal-bloom-metrics'])('a guest on %s goes to Login', async (url) => {
    const router = visit(url);
    expect((await heading()).textContent).toBe('Login');
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/login', '/register'])('a signed-in user on %s goes Home', async (url) => {
    setSession({ token: TOKEN, user: user() });
    const router = visit(url);
    expect((await heading()).textContent).toBe('Find a beach. Know before you go.');
    expect(router.state.location.pathname).toBe('/');
  });

  it('a signed-in user reaches Profile and My Beaches', async () => {
    setSession({ token: TOKEN, user: user() });
    visit('/profile');
    expect((await heading()).textContent).toBe('My Profile');
    cleanup();
    visit('/my-beaches');
    expect((await heading()).textContent).toBe('My Beaches');
  });
});

describe('user menu', () => {
  const account = () => within(screen.getByRole('navigation', { name: 'Account' }));

  it('guests see Login and Register', async () => {
    visit('/');
    await heading();
    expect(
      account()
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Login', 'Register']);
    expect(screen.queryByRole('link', { name: 'Algal Bloom' })).toBeNull();
  });

  it('signed-in users see My Beaches, My Profile and Logout', async () => {
    setSession({ token: TOKEN, user: user() });
    visit('/');
    await heading();
    expect(
      account()
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['My Beaches', '/my-beaches'],
      ['My Profile', '/profile'],
      ['Logout', '/logout'],
    ]);
    expect(screen.queryByRole('link', { name: 'Algal Bloom' })).toBeNull();
  });

  it('the Algal Bloom entry is only for users with the algal role', async () => {
    setSession({ token: TOKEN, user: user({ has_algal_role: true }) });
    visit('/');
    await heading();
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getByRole('link', { name: 'Algal Bloom' }).getAttribute('href')).toBe('/algal-bloom-metrics');
  });
});

describe('keyboard and page changes (issue 30)', () => {
  it("puts Home's search one Tab away: the first stop is a skip link to it", async () => {
    visit('/');
    await heading();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to beach search' });
    expect(document.activeElement).toBe(skip);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Search for a beach/ }));
  });

  it('offers the search skip link on Home only', async () => {
    visit('/login');
    expect((await heading()).textContent).toBe('Login');
    expect(screen.queryByRole('link', { name: 'Skip to beach search' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
  });

  it("moves focus to the new page's heading after a navigation, not on the first load", async () => {
    const router = visit('/');
    await heading();
    expect(document.activeElement).toBe(document.body);
    screen.getByRole('link', { name: 'Login' }).focus();
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
    expect(document.activeElement!.textContent).toBe('Login');
  });

  it('shows the public promotion cards on public pages, not under the console', async () => {
    visit('/');
    await heading();
    await screen.findByRole('region', { name: 'Learn and support' });
    cleanup();
    setSession({ token: TOKEN, user: user() });
    mockApi({
      'GET /api/v5/console/me': [403, { message: 'You do not have a lifesaver or operator role.' }],
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/console'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await heading();
    expect(screen.queryByRole('region', { name: 'Learn and support' })).toBeNull();
  });
});
