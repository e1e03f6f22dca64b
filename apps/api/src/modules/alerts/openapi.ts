import { z } from 'zod';
import { PreferencesBodySchema, SubscriptionBodySchema } from './routes.ts';

/** OpenAPI paths of the alerts API (merged into /api/docs by modules/docs/openapi.ts). */
const schema = (s: z.ZodType, io: 'input' | 'output' = 'input') => ({
  'application/json': { schema: z.toJSONSchema(s, { io, unrepresentable: 'any' }) },
});
const message = {
  'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } },
};
const bearer = [{ bearer: [] }];
const unauthenticated = {
  '401': { description: 'Missing, invalid, revoked or expired token', content: message },
};
const invalid = { '422': { description: 'Invalid input: field -> messages', content: message } };

const Choices = {
  type: 'object',
  properties: {
    status: { type: 'boolean', description: 'Closed / Inclement and reopening (lifesaver console)' },
    warnings: { type: 'boolean', description: 'Marine and surf warnings for the beach’s area' },
    water_quality: { type: 'boolean', description: 'Beachwatch "pollution likely"' },
    wind: { type: 'boolean', description: 'Wind at or above the Bureau’s strong-wind range (48 km/h)' },
    uv: { type: 'boolean', description: 'UV index extreme (11+)' },
    rip: {
      type: 'boolean',
      description: 'Rip outlook high (a model outlook; once a day per beach; off unless chosen)',
    },
    swell_m: { type: ['number', 'null'], description: 'Swell at or above this height (m), null: off' },
  },
};
const Preferences = {
  type: 'object',
  properties: {
    notification_enabled: { type: 'boolean', description: 'The profile switch: off sends nothing' },
    defaults: Choices,
    quiet_hours: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean' },
        start: { type: 'string', example: '21:00' },
        end: { type: 'string', example: '07:00' },
        time_zone: { type: 'string', example: 'Australia/Sydney' },
        hold_all: {
          type: 'boolean',
          description: 'Hold closures and warnings too (default: they come through)',
        },
      },
    },
    beaches: {
      type: 'array',
      items: {
        allOf: [
          Choices,
          {
            type: 'object',
            properties: {
              beach_id: { type: 'integer' },
              name: { type: 'string' },
              path: { type: 'string' },
              uses_defaults: { type: 'boolean' },
            },
          },
        ],
      },
    },
    delivery: {
      type: 'object',
      properties: {
        web_push_configured: { type: 'boolean' },
        browser_subscriptions: { type: 'array', items: { type: 'string' } },
        app_devices: { type: 'integer' },
      },
    },
    swell_choices: { type: 'array', items: { type: 'number' } },
  },
};

export function alertsOpenApiPaths() {
  return {
    '/api/v5/push/vapid-public-key': {
      get: {
        summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
        responses: {
          '200': {
            description: 'base64url uncompressed P-256 point',
            content: {
              'application/json': { schema: { type: 'object', properties: { key: { type: 'string' } } } },
            },
          },
          '404': { description: 'Web Push is not configured', content: message },
        },
      },
    },
    '/api/v5/push/subscriptions': {
      post: {
        summary:
          'Subscribe this browser to alerts (a PushSubscription JSON). The endpoint must be an https:// URL of a known push service or of WEB_PUSH_ALLOWED_ORIGINS; an endpoint subscribed by another account moves to the caller',
        security: bearer,
        requestBody: { required: true, content: schema(SubscriptionBodySchema) },
        responses: {
          '201': { description: 'Subscribed', content: message },
          '404': { description: 'Web Push is not configured', content: message },
          ...invalid,
          ...unauthenticated,
        },
      },
      delete: {
        summary: 'Unsubscribe a browser of the caller (body `{endpoint}` or `?endpoint=`)',
        security: bearer,
        requestBody: {
          required: false,
          content: {
            'application/json': { schema: { type: 'object', properties: { endpoint: { type: 'string' } } } },
          },
        },
        responses: {
          '200': { description: 'Removed', content: message },
          '404': { description: 'No such subscription of the caller', content: message },
          ...invalid,
          ...unauthenticated,
        },
      },
    },
    '/api/v5/notifications/preferences': {
      get: {
        summary: 'Alert preferences: defaults, quiet hours, per followed beach',
        security: bearer,
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: Preferences } } },
          ...unauthenticated,
        },
      },
      put: {
        summary:
          'Change any part: defaults, quiet hours, per followed beach (`{beach_id, use_defaults: true}` goes back to the defaults); a beach not followed is 422',
        security: bearer,
        requestBody: { required: true, content: schema(PreferencesBodySchema) },
        responses: {
          '200': {
            description: 'The preferences now',
            content: { 'application/json': { schema: Preferences } },
          },
          ...invalid,
          ...unauthenticated,
        },
      },
    },
  };
}
