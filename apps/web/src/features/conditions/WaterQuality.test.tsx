import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WaterQuality } from '@safeshore/domain';
import {
  WaterQualityCard,
  WaterQualityListLine,
  WaterQualityRightNowItem,
  waterQualityTone,
} from './WaterQuality.tsx';

afterEach(cleanup);
const TZ = 'Australia/Sydney';
const now = new Date('2026-11-21T03:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

const wq = (overrides: Partial<WaterQuality> = {}): WaterQuality => ({
  forecast: 'likely',
  forecast_text: 'Pollution Likely',
  forecast_at: hoursAgo(4),
  latest_result: 'Poor',
  latest_result_rating: 2,
  sampled_at: hoursAgo(72),
  site: { id: 's1', name: 'Bronte Beach', distance_m: 40 },
  source: {
    name: 'Beachwatch (NSW Government)',
    url: 'https://www.beachwatch.nsw.gov.au/',
    licence: 'CC BY 4.0',
    attribution:
      '© State of New South Wales (Department of Climate Change, Energy, the Environment and Water), CC BY 4.0',
    fetched_at: hoursAgo(0.5),
  },
  stale: false,
  age_seconds: 1_800,
  ...overrides,
});

describe('water quality wording', () => {
  it.each([
    ['unlikely', 'Pollution unlikely', /suitable for swimming/, 'ok'],
    ['possible', 'Pollution possible', /Check the water for signs of pollution/, 'caution'],
    ['likely', 'Pollution likely', /Avoid swimming today, and for at least a day after heavy rain/, 'danger'],
    ['not_available', 'Pollution forecast not available', /No forecast has been issued/, 'unknown'],
    ['unknown', 'Pollution forecast unknown', /treat the water with care/, 'unknown'],
  ] as const)('%s: "%s" with its advice', (forecast, headline, advice, tone) => {
    render(<WaterQualityCard wq={wq({ forecast })} now={now} timeZone={TZ} />);
    const card = screen.getByTestId('water-quality');
    expect(within(card).getByText(headline)).toBeTruthy();
    expect(card.textContent).toMatch(advice);
    expect(card.className).toContain(`water-quality--${tone}`);
    expect(waterQualityTone(forecast)).toBe(tone);
  });

  it('never calls an unknown forecast clean, and quotes the provider’s words', () => {
    render(
      <WaterQualityCard
        wq={wq({ forecast: 'unknown', forecast_text: 'Pollution Expected' })}
        now={now}
        timeZone={TZ}
      />,
    );
    const text = screen.getByTestId('water-quality').textContent!;
    expect(text).toContain('Beachwatch says: “Pollution Expected”');
    expect(text).not.toMatch(/unlikely|suitable/i);
  });

  it('gives the forecast time and sample date with ages, the site, source and licence', () => {
    render(<WaterQualityCard wq={wq()} now={now} timeZone={TZ} />);
    const text = screen.getByTestId('water-quality').textContent!;
    expect(text).toContain('Forecast issued 4 h ago');
    expect(text).toContain('Latest water sample: Poor (rated 2 on a scale of 1 to 4), sample taken 3 d ago');
    expect(text).toContain('site “Bronte Beach” (40 m from the beach), updated 30 min ago');
    expect(text).toContain(
      '© State of New South Wales (Department of Climate Change, Energy, the Environment and Water), CC BY 4.0',
    );
    expect(text).not.toContain('Out of date');
  });

  it('says when there is no sample result, and marks a stale answer as possibly out of date', () => {
    render(
      <WaterQualityCard
        wq={wq({
          latest_result: null,
          latest_result_rating: null,
          sampled_at: null,
          stale: true,
          age_seconds: 7_200,
        })}
        now={now}
        timeZone={TZ}
      />,
    );
    const text = screen.getByTestId('water-quality').textContent!;
    expect(text).toContain('No recent water sample result');
    expect(text).toContain('Out of date');
    expect(text).toContain('may be out of date');
    expect(text).toContain('updated 2 h ago');
  });

  it('gives the Right now item the headline, advice, issue time and licence', () => {
    render(
      <ul>
        <WaterQualityRightNowItem wq={wq({ stale: true })} now={now} timeZone={TZ} />
      </ul>,
    );
    const item = screen.getByTestId('right-now-water-quality');
    expect(item.className).toContain('rn-item--danger');
    expect(item.textContent).toContain('Pollution likely');
    expect(item.textContent).toContain('Forecast issued 4 h ago');
    expect(item.textContent).toContain('possibly out of date');
    expect(item.textContent).toContain('Beachwatch (NSW Government), CC BY 4.0');
  });

  it('gives a place list row one line: the forecast, its age and the source', () => {
    render(<WaterQualityListLine wq={wq({ forecast: 'possible', stale: true })} now={now} timeZone={TZ} />);
    expect(screen.getByTestId('list-water-quality').textContent).toBe(
      'Water: Pollution possible, issued 4 h ago (possibly out of date) · Beachwatch (NSW Government)',
    );
  });
});
