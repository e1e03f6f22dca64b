import {
  createOpenMeteoProvider,
  openMeteoUrl,
  type HourlyData,
  type OpenMeteoProviderOptions,
} from './open-meteo.ts';
import type { LatLng, PointProvider, SourceInfo } from './types.ts';

/**
 * Weather, air temperature, wind and UV from the Open-Meteo forecast API (hourly, best model for
 * the point; https://open-meteo.com/en/docs). Data CC BY 4.0, attribution required.
 */
export const FORECAST_VARIABLES = [
  'temperature_2m',
  'weather_code',
  'wind_speed_10m',
  'wind_direction_10m',
  'uv_index',
  'is_day',
] as const;
export type ForecastVariable = (typeof FORECAST_VARIABLES)[number];
export type ForecastData = HourlyData<ForecastVariable>;
export type ForecastProvider = PointProvider<ForecastData>;

export const OPEN_METEO_FORECAST_SOURCE: SourceInfo = {
  name: 'Open-Meteo forecast',
  attribution: 'Weather data by Open-Meteo.com (CC BY 4.0)',
  url: 'https://open-meteo.com/',
};

export function openMeteoForecastUrl(baseUrl: string, point: LatLng): string {
  return openMeteoUrl(baseUrl, point, FORECAST_VARIABLES, { wind_speed_unit: 'kmh' });
}

export function createOpenMeteoForecastProvider(options: OpenMeteoProviderOptions): ForecastProvider {
  return createOpenMeteoProvider(options, {
    source: OPEN_METEO_FORECAST_SOURCE,
    variables: FORECAST_VARIABLES,
    extraParams: { wind_speed_unit: 'kmh' },
  });
}
