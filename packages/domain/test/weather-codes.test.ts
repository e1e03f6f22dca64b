import { describe, expect, it } from 'vitest';
import { specWeatherFromWmo, uvStatus, WEATHER_ICONS, WMO_WEATHER_CODES } from '../src/index.ts';

describe('WMO weather code -> spec code (the one translation table)', () => {
  it('covers every code Open-Meteo documents', () => {
    const documented = [
      0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96,
      99,
    ];
    expect(
      Object.keys(WMO_WEATHER_CODES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(documented);
  });

  it('only produces spec codes that have an icon (never 5 or 7)', () => {
    for (const entry of Object.values(WMO_WEATHER_CODES)) {
      for (const variant of [entry, entry.night].filter(Boolean)) {
        expect(WEATHER_ICONS[variant!.code], `code ${variant!.code}`).toBeDefined();
        expect(variant!.code).not.toBe(5);
        expect(variant!.code).not.toBe(7);
        expect(variant!.precis.length).toBeGreaterThan(2);
      }
    }
  });

  it.each([
    [0, true, 1, 'Sunny', 'sunny'],
    [0, false, 2, 'Clear', 'sunny'],
    [2, true, 3, 'Partly cloudy', 'cloudy'],
    [3, true, 4, 'Cloudy', 'overcast'],
    [45, true, 10, 'Fog', 'fog'],
    [53, true, 8, 'Drizzle', 'drizzle'],
    [63, true, 12, 'Rain', 'rain'],
    [80, true, 17, 'Light showers', 'showers'],
    [81, true, 11, 'Showers', 'showers'],
    [82, true, 18, 'Heavy showers', 'storm-showers'],
    [73, true, 15, 'Snow', 'snow'],
    [95, true, 16, 'Thunderstorm', 'thunderstorm'],
  ])('WMO %s (day %s) is spec %s "%s" with the %s icon', (wmo, isDay, code, precis, icon) => {
    expect(specWeatherFromWmo(wmo, isDay)).toEqual({ code, precis });
    expect(WEATHER_ICONS[code]).toBe(icon);
  });

  it('gives nothing for unknown or missing codes rather than guessing', () => {
    expect(specWeatherFromWmo(4)).toBeNull();
    expect(specWeatherFromWmo(100)).toBeNull();
    expect(specWeatherFromWmo(2.5)).toBeNull();
    expect(specWeatherFromWmo(null)).toBeNull();
    expect(specWeatherFromWmo(undefined)).toBeNull();
  });

  it('uses the day variant where there is no night one', () => {
    expect(specWeatherFromWmo(61, false)).toEqual({ code: 8, precis: 'Light rain' });
  });
});

describe('uvStatus (WHO categories)', () => {
  it.each([
    [0, 'Low'],
    [2.4, 'Low'],
    [2.5, 'Moderate'],
    [5, 'Moderate'],
    [6, 'High'],
    [7.4, 'High'],
    [8, 'Very High'],
    [10.4, 'Very High'],
    [10.5, 'Extreme'],
    [14, 'Extreme'],
  ])('%s is %s', (index, status) => {
    expect(uvStatus(index)).toBe(status);
  });
});
