import type { Generated, Insertable, Kysely, Selectable } from 'kysely';

/**
 * Table types. Booleans and flags are integers (0/1, null = unknown) and timestamps ISO-8601 UTC
 * text, so one set of migrations and queries runs on SQLite and PostgreSQL alike.
 */
export interface LocalitiesTable {
  id: Generated<number>;
  postcode: string;
  title: string;
  slug: string;
  state: string;
  /** Council slug, known once a beach in the locality names its council. */
  area_slug: string | null;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  district: string | null;
  timezone: string;
  search_name: string;
  beaches_count: Generated<number>;
}

export interface BeachesTable {
  id: Generated<number>;
  key: string;
  slug: string;
  title: string;
  search_name: string;
  state: string;
  area: string;
  area_slug: string;
  city: string;
  city_slug: string;
  postcode: string;
  locality_id: number | null;
  latitude: number;
  longitude: number;
  timezone: string;
  length_m: number | null;
  hazard: number | null;
  patrol: number | null;
  status: string | null;
  /** Migration 0015: the live status's reason, message, times and setter (modules/console). */
  status_reason: string | null;
  status_message: string | null;
  status_set_at: string | null;
  /** After this instant the status reads as no status. */
  status_expires_at: string | null;
  /** 'lifesaver' | 'operator' | 'import' */
  status_set_by: string | null;
  covid_status: string | null;
  description: string;
  facilities: Generated<string>;
  has_bbq_picnic: number | null;
  has_parking: number | null;
  has_public_transport: number | null;
  has_toilet: number | null;
  has_dogs_allowed: number | null;
  has_dogs_allowed_on_leash: number | null;
  coordinate_source: string | null;
  coordinate_precision_m: number | null;
  data_source: string;
  data_licence: string | null;
  source_id: string | null;
  is_sample: Generated<number>;
  created_at: string;
  updated_at: string;
  /** OpenStreetMap `surface` (sand, pebbles…), as tagged. */
  surface: string | null;
  /** OpenStreetMap `supervised`/`lifeguard`: 1 tagged yes, 0 tagged no, null unknown. */
  supervised: number | null;
  /** The number of the beach's last change in the sync sequence (db/changes.ts sets it). */
  sync_seq: Generated<number>;
  /** Migration 0017: the beach's type as its hazard rating's source names it (free text). */
  beach_type: string | null;
  /** Migration 0017: who wrote `facilities`: 'import' (an operator) or 'osm'; null: nobody. */
  facilities_source: string | null;
  /** Migration 0019: seaward-facing direction, degrees true; null when none could be derived. */
  shore_normal_deg: number | null;
  /** Migration 0019: 'osm-coastline' | 'import'. */
  shore_normal_source: string | null;
  /** Migration 0019: 'high' | 'medium' | 'low'. */
  shore_normal_confidence: string | null;
  /** Migration 0019: the import's source line, or why the derived value is weak or absent. */
  shore_normal_note: string | null;
}

/** The single row (id 1) of the sync sequence: the last number handed out, the pruned floor. */
/** Migration 0014: the public data's version (db/data-version.ts). */
export interface DataVersionTable {
  id: number;
  version: number;
  changed_at: string;
}

export interface SyncStateTable {
  id: number;
  last_seq: number;
  /** Tombstones up to this number were pruned: an older cursor must resync in full. */
  floor_seq: number;
}

/** A deleted beach, numbered in the sync sequence so clients delete it too. */
export interface BeachTombstonesTable {
  key: string;
  beach_id: number;
  sync_seq: number;
  deleted_at: string;
}

export interface BeachSourcesTable {
  id: Generated<number>;
  beach_id: number;
  /** 'starter' | 'import' | 'osm' | … */
  source: string;
  source_id: string | null;
  licence: string | null;
  attribution: string | null;
  imported_at: string;
}

export interface ClubsTable {
  id: Generated<number>;
  title: string;
  slug: string;
  state: string;
  search_name: string;
}

export interface BeachClubsTable {
  beach_id: number;
  club_id: number;
  sort: number;
}

export interface BeachImagesTable {
  id: Generated<number>;
  beach_id: number;
  url: string;
  caption: string | null;
  credit: string | null;
  licence: string | null;
  sort: number;
  /** Migration 0017: the operator's manifest file name (null: not imported). */
  file_name: string | null;
  /** SHA-256 (hex) of the original file. */
  content_hash: string | null;
  /** JSON [{width, key, url}] of the responsive sizes, smallest first. */
  variants: Generated<string>;
  licence_url: string | null;
  /** Where the photo came from (a page or collection), as the manifest says. */
  source: string | null;
}

