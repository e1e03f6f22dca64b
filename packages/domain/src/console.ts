import * as z from 'zod/mini';
import { PatrolledTodaySchema } from './contract.ts';
import { hasControlCharacters } from './text.ts';
import {
  BEACH_STATUSES,
  BeachStatusValueSchema,
  STATUSES_NEEDING_REASON,
  STATUS_REASONS,
  StatusReasonSchema,
  StatusSetBySchema,
} from './live-status.ts';

export * from './live-status.ts';

/**
 * The lifesaver console's part of the HTTP contract (issue 17, /work/notes/console-contract.md):
 * live beach status, patrol now, today's conditions posts, roles, the audit log and the import
 * report. The API validates requests with these schemas; the console screens parse the answers.
 */

/** Console roles and the scopes each is granted in. */
export const CONSOLE_ROLES = ['lifesaver', 'operator'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
export const ROLE_SCOPES = { lifesaver: ['beach', 'club'], operator: ['state', 'area'] } as const;
export type RoleScope = 'beach' | 'club' | 'state' | 'area';

/**
 * point_id of a today's conditions post from the console in the beach detail's todayPosts (1 is the
 * algal photo of the day; the samples' icon tiles use 2 and 3). Its meta carries `label` (the text)
 * and `image_url` (the re-encoded photo).
 */
export const CONDITIONS_POST_POINT_ID = 10;

export const STATUS_MESSAGE_MAX = 200;
export const POST_TEXT_MAX = 280;
export const IDEMPOTENCY_KEY_MAX = 100;
/** An expiry given by the console may be at most this far ahead. */
export const STATUS_MAX_EXPIRY_DAYS = 7;
/** How long the server remembers an Idempotency-Key. */
export const IDEMPOTENCY_RETENTION_HOURS = 48;
/** GET /api/v5/console/me lists at most this many beaches (`truncated` says when more are in scope). */
export const CONSOLE_BEACHES_MAX = 500;
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

// ---------------------------------------------------------------------------------------------
// Requests

/** PUT /api/v5/beach/{beachId}/status. The server also checks expires_at against its clock. */
export const StatusBodySchema = z
  .object({
    status: z.enum(BEACH_STATUSES, 'The status field must be one of Open, Surveillance, Inclement, Closed.'),
    reason: z.optional(
      z.nullable(z.enum(STATUS_REASONS, `The reason field must be one of ${STATUS_REASONS.join(', ')}.`)),
    ),
    message: z.optional(
      z.nullable(
        z.string('The message field must be a string.').check(
          z.trim(),
          z.maxLength(
            STATUS_MESSAGE_MAX,
            `The message field must not be greater than ${STATUS_MESSAGE_MAX} characters.`,
          ),
          // The message rides in alerts and on the public page: one line of plain text.
          z.refine(
            (value) => !hasControlCharacters(value),
            'The message field must not contain control characters (line breaks, tabs, direction overrides).',
          ),
        ),
      ),
    ),
    expires_at: z.optional(
      z.nullable(
        z.iso.datetime({
          offset: true,
          message: 'The expires at field must be a date and time (ISO 8601) or null.',
        }),
      ),
    ),
  })
  .check(
    z.refine((body) => !STATUSES_NEEDING_REASON.includes(body.status) || Boolean(body.reason), {
      message: 'The reason field is required when the status is Closed or Inclement.',
      path: ['reason'],
    }),
    z.refine((body) => body.reason !== 'other' || Boolean(body.message), {
      message: 'The message field is required when the reason is other.',
      path: ['message'],
    }),
  );
export type StatusBody = z.infer<typeof StatusBodySchema>;

/** PUT /api/v5/beach/{beachId}/patrol: on duty until a beach-local time, or off duty. */
export const PatrolBodySchema = z
  .object({
    on_duty: z.boolean('The on duty field is required and must be true or false.'),
    until: z.optional(
      z.nullable(
        z
          .string('The until field must be a time of the form HH:MM.')
          .check(z.regex(HH_MM, 'The until field must be a time of the form HH:MM.')),
      ),
    ),
  })
  .check(
    z.refine((body) => !body.on_duty || Boolean(body.until), {
      message: 'The until field is required when on duty.',
      path: ['until'],
    }),
  );
export type PatrolBody = z.infer<typeof PatrolBodySchema>;

/** The text part of POST /api/v5/beach/{beachId}/posts (the photo is checked by the photo pipeline). */
export const PostTextSchema = z
  .string('The text field is required.')
  .check(
    z.trim(),
    z.minLength(1, 'The text field is required.'),
    z.maxLength(POST_TEXT_MAX, `The text field must not be greater than ${POST_TEXT_MAX} characters.`),
  );

/** POST and DELETE /api/v5/console/roles (operator): a lifesaver for one beach or one club. */
export const RoleBodySchema = z
  .object({
    email: z
      .string('The email field is required.')
      .check(z.trim(), z.minLength(1, 'The email field is required.'), z.maxLength(254)),
    role: z.literal('lifesaver', 'The role field must be lifesaver.'),
    beach_id: z.optional(z.int('The beach id field must be an integer.')),
    club_id: z.optional(z.int('The club id field must be an integer.')),
  })
  .check(
    z.refine((body) => (body.beach_id === undefined) !== (body.club_id === undefined), {
      message: 'Give exactly one of beach_id or club_id.',
      path: ['beach_id'],
    }),
  );
export type RoleBody = z.infer<typeof RoleBodySchema>;

export const AuditQuerySchema = z.object({
  beach_id: z.optional(z.coerce.number('The beach id field must be an integer.').check(z.int())),
  cursor: z.optional(z.string()),
  limit: z.optional(
    z.coerce
      .number('The limit field must be an integer.')
      .check(
        z.int(),
        z.gte(1),
        z.lte(AUDIT_PAGE_MAX, `The limit field must not be greater than ${AUDIT_PAGE_MAX}.`),
      ),
  ),
});

// ---------------------------------------------------------------------------------------------
// Answers

const nullableString = z.nullable(z.string());

/** The live status of a beach (PUT/DELETE status answer). Expired statuses read as all null. */
export const BeachLiveStatusSchema = z.object({
  beach_id: z.int(),
  status: z.nullable(BeachStatusValueSchema),
  status_reason: z.nullable(StatusReasonSchema),
  status_message: nullableString,
  status_set_at: nullableString,
  status_expires_at: nullableString,
  status_set_by: z.nullable(StatusSetBySchema),
});
export type BeachLiveStatus = z.infer<typeof BeachLiveStatusSchema>;

/** PUT /api/v5/beach/{beachId}/patrol answer. */
export const BeachLivePatrolSchema = z.object({
  beach_id: z.int(),
  is_patrolled_today: z.nullable(PatrolledTodaySchema),
  patrol_set_at: nullableString,
  patrol_set_by: z.nullable(StatusSetBySchema),
});
export type BeachLivePatrol = z.infer<typeof BeachLivePatrolSchema>;

export const ConsoleRoleGrantSchema = z.object({
  role: z.enum(CONSOLE_ROLES),
  scope: z.enum(['beach', 'club', 'state', 'area']),
  /** Beach id, club id, state code or area name, as a string. */
  scope_id: z.string(),
  scope_name: z.string(),
});
export type ConsoleRoleGrant = z.infer<typeof ConsoleRoleGrantSchema>;

export const ConsoleBeachSchema = z.object({
  id: z.int(),
  key: z.string(),
  name: z.string(),
  url: z.string(),
  state: z.string(),
  area: z.string(),
  timezone: z.string(),
  status: z.nullable(BeachStatusValueSchema),
  status_reason: z.nullable(StatusReasonSchema),
  status_message: nullableString,
  status_set_at: nullableString,
  status_expires_at: nullableString,
  status_set_by: z.nullable(StatusSetBySchema),
  is_patrolled_today: z.nullable(PatrolledTodaySchema),
  patrol_set_at: nullableString,
  patrol_set_by: z.nullable(StatusSetBySchema),
});
export type ConsoleBeach = z.infer<typeof ConsoleBeachSchema>;

/** GET /api/v5/console/me */
export const ConsoleMeResponseSchema = z.object({
  roles: z.array(ConsoleRoleGrantSchema),
  beaches: z.array(ConsoleBeachSchema),
  truncated: z.boolean(),
});
export type ConsoleMeResponse = z.infer<typeof ConsoleMeResponseSchema>;

export const AUDIT_ACTIONS = [
  'status.set',
  'status.clear',
  'patrol.on',
  'patrol.off',
  'post.create',
  'role.grant',
  'role.revoke',
] as const;

export const AuditEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  /** "First Last <email>" as it was when the entry was made (names can change since). */
  actor: z.string(),
  actor_role: z.nullable(z.string()),
  /** The acting account's id: who did it, whatever the names say. */
  actor_user_id: z.nullable(z.int()),
  /** That account's name and address now ("First Last <email>"); null once it is deleted. */
  actor_now: nullableString,
  /** null for a change that is not about one beach (a club-wide grant). */
  beach_id: z.nullable(z.int()),
  beach_name: nullableString,
  /** One of AUDIT_ACTIONS, or import.<kind>. */
  action: z.string(),
  from: z.nullable(z.record(z.string(), z.unknown())),
  to: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/v5/console/audit */
export const AuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  next_cursor: nullableString,
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;

export const RoleResponseSchema = z.object({
  message: z.string(),
  role: ConsoleRoleGrantSchema,
  email: z.string(),
});
export type RoleResponse = z.infer<typeof RoleResponseSchema>;

export const IMPORT_KINDS = ['rosters', 'facilities', 'hazard-ratings', 'photos'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** POST /api/v5/console/imports/{kind} and the admin CLI's import report. */
export const ImportReportSchema = z.object({
  kind: z.string(),
  applied: z.boolean(),
  added: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  rejected: z.array(z.object({ row: z.int(), reason: z.string() })),
  /** Photos only: imported photos the manifest no longer lists (removed with their files). */
  removed: z.optional(z.int()),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** Texts of the console's answers. */
export const CONSOLE_MESSAGES = {
  signIn: 'Sign in to use the console.',
  noRole: 'You do not have a lifesaver or operator role.',
  outOfScope: 'You may not act on this beach.',
  operatorOnly: 'Only operators may do this.',
  beachNotFound: 'Beach not found.',
  userNotFound: 'No account has that email address.',
  clubNotFound: 'Club not found.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyInvalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`,
  expiryPast: 'The expires at field must be in the future.',
  expiryTooFar: `The expires at field must be at most ${STATUS_MAX_EXPIRY_DAYS} days ahead.`,
  untilPast: 'The until field must be later than the time now at the beach.',
  roleGranted: 'Role granted.',
  roleRevoked: 'Role revoked.',
  roleNotHeld: 'That user does not hold this role.',
  ripObservedFuture: 'The observed at field must not be in the future.',
  ripObservedTooOld: 'The observed at field must be within the last 24 hours.',
} as const;
