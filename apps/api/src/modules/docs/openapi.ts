import type { FastifyInstance } from 'fastify';
import { alertsOpenApiPaths } from '../alerts/openapi.ts';
import { consoleOpenApiPaths } from '../console/openapi.ts';
import { ripOpenApiPaths } from '../rip/index.ts';
import * as z from 'zod/mini';
import {
  AppleTokenBodySchema,
  AuthResponseSchema,
  CreateDeviceBodySchema,
  DeleteAccountBodySchema,
  DevicesResponseSchema,
  FacebookTokenBodySchema,
  FollowResponseSchema,
  LoginBodySchema,
  LogoutBodySchema,
  MessageSchema,
  MyBeachesResponseSchema,
  OAuthTokenBodySchema,
  PasswordChangeBodySchema,
  ProfileBodySchema,
  QuestionResponseSchema,
  RegisterBodySchema,
  ResetLinkBodySchema,
  ResetPasswordBodySchema,
  ResetResponseSchema,
  UserResponseSchema,
  ResendRegistrationBodySchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  BeachDetailResponseSchema,
  ErrorResponseSchema,
  HealthResponseSchema,
  NotFoundBodySchema,
  NotFoundResponseSchema,
  ValidationErrorSchema,
  AlgalListResponseSchema,
  MetricBodySchema,
  MetricResponseSchema,
  MessageResponse,
  LocationBodySchema,
  LocationResponseSchema,
  MapBeachesResponseSchema,
  PatrolsResponseSchema,
  WeatherResponseSchema,
  SyncRequestSchema,
  SyncResponseSchema,
  AppVersionResponseSchema,
  ImportReportSchema,
} from '@safeshore/domain';

const json = (schema: z.core.$ZodType, io: 'input' | 'output' = 'output') => ({
  'application/json': { schema: z.toJSONSchema(schema, { io, unrepresentable: 'any' }) },
});

const errors = {
  '404': { description: 'Not found', content: json(ErrorResponseSchema) },
  '422': { description: 'Invalid input: field -> messages', content: json(ValidationErrorSchema) },
};

const unauthenticated = {
  '401': { description: 'Missing, invalid, revoked or expired token', content: json(ErrorResponseSchema) },
};
const tooMany = {
  '429': { description: 'Too many requests (see Retry-After)', content: json(ErrorResponseSchema) },
};
const refused = (description: string) => ({ '406': { description, content: json(ErrorResponseSchema) } });
const bearer = [{ bearer: [] }];

/** A JSON POST (or DELETE) with a body schema and its 200 answer. */
function call(
  summary: string,
  body: z.core.$ZodType | undefined,
  ok: z.core.$ZodType,
  more: Record<string, object> = {},
  signedIn = false,
) {
  return {
    summary,
    ...(signedIn ? { security: bearer } : {}),
    ...(body ? { requestBody: { required: true, content: json(body, 'input') } } : {}),
    responses: {
      '200': { description: 'OK', content: json(ok) },
      ...(body ? { '422': errors['422'] } : {}),
      ...(signedIn ? unauthenticated : {}),
      ...more,
    },
  };
}

const idParameter = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'integer', minimum: 1 },
});