export interface ArticlesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  search_name: string;
  body: string;
  published: number;
  reviewed_at: string | null;
  updated_at: string;
  summary: Generated<string>;
  /** JSON: [{title, publisher, url}] */
  sources: Generated<string>;
  /** JSON: the first-aid guidelines the article follows */
  first_aid: Generated<string>;
}

export interface ArticleMediaTable {
  id: Generated<number>;
  article_id: number;
  key: string;
  file: string;
  mime: string;
  title: string | null;
  sort: number;
}

export type SearchKind = 'beach' | 'place' | 'club' | 'article';

export interface SearchTermsTable {
  term: string;
  kind: SearchKind;
  ref_id: number;
}

export interface NotFoundReportsTable {
  id: Generated<number>;
  url: string;
  hits: number;
  first_seen: string;
  last_seen: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  /** Stored lower-cased and trimmed. */
  email: string;
  /** scrypt PHC string; null for accounts that only sign in with Apple or Facebook. */
  password_hash: string | null;
  notification_enabled: Generated<number>;
  created_at: string;
  updated_at: string;
  /** When the owner confirmed the address (mailed link or password reset); null: unverified. */
  email_verified_at: string | null;
}

export interface UserRolesTable {
  user_id: number;
  /** 'algal' grants has_algal_role. */
  role: string;
  granted_at: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  /** The device_name the client sent. */
  name: string;
  /** SHA-256 (hex) of the secret after the pipe; the secret itself is never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface QuestionChallengesTable {
  id: string;
  answer_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  /** The push token; one account at most holds it. */
  token: string;
  model: string;
  type: string;
  enabled: Generated<number>;
  created_at: string;
  /** The session (api_tokens.id) that registered it: signing that session out removes the device. */
  api_token_id: number | null;
}

/** A mailed link that confirms an address (migration 0010); only a SHA-256 of its token is kept. */
export interface EmailVerificationsTable {
  id: Generated<number>;
  /** 'register' (a registration waiting for its address), 'verify' (an account's address), 'change' (a new address). */
  purpose: string;
  /** The address the link was sent to, and that it confirms. */
  email: string;
  /** The account ('verify', 'change'); null for 'register'. */
  user_id: number | null;
  /** The registration's names and password hash ('register'). */
  first_name: string | null;
  last_name: string | null;
  password_hash: string | null;
  /** The session that asked for an email change: it stays signed in when the change ends the others. */
  api_token_id: number | null;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface FollowsTable {
  user_id: number;
  beach_id: number;
  created_at: string;
}

export interface SocialIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  created_at: string;
}

