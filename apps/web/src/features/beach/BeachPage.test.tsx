import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEACH_RELOAD_EVENT, BEACH_UPDATE_EVENT } from '@safeshore/domain';
import { mockApi } from '../../test/api-mock.ts';
import { detail, patrolsResponse } from '../../test/fixtures.ts';
import { installDialogPolyfill, renderScreen } from '../../test/render.tsx';
import { BeachPage } from './BeachPage.tsx';

const BEACH = '/api/v4/beach/nsw/waverley/bondi-beach/bondi-beach';
const PATROLS = '/api/v4/beach/1/patrols';

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => {
  installDialogPolyfill();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  visibility = 'visible';
  api = mockApi({ [`GET ${BEACH}`]: [200, detail()], [`GET ${PATROLS}`]: [200, patrolsResponse()] });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const count = (path: string) => api.calls.filter((c) => c.path === path).length;

async function showLoaded() {
  renderScreen(<BeachPage />, {
    path: '/beach/:state/:area/:location/:beachSlug',
    url: '/beach/nsw/waverley/bondi-beach/bondi-beach',
  });
  await screen.findByRole('heading', { level: 1, name: 'Bondi Beach' });
  await waitFor(() => expect(count(PATROLS)).toBe(1));
  expect(count(BEACH)).toBe(1);
}

describe('BeachPage reload rules', () => {
  it('reloads the beach and its patrols on a beachReload event', async () => {
    await showLoaded();
    act(() => {
      window.dispatchEvent(new CustomEvent(BEACH_RELOAD_EVENT));
    });
    await waitFor(() => expect(count(BEACH)).toBe(2));
    await waitFor(() => expect(count(PATROLS)).toBe(2));
  });

  it('reloads on a beachUpdate event only when it carries this beach id', async () => {
    await showLoaded();
    act(() => {
      window.dispatchEvent(new CustomEvent(BEACH_UPDATE_EVENT, { detail: { id: 2 } }));
      window.dispatchEvent(new CustomEvent(BEACH_UPDATE_EVENT));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count(BEACH)).toBe(1);
    act(() => {
      window.dispatchEvent(new CustomEvent(BEACH_UPDATE_EVENT, { detail: { id: 1 } }));
    });
    await waitFor(() => expect(count(BEACH)).toBe(2));
    act(() => {
      window.dispatchEvent(new CustomEvent(BEACH_UPDATE_EVENT, { detail: { beachId: '1' } }));
    });
    await waitFor(() => expect(count(BEACH)).toBe(3));
  });

  it('reloads when the tab becomes visible only if the data is older than 600 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T02:00:00Z'));
    await showLoaded();
    const becomeVisible = () =>
      act(() => {
        visibility = 'hidden';
        document.dispatchEvent(new Event('visibilitychange'));
        visibility = 'visible';
        document.dispatchEvent(new Event('visibilitychange'));
      });

    vi.setSystemTime(new Date('2026-11-21T02:09:59Z'));
    becomeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count(BEACH)).toBe(1);

    vi.setSystemTime(new Date('2026-11-21T02:10:01Z'));
    becomeVisible();
    await waitFor(() => expect(count(BEACH)).toBe(2));
    // The reload refreshed the data, so coming back soon after does not load again.
    await screen.findByRole('heading', { level: 1, name: 'Bondi Beach' });
    vi.setSystemTime(new Date('2026-11-21T02:12:00Z'));
    becomeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count(BEACH)).toBe(2);
  });
});
