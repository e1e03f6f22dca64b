import * as z from 'zod/mini';

/**
 * The algal bloom part of the HTTP contract (spec sections 2-8). Only users with the algal role
 * may read the list, record metrics and manage the photo of the day; the server enforces it.
 */

/** The strings that count as a "yes" metric value (spec section 4), compared trimmed and lower-cased. */
const TRUE_STRINGS: ReadonlySet<string> = new Set(['true', 'yes', '1', 'medium', 'high', 'good']);

/**
 * Coerces a metric value from the server to a boolean (spec section 4): empty, null or undefined
 * is unset (null); the strings true, yes, 1, medium, high or good are true (case-insensitive,
 * trimmed); other strings are false; numbers above 0 are true, other numbers false; booleans as is.
 */
export function coerceMetric(value: unknown): boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value > 0;
  if (typeof value === 'bigint') return value > 0n;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (value === '') return null;
    return TRUE_STRINGS.has(text);
  }
  return null;
}

const metric = z.nullable(z.boolean());

/** `algal_bloom` of the beach detail response: the latest metric of a programme beach. */
export const AlgalBloomSchema = z.object({
  clean_rating: metric,
  beach_foam: metric,
  water_discolour: metric,
  updated_at: z.string(),
});

export const PhotoOfTodaySchema = z.object({
  id: z.int(),
  created_at: z.string(),
  timestamp: z.string(),
  local_timestamp: z.string(),
  meta: z.object({ image_url: z.string(), thumbnail_url: z.string() }),
});

export const AlgalMetricUserSchema = z.object({ first_name: z.string(), last_name: z.string() });

export const LatestAlgalMetricSchema = z.object({
  water_discolour: metric,
  beach_foam: metric,
  clean_rating: metric,
  created_at: z.string(),
  user: z.nullable(AlgalMetricUserSchema),
});

export const AlgalListItemSchema = z.object({
  id: z.int(),
  title: z.string(),
  image: z.nullable(z.string()),
  url: z.string(),
  photo_of_today: z.nullable(PhotoOfTodaySchema),
  latest_algal_bloom_metric: z.nullable(LatestAlgalMetricSchema),
});

/** GET /api/v5/algal-bloom-metrics */
export const AlgalListResponseSchema = z.object({ beaches: z.array(AlgalListItemSchema) });

const answer = (field: string) => z.boolean(`The ${field} field is required and must be true or false.`);

/** POST /api/v5/beach/{id}/algal-bloom-metrics: all three answers are required. */
export const MetricBodySchema = z.object({
  water_discolour: answer('water discolour'),
  beach_foam: answer('beach foam'),
  clean_rating: answer('clean rating'),
});
export type MetricBody = z.infer<typeof MetricBodySchema>;

export const MetricSchema = z.object({
  id: z.int(),
  beach_id: z.int(),
  water_discolour: z.boolean(),
  beach_foam: z.boolean(),
  clean_rating: z.boolean(),
  created_at: z.string(),
});

export const MetricResponseSchema = z.object({ metric: MetricSchema });

/** Photo upload and removal answer { message }. */
export const MessageResponse = z.object({ message: z.string() });

/** Algal bloom texts of the spec (sections 2, 5 and 8), word for word, plus the server's messages. */
export const ALGAL_MESSAGES = {
  accessDenied: 'Access Denied',
  noPermission: 'You do not have permission to access algal bloom metrics.',
  contactAdmin: 'Please contact your administrator if you believe this is an error.',
  showingBeaches: (count: number) => `Showing ${count} beaches available for algal bloom monitoring`,
  noPhotoToday: 'No photo today',
  uploadPhoto: 'Upload Photo',
  neverUpdated: 'Never updated',
  unknownUser: 'Unknown User',
  noMetricsYet: 'No metrics recorded yet',
  emptyTitle: 'No Beaches Available',
  emptyBody: 'There are currently no beaches available for algal bloom monitoring.',
  loadErrorTitle: 'Error Loading Beaches',
  loadFailed: 'Failed to load beaches. Please try again.',
  metricsUpdated: 'Metrics updated successfully!',
  saveFailed: 'Failed to save metrics',
  uploadFailed: 'Failed to upload photo',
  removeFailed: 'Failed to remove photo of the day',
  invalidImage: 'Please select a valid image file (JPEG, PNG, or WebP)',
  confirmRemove: (title: string) => `Are you sure you want to remove the photo of the day for ${title}?`,
  widgetDisclaimer:
    'This information is based on visual inspection only and does not constitute a safety assessment',
  notAvailable: 'N/A',
  imageNotAvailable: 'Image not available',
  /** Server messages. */
  photoUploaded: 'Photo of the day uploaded successfully.',
  photoRemoved: 'Photo of the day removed successfully.',
  beachNotInProgramme: 'This beach is not part of the algal bloom monitoring programme.',
  photoNotFound: 'Photo of the day not found.',
  photoRequired: 'The photo field is required.',
  photoInvalid: 'The photo must be a JPEG, PNG or WebP image.',
  photoTooLarge: (maxBytes: number) =>
    `The photo must not be greater than ${Math.round(maxBytes / 1024)} kilobytes.`,
} as const;

export type AlgalBloom = z.infer<typeof AlgalBloomSchema>;
export type PhotoOfToday = z.infer<typeof PhotoOfTodaySchema>;
export type AlgalListItem = z.infer<typeof AlgalListItemSchema>;
