import * as z from 'zod/mini';

/**
 * Provenance of public data (shared by the weather and place contracts): which provider, when it
 * was fetched, and whether it is stale. Where one group of figures came from and how old it is.
 */
export const DataSourceSchema = z.object({
  /** "Open-Meteo forecast", "Open-Meteo marine", "neaps tide predictions", "RainViewer", "Bureau of Meteorology" */
  name: z.string(),
  attribution: z.string(),
  url: z.nullable(z.string()),
  /** ISO instant the data was fetched from upstream (or computed, for tides). */
  fetched_at: z.string(),
  age_seconds: z.int(),
  /** Older than the provider's freshness window (served because the upstream failed). */
  stale: z.boolean(),
});

export type DataSource = z.infer<typeof DataSourceSchema>;
