import * as z from 'zod/mini';
import { ErrorResponseSchema, RipOutlookSchema, ValidationErrorSchema } from '@safeshore/domain';

/** OpenAPI path of the public rip outlook (issue 29); docs/openapi.ts merges it. */
export function ripOpenApiPaths() {
  const json = (schema: z.core.$ZodType) => ({
    'application/json': { schema: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) },
  });
  return {
    '/api/v5/beach/{beachId}/rip-outlook': {
      get: {
        summary:
          'The rip-current MODEL OUTLOOK for the beach’s today and next two days: the NOAA rip current model (Dusek & Seim 2013) on Open-Meteo’s wave forecast, our tide predictions (relative to mean sea level) and the beach’s shore direction, hour by hour with each day’s peak, its inputs’ sources and age, and how well it has been checked against lifesavers’ observations here. available=false with a reason where there is no outlook (no shore direction, wave forecast or tides): never “low”',
        security: [],
        parameters: [
          { name: 'beachId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          '200': { description: 'The outlook', content: json(RipOutlookSchema) },
          '404': { description: 'No such beach', content: json(ErrorResponseSchema) },
          '422': {
            description: 'The beach id is not a positive whole number',
            content: json(ValidationErrorSchema),
          },
        },
      },
    },
  };
}
