import type { FieldProblem } from '@shared/field-rules';

/**
 * The server's rules for a new password (`newPasswordSchema` of shared/contract/auth.ts: length,
 * control characters, blank, the 10,000 most common passwords), checked before a form submits.
 * The rules carry the common-password list (about 47 KB gzip), so they load with the first check
 * instead of with the screen: the login and landing routes never download them.
 *
 * Answers the first broken rule as the server would name it (its code and params, which a form
 * words with `ruleText`), or null when the password is fine.
 */
export async function newPasswordProblem(password: string): Promise<FieldProblem | null> {
  const [{ newPasswordSchema }, { issueProblem }] = await Promise.all([
    import('@shared/contract/auth'),
    import('@shared/field-rules'),
  ]);
  const issue = newPasswordSchema.safeParse(password).error?.issues[0];
  return issue ? issueProblem(issue) : null;
}
