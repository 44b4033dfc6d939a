import { ApiError } from '@web/lib/api-client';
import { refusalText, ruleText } from '@web/lib/refusal-text';

/**
 * Where a refused save shows the server's answer, in the active language: under the field when the
 * server blamed one of `fields` (the first it blamed), otherwise above the form (`fallback` when the
 * server sent no text).
 */
export function placeServerError(failure: unknown, fields: string | readonly string[], fallback: string) {
  const apiError = failure instanceof ApiError ? failure : null;
  const problem = apiError?.errors.find((item) => ([] as string[]).concat(fields).includes(item.path));
  return problem
    ? { field: problem.path, fieldError: ruleText(problem), formError: null }
    : { field: null, fieldError: null, formError: refusalText(failure, fallback) };
}