export interface OAuthStatesTable {
  /** SHA-256 (hex) of the `state` sent to the provider. */
  state_hash: string;
  provider: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OAuthCodesTable {
  /** SHA-256 (hex) of the one-time code /login/oauth exchanges at POST /auth/token. */
  code_hash: string;
  user_id: number;
  provider: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Operator mapping of Beachwatch sites to beaches (migration 0013); beach_key null = "none". */
export interface WaterQualitySiteMappingsTable {
  site_id: string;
  beach_key: string | null;
  imported_at: string;
}

export interface AlgalProgrammeBeachesTable {
  beach_id: number;
  created_at: string;
}

/** One recorded observation; the three answers are 0/1. */
export interface AlgalMetricsTable {
  id: Generated<number>;
  beach_id: number;
  user_id: number | null;
  water_discolour: number;
  beach_foam: number;
  clean_rating: number;
  created_at: string;
}

/** Today's posts of a beach; point_id 1 is the photo of the day. local_timestamp is the beach's wall time. */
export interface BeachPostsTable {
  id: Generated<number>;
  beach_id: number;
  point_id: number;
  user_id: number | null;
  /** YYYY-MM-DDTHH:mm:ss in the beach's time zone. */
  local_timestamp: string;
  /** JSON object text (label, image_url, link, ...). */
  meta: string;
  created_at: string;
  is_sample: Generated<number>;
  /** Migration 0015: 'console' for the console's conditions posts (they have a photo), else null. */
  source: string | null;
}

export interface PhotosTable {
  id: Generated<number>;
  post_id: number;
  large_key: string;
  thumbnail_key: string;
  created_at: string;
}

export interface PatrolSeasonsTable {
  id: Generated<number>;
  beach_id: number;
  club_id: number;
  /** Inclusive YYYY-MM-DD days in the beach's calendar. */
  starts_on: string;
  ends_on: string;
  source: string;
  is_sample: Generated<number>;
  created_at: string;
}

/** Weekly hours of a season: weekday 0 Sunday … 6 Saturday, 7 public holidays in the beach's state. */
export interface PatrolHoursTable {
  id: Generated<number>;
  season_id: number;
  weekday: number;
  /** "HH:MM" wall time at the beach. */
  start_time: string;
  end_time: string;
}

/** A one-off change to a season's day (cancelled, or different hours). */
export interface PatrolExceptionsTable {
  id: Generated<number>;
  season_id: number;
  date: string;
  is_patrol: number;
  start_time: string | null;
  end_time: string | null;
  note: string | null;
}

export interface PublicHolidaysTable {
  state: string;
  date: string;
  name: string;
}

export interface AttendanceRecordsTable {
  id: Generated<number>;
  beach_id: number;
  local_date: string;
  hour: number;
  people_on_beach: number;
  swimmers: number;
  swimmers_outside_flags: number;
  crafts: number;
  source: string;
  is_sample: Generated<number>;
  recorded_at: string;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  key: string;
  title: string;
  description: string;
  button_label: string | null;
  button_url: string | null;
  /** null = everywhere, else a state code. */
  state: string | null;
  starts_at: string | null;
  ends_at: string | null;
  sort: Generated<number>;
  is_sample: Generated<number>;
  updated_at: string;
}

/** IPv4/IPv6 ranges to a postcode; bounds are 32 lowercase hex digits (IPv4 as ::ffff:a.b.c.d). */
export interface IpRangesTable {
  id: Generated<number>;
  family: number;
  range_start: string;
  range_end: string;
  postcode: string;
  source: string;
}

/** Migration 0018: a browser's Web Push subscription (one account per endpoint). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  api_token_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  last_success_at: string | null;
}

/** Migration 0021: the server's Web Push key pair, one row (id 1); base64url keys. */
export interface VapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  source: 'generated' | 'environment';
  created_at: string;
}

/** Migration 0018: a person's alert defaults and quiet hours ("HH:MM" in time_zone). */
export interface AlertSettingsTable {
  user_id: number;
  time_zone: string | null;
  quiet_start: Generated<string>;
  quiet_end: Generated<string>;
  quiet_enabled: Generated<number>;
  quiet_holds_all: Generated<number>;
  status: Generated<number>;
  warnings: Generated<number>;
  water_quality: Generated<number>;
  wind: Generated<number>;
  uv: Generated<number>;
  swell_m: number | null;
  updated_at: string;
  /** Migration 0019: "rip outlook high" (opt-in). */
  rip: Generated<number>;
}

/** Migration 0018: the alerts one person chose for one followed beach. */
export interface AlertBeachPreferencesTable {
  user_id: number;
  beach_id: number;
  status: number;
  warnings: number;
  water_quality: number;
  wind: number;
  uv: number;
  swell_m: number | null;
  updated_at: string;
  /** Migration 0019 */
  rip: Generated<number>;
}

/** Migration 0018: something that happened (a closure, a warning…), once per dedupe_key. */
export interface AlertEventsTable {
  id: Generated<number>;
  dedupe_key: string;
  kind: string;
  beach_id: number | null;
  state: string | null;
  title: string;
  body: string;
  source: string;
  occurred_at: string;
  created_at: string;
}

/** Migration 0018: one event for one person; the delivery worker's queue. */
export interface AlertOutboxTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  beach_id: number;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  claimed_by: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** Migration 0018: one send of an outbox row to one device or subscription. */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  outbox_id: number;
  provider: string;
  target_id: number;
  result: string;
  http_status: number | null;
  error: string | null;
  at: string;
}

/** Migration 0018: what an event source last saw (a threshold's side, a forecast). */
export interface AlertSourceStateTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Migration 0015: the console's patrol now, for one local day of a beach (overrides the roster that day). */
export interface BeachLivePatrolsTable {
  beach_id: number;
  /** YYYY-MM-DD in the beach's time zone. */
  local_date: string;
  flag: number;
  /** "HH:MM" wall times at the beach. */
  start_time: string | null;
  end_time: string | null;
  set_at: string;
  set_by: string;
}

/** Migration 0015: console roles. scope_key: beach id, club id, state code or "STATE/area-slug". */
export interface UserRoleScopesTable {
  id: Generated<number>;
  user_id: number;
  /** 'lifesaver' | 'operator' */
  role: string;
  /** 'beach' | 'club' | 'state' | 'area' */
  scope: string;
  scope_key: string;
  beach_id: number | null;
  club_id: number | null;
  granted_at: string;
  granted_by: number | null;
}

