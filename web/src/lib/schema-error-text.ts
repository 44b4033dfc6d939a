import { issueProblem } from '@shared/field-rules';
import type * as z from 'zod/mini';
import { ruleText } from './refusal-text';

/**
 * The first refusal of one of the server's own schemas (shared/contract), in the UI language: a form
 * refuses what the server would, by the same rule, before it submits.
 */
export function schemaErrorText(schema: z.ZodMiniType, value: unknown): string | null {
  const issue = schema.safeParse(value).error?.issues[0];
  return issue ? ruleText(issueProblem(issue)) : null;
}