/** Accounts (spec section 7): sign-in, registration, reset, profile, devices, follows, social sign-in. */
function accountPaths() {
  const device = (action: string) => ({
    post: {
      ...call(
        `${action} one of the caller's devices`,
        undefined,
        DevicesResponseSchema,
        { '404': errors['404'] },
        true,
      ),
      parameters: [idParameter('device', "The device id (another user's device is not found)")],
    },
  });
  return {
    '/api/v4/login': {
      post: call('Sign in with email and password', LoginBodySchema, AuthResponseSchema, {
        ...refused('These credentials do not match our records'),
        ...tooMany,
      }),
    },
    '/api/v4/question': {
      get: {
        summary: 'A new single-use anti-spam question for registration (15 minutes)',
        responses: { '200': { description: 'OK', content: json(QuestionResponseSchema) }, ...tooMany },
      },
    },
    '/api/v4/register': {
      post: call(
        'Ask for an account (answers the question): mails a link that creates it; the same answer whether or not the address has an account',
        RegisterBodySchema,
        MessageSchema,
        tooMany,
      ),
    },
    '/api/v5/register/resend': {
      post: call(
        'Mail the link of a registration that waits for confirmation again (the same answer always)',
        ResendRegistrationBodySchema,
        MessageSchema,
        tooMany,
      ),
    },
    '/api/v5/email/verify': {
      post: {
        ...call(
          'Open a mailed confirmation link (registration, address or email change) with the password, or signed in as an account without one',
          VerifyEmailBodySchema,
          VerifyEmailResponseSchema,
          tooMany,
        ),
        security: [{}, { bearer: [] }],
      },
    },
    '/api/v5/user/email/verification': {
      post: call("Mail a link that confirms the caller's address", undefined, MessageSchema, tooMany, true),
    },
    '/api/v4/logout': {
      post: call(
        "Revoke one of the caller's tokens (default: the one in use)",
        LogoutBodySchema,
        MessageSchema,
        { '404': errors['404'] },
        true,
      ),
    },
    '/api/v4/reset': {
      post: call(
        'Send a password reset link (same answer whether or not the address has an account)',
        ResetLinkBodySchema,
        MessageSchema,
        tooMany,
      ),
    },
    '/api/v4/reset/{token}': {
      post: {
        ...call(
          'Set a new password with a reset link (single use, 60 minutes)',
          ResetPasswordBodySchema,
          ResetResponseSchema,
          tooMany,
        ),
        parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
      },
    },
    '/api/v4/user': {
      post: call(
        'Update the profile; a new email needs current_password and waits for the new address to confirm it',
        ProfileBodySchema,
        UserResponseSchema,
        tooMany,
        true,
      ),
      delete: call(
        'Delete the account and everything it owns (password, or a sign-in in the last 15 minutes for accounts without one)',
        DeleteAccountBodySchema,
        MessageSchema,
        {},
        true,
      ),
    },
    '/api/v4/user/password': {
      post: call(
        'Change the password (current password required; other sessions end)',
        PasswordChangeBodySchema,
        MessageSchema,
        {},
        true,
      ),
    },
    '/api/v4/user/devices': {
      get: call("The caller's devices", undefined, DevicesResponseSchema, {}, true),
    },
    '/api/v4/user/device/{device}/enable': device('Enable'),
    '/api/v4/user/device/{device}/disable': device('Disable'),
    '/api/v4/user/device/{device}/forget': device('Remove'),
    '/api/v4/user/createDevice': {
      post: call(
        'Register a push device (idempotent per push token)',
        CreateDeviceBodySchema,
        DevicesResponseSchema,
        {},
        true,
      ),
    },
    '/api/v4/beach/{id}/follow': {
      post: {
        ...call(
          'Follow a beach (add it to My Beaches)',
          undefined,
          FollowResponseSchema,
          { '404': errors['404'] },
          true,
        ),
        parameters: [idParameter('id', 'The beach id')],
      },
    },
    '/api/v4/beach/{id}/unfollow': {
      post: {
        ...call('Unfollow a beach', undefined, MessageSchema, { '404': errors['404'] }, true),
        parameters: [idParameter('id', 'The beach id')],
      },
    },
    '/api/v4/my-beaches': {
      get: call(
        'Followed beaches, in the order they were followed',
        undefined,
        MyBeachesResponseSchema,
        {},
        true,
      ),
    },
    '/api/v4/appletoken': {
      post: call(
        "Sign in with an Apple identity token (checked against Apple's keys)",
        AppleTokenBodySchema,
        AuthResponseSchema,
        {
          ...refused('Could not sign in with Apple'),
          ...tooMany,
        },
      ),
    },
    '/api/v4/fbtoken': {
      post: call(
        'Sign in with a Facebook access token (checked with debug_token)',
        FacebookTokenBodySchema,
        AuthResponseSchema,
        {
          ...refused('Could not login with facebook'),
          ...tooMany,
        },
      ),
    },
    '/auth/token': {
      post: call(
        'Exchange the one-time code of /login/oauth (2 minutes, single use) for a token',
        OAuthTokenBodySchema,
        AuthResponseSchema,
        {
          ...refused('Failed to complete authentication. Please try logging in again.'),
          ...tooMany,
        },
      ),
    },
    '/auth/apple/redirect': {
      get: {
        summary: "Start Sign in with Apple on the web: redirects to Apple's authorisation page",
        responses: { '302': { description: 'To Apple (or to /login?error=… when Apple is not configured)' } },
      },
    },
    '/auth/apple/callback': {
      post: {
        summary: "Apple's form post back: redirects to /login/oauth?token={one-time code}&provider=apple",
        responses: { '303': { description: 'To /login/oauth, or /login?error=… on failure' } },
      },
    },
  };
}

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests and responses. */
export function openApiDocument() {
  const query = z.toJSONSchema(AutocompleteQuerySchema, { io: 'input' }) as {
    properties: Record<string, object>;
    required?: string[];
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'SafeShore API',
      version: '4',
      description:
        'Public beach-safety information for Australia. Paths and shapes follow the product specification, section 7.',
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A token `id|secret` from login, register or social sign-in',
        },
      },
    },
    paths: {
      ...accountPaths(),
      ...algalPaths(),
      ...beachInformationPaths(),
      ...alertsOpenApiPaths(),
      ...consoleOpenApiPaths(),
      ...ripOpenApiPaths(),
      '/healthz': {
        get: {
          summary: 'Liveness, database and writability check',
          responses: {
            '200': {
              description:
                'Up and taking writes (`writes: "busy"` when SQLite\'s write lock is held elsewhere)',
              content: json(HealthResponseSchema),
            },
            '503': { description: 'The database is down or refuses writes (read-only, disk full)' },
          },
        },
      },
      '/api/v4/beach/{beach}': {
        get: {
          summary: 'Beach details with nearby and related beaches',
          parameters: [
            {
              name: 'beach',
              in: 'path',
              required: true,
              description: 'A numeric beach id, or the beach url path state/area/location/beach',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': { description: 'The beach', content: json(BeachDetailResponseSchema) },
            ...errors,
          },
        },
      },
      '/api/v4/autocomplete': {
        get: {
          summary: 'Search beaches, locations, clubs and articles (diacritic- and case-insensitive)',
          parameters: Object.entries(query.properties).map(([name, schema]) => ({
            name,
            in: 'query',
            required: query.required?.includes(name) ?? false,
            schema,
          })),
          responses: {
            '200': { description: 'Grouped results', content: json(AutocompleteResponseSchema) },
            '422': errors['422'],
          },
        },
      },
      '/api/v4/notfound': {
        post: {
          summary: 'Report a missing page',
          requestBody: { required: true, content: json(NotFoundBodySchema, 'input') },
          responses: {
            '200': { description: 'Recorded', content: json(NotFoundResponseSchema) },
            '422': errors['422'],
          },
        },
      },
      '/api/v4/sync': {
        post: {
          summary:
            'One page of changes to the offline beach database after `since` (the previous cursor), oldest ' +
            'first: beaches to upsert and keys to delete. Send `cursor` back as `since` while `has_more`. ' +
            'No, an unknown or a too old cursor starts a full stream (`full`: drop the local beaches first).',
          requestBody: { required: false, content: json(SyncRequestSchema, 'input') },
          responses: {
            '200': { description: 'A page of changes', content: json(SyncResponseSchema) },
            '422': errors['422'],
          },
        },
      },
      '/api/v4/sync/snapshot': {
        get: {
          summary:
            'The whole offline beach database as one full sync page (brotli, strong ETag, rebuilt in the ' +
            'background when the data changes): store it, then POST /api/v4/sync from its `cursor`. 503 ' +
            'with Retry-After while the first snapshot is being built.',
          responses: {
            '200': { description: 'Every beach, as a full sync page', content: json(SyncResponseSchema) },
            '304': { description: 'Not modified (If-None-Match)' },
            '503': { description: 'Not built yet' },
          },
        },
      },
      '/api/v4/app': {
        get: {
          summary: 'The version of the web app the server serves now (the app checks it for updates)',
          responses: { '200': { description: 'Version and build', content: json(AppVersionResponseSchema) } },
        },
      },
    },
  };
}

