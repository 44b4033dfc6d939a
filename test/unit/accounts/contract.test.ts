import { loginBodySchema, registerBodySchema, updateProfileBodySchema } from '@shared/contract/auth';
import { issueProblem } from '@shared/field-rules';
import { describe, expect, it } from 'vitest';

const valid = { email: 'user@example.com', username: 'user_1', password: 'Correct-horse-9' };

describe('register body', () => {
  it('trims and lower-cases the email', () => {
    const body = registerBodySchema.parse({ ...valid, email: '  User@Example.COM ' });
    expect(body.email).toBe('user@example.com');
  });

  it('treats a blank or null invitation code as none and upper-cases a given one', () => {
    expect(registerBodySchema.parse({ ...valid, invitationCode: '  ' }).invitationCode).toBeUndefined();
    expect(registerBodySchema.parse({ ...valid, invitationCode: null }).invitationCode).toBeUndefined();
    expect(registerBodySchema.parse({ ...valid, invitationCode: ' ab2cd3ef ' }).invitationCode).toBe(
      'AB2CD3EF',
    );
  });

  it('refuses a password of 7 or 129 characters and accepts 8 and 128', () => {
    expect(registerBodySchema.safeParse({ ...valid, password: 'x'.repeat(7) }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...valid, password: 'x'.repeat(129) }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...valid, password: 'x'.repeat(8) }).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
  });

  it('refuses unknown keys, including __proto__', () => {
    const body = JSON.parse(
      `{"email":"user@example.com","username":"user_1","password":"Correct-horse-9","__proto__":{"role":"ADMIN"}}`,
    );
    expect(registerBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('login body', () => {
  it('requires both fields with the spec texts', () => {
    const result = loginBodySchema.safeParse({ loginIdentifier: ' ', password: '' });
    expect(result.error?.issues.map((issue) => issueProblem(issue))).toEqual([
      { code: 'identifierRequired', msg: 'Email or Username is required.' },
      { code: 'allFieldsRequired', msg: 'All fields are required.' },
    ]);
  });
});

describe('profile body', () => {
  it('treats a blank username as unchanged and trims a given one', () => {
    expect(updateProfileBodySchema.parse({ username: '   ' }).username).toBeUndefined();
    expect(updateProfileBodySchema.parse({ username: ' name_2 ' }).username).toBe('name_2');
  });

  it('refuses every field other than username, language and photo_url', () => {
    for (const field of ['role', 'email', 'emailVerified', 'isActive', 'referralCount']) {
      expect(updateProfileBodySchema.safeParse({ [field]: 'x' }).success).toBe(false);
    }
  });
});
