/**
 * Translation of upstream weather codes into the spec's codes (section 3), in ONE table.
 *
 * Open-Meteo reports the weather as a WMO code (WMO 4677 "present weather", the subset Open-Meteo
 * documents at https://open-meteo.com/en/docs#weather_variable_documentation). The spec's
 * forecast_icon_code is the Bureau of Meteorology's icon numbering (1 sunny, 2 clear, 3 partly
 * cloudy, 4 cloudy, 6 haze, 8 light rain, 9 wind, 10 fog, 11 shower, 12 rain, 13 dust, 14 frost,
 * 15 snow, 16 storm, 17 light shower, 18 heavy shower, 19 cyclone; 5 and 7 have no icon), whose
 * icon names are WEATHER_ICONS in weather.ts. Each WMO code maps to one spec code and the précis
 * shown beside it. Codes missing from the table (and spec codes 6, 9, 13, 14, 19, which no WMO
 * code Open-Meteo emits corresponds to) give no icon and no précis: we never guess.
 */

export interface SpecWeather {
  /** The spec's forecast_icon_code (1-19). */
  code: number;
  /** Short text in the Bureau's style ("Mostly sunny", "Showers"). */
  precis: string;
  /** The spec code at night, where it differs (clear skies: 2 "Clear" instead of 1 "Sunny"). */
  night?: { code: number; precis: string };
}

/** WMO weather code -> spec code and précis. */
export const WMO_WEATHER_CODES: Readonly<Record<number, SpecWeather>> = {
  0: { code: 1, precis: 'Sunny', night: { code: 2, precis: 'Clear' } },
  1: { code: 3, precis: 'Mostly sunny', night: { code: 3, precis: 'Mostly clear' } },
  2: { code: 3, precis: 'Partly cloudy' },
  3: { code: 4, precis: 'Cloudy' },
  45: { code: 10, precis: 'Fog' },
  48: { code: 10, precis: 'Fog' },
  51: { code: 8, precis: 'Light drizzle' },
  53: { code: 8, precis: 'Drizzle' },
  55: { code: 8, precis: 'Heavy drizzle' },
  56: { code: 8, precis: 'Freezing drizzle' },
  57: { code: 8, precis: 'Freezing drizzle' },
  61: { code: 8, precis: 'Light rain' },
  63: { code: 12, precis: 'Rain' },
  65: { code: 12, precis: 'Heavy rain' },
  66: { code: 12, precis: 'Freezing rain' },
  67: { code: 12, precis: 'Freezing rain' },
  71: { code: 15, precis: 'Light snow' },
  73: { code: 15, precis: 'Snow' },
  75: { code: 15, precis: 'Heavy snow' },
  77: { code: 15, precis: 'Snow grains' },
  80: { code: 17, precis: 'Light showers' },
  81: { code: 11, precis: 'Showers' },
  82: { code: 18, precis: 'Heavy showers' },
  85: { code: 15, precis: 'Snow showers' },
  86: { code: 15, precis: 'Heavy snow showers' },
  95: { code: 16, precis: 'Thunderstorm' },
  96: { code: 16, precis: 'Thunderstorm with hail' },
  99: { code: 16, precis: 'Thunderstorm with heavy hail' },
};

/**
 * The spec's code and précis for a WMO code; `isDay` false picks the night variant. Null for an
 * unknown or missing code.
 */
export function specWeatherFromWmo(
  wmoCode: number | null | undefined,
  isDay: boolean = true,
): { code: number; precis: string } | null {
  if (wmoCode === null || wmoCode === undefined || !Number.isInteger(wmoCode)) return null;
  const entry = WMO_WEATHER_CODES[wmoCode];
  if (!entry) return null;
  const chosen = !isDay && entry.night ? entry.night : entry;
  return { code: chosen.code, precis: chosen.precis };
}

/**
 * WHO / Bureau UV categories: 0-2 Low, 3-5 Moderate, 6-7 High, 8-10 Very High, 11+ Extreme
 * (a fractional index belongs to the band of its rounded value, as the Bureau rounds the index).
 */
export function uvStatus(index: number): 'Low' | 'Moderate' | 'High' | 'Very High' | 'Extreme' {
  const rounded = Math.round(index);
  if (rounded <= 2) return 'Low';
  if (rounded <= 5) return 'Moderate';
  if (rounded <= 7) return 'High';
  if (rounded <= 10) return 'Very High';
  return 'Extreme';
}

/** The UV index from which sun protection is recommended (Cancer Council / Bureau "sun protection times"). */
export const UV_PROTECTION_THRESHOLD = 3;