/** Migration 0015: the console's audit log (from_json/to_json: JSON object text or null). */
export interface ConsoleAuditTable {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  /** "First Last <email>" at the time. */
  actor: string;
  actor_role: string | null;
  beach_id: number | null;
  beach_name: string | null;
  state: string | null;
  area_key: string | null;
  club_id: number | null;
  action: string;
  from_json: string | null;
  to_json: string | null;
}

/** Migration 0015: first answers to Idempotency-Key requests (pruned after 48 hours). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: string;
  created_at: string;
}

/** Migration 0019: the latest rip outlook of a beach (hours: JSON of equal-length arrays). */
export interface RipOutlooksTable {
  beach_id: number;
  computed_at: string;
  first_hour: string;
  hours: string;
  marine_fetched_at: string;
  marine_point: string | null;
  tide_station: string | null;
  coefficients_id: number | null;
}

/** Migration 0019: a lifesaver's rip observation with the model's hour frozen beside it. */
export interface RipObservationsTable {
  id: Generated<number>;
  beach_id: number;
  observed_at: string;
  /** 'none' | 'some' | 'strong' */
  activity: string;
  note: string | null;
  actor_user_id: number | null;
  model_likelihood: number | null;
  /** JSON: the model's inputs and coefficients for the hour observed. */
  model_inputs: string | null;
  created_at: string;
}

/** Migration 0019: a region's refitted rip-model coefficients (retired_at set on rollback). */
export interface RipModelCoefficientsTable {
  id: Generated<number>;
  region: string;
  intercept: number;
  b_height: number;
  b_angle: number;
  b_event: number;
  b_level: number;
  observations: number;
  brier_cv: number;
  brier_noaa_cv: number;
  fitted_at: string;
  fitted_by: string;
  retired_at: string | null;
}

export interface DB {
  localities: LocalitiesTable;
  beaches: BeachesTable;
  rip_outlooks: RipOutlooksTable;
  rip_observations: RipObservationsTable;
  rip_model_coefficients: RipModelCoefficientsTable;
  clubs: ClubsTable;
  beach_clubs: BeachClubsTable;
  beach_sources: BeachSourcesTable;
  beach_images: BeachImagesTable;
  articles: ArticlesTable;
  article_media: ArticleMediaTable;
  search_terms: SearchTermsTable;
  not_found_reports: NotFoundReportsTable;
  app_meta: AppMetaTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  api_tokens: ApiTokensTable;
  password_resets: PasswordResetsTable;
  question_challenges: QuestionChallengesTable;
  devices: DevicesTable;
  email_verifications: EmailVerificationsTable;
  follows: FollowsTable;
  social_identities: SocialIdentitiesTable;
  oauth_states: OAuthStatesTable;
  oauth_codes: OAuthCodesTable;
  algal_programme_beaches: AlgalProgrammeBeachesTable;
  water_quality_site_mappings: WaterQualitySiteMappingsTable;
  algal_metrics: AlgalMetricsTable;
  beach_posts: BeachPostsTable;
  photos: PhotosTable;
  patrol_seasons: PatrolSeasonsTable;
  patrol_hours: PatrolHoursTable;
  patrol_exceptions: PatrolExceptionsTable;
  public_holidays: PublicHolidaysTable;
  attendance_records: AttendanceRecordsTable;
  announcements: AnnouncementsTable;
  ip_ranges: IpRangesTable;
  sync_state: SyncStateTable;
  data_version: DataVersionTable;
  beach_live_patrols: BeachLivePatrolsTable;
  user_role_scopes: UserRoleScopesTable;
  console_audit: ConsoleAuditTable;
  idempotency_keys: IdempotencyKeysTable;
  beach_tombstones: BeachTombstonesTable;
  push_subscriptions: PushSubscriptionsTable;
  vapid_keys: VapidKeysTable;
  alert_settings: AlertSettingsTable;
  alert_beach_preferences: AlertBeachPreferencesTable;
  alert_events: AlertEventsTable;
  alert_outbox: AlertOutboxTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_source_state: AlertSourceStateTable;
}

export type Database = Kysely<DB>;
export type BeachRow = Selectable<BeachesTable>;
export type NewBeach = Insertable<BeachesTable>;
export type LocalityRow = Selectable<LocalitiesTable>;
export type NewLocality = Insertable<LocalitiesTable>;
