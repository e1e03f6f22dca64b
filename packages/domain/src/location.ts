import * as z from 'zod/mini';
import { BeachSummarySchema, PatrolledTodaySchema } from './contract.ts';
import { StatusReasonSchema } from './live-status.ts';
import { RipOutlookSummarySchema } from './rip-contract.ts';
import { DataSourceSchema } from './source.ts';
import { WaterQualitySchema } from './water-quality.ts';

/**
 * Contract of the place and location calls (spec sections 3 and 7): POST /api/v4/location/ and
 * GET /api/v4/map/beaches. Unknown facts are null, never a default that could be read as a fact.
 */

/** Spec section 9: the default coordinate when nothing better is known (Bondi Beach, NSW). */
export const DEFAULT_COORDINATE = { latitude: -33.88944, longitude: 151.27806 } as const;

/**
 * Spec section 7: list sizes of the location response: 6 patrolled and 6 closest beaches. The
 * closest list is the 6 nearest of every kind, patrolled ones included, so the nearest beach is
 * never missing from "Closest" (issue 16); the patrolled list repeats the patrolled among them.
 */
export const LOCATION_LIMITS = {
  patrolled: 6,
  closest: 6,
  postcodes: 4,
  /** Home filter rows show at most this many. */
  filterRow: 6,
} as const;

/** Map bounds: the widest box GET /api/v4/map/beaches accepts, and the most beaches it returns. */
export const MAP_MAX_SPAN_DEGREES = 20;
export const MAP_BEACHES_LIMIT = 500;

const flag = z.nullable(z.union([z.literal(0), z.literal(1)]));

export const MarineWarningSchema = z.object({
  text: z.string(),
  issued_at: z.string(),
  link: z.nullable(z.string()),
  /** Warning area or headline as the issuer wrote it. */
  title: z.optional(z.nullable(z.string())),
  expires_at: z.optional(z.nullable(z.string())),
});

export const CurrentObservationsSchema = z.object({
  air_temp: z.nullable(z.number()),
  wind_dir: z.nullable(z.string()),
  wind_spd_kmh: z.nullable(z.number()),
  /** ISO instant the values describe, and where they came from. */
  observed_at: z.optional(z.nullable(z.string())),
  source: z.optional(z.nullable(z.string())),
});

export const PlaceForecastSchema = z.object({
  precis: z.nullable(z.string()),
  forecast_icon_code: z.nullable(z.int()),
  air_temperature_minimum: z.nullable(z.number()),
  air_temperature_maximum: z.nullable(z.number()),
});

export const PlaceSchema = z.object({
  id: z.int(),
  title: z.string(),
  postcode: z.string(),
  state: z.string(),
  /** Council / area name when known (spec field name). */
  region3: z.nullable(z.string()),
  latitude: z.number(),
  longitude: z.number(),
  /** "/nsw/waverley/bondi-beach" */
  url: z.string(),
  timezone: z.string(),
  beaches_count: z.int(),
  current_observations: z.nullable(CurrentObservationsSchema),
  current_point_place_forecasts: z.nullable(PlaceForecastSchema),
  todays_marine_warnings: z.array(MarineWarningSchema),
  /**
   * Where todays_marine_warnings came from (the Bureau of Meteorology's feed for the place's state,
   * kept to the warnings whose area covers the place). Null or absent: the warnings could not be
   * read, so an empty list means "not known", never "none issued".
   */
  marine_warnings_source: z.optional(z.nullable(DataSourceSchema)),
});

/**
 * A list row's marine warnings in force (issue 16): the count and the most severe warning's title,
 * from the same Bureau feed and the same area rule as the beach page.
 */
export const ListBeachWarningsSchema = z.object({
  /** 0 only when the state's feed answered and no warning's area covers the beach. */
  count: z.int(),
  most_severe_title: z.nullable(z.string()),
});

