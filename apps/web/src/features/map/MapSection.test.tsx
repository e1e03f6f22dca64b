import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill } from '../../test/render.tsx';
import type { BeachMapProps } from './BeachMap.tsx';
import { BeachMapSection } from './index.ts';

// Leaflet does not run in jsdom: stand in for the lazy map and record when it is loaded.
const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./BeachMap.tsx', () => {
  loaded.count++;
  return {
    default: ({ center, zoom, focus, beaches, label }: BeachMapProps) => (
      <div role="region" aria-label={label}>
        {`centre ${center.latitude},${center.longitude} zoom ${zoom} focus ${focus?.title} length ${focus?.length} beaches ${beaches.length}`}
      </div>
    ),
  };
});

let mobile = false;
beforeAll(installDialogPolyfill);
beforeEach(() => {
  mobile = false;
  window.matchMedia = ((query: string) => ({
    matches: mobile,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const beach = {
  id: 1,
  title: 'Bondi Beach',
  latitude: -33.8908,
  longitude: 151.2743,
  length: 1000,
  url: '/nsw/waverley/bondi-beach/bondi-beach',
};

describe('BeachMapSection', () => {
  it('loads the map only when it scrolls into view, centred on the beach at zoom 15', async () => {
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    // The map's code is not even loaded until it is needed.
    expect(loaded.count).toBe(0);
    render(<BeachMapSection beach={beach} beaches={[]} placement="body" />);
    expect(screen.getByRole('heading', { name: 'Map' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Map of Bondi Beach/ })).toBeNull();
    expect(loaded.count).toBe(0);

    const { act } = await import('react');
    act(() =>
      observers[0]!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    const map = await screen.findByRole('region', { name: 'Map of Bondi Beach and nearby beaches' });
    expect(loaded.count).toBe(1);
    expect(map.textContent).toBe('centre -33.8908,151.2743 zoom 15 focus Bondi Beach length 1000 beaches 0');
  });

  it('renders only where the page puts it: the inline card on desktop, the actions button on phones', () => {
    render(<BeachMapSection beach={beach} beaches={[]} placement="actions" />);
    expect(screen.queryByRole('button', { name: 'Map' })).toBeNull();
    cleanup();
    mobile = true;
    render(<BeachMapSection beach={beach} beaches={[]} placement="body" />);
    // No card holding one Map button on a phone.
    expect(screen.queryByRole('heading', { name: 'Map' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Map' })).toBeNull();
  });

  it('opens the map in a dialog from the Map button under 1000 px', async () => {
    mobile = true;
    render(<BeachMapSection beach={beach} beaches={[]} placement="actions" />);
    expect(screen.queryByRole('region', { name: /Map of Bondi Beach/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Map' }));
    const dialog = screen.getByRole('dialog', { name: 'Map' });
    expect(await within(dialog).findByRole('region', { name: /Map of Bondi Beach/ })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /Map of Bondi Beach/ })).toBeNull();
  });

  it('is a short note offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<BeachMapSection beach={beach} beaches={[]} placement="body" />);
    expect(screen.getByText('The map needs an internet connection. Go online to see it.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    mobile = true;
    render(<BeachMapSection beach={beach} beaches={[]} placement="actions" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