/** Places, the map, patrols and conditions (spec section 7). */
function beachInformationPaths() {
  const beachId = idParameter('beachId', 'The numeric beach id');
  const query = (name: string, description: string, pattern: string, required: boolean) => ({
    name,
    in: 'query',
    required,
    description,
    schema: { type: 'string', pattern },
  });
  const location = call(
    'The place, its closest patrolled and unpatrolled beaches, postcodes and announcements. Send ' +
      'latitude and longitude, or a place url (/nsw/waverley/bondi-beach, /postcode/2026), or no body ' +
      '(the X-location postcode, then the caller address, then the default coordinate decide). An ' +
      'unknown place answers with error and, when recognised, the state to fall back to. Each beach ' +
      'row carries marine_warnings: the count of Bureau of Meteorology marine warnings in force whose ' +
      'area covers the beach and the most severe title (as the beach page), or null when the feed ' +
      'for its state could not be read (not known, never none).',
    LocationBodySchema,
    LocationResponseSchema,
  );
  return {
    '/api/v4/location/': {
      post: { ...location, requestBody: { required: false, content: json(LocationBodySchema, 'input') } },
    },
    '/api/v4/map/beaches': {
      get: {
        summary: 'Beaches inside a map box (closest to its centre first) and the place at its centre',
        description:
          'Each beach carries marine_warnings as in the location answer (count and most severe ' +
          'title, or null when not known); the centre place carries no warnings.',
        parameters: [
          query('neCoords', 'North-east corner "lat,lng"', '^-?\\d+(\\.\\d+)?,-?\\d+(\\.\\d+)?$', true),
          query('swCoords', 'South-west corner "lat,lng"', '^-?\\d+(\\.\\d+)?,-?\\d+(\\.\\d+)?$', true),
        ],
        responses: {
          '200': { description: 'Beaches and place', content: json(MapBeachesResponseSchema) },
          '422': errors['422'],
        },
      },
    },
    '/api/v4/beach/{beachId}/patrols': {
      get: {
        summary:
          'Patrol days of every club at the beach for 7 days from `date` (default: today at the beach)',
        parameters: [
          beachId,
          query('date', 'YYYY-MM-DD in the beach calendar', '^\\d{4}-\\d{2}-\\d{2}$', false),
        ],
        responses: { '200': { description: 'Patrols', content: json(PatrolsResponseSchema) }, ...errors },
      },
    },
    '/api/v4/beach/{beachId}/weather': {
      get: {
        summary:
          'Forecast, swell, wind, tides, UV, radar frames and marine warnings, each group with its source and age',
        parameters: [beachId],
        responses: { '200': { description: 'Conditions', content: json(WeatherResponseSchema) }, ...errors },
      },
    },
  };
}

