import * as z from 'zod/mini';
import { ClubRefSchema } from './contract.ts';
import { StatusReasonSchema } from './live-status.ts';

/**
 * POST /api/v4/sync (spec sections 3 and 7): the offline beach database's delta sync.
 *
 * Every write to a beach (or to what its offline record carries: clubs, facilities, description)
 * gives that beach the next number of one change sequence; a deleted beach leaves a tombstone
 * with its own number. A client sends back the `cursor` of its last applied page as `since` and
 * gets the changes after it, oldest first, one page at a time. A cursor from another format
 * version, or older than the tombstones the server still keeps, gets `full: true`: the client
 * drops its local beaches and applies the stream from the start.
 */

/** Beaches per page when the client does not ask for fewer. */
export const SYNC_PAGE_SIZE = 1000;
/** The most beaches one page may carry (a client may ask for fewer with `limit`). */
export const SYNC_PAGE_MAX = 2000;
/** Tombstones are kept this long; a cursor older than the oldest kept one must resync in full. */
export const SYNC_TOMBSTONE_RETENTION_DAYS = 90;
/** The cursor's format version: bump it when the offline record changes shape (forces a full sync). */
export const SYNC_FORMAT_VERSION = 1;

export const SyncRequestSchema = z.object({
  /** The previous page's `cursor`; null, absent or empty starts a full sync. */
  since: z.optional(z.nullable(z.string().check(z.maxLength(64, 'The since field is too long.')))),
  limit: z.optional(
    z
      .int('The limit field must be an integer.')
      .check(
        z.gte(1, `The limit field must be between 1 and ${SYNC_PAGE_MAX}.`),
        z.lte(SYNC_PAGE_MAX, `The limit field must be between 1 and ${SYNC_PAGE_MAX}.`),
      ),
  ),
});

const flag = z.nullable(z.union([z.literal(0), z.literal(1)]));

/**
 * One beach as the offline database stores it. `description` (the titled sections object) and
 * `facilities` (the [{type, name, url}] list) arrive as JSON text, as the spec says.
 */
export const SyncBeachSchema = z.object({
  id: z.int(),
  key: z.string(),
  title: z.string(),
  url: z.string(),
  image: z.nullable(z.string()),
  city: z.string(),
  state: z.string(),
  area: z.string(),
  postcode: z.string(),
  postcode_url: z.string(),
  area_url: z.string(),
  state_url: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  length: z.nullable(z.number()),
  hazard: z.nullable(z.number()),
  patrol: z.nullable(z.int()),
  covid_status: z.nullable(z.enum(['red', 'amber', 'green'])),
  status: z.nullable(z.enum(['Inclement', 'Open', 'Closed', 'Surveillance'])),
  /**
   * The live status's reason and times (issue 17). Offline, a status past status_expires_at is
   * shown as no status (liveStatusAt). Optional for records stored by older versions.
   */
  status_reason: z.optional(z.nullable(StatusReasonSchema)),
  status_set_at: z.optional(z.nullable(z.string())),
  status_expires_at: z.optional(z.nullable(z.string())),
  description: z.string(),
  facilities: z.string(),
  clubs: z.array(ClubRefSchema),
  has_bbq_picnic: flag,
  has_parking: flag,
  has_public_transport: flag,
  has_toilet: flag,
  has_dogs_allowed: flag,
  has_dogs_allowed_on_leash: flag,
  /** Sample beaches stay labelled offline too. */
  is_sample: z.boolean(),
  /** Where the record comes from and under which licence (shown on the offline beach page). */
  data_source: z.string(),
  data_licence: z.nullable(z.string()),
  /** The server's last change to this beach (ISO-8601 UTC). */
  updated_at: z.string(),
});

export const SyncResponseSchema = z.object({
  beaches_upsert: z.array(SyncBeachSchema),
  /** Keys of deleted beaches. */
  beaches_delete: z.array(z.string()),
  /** When the server answered this page (ISO-8601 UTC): "Beaches last synchronized at". */
  beaches_synced_at: z.string(),
  /** Send this back as `since` for the next page (or the next sync). */
  cursor: z.string(),
  /** More changes follow: ask again with `cursor`. */
  has_more: z.boolean(),
  /** This stream starts from nothing: drop the local beaches before applying this page. */
  full: z.boolean(),
  /** Changes (upserts + deletes) in the whole stream after the request's `since`: progress. */
  total: z.int(),
});

/** GET /api/v4/app: the version of the web build the server serves now. */
export const AppVersionResponseSchema = z.object({
  version: z.string(),
  /** Identifies the build (two builds of one version differ here). */
  build: z.string(),
});

export type SyncRequest = z.infer<typeof SyncRequestSchema>;
export type SyncBeach = z.infer<typeof SyncBeachSchema>;
export type SyncResponse = z.infer<typeof SyncResponseSchema>;
export type AppVersionResponse = z.infer<typeof AppVersionResponseSchema>;

/** Offline limits (spec section 7): nearby beaches on the offline beach page. */
export const OFFLINE_NEARBY_LIMIT = 4;
/** The Offline-Beach route's id when the path segment is not a number (spec section 2). */
export const OFFLINE_DEFAULT_BEACH_ID = 1380;

/** `/beach/{beachId}`: an integer id, else the spec's fallback 1380. */
export function offlineBeachId(segment: string | undefined): number {
  return segment !== undefined && /^\d{1,9}$/.test(segment) ? Number(segment) : OFFLINE_DEFAULT_BEACH_ID;
}
