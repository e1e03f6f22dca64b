import * as z from 'zod/mini';
import { AlgalBloomSchema } from './algal.ts';
import { StatusReasonSchema, StatusSetBySchema } from './live-status.ts';
import { BeachShoreNormalSchema } from './rip-contract.ts';
import { AttendancesSchema } from './patrols.ts';
import { AUTOCOMPLETE_MAX_QUERY_LENGTH, AUTOCOMPLETE_MIN_CHARS } from './search.ts';
import { WaterQualitySchema } from './water-quality.ts';

/**
 * zod schemas of the HTTP contract (spec sections 3 and 7). The API validates requests with them
 * and its tests validate responses; the web client parses responses with them. They use zod/mini
 * so the browser bundle carries only the validators it uses.
 * Unknown safety facts are null, never a default that could be read as a fact.
 */

const flag = z.nullable(z.union([z.literal(0), z.literal(1)]));

export const FacilitySchema = z.object({
  type: z.string(),
  name: z.string(),
  url: z.nullable(z.string()),
});

export const ClubRefSchema = z.object({ id: z.int(), title: z.string() });

export const BeachSourceSchema = z.object({
  name: z.string(),
  licence: z.nullable(z.string()),
  coordinate_source: z.nullable(z.string()),
  coordinate_precision_m: z.nullable(z.number()),
  /** Other sources merged into this beach (e.g. OpenStreetMap), with their ids and licences. */
  contributors: z.array(
    z.object({
      source: z.string(),
      source_id: z.nullable(z.string()),
      licence: z.nullable(z.string()),
      attribution: z.nullable(z.string()),
    }),
  ),
});

export const PatrolledTodaySchema = z.object({
  flag: z.union([z.literal(0), z.literal(1)]),
  start: z.nullable(z.string()),
  end: z.nullable(z.string()),
  /** True when this comes from sample schedules (never a real roster). */
  is_sample: z.boolean(),
});

export const BeachSummarySchema = z.object({
  id: z.int(),
  key: z.string(),
  title: z.string(),
  url: z.string(),
  image: z.nullable(z.string()),
  city: z.string(),
  state: z.string(),
  area: z.string(),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  length: z.nullable(z.number()),
  hazard: z.nullable(z.number().check(z.gte(0), z.lte(10))),
  patrol: z.nullable(z.int()),
  distance: z.nullable(z.number()),
});

export const BeachSchema = z.extend(BeachSummarySchema, {
  postcode_url: z.string(),
  area_url: z.string(),
  state_url: z.string(),
  timezone: z.string(),
  description: z.record(z.string(), z.string()),
  covid_status: z.nullable(z.enum(['red', 'amber', 'green'])),
  status: z.nullable(z.enum(['Inclement', 'Open', 'Closed', 'Surveillance'])),
  /**
   * The live status's details (issue 17: the lifesaver console or an import). The server always
   * sends them; optional so records stored by older versions still parse. Expired: all null.
   */
  status_reason: z.optional(z.nullable(StatusReasonSchema)),
  status_message: z.optional(z.nullable(z.string())),
  status_set_at: z.optional(z.nullable(z.string())),
  status_expires_at: z.optional(z.nullable(z.string())),
  status_set_by: z.optional(z.nullable(StatusSetBySchema)),
  is_patrolled_today: z.nullable(PatrolledTodaySchema),
  /** When and by which role the console set today's patrol; null when it comes from the roster. */
  patrol_set_at: z.optional(z.nullable(z.string())),
  patrol_set_by: z.optional(z.nullable(StatusSetBySchema)),
  clubs: z.array(ClubRefSchema),
  facilities: z.array(FacilitySchema),
  /** The beach's type as its hazard rating's source names it (operators' import); null: unknown. */
  beach_type: z.optional(z.nullable(z.string())),
  /**
   * The direction the beach faces out to sea (issue 29), from OpenStreetMap's coastline or an
   * operator's import, with how sure that is; null: not known (then there is no rip outlook).
   */
  shore_normal: z.optional(z.nullable(BeachShoreNormalSchema)),
  attendances: AttendancesSchema,
  /** True when the attendance records are sample data. */
  attendance_is_sample: z.boolean(),
  has_bbq_picnic: flag,
  has_parking: flag,
  has_public_transport: flag,
  has_toilet: flag,
  has_dogs_allowed: flag,
  has_dogs_allowed_on_leash: flag,
  weather: z.nullable(z.unknown()),
  currentTide: z.nullable(z.unknown()),
  currentUV: z.nullable(z.unknown()),
  todays_marine_warnings: z.array(z.unknown()),
  show_algal_bloom_widget: z.boolean(),
  algal_bloom: z.nullable(AlgalBloomSchema),
  /** NSW Beachwatch water quality (issue 19); absent or null: the beach has no site (no information). */
  water_quality: z.optional(z.nullable(WaterQualitySchema)),
  is_sample: z.boolean(),
  source: BeachSourceSchema,
  rendered_at: z.string(),
});

