import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  BeachDetailResponseSchema,
  ErrorResponseSchema,
  HealthResponseSchema,
  NotFoundBodySchema,
  NotFoundResponseSchema,
  ValidationErrorSchema,
} from '@safeshore/domain';

const json = (schema: z.core.$ZodType, io: 'input' | 'output' = 'output') => ({
  'application/json': { schema: z.toJSONSchema(schema, { io, unrepresentable: 'any' }) },
});

const errors = {
  '404': { description: 'Not found', content: json(ErrorResponseSchema) },
  '422': { description: 'Invalid input: field -> messages', content: json(ValidationErrorSchema) },
};

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
    paths: {
      '/healthz': {
        get: {
          summary: 'Liveness and database check',
          responses: { '200': { description: 'Up', content: json(HealthResponseSchema) } },
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
    },
  };
}

export function docsRoutes(app: FastifyInstance): void {
  const document = openApiDocument();
  app.get('/api/docs', async () => document);
}
