import * as z from 'zod/mini';
import {
  AuditResponseSchema,
  BeachLivePatrolSchema,
  BeachLiveStatusSchema,
  ConsoleMeResponseSchema,
  ErrorResponseSchema,
  PatrolBodySchema,
  RoleBodySchema,
  RoleResponseSchema,
  RipObservationBodySchema,
  RipObservationSchema,
  RipSkillReportSchema,
  StatusBodySchema,
  TodayPostSchema,
  ValidationErrorSchema,
  IDEMPOTENCY_KEY_MAX,
  POST_TEXT_MAX,
} from '@safeshore/domain';

/** OpenAPI paths of the lifesaver console (issue 17); docs/openapi.ts merges them. */

const json = (schema: z.core.$ZodType, io: 'input' | 'output' = 'output') => ({
  'application/json': { schema: z.toJSONSchema(schema, { io, unrepresentable: 'any' }) },
});
const bearer = [{ bearer: [] }];
const error = (description: string) => ({ description, content: json(ErrorResponseSchema) });
const common = {
  '401': error('Missing, invalid, revoked or expired token'),
  '403': error('No lifesaver or operator role, or the beach is out of the role’s scope'),
};
const invalid = {
  '422': { description: 'Invalid input: field -> messages', content: json(ValidationErrorSchema) },
};
const beachParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The beach id',
  schema: { type: 'integer', minimum: 1 },
};
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any 1-100 visible characters (the offline queue sends a UUID). A retry with the same key by the same user gets the first answer (same status and body) and changes nothing; the same key with a different request is 422. Keys are kept 48 hours.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
};

function write(summary: string, body: z.core.$ZodType | undefined, status: string, ok: z.core.$ZodType) {
  return {
    summary,
    security: bearer,
    parameters: [idempotencyKey],
    ...(body ? { requestBody: { required: true, content: json(body, 'input') } } : {}),
    responses: { [status]: { description: 'OK', content: json(ok) }, ...common, ...invalid },
  };
}

export function consoleOpenApiPaths() {
  return {
    '/api/v5/beach/{id}/status': {
      put: {
        ...write(
          'Set the beach’s live status (lifesaver of the beach or its club, operator of its state or area). A reason is required for Closed and Inclement, a message for reason "other". It expires at the end of the beach’s patrol day (its local midnight when no patrol is left today) unless expires_at is given (future, at most 7 days ahead)',
          StatusBodySchema,
          '200',
          BeachLiveStatusSchema,
        ),
        parameters: [beachParameter, idempotencyKey],
        responses: {
          '200': { description: 'The stored status', content: json(BeachLiveStatusSchema) },
          ...common,
          '404': error('No such beach'),
          ...invalid,
        },
      },
      delete: {
        ...write('Clear the beach’s live status', undefined, '200', BeachLiveStatusSchema),
        parameters: [beachParameter, idempotencyKey],
      },
    },
    '/api/v5/beach/{id}/rip-observations': {
      post: {
        ...write(
          'Rip activity now at the beach: none, some or strong, with an optional note (at most 200 characters, no control characters) and, for a report queued offline, the time it was seen (within the last 24 hours). Stored with the rip model outlook’s likelihood and inputs for that hour, frozen; audited as rip.observe',
          RipObservationBodySchema,
          '201',
          RipObservationSchema,
        ),
        parameters: [beachParameter, idempotencyKey],
        responses: {
          '201': { description: 'The observation as stored', content: json(RipObservationSchema) },
          ...common,
          '404': error('No such beach'),
          ...invalid,
        },
      },
    },
    '/api/v5/console/rip-skill': {
      get: {
        summary:
          'Operators: lifesavers’ rip observations against the model outlook in their scope, per region and beach: observations, Brier score, the base rate’s Brier score and the skill score (1 - Brier/base)',
        security: bearer,
        responses: { '200': { description: 'The report', content: json(RipSkillReportSchema) }, ...common },
      },
    },
    '/api/v5/beach/{id}/patrol': {
      put: {
        ...write(
          'Patrol now: on duty until a beach-local HH:MM later than now, or off duty. Overrides the roster’s is_patrolled_today for the rest of the beach’s day',
          PatrolBodySchema,
          '200',
          BeachLivePatrolSchema,
        ),
        parameters: [beachParameter, idempotencyKey],
      },
    },
    '/api/v5/beach/{id}/posts': {
      post: {
        summary:
          'A today’s conditions post: a photo (JPEG, PNG or WebP by content; re-encoded as WebP without metadata) and a short text; listed in the beach detail’s todayPosts',
        security: bearer,
        parameters: [beachParameter, idempotencyKey],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['photo', 'text'],
                properties: {
                  photo: { type: 'string', format: 'binary' },
                  text: { type: 'string', minLength: 1, maxLength: POST_TEXT_MAX },
                },
              },
            },
          },
        },
        responses: {
          '201': { description: 'The post as the beach detail lists it', content: json(TodayPostSchema) },
          ...common,
          '413': error('The photo is larger than the limit (ALGAL_PHOTO_MAX_BYTES)'),
          ...invalid,
        },
      },
    },
    '/api/v5/console/me': {
      get: {
        summary:
          'The caller’s console roles and the beaches in their scope (by name, at most 500; `truncated` when more) with status and patrol now',
        security: bearer,
        responses: { '200': { description: 'OK', content: json(ConsoleMeResponseSchema) }, ...common },
      },
    },
    '/api/v5/console/audit': {
      get: {
        summary: 'The audit log of the operator’s scope, newest first (operators only)',
        security: bearer,
        parameters: [
          { name: 'beach_id', in: 'query', required: false, schema: { type: 'integer' } },
          { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 200 },
          },
        ],
        responses: {
          '200': { description: 'OK', content: json(AuditResponseSchema) },
          ...common,
          ...invalid,
        },
      },
    },
    '/api/v5/console/audit.csv': {
      get: {
        summary:
          'The same entries (same beach_id filter) as CSV: id, at, actor, actor_role, beach_id, beach_name, action, from, to (from and to as JSON)',
        security: bearer,
        parameters: [{ name: 'beach_id', in: 'query', required: false, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'text/csv attachment',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...common,
          ...invalid,
        },
      },
    },
    '/api/v5/console/roles': {
      post: write(
        'Make a user lifesaver of a beach or a club in the operator’s scope (operators only)',
        RoleBodySchema,
        '201',
        RoleResponseSchema,
      ),
      delete: {
        ...write('Take a lifesaver grant away (operators only)', RoleBodySchema, '200', RoleResponseSchema),
        responses: {
          '200': { description: 'OK', content: json(RoleResponseSchema) },
          ...common,
          '404': error('The user does not hold that grant'),
          ...invalid,
        },
      },
    },
  };
}
