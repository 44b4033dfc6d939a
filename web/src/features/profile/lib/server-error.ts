import { ApiError } from '@web/lib/api-client';
import { localizeServerMessage } from '@web/lib/server-message';

/**
 * Where a refused save shows the server's answer, in the active language: under `field` when the
 * server blamed that field, otherwise above the form (`fallback` when the server sent no text).
 */
export function placeServerError(failure: unknown, field: string, fallback: string) {
  const apiError = failure instanceof ApiError ? failure : null;
  const problem = apiError?.errors.find((item) => item.path === field);
  return problem
    ? { fieldError: localizeServerMessage(problem.msg), formError: null }
    : { fieldError: null, formError: localizeServerMessage(apiError?.message, fallback) };
}
