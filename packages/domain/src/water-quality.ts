import * as z from 'zod/mini';

/**
 * `water_quality` of the beach detail (issue 19): Beachwatch's (NSW) daily pollution forecast and
 * latest sample result at the swimming site matched to the beach. Absent or null when the beach has
 * no site: that means "no information", never "clean".
 *
 * forecast: Beachwatch's published values ("Pollution Unlikely", "Pollution Possible", "Pollution
 * Likely", "Forecast not available"); anything else is `unknown` (forecast_text keeps the words).
 */
export const POLLUTION_FORECASTS = ['unlikely', 'possible', 'likely', 'not_available', 'unknown'] as const;
export type PollutionForecastValue = (typeof POLLUTION_FORECASTS)[number];

export const WaterQualitySchema = z.object({
  forecast: z.enum(POLLUTION_FORECASTS),
  forecast_text: z.nullable(z.string()),
  /** ISO instant the forecast was issued. */
  forecast_at: z.nullable(z.string()),
  /** Text rating of the latest enterococci sample as published ("Good", "Poor", …). */
  latest_result: z.nullable(z.string()),
  /** 1–4 as published (suitability for swimming). */
  latest_result_rating: z.nullable(z.int()),
  /** ISO instant the latest sample was taken. */
  sampled_at: z.nullable(z.string()),
  site: z.object({ id: z.string(), name: z.string(), distance_m: z.int() }),
  source: z.object({
    name: z.string(),
    url: z.string(),
    licence: z.string(),
    attribution: z.string(),
    fetched_at: z.string(),
  }),
  /** The feed could not be refreshed: this is the last answer, `age_seconds` old. */
  stale: z.boolean(),
  age_seconds: z.int(),
});
export type WaterQuality = z.infer<typeof WaterQualitySchema>;

/** Plain words for a forecast, phrased per Beachwatch's advice. */
export function waterQualityAdvice(forecast: PollutionForecastValue): { headline: string; advice: string } {
  switch (forecast) {
    case 'unlikely':
      return {
        headline: 'Pollution unlikely',
        advice: 'Water quality is expected to be suitable for swimming.',
      };
    case 'possible':
      return {
        headline: 'Pollution possible',
        advice: 'Check the water for signs of pollution (discoloured water, debris) before swimming.',
      };
    case 'likely':
      return {
        headline: 'Pollution likely',
        advice: 'Avoid swimming today, and for at least a day after heavy rain.',
      };
    case 'not_available':
      return {
        headline: 'Pollution forecast not available',
        advice: 'No forecast has been issued for this site.',
      };
    default:
      return {
        headline: 'Pollution forecast unknown',
        advice: 'The forecast could not be read: treat the water with care.',
      };
  }
}
