import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlgalWidget, algalTimestamp } from './AlgalWidget.tsx';

afterEach(cleanup);
const TZ = 'Australia/Sydney';
const now = new Date('2026-11-21T03:00:00Z'); // 2:00 pm in Sydney

describe('algal widget', () => {
  it('shows only the time for today, day and month otherwise, and No data when missing', () => {
    expect(algalTimestamp('2026-11-20T22:30:00Z', now, TZ)).toBe('9:30 am');
    expect(algalTimestamp('2026-11-19T22:30:00Z', now, TZ)).toBe('20 Nov, 9:30 am');
    expect(algalTimestamp(undefined, now, TZ)).toBe('No data');
  });

  it('shows Yes/Pending and Yes/No with the disclaimer', () => {
    render(
      <AlgalWidget
        timeZone={TZ}
        now={now}
        algalBloom={{ clean_rating: false, beach_foam: true, water_discolour: 'no', updated_at: null }}
      />,
    );
    expect(screen.getByText('Beach cleaned').nextSibling?.textContent).toBe('Pending');
    expect(screen.getByText('Abnormal foam').nextSibling?.textContent).toBe('Yes');
    expect(screen.getByText('Abnormal water colour').nextSibling?.textContent).toBe('No');
    expect(screen.getByTestId('algal-updated').textContent).toBe('No data');
    expect(
      screen.getByText(
        /This information is based on visual inspection only and does not constitute a safety assessment/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/8am daily/)).toBeTruthy();
  });
});
