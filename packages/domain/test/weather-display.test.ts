import { describe, expect, it } from 'vitest';
import {
  CHART_TICK_HOURS,
  COMPASS_POINTS_16,
  angularDifference,
  arrowDegreesFrom,
  chartTicks,
  chartWindow,
  localNowValue,
  compass16,
  compassPointDegrees,
  formatDataAge,
  formatTickLabel,
  formatWeatherValue,
  localTimeValue,
  round2,
  sourceLabel,
  thinDirectionArrows,
  tideArrow,
  uvBarFraction,
  uvBarLabel,
  uvColour,
  weatherIconName,
} from '../src/index.ts';

describe('UV (spec section 9)', () => {
  it.each([
    [0, 'green'],
    [2, 'green'],
    [2.49, 'green'],
    [2.5, 'yellow'],
    [3, 'yellow'],
    [5, 'yellow'],
    [5.49, 'yellow'],
    [6, 'orange'],
    [7, 'orange'],
    [7.5, 'red'],
    [8, 'red'],
    [10, 'red'],
    [10.49, 'red'],
    [10.6, 'violet'],
    [11, 'violet'],
    [14, 'violet'],
  ])('index %s is %s', (index, colour) => {
    expect(uvColour(index)).toBe(colour);
  });

  it('labels the bar "n/11+" with the index rounded to 2 decimals', () => {
    expect(uvBarLabel(7)).toBe('7/11+');
    expect(uvBarLabel(7.356)).toBe('7.36/11+');
    expect(uvBarLabel(13)).toBe('13/11+');
  });

  it('caps the bar at 11', () => {
    expect(uvBarFraction(0)).toBe(0);
    expect(uvBarFraction(5.5)).toBe(0.5);
    expect(uvBarFraction(11)).toBe(1);
    expect(uvBarFraction(15)).toBe(1);
    expect(uvBarFraction(-1)).toBe(0);
  });
});

describe('16-point compass', () => {
  it.each([
    [0, 'N'],
    [11.24, 'N'],
    [11.25, 'NNE'],
    [22.5, 'NNE'],
    [45, 'NE'],
    [90, 'E'],
    [135, 'SE'],
    [180, 'S'],
    [202.5, 'SSW'],
    [270, 'W'],
    [348.74, 'NNW'],
    [348.75, 'N'],
    [360, 'N'],
    [-22.5, 'NNW'],
    [720 + 90, 'E'],
  ])('%s° is %s', (degrees, point) => {
    expect(compass16(degrees)).toBe(point);
  });

  it('uses all 16 points, each 22.5° apart', () => {
    expect(COMPASS_POINTS_16).toHaveLength(16);
    expect(COMPASS_POINTS_16.map((_, i) => compass16(i * 22.5))).toEqual([...COMPASS_POINTS_16]);
  });

  it('reads a compass point back as its bearing', () => {
    expect(compassPointDegrees('SSW')).toBe(202.5);
    expect(compassPointDegrees('n')).toBe(0);
    expect(compassPointDegrees('calm')).toBeNull();
    expect(compassPointDegrees(null)).toBeNull();
  });

  it('measures direction change the short way round', () => {
    expect(angularDifference(350, 10)).toBe(20);
    expect(angularDifference(10, 350)).toBe(20);
    expect(angularDifference(0, 180)).toBe(180);
    expect(angularDifference(90, 90)).toBe(0);
  });

  it('points arrows where the wind goes, not where it comes from', () => {
    expect(arrowDegreesFrom(0)).toBe(180);
    expect(arrowDegreesFrom(270)).toBe(90);
  });
});

describe('wind arrow thinning (more than 15° change)', () => {
  const thin = (directions: number[]) => thinDirectionArrows(directions, (d) => d);

  it('keeps the first arrow and drops changes of 15° or less', () => {
    expect(thin([180, 190, 195, 196, 185, 180])).toEqual([180, 196, 180]);
  });

  it('compares with the last arrow drawn, so a slow drift adds up', () => {
    expect(thin([0, 10, 20, 30, 40])).toEqual([0, 20, 40]);
  });

  it('treats exactly 15° as no change and 15.01° as a change', () => {
    expect(thin([100, 115])).toEqual([100]);
    expect(thin([100, 115.01])).toEqual([100, 115.01]);
  });

  it('wraps around north', () => {
    expect(thin([355, 5, 20])).toEqual([355, 20]);
  });

  it('returns nothing for no points and skips unknown directions', () => {
    expect(thin([])).toEqual([]);
    expect(thin([Number.NaN, 90])).toEqual([90]);
  });
});

describe('rounding and units', () => {
  it('rounds to 2 decimals', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(21.349)).toBe(21.35);
    expect(round2(-0.001)).toBe(0);
    expect(round2(-3.456)).toBe(-3.46);
    expect(round2(12)).toBe(12);
  });

  it('shows °C, km/h and m', () => {
    expect(formatWeatherValue(21.349, 'temperature')).toBe('21.35°C');
    expect(formatWeatherValue(18.1234, 'speed')).toBe('18.12 km/h');
    expect(formatWeatherValue(1.2, 'height')).toBe('1.2 m');
    expect(formatWeatherValue(0, 'height')).toBe('0 m');
  });

  it('gives nothing for an unknown value instead of 0', () => {
    expect(formatWeatherValue(null, 'temperature')).toBeNull();
    expect(formatWeatherValue(undefined, 'speed')).toBeNull();
    expect(formatWeatherValue(Number.NaN, 'height')).toBeNull();
  });
});

