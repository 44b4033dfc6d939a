import { issueProblem } from '@shared/field-rules';
import type * as z from 'zod/mini';
import { ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * The API answers in English with the spec's texts. Known texts are shown in the active language:
 * exact ones from the `serverMessages` table of the `errors` namespace, texts with numbers in them
 * from its `serverPatterns` (regular expression → replacement); anything else as sent, or the
 * fallback when there is no text.
 */
export function localizeServerMessage(message: string | null | undefined, fallback = ''): string {
  if (!message) return fallback;
  const resource = (key: string) =>
    i18n.getResource(i18n.language, 'errors', key) as Record<string, string> | undefined;
  const exact = resource('serverMessages')?.[message];
  if (exact) return exact;
  for (const [pattern, replacement] of Object.entries(resource('serverPatterns') ?? {})) {
    const expression = new RegExp(pattern);
    if (expression.test(message)) return message.replace(expression, replacement);
  }
  return message;
}

/** A refused call's message in the active language, or the fallback when the server sent none. */
export function serverErrorText(error: unknown, fallback: string): string {
  return localizeServerMessage(error instanceof ApiError ? error.message : null, fallback);
}

/**
 * A refusal's field errors in the active language, one per field (the first), keyed by `fieldOf`
 * of the error's path: how a form names the field the server blamed.
 */
export function localizedFieldErrors(
  error: unknown,
  fieldOf: (path: string) => string = (path) => path,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const item of error.errors) errors[fieldOf(item.path)] ??= localizeServerMessage(item.msg);
  return errors;
}

/**
 * The first refusal of one of the server's own schemas (shared/contract), in the UI language: a form
 * refuses what the server would, with the server's text, before it submits.
 */
export function schemaErrorText(schema: z.ZodMiniType, value: unknown): string | null {
  const issue = schema.safeParse(value).error?.issues[0];
  return issue ? localizeServerMessage(issueProblem(issue).msg) : null;
}
