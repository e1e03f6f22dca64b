import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_NOW } from '../test/clock.ts';
import { Carousel, dotWindowStart } from './Carousel.tsx';

const slides = (n: number) => Array.from({ length: n }, (_, i) => <p key={i}>Photo {i + 1}</p>);
const visible = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .filter((slide) => !slide.hidden)
    .map((s) => s.textContent);

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: TEST_NOW });
  mockReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Carousel', () => {
  it('autoplays one slide per page, wrapping around, with the live region off while playing', () => {
    render(<Carousel label="Photos" slides={slides(3)} intervalMs={5000} />);
    const region = screen.getByRole('region', { name: 'Photos' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(visible()).toEqual(['Photo 1']);
    expect(region.querySelector('[aria-live]')?.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(5000));
    expect(visible()).toEqual(['Photo 2']);
    act(() => vi.advanceTimersByTime(10_000));
    expect(visible()).toEqual(['Photo 1']);
    const slide = screen.getByRole('group', { name: '1 of 3' });
    expect(slide.getAttribute('aria-roledescription')).toBe('slide');
  });

  it('pauses while the pointer is over it and resumes when it leaves', () => {
    render(<Carousel label="Photos" slides={slides(3)} intervalMs={5000} />);
    const region = screen.getByRole('region', { name: 'Photos' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(20_000));
    expect(visible()).toEqual(['Photo 1']);
    expect(region.querySelector('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(5000));
    expect(visible()).toEqual(['Photo 2']);
  });

  it('pauses while a control has keyboard focus', () => {
    render(<Carousel label="Photos" slides={slides(3)} intervalMs={5000} />);
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    act(() => vi.advanceTimersByTime(20_000));
    expect(visible()).toEqual(['Photo 1']);
    act(() => screen.getByRole('button', { name: 'Next slide' }).blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(visible()).toEqual(['Photo 2']);
  });

  it('does not autoplay when the user prefers reduced motion, and Stop/Start toggles play', () => {
    mockReducedMotion(true);
    render(<Carousel label="Photos" slides={slides(3)} intervalMs={5000} />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(visible()).toEqual(['Photo 1']);
    const start = screen.getByRole('button', { name: 'Start slide show' });
    fireEvent.click(start);
    act(() => start.blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(visible()).toEqual(['Photo 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Stop slide show' }));
    act(() => screen.getByRole('button', { name: 'Start slide show' }).blur());
    act(() => vi.advanceTimersByTime(20_000));
    expect(visible()).toEqual(['Photo 2']);
  });

  it('previous and next wrap around', () => {
    render(<Carousel label="Photos" slides={slides(3)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visible()).toEqual(['Photo 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visible()).toEqual(['Photo 1']);
  });

  it('shows at most 5 pagination dots, a window that follows the current slide', () => {
    render(<Carousel label="Photos" slides={slides(12)} />);
    const dots = () =>
      within(screen.getByRole('list', { name: 'Choose a slide' }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(dots()).toEqual([
      'Slide 1 of 12',
      'Slide 2 of 12',
      'Slide 3 of 12',
      'Slide 4 of 12',
      'Slide 5 of 12',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 5 of 12' }));
    expect(visible()).toEqual(['Photo 5']);
    expect(dots()).toEqual([
      'Slide 3 of 12',
      'Slide 4 of 12',
      'Slide 5 of 12',
      'Slide 6 of 12',
      'Slide 7 of 12',
    ]);
    expect(screen.getByRole('button', { name: 'Slide 5 of 12' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visible()).toEqual(['Photo 12']);
    expect(dots()).toEqual([
      'Slide 8 of 12',
      'Slide 9 of 12',
      'Slide 10 of 12',
      'Slide 11 of 12',
      'Slide 12 of 12',
    ]);
  });

  it('a short carousel has one dot per slide', () => {
    render(<Carousel label="Photos" slides={slides(2)} />);
    expect(within(screen.getByRole('list', { name: 'Choose a slide' })).getAllByRole('button')).toHaveLength(
      2,
    );
  });

  it('one slide shows without controls', () => {
    render(<Carousel label="Photos" slides={slides(1)} />);
    expect(visible()).toEqual(['Photo 1']);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('dotWindowStart', () => {
  it('centres the current slide and stays inside the list', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((i) => dotWindowStart(i, 10))).toEqual([0, 0, 0, 1, 2, 3, 5]);
    expect(dotWindowStart(3, 4)).toBe(0);
  });
});