describe('chart ticks (temperature every 6 hours, the others every hour)', () => {
  const start = localTimeValue('2026-01-10T01:00');
  const end = localTimeValue('2026-01-11T01:00');
  const labels = (hours: number) => chartTicks(start, end, hours).map(formatTickLabel);

  it('spaces temperature ticks 6 hours apart on local midnight', () => {
    expect(CHART_TICK_HOURS.temperature).toBe(6);
    expect(labels(CHART_TICK_HOURS.temperature)).toEqual(['6 am', '12 pm', '6 pm', 'Sun']);
  });

  it('spaces swell, wind and tide ticks 1 hour apart', () => {
    for (const chart of ['swell', 'wind', 'tide'] as const) {
      expect(CHART_TICK_HOURS[chart]).toBe(1);
      const ticks = chartTicks(start, end, CHART_TICK_HOURS[chart]);
      expect(ticks).toHaveLength(25);
      expect(ticks.slice(1).map((t, i) => t - ticks[i]!)).toEqual(Array(24).fill(3_600_000));
    }
    expect(labels(1).slice(0, 3)).toEqual(['1 am', '2 am', '3 am']);
  });

  it('reads wall-clock times without time-zone arithmetic', () => {
    expect(localTimeValue('2026-01-10T15:30')).toBe(Date.UTC(2026, 0, 10, 15, 30));
    expect(Number.isNaN(localTimeValue('soon'))).toBe(true);
    expect(chartTicks(end, start, 1)).toEqual([]);
  });
});

describe('tide arrow', () => {
  it('points up while the water comes in or is high', () => {
    expect(tideArrow('high')).toBe('up');
    expect(tideArrow('rising')).toBe('up');
  });

  it('points down while the water goes out or is low (issue 30: an up arrow sat beside "Falling")', () => {
    expect(tideArrow('low')).toBe('down');
    expect(tideArrow('falling')).toBe('down');
  });
});

describe('weather icons (spec section 3)', () => {
  it.each([
    [1, 'sunny'],
    [2, 'sunny'],
    [3, 'cloudy'],
    [4, 'overcast'],
    [6, 'haze'],
    [8, 'drizzle'],
    [9, 'windy'],
    [10, 'fog'],
    [11, 'showers'],
    [12, 'rain'],
    [13, 'dust'],
    [14, 'cold'],
    [15, 'snow'],
    [16, 'thunderstorm'],
    [17, 'showers'],
    [18, 'storm-showers'],
    [19, 'hurricane'],
  ])('code %s is %s', (code, name) => {
    expect(weatherIconName(code)).toBe(name);
  });

  it.each([5, 7, 0, 20, null])('code %s has no icon', (code) => {
    expect(weatherIconName(code)).toBeNull();
  });
});

describe('data age', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 min ago'],
    [12 * 60 + 30, '12 min ago'],
    [3600, '1 h ago'],
    [5 * 3600 + 59 * 60, '5 h ago'],
    [2 * 86400, '2 d ago'],
  ])('%s s is "%s"', (seconds, text) => {
    expect(formatDataAge(seconds)).toBe(text);
  });

  it('names the source and its age now', () => {
    const source = { name: 'Open-Meteo forecast', fetched_at: '2026-01-10T03:00:00Z', age_seconds: 0 };
    expect(sourceLabel(source, new Date('2026-01-10T03:12:10Z'))).toBe(
      'Open-Meteo forecast · updated 12 min ago',
    );
  });
});

describe('chart window', () => {
  const xs = Array.from({ length: 72 }, (_, i) => Date.UTC(2026, 0, 10, i));

  it('starts at the current hour when the data covers it', () => {
    const now = Date.UTC(2026, 0, 11, 5, 40);
    expect(chartWindow(xs, now, 24)).toEqual([Date.UTC(2026, 0, 11, 5), Date.UTC(2026, 0, 12, 5)]);
  });

  it('starts at the first point when now is outside the data, and ends at the last point', () => {
    expect(chartWindow(xs, Date.UTC(2025, 5, 1), 24)).toEqual([xs[0], Date.UTC(2026, 0, 11, 0)]);
    expect(chartWindow(xs, Date.UTC(2026, 0, 12, 20), 24)).toEqual([
      Date.UTC(2026, 0, 12, 20),
      Date.UTC(2026, 0, 12, 23),
    ]);
    expect(chartWindow([], 0, 24)).toBeNull();
  });

  it('reads the wall clock at the place', () => {
    // 02:30 UTC is 1:30 pm in Sydney in January (daylight time) and 10:30 am in Perth.
    const now = new Date('2026-01-10T02:30:00Z');
    expect(localNowValue(now, 'Australia/Sydney')).toBe(Date.UTC(2026, 0, 10, 13, 30));
    expect(localNowValue(now, 'Australia/Perth')).toBe(Date.UTC(2026, 0, 10, 10, 30));
  });
});
