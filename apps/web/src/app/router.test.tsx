import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
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
