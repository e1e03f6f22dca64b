import { useEffect, useState, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons/index.ts';

/** The spec's carousel pagination: at most this many dots. */
export const CAROUSEL_MAX_DOTS = 5;
const DEFAULT_INTERVAL_MS = 5000;

export interface CarouselProps {
  /** Accessible name of the carousel ("Photos of Bondi Beach"). */
  label: string;
  slides: ReactNode[];
  intervalMs?: number;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The first dot of a window of at most `max` dots that keeps `index` in view, centred when it can. */
export function dotWindowStart(index: number, count: number, max = CAROUSEL_MAX_DOTS): number {
  if (count <= max) return 0;
  return Math.min(Math.max(0, index - Math.floor(max / 2)), count - max);
}

/**
 * One slide per page with autoplay that pauses while the pointer is over it, while anything in it
 * has keyboard focus, after the user presses Pause, and never starts when the user prefers reduced
 * motion. Previous/next wrap around; at most 5 pagination dots (a window that follows the slide).
 * ARIA carousel pattern: the slide region is announced politely only when not playing.
 */
export function Carousel({ label, slides, intervalMs = DEFAULT_INTERVAL_MS }: CarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = count > 1 && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [playing, count, intervalMs]);

  const current = Math.min(index, Math.max(0, count - 1));
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const start = dotWindowStart(current, count);
  const dots = Array.from({ length: Math.min(count, CAROUSEL_MAX_DOTS) }, (_, i) => start + i);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel__slides" aria-live={playing ? 'off' : 'polite'} aria-atomic="false">
        {slides.map((slide, i) => (
          <div
            key={i}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== current}
          >
            {slide}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? 'Start slide show' : 'Stop slide show'}
          >
            {stopped ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
          </button>
          <button
            type="button"
            className="carousel__button"
            onClick={() => go(current - 1)}
            aria-label="Previous slide"
          >
            <ChevronLeftIcon size={18} />
          </button>
          <ol className="carousel__dots" aria-label="Choose a slide">
            {dots.map((i) => (
              <li key={i}>
                <button
                  type="button"
                  className="carousel__dot"
                  aria-label={`Slide ${i + 1} of ${count}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="carousel__button"
            onClick={() => go(current + 1)}
            aria-label="Next slide"
          >
            <ChevronRightIcon size={18} />
          </button>
        </div>
      )}
    </section>
  );
}
