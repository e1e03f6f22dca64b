import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_NOW } from '../../test/clock.ts';
import { SearchBox } from './SearchBox.tsx';

const RESPONSE = {
  beaches: [
    {
      id: 1,
      title: 'Bondi Beach',
      city: 'Bondi Beach',
      state: 'NSW',
      distance: null,
      url: '/nsw/waverley/bondi-beach/bondi-beach',
      postcode: '2026',
    },
  ],
  locations: [
    {
      id: 5,
      title: 'Bondi',
      city: 'Bondi',
      state: 'NSW',
      distance: null,
      url: '/nsw/bondi/bondi',
      postcode: '2026',
    },
  ],
  clubs: [],
  articles: [
    {
      id: 9,
      title: 'Bondi rescues',
      city: null,
      state: '',
      distance: null,
      url: 'bondi-rescues',
      postcode: null,
    },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: TEST_NOW });
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(RESPONSE), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SearchBox id="s" label="Search" />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search' });
}

async function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('SearchBox', () => {
  it('does not search under 2 characters', async () => {
    const input = setup();
    await type(input, 'b');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Type at least 2 characters to search.')).toBeTruthy();
  });

  it('waits for a 300 ms pause before searching, once', async () => {
    const input = setup();
    await type(input, 'bo');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await type(input, 'bon');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v4/autocomplete?q=bon');
  });

  it('shows groups in order and selects the highlighted item with arrows and Enter', async () => {
    const input = setup();
    await type(input, 'bondi');
    await act(() => vi.advanceTimersByTimeAsync(400));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Bondi Beach'),
      expect.stringContaining('Bondi'),
      expect.stringContaining('Bondi rescues'),
    ]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/beach/nsw/waverley/bondi-beach/bondi-beach');
  });

  it('Tab selects the highlighted item; articles go to /surf-safety/', async () => {
    const input = setup();
    await type(input, 'bondi');
    await act(() => vi.advanceTimersByTimeAsync(400));
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(screen.getByTestId('where').textContent).toBe('/surf-safety/bondi-rescues');
  });

  it('closes 200 ms after losing focus', async () => {
    const input = setup();
    fireEvent.focus(input);
    await type(input, 'bondi');
    await act(() => vi.advanceTimersByTimeAsync(400));
    await screen.findAllByRole('option');
    fireEvent.blur(input);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
  });

  // Issue 30: "Bondi Beach NSW 2026" twice, the beach and the suburb, with nothing saying which.
  it('says what kind of place each suggestion is', async () => {
    const input = setup();
    await type(input, 'bondi');
    await act(() => vi.advanceTimersByTimeAsync(400));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.querySelector('.search__option-sub')?.textContent)).toEqual([
      'Beach · NSW 2026',
      'Suburb or town · NSW 2026',
      'Surf safety article',
    ]);
  });

  // Issue 30: Enter did nothing, and nothing said "no results".
  it('Enter typed before the pause goes to the first suggestion', async () => {
    const input = setup();
    await type(input, '2026');
    fireEvent.submit(input.closest('form')!);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v4/autocomplete?q=2026');
    expect(screen.getByTestId('where').textContent).toBe('/beach/nsw/waverley/bondi-beach/bondi-beach');
  });

  it('says plainly when nothing matches, and Enter says it at once', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ beaches: [], locations: [], clubs: [], articles: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const input = setup();
    fireEvent.focus(input);
    await type(input, '9999');
    fireEvent.submit(input.closest('form')!);
    await act(() => vi.advanceTimersByTimeAsync(50));
    const status = screen.getByText('No beaches, places, postcodes or clubs match “9999”.');
    expect(status.className).toBe('search__status');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('says when search is unavailable', async () => {
    fetchMock.mockImplementation(async () => new Response('{"message":"down"}', { status: 503 }));
    const input = setup();
    await type(input, 'bondi');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(await screen.findByText(/Search is unavailable right now/)).toBeTruthy();
  });
});