export const BeachImageSchema = z.object({
  id: z.int(),
  url: z.string(),
  caption: z.nullable(z.string()),
  credit: z.nullable(z.string()),
  licence: z.nullable(z.string()),
  /** Imported photos: the licence's text, and the stored sizes as an `<img srcset>` (null: one size). */
  licence_url: z.optional(z.nullable(z.string())),
  srcset: z.optional(z.nullable(z.string())),
});

export const TodayPostSchema = z.object({
  point_id: z.int(),
  local_timestamp: z.string(),
  meta: z.object({
    label: z.optional(z.nullable(z.string())),
    image_url: z.optional(z.nullable(z.string())),
    link: z.optional(z.nullable(z.string())),
    first_name: z.optional(z.nullable(z.string())),
    /** Sample posts are labelled as such wherever they are shown. */
    sample: z.optional(z.boolean()),
  }),
});

export const BeachDetailResponseSchema = z.object({
  beach: BeachSchema,
  nearBy: z.array(BeachSummarySchema),
  relatedBeaches: z.array(BeachSummarySchema),
  images: z.array(BeachImageSchema),
  todayPosts: z.array(TodayPostSchema),
});

export const SearchResultSchema = z.object({
  id: z.int(),
  title: z.string(),
  city: z.nullable(z.string()),
  state: z.string(),
  distance: z.nullable(z.number()),
  url: z.string(),
  postcode: z.nullable(z.string()),
});

export const AutocompleteResponseSchema = z.object({
  beaches: z.array(SearchResultSchema),
  locations: z.array(SearchResultSchema),
  clubs: z.array(SearchResultSchema),
  articles: z.array(SearchResultSchema),
});

const coordinate = (min: number, max: number, field: string) =>
  z.optional(
    z.coerce
      .number(`The ${field} field must be a number.`)
      .check(
        z.gte(min, `The ${field} field must be between ${min} and ${max}.`),
        z.lte(max, `The ${field} field must be between ${min} and ${max}.`),
      ),
  );

export const AutocompleteQuerySchema = z.object({
  q: z
    .string('The q field is required.')
    .check(
      z.trim(),
      z.minLength(
        AUTOCOMPLETE_MIN_CHARS,
        `The q field must be at least ${AUTOCOMPLETE_MIN_CHARS} characters.`,
      ),
      z.maxLength(
        AUTOCOMPLETE_MAX_QUERY_LENGTH,
        `The q field must not be greater than ${AUTOCOMPLETE_MAX_QUERY_LENGTH} characters.`,
      ),
    ),
  lat: coordinate(-90, 90, 'lat'),
  lng: coordinate(-180, 180, 'lng'),
});

export const NotFoundBodySchema = z.object({
  url: z.string('The url field is required.').check(
    z.trim(),
    z.minLength(1, 'The url field is required.'),
    z.maxLength(2048, 'The url field must not be greater than 2048 characters.'),
    // PostgreSQL text cannot hold NUL, and no real address contains one.
    z.refine((url) => !url.includes('\u0000'), 'The url field must not contain null characters.'),
  ),
});

export const NotFoundResponseSchema = z.object({ message: z.string() });

/** 422 body: a message and field -> messages, as the spec's `errors` object. */
export const ValidationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

export const ErrorResponseSchema = z.object({ message: z.string() });

export const HealthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });

export type Beach = z.infer<typeof BeachSchema>;
export type BeachSummary = z.infer<typeof BeachSummarySchema>;
export type BeachDetailResponse = z.infer<typeof BeachDetailResponseSchema>;
export type TodayPost = z.infer<typeof TodayPostSchema>;
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type AutocompleteResponse = z.infer<typeof AutocompleteResponseSchema>;
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

/** Turns a zod error into the spec's field -> messages object. */
export function fieldErrors(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export const ArticleMediaSchema = z.object({
  id: z.string(),
  mime: z.string(),
  title: z.nullable(z.string()),
  url: z.string(),
  download: z.string(),
});

export const ArticleSourceSchema = z.object({
  title: z.string(),
  publisher: z.nullable(z.string()),
  url: z.nullable(z.string()),
});

export const ArticleSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  media: z.array(ArticleMediaSchema),
  sources: z.array(ArticleSourceSchema),
  first_aid: z.array(z.string()),
  reviewed_at: z.string(),
});

export const ArticleResponseSchema = z.object({ article: ArticleSchema });

export type Article = z.infer<typeof ArticleSchema>;
