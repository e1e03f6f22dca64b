import { z } from 'zod';
import { AUTOCOMPLETE_MAX_QUERY_LENGTH, AUTOCOMPLETE_MIN_CHARS } from './search.ts';

/**
 * zod schemas of the HTTP contract (spec sections 3 and 7). The API validates requests with them
 * and its tests validate responses; the web client parses responses with them.
 * Unknown safety facts are null, never a default that could be read as a fact.
 */

const flag = z.union([z.literal(0), z.literal(1)]).nullable();

export const FacilitySchema = z.object({
  type: z.string(),
  name: z.string(),
  url: z.string().nullable(),
});

export const ClubRefSchema = z.object({ id: z.number().int(), title: z.string() });

export const BeachSourceSchema = z.object({
  name: z.string(),
  licence: z.string().nullable(),
  coordinate_source: z.string().nullable(),
  coordinate_precision_m: z.number().nullable(),
});

export const PatrolledTodaySchema = z.object({
  flag: z.union([z.literal(0), z.literal(1)]),
  start: z.string().nullable(),
  end: z.string().nullable(),
});

export const BeachSummarySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  area: z.string(),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  length: z.number().nullable(),
  hazard: z.number().min(0).max(10).nullable(),
  patrol: z.number().int().nullable(),
  distance: z.number().nullable(),
});

export const BeachSchema = BeachSummarySchema.extend({
  postcode_url: z.string(),
  area_url: z.string(),
  state_url: z.string(),
  timezone: z.string(),
  description: z.record(z.string(), z.string()),
  covid_status: z.enum(['red', 'amber', 'green']).nullable(),
  status: z.enum(['Inclement', 'Open', 'Closed', 'Surveillance']).nullable(),
  is_patrolled_today: PatrolledTodaySchema.nullable(),
  clubs: z.array(ClubRefSchema),
  facilities: z.array(FacilitySchema),
  attendances: z.record(z.string(), z.array(z.unknown())),
  has_bbq_picnic: flag,
  has_parking: flag,
  has_public_transport: flag,
  has_toilet: flag,
  has_dogs_allowed: flag,
  has_dogs_allowed_on_leash: flag,
  weather: z.unknown().nullable(),
  currentTide: z.unknown().nullable(),
  currentUV: z.unknown().nullable(),
  todays_marine_warnings: z.array(z.unknown()),
  show_algal_bloom_widget: z.boolean(),
  algal_bloom: z.unknown().nullable(),
  is_sample: z.boolean(),
  source: BeachSourceSchema,
  rendered_at: z.string(),
});

export const BeachImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  caption: z.string().nullable(),
  credit: z.string().nullable(),
  licence: z.string().nullable(),
});

export const TodayPostSchema = z.object({
  point_id: z.number().int(),
  local_timestamp: z.string(),
  meta: z.object({
    label: z.string().nullable().optional(),
    image_url: z.string().nullable().optional(),
    link: z.string().nullable().optional(),
    first_name: z.string().nullable().optional(),
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
  id: z.number().int(),
  title: z.string(),
  city: z.string().nullable(),
  state: z.string(),
  distance: z.number().nullable(),
  url: z.string(),
  postcode: z.string().nullable(),
});

export const AutocompleteResponseSchema = z.object({
  beaches: z.array(SearchResultSchema),
  locations: z.array(SearchResultSchema),
  clubs: z.array(SearchResultSchema),
  articles: z.array(SearchResultSchema),
});

const coordinate = (min: number, max: number) => z.coerce.number().min(min).max(max);

export const AutocompleteQuerySchema = z.object({
  q: z
    .string({ error: 'The q field is required.' })
    .trim()
    .min(AUTOCOMPLETE_MIN_CHARS, `The q field must be at least ${AUTOCOMPLETE_MIN_CHARS} characters.`)
    .max(AUTOCOMPLETE_MAX_QUERY_LENGTH, `The q field must not be greater than ${AUTOCOMPLETE_MAX_QUERY_LENGTH} characters.`),
  lat: coordinate(-90, 90).optional(),
  lng: coordinate(-180, 180).optional(),
});

export const NotFoundBodySchema = z.object({
  url: z
    .string({ error: 'The url field is required.' })
    .trim()
    .min(1, 'The url field is required.')
    .max(2048, 'The url field must not be greater than 2048 characters.'),
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
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type AutocompleteResponse = z.infer<typeof AutocompleteResponseSchema>;
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

/** Turns a zod error into the spec's field -> messages object. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
