import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock.ts';

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
  vi.doUnmock('../features/content/LegacyAppsPage.tsx');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A screen whose code cannot be downloaded (offline, not cached): the lazy import fails. */
async function visitBrokenScreen() {
  vi.doMock('../features/content/LegacyAppsPage.tsx', () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  mockApi({});
  const { routes } = await import('./router.tsx');
  const router = createMemoryRouter(routes, { initialEntries: ['/legacy-apps'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a screen that fails keeps the layout (issue 16)', () => {
  it('online: the header, footer and menu stay; the error shows in the main area', async () => {
    await visitBrokenScreen();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    const main = screen.getByRole('main');
    expect(main.contains(heading)).toBe(true);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('offline: says the page is not saved on this device and links to Offline Settings', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await visitBrokenScreen();
    await screen.findByRole('heading', { level: 1, name: 'Not available offline' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Offline Settings' }).getAttribute('href')).toBe(
      '/offline-settings',
    );
    expect(screen.getByText('You are offline! Go online to get the latest updates.')).toBeTruthy();
  });
});
