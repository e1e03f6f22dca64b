import {
  createOpenMeteoProvider,
  openMeteoUrl,
  type HourlyData,
  type OpenMeteoProviderOptions,
} from './open-meteo.ts';
import type { LatLng, PointProvider, SourceInfo } from './types.ts';

/**
 * Swell (height, period, direction) and sea-surface temperature from the Open-Meteo marine API
 * (https://open-meteo.com/en/docs/marine-weather-api). Data CC BY 4.0, attribution required.
 * Points on land have no marine values; beaches lie on the shore, within the wave models' reach.
 */
export const MARINE_VARIABLES = [
  'swell_wave_height',
  'swell_wave_period',
  'swell_wave_direction',
  'sea_surface_temperature',
] as const;
export type MarineVariable = (typeof MARINE_VARIABLES)[number];
export type MarineData = HourlyData<MarineVariable>;
export type MarineProvider = PointProvider<MarineData>;

export const OPEN_METEO_MARINE_SOURCE: SourceInfo = {
  name: 'Open-Meteo marine',
  attribution: 'Marine data by Open-Meteo.com (CC BY 4.0)',
  url: 'https://open-meteo.com/en/docs/marine-weather-api',
};

export function openMeteoMarineUrl(baseUrl: string, point: LatLng): string {
  return openMeteoUrl(baseUrl, point, MARINE_VARIABLES);
}

export function createOpenMeteoMarineProvider(options: OpenMeteoProviderOptions): MarineProvider {
  return createOpenMeteoProvider(options, { source: OPEN_METEO_MARINE_SOURCE, variables: MARINE_VARIABLES });
}
