import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RadarMapProps } from './RadarMap.tsx';
import { RadarViewer } from './RadarViewer.tsx';
import { radarPlayerReducer } from './useRadarPlayer.ts';
import { source, weatherFixture } from '../test-fixtures.ts';

// The viewer's frame logic without Leaflet: the map records what it was asked to show.
const mapProps: RadarMapProps[] = [];
vi.mock('./RadarMap.tsx', () => ({
  default: (props: RadarMapProps) => {
    mapProps.push(props);
    return <div data-testid="radar-map" />;
  },
}));

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2024-01-10T02:00:00Z') });
  mapProps.length = 0;
  reducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function show() {
  const radar = weatherFixture().radar!;
  render(
    <RadarViewer
      radar={radar}
      source={source('RainViewer', 4)}
      beach={{ latitude: -33.89, longitude: 151.27, title: 'Bondi Beach' }}
      timeZone="Australia/Sydney"
      now={new Date()}
    />,
  );
  // The map is lazy-loaded.
  await act(async () => {
    await vi.dynamicImportSettled();
  });
  return radar;
}

const frame = () => Number(screen.getByTestId('radar-frame').getAttribute('data-frame'));
const lastMap = () => mapProps[mapProps.length - 1]!;
const toggle = () => screen.getByTestId('radar-toggle');
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('RadarViewer', () => {
  it('starts on the 128 km size and its first frame, with the frame time at the beach', async () => {
    const radar = await show();
    expect((screen.getByLabelText('Range') as HTMLSelectElement).value).toBe('128');
    expect(screen.getByTestId('radar-frame').textContent).toBe('Frame 1 of 4 · 11:00 am');
    expect(lastMap().frames).toEqual(radar.sizes[1]!.images.map((i) => i.url));
    expect(lastMap().maxNativeZoom).toBe(7);
    expect(lastMap().frame).toBe(0);
  });

  it('plays a frame every second and loops', async () => {
    await show();
    expect(toggle().textContent).toContain('Stop');
    const seen = [frame()];
    for (let i = 0; i < 5; i++) {
      advance(999);
      expect(frame()).toBe(seen[seen.length - 1]);
      advance(1);
      seen.push(frame());
    }
    expect(seen).toEqual([0, 1, 2, 3, 0, 1]);
    expect(lastMap().frame).toBe(1);
  });

  it('previous and next stop playback and wrap around', async () => {
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Previous frame' }));
    expect(frame()).toBe(3);
    expect(toggle().textContent).toContain('Play');
    advance(3000);
    expect(frame()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(frame()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(frame()).toBe(1);
  });

  it('play/stop toggles playback', async () => {
    await show();
    fireEvent.click(toggle());
    expect(toggle().textContent).toContain('Play');
    advance(5000);
    expect(frame()).toBe(0);
    fireEvent.click(toggle());
    expect(toggle().textContent).toContain('Stop');
    advance(1000);
    expect(frame()).toBe(1);
  });

  it('changing the size goes back to the first frame and refits the map', async () => {
    const radar = await show();
    advance(2000);
    expect(frame()).toBe(2);
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: '64' } });
    expect(frame()).toBe(0);
    expect(screen.getByTestId('radar-frame').textContent).toMatch(/^Frame 1 of 3/);
    expect(lastMap().sizeKey).toBe(64);
    expect(lastMap().bounds).toEqual(radar.sizes[0]!.bounds);
    expect(lastMap().frames).toEqual(radar.sizes[0]!.images.map((i) => i.url));
    advance(1000);
    expect(frame()).toBe(1);
  });

  it('does not play by itself when the user prefers reduced motion', async () => {
    reducedMotion(true);
    await show();
    expect(toggle().textContent).toContain('Play');
    advance(5000);
    expect(frame()).toBe(0);
    expect(lastMap().reducedMotion).toBe(true);
    fireEvent.click(toggle());
    advance(1000);
    expect(frame()).toBe(1);
  });
});

describe('radarPlayerReducer', () => {
  const start = { size: 128, frame: 0, playing: true };

  it('wraps both ways and stops on a step', () => {
    expect(radarPlayerReducer(start, { type: 'previous', frames: 5 })).toEqual({
      size: 128,
      frame: 4,
      playing: false,
    });
    expect(radarPlayerReducer({ ...start, frame: 4 }, { type: 'next', frames: 5 })).toEqual({
      size: 128,
      frame: 0,
      playing: false,
    });
    expect(radarPlayerReducer({ ...start, frame: 4 }, { type: 'tick', frames: 5 })).toEqual({
      ...start,
      frame: 0,
    });
  });

  it('keeps the frame when the same size is chosen again', () => {
    const state = { ...start, frame: 2 };
    expect(radarPlayerReducer(state, { type: 'size', size: 128 })).toBe(state);
    expect(radarPlayerReducer(state, { type: 'size', size: 256 })).toEqual({
      size: 256,
      frame: 0,
      playing: true,
    });
  });
});