/** The algal bloom endpoints: signed in with the algal role (403 otherwise). */
function algalPaths() {
  const forbidden = {
    '403': { description: 'The user does not have the algal role', content: json(ErrorResponseSchema) },
  };
  const notInProgramme = {
    '404': { description: 'Beach not in the algal bloom programme', content: json(ErrorResponseSchema) },
  };
  return {
    '/api/v5/algal-bloom-metrics': {
      get: call(
        'Programme beaches with the photo of today and the latest metric',
        undefined,
        AlgalListResponseSchema,
        forbidden,
        true,
      ),
    },
    '/api/v5/beach/{id}/algal-bloom-metrics': {
      post: {
        ...call(
          'Record an algal bloom observation',
          MetricBodySchema,
          MetricResponseSchema,
          { ...forbidden, ...notInProgramme },
          true,
        ),
        parameters: [idParameter('id', 'The beach id')],
      },
    },
    '/api/v5/beach/{id}/photo-of-day': {
      post: {
        summary:
          'Upload the photo of the day (JPEG, PNG or WebP by content; re-encoded without metadata; replaces today’s photo)',
        security: bearer,
        parameters: [idParameter('id', 'The beach id')],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['photo'],
                properties: {
                  photo: { type: 'string', format: 'binary' },
                  replace_existing_photo_id: { type: 'integer' },
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Stored', content: json(MessageResponse) },
          ...unauthenticated,
          ...forbidden,
          ...notInProgramme,
          '413': { description: 'The photo is larger than the limit', content: json(ErrorResponseSchema) },
          '422': { description: 'Missing or not an accepted image', content: json(ValidationErrorSchema) },
        },
      },
    },
    '/api/v5/beach-post/{id}/photo-of-day': {
      delete: {
        ...call(
          'Remove a photo of the day',
          undefined,
          MessageResponse,
          { ...forbidden, '404': errors['404'] },
          true,
        ),
        parameters: [idParameter('id', 'The photo of the day id (photo_of_today.id)')],
      },
    },
    '/api/v5/console/imports/{kind}': {
      post: {
        summary:
          "Operators' import (README \"Operators' imports\"): checked row by row, all or nothing; rows for beaches outside the operator's scope are rejected",
        security: bearer,
        parameters: [
          {
            name: 'kind',
            in: 'path',
            required: true,
            schema: { type: 'string', enum: ['rosters', 'facilities', 'hazard-ratings', 'photos'] },
          },
          {
            name: 'dry_run',
            in: 'query',
            required: false,
            description: 'true: check and count only, write nothing',
            schema: { type: 'boolean' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: {
                    type: 'string',
                    format: 'binary',
                    description: 'the CSV file (photos: the manifest)',
                  },
                  photos: {
                    type: 'array',
                    items: { type: 'string', format: 'binary' },
                    description: 'photos only: the images, each named as the manifest names it',
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The report; applied false when any row was rejected (then nothing was written)',
            content: json(ImportReportSchema),
          },
          ...unauthenticated,
          '403': { description: 'Not an operator', content: json(ErrorResponseSchema) },
          '404': { description: 'Unknown import kind', content: json(ErrorResponseSchema) },
          '413': { description: 'An image is larger than the limit', content: json(ErrorResponseSchema) },
          '422': {
            description: 'No CSV file, not a CSV file, or a bad header',
            content: json(ValidationErrorSchema),
          },
        },
      },
    },
  };
}

export function docsRoutes(app: FastifyInstance): void {
  const document = openApiDocument();
  app.get('/api/docs', async () => document);
}
