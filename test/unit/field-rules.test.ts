import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { newPasswordSchema } from '@shared/contract/auth';
import { putReservesBodySchema } from '@shared/contract/reserves';
import {
  FIELD_RULES,
  fieldError,
  isFieldRule,
  issueProblem,
  ruleProblem,
  zodFieldCodes,
} from '@shared/field-rules';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

const SHARED = path.resolve(import.meta.dirname, '../../shared');

function sharedSources(dir = SHARED): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sharedSources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The string messages the shared schemas give zod: `error: '…'`, `message: '…'` and a check's last argument. */
function zodMessagesIn(source: string): string[] {
  const keyed = [...source.matchAll(/\b(?:error|message):\s*'([^']*)'/g)].map((match) => match[1]!);
  const positional = [
    ...source.matchAll(/z\.(?:minLength|maxLength|regex|refine|gte|lte|positive)\([^;]*?,\s*'([^']*)'\s*\)/g),
  ].map((match) => match[1]!);
  // '' is a default or a replacement (`z._default(…, '')`, `.replace(/\s/g, '')`), never a message.
  return [...keyed, ...positional].filter((message) => message !== '');
}

describe('the field rule table', () => {
  it('words a rule with its own fixed values (the limits of shared/constants.ts)', () => {
    expect(fieldError('username', 'usernameLength')).toEqual({
      path: 'username',
      param: 'username',
      code: 'usernameLength',
      msg: 'Username must be 3-30 characters long.',
      params: { min: 3, max: 30 },
    });
    expect(ruleProblem('reserveTooLarge').msg).toBe('Must be at most 1000000000000.');
  });

  it('words a rule with the values of the break and leaves out params when it names none', () => {
    expect(ruleProblem('cityCodeTaken', { city: 'cis.russia.moscow' })).toEqual({
      code: 'cityCodeTaken',
      msg: 'Another city already has this code (cis.russia.moscow).',
      params: { city: 'cis.russia.moscow' },
    });
    expect(ruleProblem('required')).toEqual({ code: 'required', msg: 'This field must be filled in' });
  });

  it('names in its texts only the params each rule has or its breaks give', () => {
    for (const [code, rule] of Object.entries(FIELD_RULES)) {
      const names = [...rule.text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
      const fixed = 'params' in rule ? Object.keys(rule.params) : [];
      for (const name of fixed) expect(names, `${code} names its param ${name}`).toContain(name);
    }
  });

  it('is the only source of the messages the shared schemas give zod', () => {
    const unknown = sharedSources().flatMap((file) =>
      zodMessagesIn(readFileSync(file, 'utf8'))
        .filter((message) => !isFieldRule(message))
        .map((message) => `${path.relative(SHARED, file)}: '${message}'`),
    );

    expect(unknown).toEqual([]);
  });
});

describe('a zod issue as a field problem', () => {
  it("is the rule a schema names, with the refinement's values", () => {
    const issue = putReservesBodySchema.safeParse({
      reserves: [{ code: 'USD', amount: 1.234, alertLevel: 0 }],
    }).error?.issues[0];

    expect(issueProblem(issue!)).toEqual({
      code: 'decimalPlaces',
      msg: 'At most 2 decimal places.',
      params: { decimals: 2 },
    });
  });

  it('is the rule of a check, with the texts the server always sent', () => {
    const issue = newPasswordSchema.safeParse('short').error?.issues[0];

    expect(issueProblem(issue!)).toEqual({
      code: 'passwordTooShort',
      msg: 'Password must be at least 8 characters long.',
      params: { min: 8 },
    });
  });

  it('is always a rule of the table or one of the listed zod codes', () => {
    const bad: Array<[z.ZodMiniType, unknown]> = [
      [newPasswordSchema, 42],
      [putReservesBodySchema, { reserves: 'none' }],
      [putReservesBodySchema, { reserves: [{ code: 'usd', amount: -1, alertLevel: 1e13 }] }],
      [z.enum(['a', 'b']), 'c'],
      [z.union([z.number(), z.boolean()]), 'x'],
      [z.number().check(z.multipleOf(5)), 7],
      [z.string().check(z.email()), 'nope'],
    ];
    const codes = bad.flatMap(([schema, value]) =>
      (schema.safeParse(value).error?.issues ?? []).map((issue) => issueProblem(issue).code),
    );

    expect(codes.length).toBeGreaterThan(bad.length);
    for (const code of codes) expect(isFieldRule(code) || zodFieldCodes().includes(code), code).toBe(true);
  });

  it("is zod's own code with the issue's values when the schema names no rule", () => {
    const issue = z.number().check(z.lte(10)).safeParse(11).error?.issues[0];

    expect(issueProblem(issue!)).toMatchObject({
      code: 'zod.too_big',
      params: { maximum: 10, origin: 'number' },
    });
  });
});
