import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WEATHER_ICONS } from '@safeshore/domain';
import { WeatherIcon } from './WeatherIcon.tsx';

afterEach(cleanup);

describe('WeatherIcon (spec section 3)', () => {
  it.each(Object.entries(WEATHER_ICONS))(
    'code %s draws the %s icon, named for screen readers',
    (code, name) => {
      const { container } = render(<WeatherIcon code={Number(code)} />);
      expect(container.querySelector('.weather-icon')!.getAttribute('data-icon')).toBe(name);
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('role')).toBe('img');
      expect(svg.getAttribute('aria-label')).toBe(name.replace('-', ' '));
    },
  );

  it('codes 11 and 17 share the showers icon and 1 and 2 the sunny one', () => {
    const markup = (code: number) => render(<WeatherIcon code={code} />).container.innerHTML;
    expect(markup(11)).toBe(markup(17));
    expect(markup(1)).toBe(markup(2));
    expect(markup(11)).not.toBe(markup(12));
  });

  it.each([5, 7, 0, 20, null])('code %s shows no icon', (code) => {
    const { container } = render(<WeatherIcon code={code} />);
    expect(container.innerHTML).toBe('');
  });

  it('is decorative when the text beside it says the same', () => {
    const { container } = render(<WeatherIcon code={1} label="" />);
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });
});
