import type middy from '@middy/core';
import type { FieldError } from '@shared/envelope';
import { fieldError, issueProblem, problemAt } from '@shared/field-rules';
import type { RouteDefinition } from '@shared/routes/definition';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { ValidationFailedError } from '../http-errors';
import type { ApiContext, ApiEvent, ApiResult } from '../http-types';

// zod/mini installs no locale, so an issue without its own message would read just "Invalid input".
// Classic zod installed English on first use; these texts reach clients as the `msg` of `zod.*` codes.
z.config(en());

/**
 * Validates path parameters, headers, query and body against the route's zod schemas (400
 * `ValidationFailed` with field errors). The schemas give a rule's code (shared/field-rules.ts) as
 * their message: each issue becomes `{ path, param, code, msg, params? }` with the rule's text,
 * an unknown body field `unknownField`, any other issue `zod.<issue code>` with zod's own text.
 */
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
      if (errors.length > 0) throw new ValidationFailedError(errors);
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
      for (const key of issue.keys) errors.push(fieldError(base ? `${base}.${key}` : key, 'unknownField'));
    } else {
      errors.push(problemAt(base, issueProblem(issue)));
    }
  }
  return undefined;
}
