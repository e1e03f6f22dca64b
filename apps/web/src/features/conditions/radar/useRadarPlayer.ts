import { useCallback, useEffect, useReducer } from 'react';
import { RADAR_DEFAULT_SIZE_KM, RADAR_FRAME_INTERVAL_MS } from '@safeshore/domain';

/**
 * The radar viewer's playback, without the map (spec section 2, "Radar viewer"): plays a frame every
 * second and loops; previous and next stop playback and wrap around; play/stop toggles; changing the
 * size goes back to the first frame. Under prefers-reduced-motion it does not start by itself.
 */
export interface RadarPlayerState {
  /** km across of the selected size */
  size: number;
  frame: number;
  playing: boolean;
}

export type RadarPlayerAction =
  | { type: 'tick'; frames: number }
  | { type: 'next'; frames: number }
  | { type: 'previous'; frames: number }
  | { type: 'toggle' }
  | { type: 'stop' }
  | { type: 'size'; size: number };

export function radarPlayerReducer(state: RadarPlayerState, action: RadarPlayerAction): RadarPlayerState {
  switch (action.type) {
    case 'tick':
      return action.frames > 0 ? { ...state, frame: (state.frame + 1) % action.frames } : state;
    case 'next':
      return { ...state, playing: false, frame: action.frames > 0 ? (state.frame + 1) % action.frames : 0 };
    case 'previous':
      return {
        ...state,
        playing: false,
        frame: action.frames > 0 ? (state.frame - 1 + action.frames) % action.frames : 0,
      };
    case 'toggle':
      return { ...state, playing: !state.playing };
    case 'stop':
      return { ...state, playing: false };
    case 'size':
      return action.size === state.size ? state : { ...state, size: action.size, frame: 0 };
  }
}

/** The default size: 128 km when offered, else the first size. */
export function defaultRadarSize(sizes: readonly number[]): number {
  return sizes.includes(RADAR_DEFAULT_SIZE_KM) ? RADAR_DEFAULT_SIZE_KM : (sizes[0] ?? RADAR_DEFAULT_SIZE_KM);
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export interface RadarPlayer extends RadarPlayerState {
  next(): void;
  previous(): void;
  toggle(): void;
  stop(): void;
  setSize(size: number): void;
}

/** `framesOf(size)`: how many frames the given size has. */
export function useRadarPlayer(sizes: readonly number[], framesOf: (size: number) => number): RadarPlayer {
  const [state, dispatch] = useReducer(radarPlayerReducer, sizes, (s) => ({
    size: defaultRadarSize(s),
    frame: 0,
    playing: !prefersReducedMotion(),
  }));
  const frames = framesOf(state.size);
  const animating = state.playing && frames > 1;

  useEffect(() => {
    if (!animating) return;
    const timer = setInterval(() => dispatch({ type: 'tick', frames }), RADAR_FRAME_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [animating, frames, state.size]);

  return {
    ...state,
    // A frame beyond a shorter list (new data arrived) shows the last one rather than nothing.
    frame: frames > 0 ? Math.min(state.frame, frames - 1) : 0,
    next: useCallback(() => dispatch({ type: 'next', frames }), [frames]),
    previous: useCallback(() => dispatch({ type: 'previous', frames }), [frames]),
    toggle: useCallback(() => dispatch({ type: 'toggle' }), []),
    stop: useCallback(() => dispatch({ type: 'stop' }), []),
    setSize: useCallback((size: number) => dispatch({ type: 'size', size }), []),
  };
}
