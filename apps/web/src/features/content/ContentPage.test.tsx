import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translateUrl } from '../../app/TranslateControl.tsx';
import { ContentPage } from './ContentPage.tsx';

const ARTICLE = {
  article: {
    slug: 'ripcurrents',
    title: 'Rip currents',
    summary: 'Rips.',
    body: '<p>See <a href="/surf-safety/flags-and-signs">flags</a> and <a href="https://www.bom.gov.au/" target="_blank" rel="noopener noreferrer">BoM</a>.</p>',
    media: [],
    sources: [{ title: 'Beachsafe', publisher: 'SLSA', url: 'https://beachsafe.org.au/' }],
    first_aid: ['ANZCOR Guideline 8'],
    reviewed_at: '2026-11-21',
  },
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    String(url).endsWith('/ripcurrents') ? json(ARTICLE) : json({ message: 'Page not found...' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(path: string, name = 'SurfSafety', routePath = '/surf-safety/:slug?') {
  const router = createMemoryRouter(
    [
      {
        path: routePath,
        handle: { name, title: name === 'Apps' ? 'App' : 'Surf Safety' },
        Component: ContentPage,
      },
      { path: '*', Component: () => <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('ContentPage', () => {
  it('shows the article, its review date, sources and the first-aid note', async () => {
    show('/surf-safety/ripcurrents');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Rip currents');
    expect(screen.getByText('Last reviewed 21 November 2026.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Beachsafe' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('complementary', { name: 'First aid guidance' }).textContent).toContain(
      'ANZCOR Guideline 8',
    );
    expect(document.title).toBe('Rip currents | SafeShore');
  });

  it('navigates in the app for surf-safety links', async () => {
    const router = show('/surf-safety/ripcurrents');
    fireEvent.click(await screen.findByRole('link', { name: 'flags' }));
    expect(router.state.location.pathname).toBe('/surf-safety/flags-and-signs');
  });

  it('leaves other links to open in a new tab', async () => {
    const router = show('/surf-safety/ripcurrents');
    const external = await screen.findByRole('link', { name: 'BoM' });
    expect(external.getAttribute('target')).toBe('_blank');
    fireEvent.click(external);
    expect(router.state.location.pathname).toBe('/surf-safety/ripcurrents');
  });

  it('defaults to the surf-safety slug', async () => {
    show('/surf-safety');
    await screen.findByText('Page not found...');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v4/surf-safety/surf-safety');
  });

  it('uses the lowercased route name for Apps, About and Privacy-Policy', async () => {
    show('/apps', 'Apps', '/apps');
    await screen.findByText('Page not found...');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v4/surf-safety/apps');
  });

  it('says Not Found / Page not found... for an unknown slug', async () => {
    show('/surf-safety/nothing');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Not Found');
    expect(screen.getByText('Page not found...')).toBeTruthy();
  });

  it('asks to go online for Apps and multilingual when offline, without calling the API', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show('/surf-safety/multilingual');
    expect(await screen.findByText('Please go online to see this content.')).toBeTruthy();
    cleanup();
    show('/apps', 'Apps', '/apps');
    expect(await screen.findByText('Please go online to see this content.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('offline, never says a core safety article not saved yet is "not one of them" (issue 30)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    try {
      show('/surf-safety/ripcurrents');
      const saying = await screen.findByText(/core safety articles are saved on this device automatically/);
      expect(saying.textContent).toContain(
        'This safety article is one of them, but it had not been saved yet',
      );
      expect(saying.textContent).not.toContain('This page is not one of them');
      cleanup();
      show('/surf-safety/glossary');
      expect((await screen.findByText(/This page is not one of them\./)).textContent).toBeTruthy();
    } finally {
      onlineManager.setOnline(true);
      vi.restoreAllMocks();
    }
  });
});

describe('translateUrl', () => {
  it('sends the page to the translation site only as a link', () => {
    expect(translateUrl('vi', 'https://safeshore.example/beach/x?a=1')).toBe(
      'https://translate.google.com/translate?sl=en&tl=vi&u=https%3A%2F%2Fsafeshore.example%2Fbeach%2Fx%3Fa%3D1',
    );
  });
});
