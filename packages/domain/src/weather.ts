import * as z from 'zod/mini';
import { MarineWarningSchema } from './location.ts';
import { DataSourceSchema, type DataSource } from './source.ts';

export { DataSourceSchema, type DataSource };

/**
 * Contract of GET /api/v4/beach/{beachId}/weather (spec section 3, "Weather response"), plus the
 * provenance every figure carries: which provider, when it was fetched, and whether it is stale.
 * Times are wall-clock at the beach ("YYYY-MM-DDTHH:mm", the beach's `timezone`) like the spec's
 * date_time_local; instants (fetched_at, issued_at) are ISO-8601 UTC.
 */

export const ForecastDaySchema = z.object({
  /** YYYY-MM-DD at the beach. */
  date: z.string(),
  precis: z.nullable(z.string()),
  /** The spec's icon code (1-19), see WEATHER_ICONS; null when the upstream code has no icon. */
  forecast_icon_code: z.nullable(z.int()),
  air_temperature_minimum: z.nullable(z.number()),
  air_temperature_maximum: z.nullable(z.number()),
});

export const TemperaturePointSchema = z.object({ date_time_local: z.string(), air_temp: z.number() });
export const SwellPointSchema = z.object({
  date_time_local: z.string(),
  /** metres */
  height: z.number(),
  /** seconds */
  period: z.nullable(z.number()),
  /** degrees the swell comes from */
  direction: z.nullable(z.number()),
});
export const WindSpeedPointSchema = z.object({ date_time_local: z.string(), wind_speed: z.number() });
export const WindDirectionPointSchema = z.object({
  date_time_local: z.string(),
  /** degrees the wind comes from */
  wind_direction: z.number(),
});
export const TidePointSchema = z.object({
  date_time_local: z.string(),
  /** metres above Lowest Astronomical Tide */
  height: z.number(),
  /** 'high' / 'low' for turning points, null for curve samples */
  type: z.nullable(z.enum(['high', 'low'])),
});
export const UvDaySchema = z.object({
  date: z.string(),
  index: z.number(),
  /** "Low", "Moderate", "High", "Very High", "Extreme" */
  status: z.string(),
  description: z.string(),
});

export const TideStationSchema = z.object({
  name: z.string(),
  /** metres from the beach */
  distance_m: z.number(),
  datum: z.literal('LAT'),
});

export const RadarImageSchema = z.object({ url: z.string(), timestamp: z.int() });
export const RadarSizeSchema = z.object({
  /** km across */
  size: z.int(),
  /** [[south, west], [north, east]] */
  bounds: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]),
  images: z.array(RadarImageSchema),
});
export const RadarSchema = z.object({
  radar: z.object({ name: z.string(), size: z.int() }),
  sizes: z.array(RadarSizeSchema),
  /** RainViewer serves tiles up to this zoom. */
  max_zoom: z.int(),
});

/** Beach fields of spec section 3: weather (current), currentTide, currentUV. */
export const CurrentWeatherSchema = z.object({
  forecast_icon_code: z.nullable(z.int()),
  air_temp: z.nullable(z.number()),
  precis: z.nullable(z.string()),
  /** 16-point compass ("SSW") */
  wind_dir: z.nullable(z.string()),
  wind_spd_kmh: z.nullable(z.number()),
  water_temperatures: z.nullable(z.number()),
  /** metres */
  swell: z.nullable(z.number()),
});
export const CurrentTideSchema = z.object({
  state: z.enum(['low', 'high', 'rising', 'falling']),
  height: z.number(),
});
export const CurrentUvSchema = z.object({ index: z.number(), status: z.string() });

export const WeatherResponseSchema = z.object({
  timezone: z.string(),
  forecast: z.array(ForecastDaySchema),
  temperature: z.array(TemperaturePointSchema),
  swell: z.array(SwellPointSchema),
  windSpeed: z.array(WindSpeedPointSchema),
  windDirection: z.array(WindDirectionPointSchema),
  tides: z.array(TidePointSchema),
  tide_station: z.nullable(TideStationSchema),
  uv: z.array(UvDaySchema),
  radar: z.nullable(RadarSchema),
  current: z.object({
    weather: z.nullable(CurrentWeatherSchema),
    currentTide: z.nullable(CurrentTideSchema),
    currentUV: z.nullable(CurrentUvSchema),
  }),
  todays_marine_warnings: z.array(MarineWarningSchema),
  /** Provenance per group; a group whose provider failed with nothing cached is null and its arrays empty. */
  sources: z.object({
    forecast: z.nullable(DataSourceSchema),
    marine: z.nullable(DataSourceSchema),
    tides: z.nullable(DataSourceSchema),
    radar: z.nullable(DataSourceSchema),
    warnings: z.nullable(DataSourceSchema),
  }),
});

export type WeatherResponse = z.infer<typeof WeatherResponseSchema>;
export type ForecastDay = z.infer<typeof ForecastDaySchema>;
export type CurrentWeather = z.infer<typeof CurrentWeatherSchema>;
export type RadarData = z.infer<typeof RadarSchema>;
export type TidePoint = z.infer<typeof TidePointSchema>;

/** Spec section 3: the icon of each weather code. Codes 5 and 7 have no icon. */
export const WEATHER_ICONS: Readonly<Record<number, string>> = {
  1: 'sunny',
  2: 'sunny',
  3: 'cloudy',
  4: 'overcast',
  6: 'haze',
  8: 'drizzle',
  9: 'windy',
  10: 'fog',
  11: 'showers',
  12: 'rain',
  13: 'dust',
  14: 'cold',
  15: 'snow',
  16: 'thunderstorm',
  17: 'showers',
  18: 'storm-showers',
  19: 'hurricane',
};

/** Spec section 9: radar defaults. */
export const RADAR_DEFAULT_SIZE_KM = 128;
export const RADAR_ZOOM = 7;
export const RADAR_FRAME_INTERVAL_MS = 1000;
