import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

function Where() {
  const location = useLocation();
  const flash = (location.state as { flash?: string } | null)?.flash;
  return (
    <p data-testid="where" data-search={location.search}>
      {location.pathname}
      {flash && ` flash:${flash}`}
    </p>
  );
}

/**
 * Renders a screen at `path` (a route pattern) from `url`, with a fresh query cache, and a marker
 * showing the current path (and any flash message), so a test can see where the screen navigated.
 */
export function renderScreen(screen: ReactElement, { path, url = path }: { path: string; url?: string }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={screen} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** jsdom lacks the modal dialog API; emulate the open attribute and close event the browser gives. */
export function installDialogPolyfill(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