/** A beach in Home lists, location pages and on the map: the summary plus what the filters need. */
export const ListBeachSchema = z.extend(BeachSummarySchema, {
  timezone: z.string(),
  status: z.nullable(z.enum(['Inclement', 'Open', 'Closed', 'Surveillance'])),
  /** The live status's reason and times (issue 17); optional for older stored answers. */
  status_reason: z.optional(z.nullable(StatusReasonSchema)),
  status_set_at: z.optional(z.nullable(z.string())),
  status_expires_at: z.optional(z.nullable(z.string())),
  covid_status: z.nullable(z.enum(['red', 'amber', 'green'])),
  is_patrolled_today: z.nullable(PatrolledTodaySchema),
  has_toilet: flag,
  has_parking: flag,
  has_dogs_allowed: flag,
  has_dogs_allowed_on_leash: flag,
  is_sample: z.boolean(),
  /** NSW Beachwatch forecast (issue 19), from the server's cache; absent: none known for this beach. */
  water_quality: z.optional(z.nullable(WaterQualitySchema)),
  /**
   * Marine warnings at the beach now (issue 16). Null: the state's feed could not be read (not
   * known, never "none"). Absent: the answer carries no warnings (older servers, the offline
   * database), so the row shows no warnings part.
   */
  marine_warnings: z.optional(z.nullable(ListBeachWarningsSchema)),
  /**
   * Today's rip-current model outlook at the beach (issue 29). Null: no outlook for this beach (no
   * shore direction, wave forecast or tides). Absent: the answer carries none (older servers).
   */
  rip_outlook: z.optional(z.nullable(RipOutlookSummarySchema)),
});

export const ClosestPostcodeSchema = z.object({
  postcode: z.string(),
  title: z.string(),
  state: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  beaches_count: z.int(),
  url: z.string(),
});

export const AnnouncementSchema = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  button_label: z.nullable(z.string()),
  button_url: z.nullable(z.string()),
});

export const LocationResponseSchema = z.object({
  place: z.nullable(PlaceSchema),
  patrolledBeaches: z.array(ListBeachSchema),
  closestBeaches: z.array(ListBeachSchema),
  closestPostcodes: z.array(ClosestPostcodeSchema),
  announcements: z.array(AnnouncementSchema),
  show_algal_bloom_warning: z.boolean(),
  /** How the place was found: from coordinates, a url, the caller's address or the default. */
  resolved_by: z.enum(['coordinates', 'url', 'ip', 'default']),
  /** Present for an unknown place; `state` is the state to fall back to when one was recognised. */
  error: z.optional(z.string()),
  state: z.optional(z.nullable(z.string())),
  /** Spec section 3: false when the app answered from its offline database (never sent by the server). */
  dataSourceWasOnline: z.optional(z.boolean()),
});

const latitude = z
  .number('The latitude field must be a number.')
  .check(
    z.gte(-90, 'The latitude field must be between -90 and 90.'),
    z.lte(90, 'The latitude field must be between -90 and 90.'),
  );
const longitude = z
  .number('The longitude field must be a number.')
  .check(
    z.gte(-180, 'The longitude field must be between -180 and 180.'),
    z.lte(180, 'The longitude field must be between -180 and 180.'),
  );

/**
 * Body of POST /api/v4/location/: coordinates, or a place url ("/nsw/waverley/bondi-beach" or
 * "/postcode/2026"), or nothing (the caller's address decides, else the default coordinate).
 */
export const LocationBodySchema = z.object({
  latitude: z.optional(latitude),
  longitude: z.optional(longitude),
  url: z.optional(
    z.string('The url field must be a string.').check(
      z.trim(),
      z.maxLength(512, 'The url field must not be greater than 512 characters.'),
      z.refine((url) => !url.includes('\u0000'), 'The url field must not contain null characters.'),
    ),
  ),
});

export const MapBeachesResponseSchema = z.object({
  data: z.object({
    beaches: z.array(ListBeachSchema),
    place: z.nullable(PlaceSchema),
    /** True when the box held more beaches than MAP_BEACHES_LIMIT (the closest to its centre are sent). */
    truncated: z.boolean(),
  }),
});

export type Place = z.infer<typeof PlaceSchema>;
export type ListBeach = z.infer<typeof ListBeachSchema>;
export type ListBeachWarnings = z.infer<typeof ListBeachWarningsSchema>;
export type ClosestPostcode = z.infer<typeof ClosestPostcodeSchema>;
export type Announcement = z.infer<typeof AnnouncementSchema>;
export type LocationResponse = z.infer<typeof LocationResponseSchema>;
export type LocationBody = z.infer<typeof LocationBodySchema>;
export type MapBeachesResponse = z.infer<typeof MapBeachesResponseSchema>;
export type MarineWarning = z.infer<typeof MarineWarningSchema>;
export type CurrentObservations = z.infer<typeof CurrentObservationsSchema>;
