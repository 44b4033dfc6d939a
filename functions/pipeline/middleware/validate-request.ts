import type middy from '@middy/core';
import { type FieldError, fieldError } from '@shared/envelope';
import type { RouteDefinition } from '@shared/routes/definition';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { BadRequestError } from '../http-errors';
import type { ApiContext, ApiEvent, ApiResult } from '../http-types';

// zod/mini installs no locale, so an issue without its own message would read just "Invalid input".
// Classic zod installed English on first use; these texts reach clients as `errors[].msg`.
z.config(en());

/** Validates path parameters, headers, query and body against the route's zod schemas (400 with field errors). */
export function validateRequest(
  route: RouteDefinition,
): middy.MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: ({ event, context }) => {
      const errors: FieldError[] = [];
      const params = parsePart(route.params, event.pathParameters ?? {}, 'params', errors);
      const headers = parsePart(route.headers, event.headers ?? {}, 'headers', errors);
      const query = parsePart(route.query, event.queryStringParameters ?? {}, 'query', errors);
      const body = parsePart(route.body, context.rawBody ?? {}, undefined, errors);
      if (errors.length > 0) throw new BadRequestError('Validation failed.', errors);
      context.input = { params, headers, query, body };
    },
  };
}

function parsePart(
  schema: z.ZodMiniType | undefined,
  value: unknown,
  prefix: string | undefined,
  errors: FieldError[],
) {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.push(fieldError(base ? `${base}.${key}` : key, 'Unknown field.'));
    } else {
      errors.push(fieldError(base, issue.message));
    }
  }
  return undefined;
}
