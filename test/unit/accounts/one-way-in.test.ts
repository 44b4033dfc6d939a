import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = path.resolve(import.meta.dirname, '../../../functions');

/**
 * Every way into a session goes through the one sign-in step, which asks for the second factor
 * (functions/domain/accounts/sign-in.ts): a flow that started a session itself skipped it (the
 * verification link did, security review round 3).
 */
describe('starting a session', () => {
  it('is done by the sign-in step alone', () => {
    const starters = readdirSync(FUNCTIONS, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => /\bstartSession\b/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(FUNCTIONS, file))
      .sort();

    expect(starters).toEqual(['domain/accounts/sessions.ts', 'domain/accounts/sign-in.ts']);
  });
});
