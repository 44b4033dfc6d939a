import { envelopeSchema } from '@shared/envelope';
import type { RouteDefinition } from '@shared/routes/definition';
import { responseSchemaOf } from '@shared/routes/response-schema';
import * as z from 'zod/mini';
import { allRoutes, type RouteId } from './manifest';

type JsonSchema = Record<string, unknown>;

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input; `errors` lists each field',
  '401': 'Missing, invalid or expired access token',
  '403': 'Authenticated but not allowed',
  '404': 'Not found',
  '409': 'Conflicts with the current state; `data` may carry what to decide again with (an expired quote)',
  '413': 'Body too large',
  '415': 'Body is not JSON',
  '422': 'No rate is published for the exchange direction (an individual request is still possible)',
  '429': 'Too many requests; see Retry-After',
  '500': 'Unexpected error; nothing internal is revealed',
};

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Path, header and query schemas become one parameter per top-level property. */
function parameters(schema: z.ZodMiniType | undefined, location: 'path' | 'header' | 'query') {
  if (!schema) return [];
  const objectSchema = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(objectSchema.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (objectSchema.required ?? []).includes(name),
    schema: property,
  }));
}

function operation(id: RouteId, route: RouteDefinition) {
  const data = responseSchemaOf(route) ?? z.unknown();
  const success = {
    content: route.produces
      ? { [route.produces]: { schema: { type: 'string' } } }
      : { 'application/json': { schema: jsonSchema(route.bare ? data : envelopeSchema(data), 'output') } },
  };
  const headerParameters = parameters(route.headers, 'header');
  const replays = headerParameters.some((parameter) => parameter.name === 'idempotency-key');
  const responses: Record<string, unknown> =
    route.successStatus === 201
      ? {
          '201': { description: 'Created', ...success },
          ...(replays
            ? { '200': { description: 'Replay of an earlier request with this Idempotency-Key', ...success } }
            : {}),
        }
      : { '200': { description: 'Success', ...success } };
  if (headerParameters.some((parameter) => parameter.name === 'if-none-match')) {
    responses['304'] = { description: 'Unchanged since the ETag sent in If-None-Match' };
  }
  for (const [status, description] of Object.entries(ERROR_STATUSES)) {
    responses[status] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    operationId: id,
    summary: route.summary,
    tags: [route.tag],
    'x-access': route.access,
    ...(route.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    parameters: [
      ...parameters(route.params, 'path'),
      ...headerParameters,
      ...parameters(route.query, 'query'),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every manifest route, generated from the same zod schemas the handlers use. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, route] of allRoutes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(id, route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Exchange service API', version: '1.0.0' },
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(envelopeSchema(z.unknown()), 'output') },
    },
  };
}
