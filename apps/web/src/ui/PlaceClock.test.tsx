import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaceClock } from './PlaceClock.tsx';

afterEach(cleanup);

// Sunday 22 November 2026, 10:04 am in Sydney (AEDT), 7:04 am in Perth, 9:04 am in Brisbane.
const NOW = new Date('2026-11-21T23:04:00Z');

describe('PlaceClock (spec section 9)', () => {
  it("shows the place's time when the browser is in another zone", () => {
    render(<PlaceClock timeZone="Australia/Sydney" now={NOW} browserTimeZone="Australia/Perth" />);
    expect(screen.getByTestId('place-clock').textContent).toBe('Local time here: 10:04 am');
  });

  it('shows nothing when the zones agree at that moment', () => {
    render(<PlaceClock timeZone="Australia/Melbourne" now={NOW} browserTimeZone="Australia/Sydney" />);
    expect(screen.queryByTestId('place-clock')).toBeNull();
  });

  it('Brisbane differs from Sydney only while Sydney is on daylight time', () => {
    render(<PlaceClock timeZone="Australia/Brisbane" now={NOW} browserTimeZone="Australia/Sydney" />);
    expect(screen.getByTestId('place-clock').textContent).toBe('Local time here: 9:04 am');
    cleanup();
    const winter = new Date('2026-06-21T23:04:00Z');
    render(<PlaceClock timeZone="Australia/Brisbane" now={winter} browserTimeZone="Australia/Sydney" />);
    expect(screen.queryByTestId('place-clock')).toBeNull();
  });

  it('an unknown place zone is Australia/Perth', () => {
    render(<PlaceClock timeZone={null} now={NOW} browserTimeZone="Australia/Sydney" />);
    expect(screen.getByTestId('place-clock').textContent).toBe('Local time here: 7:04 am');
  });
});
