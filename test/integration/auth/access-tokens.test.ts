import { putOneTimeToken } from '@functions/data/tokens';
import { issueAccessToken } from '@functions/domain/accounts/access-token';
import { hashToken, newOpaqueToken } from '@functions/domain/accounts/secrets';
import { base64url, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/** Forged or misused access tokens: each must be refused with 401 by an authenticated route. */
const secret = () => new TextEncoder().encode(process.env.JWT_SECRET!);

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!)));
}

async function sign(
  user: TestUser,
  options: {
    alg?: string;
    key?: Uint8Array;
    claims?: Record<string, unknown>;
    issuer?: string;
    audience?: string;
    expiresIn?: string | number | null;
    /** The `kid` header; by default the one of the user's real token, `null` for none. */
    kid?: string | null;
  } = {},
) {
  const valid = claimsOf(user.token);
  const kid = options.kid === undefined ? decodeProtectedHeader(user.token).kid : options.kid;
  let jwt = new SignJWT({ role: valid.role, sid: valid.sid, typ: 'access', ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT', ...(kid === null ? {} : { kid }) })
    .setSubject(user.id)
    .setIssuer(options.issuer ?? String(valid.iss))
    .setAudience(options.audience ?? String(valid.aud))
    .setIssuedAt();
  if (options.expiresIn !== null) jwt = jwt.setExpirationTime(options.expiresIn ?? '15m');
  return jwt.sign(options.key ?? secret());
}

const meWith = (token: string) => api('GET', '/api/auth/me', { token });

describe('access token verification', () => {
  it('accepts a token signed as the API signs them (control case)', async () => {
    const user = await createVerifiedUser();
    expect((await meWith(await sign(user))).status).toBe(200);
  });

  it('carries iss, aud, typ, sub, role, the session id and a 15-minute expiry', async () => {
    const user = await createVerifiedUser();
    const claims = claimsOf(user.token);
    expect(claims).toMatchObject({ sub: user.id, role: 'USER', typ: 'access', sid: expect.any(String) });
    expect(claims.iss).toEqual(expect.any(String));
    expect(claims.aud).toEqual(expect.any(String));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
  });

  it('refuses alg none', async () => {
    const user = await createVerifiedUser();
    const [, payload] = user.token.split('.');
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    expect((await meWith(`${header}.${payload}.`)).status).toBe(401);
  });

  it('refuses another HMAC algorithm with the right key (HS512)', async () => {
    const user = await createVerifiedUser();
    expect((await meWith(await sign(user, { alg: 'HS512' }))).status).toBe(401);
  });

  it('names its key in the kid header', async () => {
    const user = await createVerifiedUser();
    expect(decodeProtectedHeader(user.token)).toMatchObject({ alg: 'HS256', kid: expect.any(String) });
  });

  it('refuses a token without kid (as issued before key ids), though signed with the right key', async () => {
    const user = await createVerifiedUser();
    expect((await meWith(await sign(user, { kid: null }))).status).toBe(401);
  });

  it('refuses a token naming an unknown key, though signed with the right key', async () => {
    const user = await createVerifiedUser();
    expect((await meWith(await sign(user, { kid: 'another-key' }))).status).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    const user = await createVerifiedUser();
    const key = new TextEncoder().encode('x'.repeat(48));
    expect((await meWith(await sign(user, { key }))).status).toBe(401);
  });

  it('refuses a wrong issuer', async () => {
    const user = await createVerifiedUser();
    expect((await meWith(await sign(user, { issuer: 'someone-else' }))).status).toBe(401);
  });

  it('refuses a wrong audience', async () => {
    const user = await createVerifiedUser();
    expect((await meWith(await sign(user, { audience: 'another-app' }))).status).toBe(401);
  });

  it('refuses a wrong typ claim', async () => {
    const user = await createVerifiedUser();
    expect((await meWith(await sign(user, { claims: { typ: 'refresh' } }))).status).toBe(401);
  });

  it('refuses a token without exp', async () => {
    const user = await createVerifiedUser();
    expect((await meWith(await sign(user, { expiresIn: null }))).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createVerifiedUser();
    const past = Math.floor(Date.now() / 1000) - 60;
    expect((await meWith(await sign(user, { expiresIn: past }))).status).toBe(401);
  });

  it('refuses a tampered payload (role raised) even with the original signature', async () => {
    const user = await createVerifiedUser();
    const [header, payload, signature] = user.token.split('.');
    const raised = base64url.encode(
      JSON.stringify({
        ...JSON.parse(new TextDecoder().decode(base64url.decode(payload!))),
        role: 'SUPER_ADMIN',
      }),
    );
    expect((await meWith(`${header}.${raised}.${signature}`)).status).toBe(401);
  });

  it('refuses a refresh token presented as an access token', async () => {
    const user = await createVerifiedUser();
    expect((await meWith(user.refreshToken)).status).toBe(401);
  });

  it('refuses a password-reset token presented as an access token', async () => {
    const user = await createVerifiedUser();
    const resetToken = newOpaqueToken();
    await putOneTimeToken({
      tokenHash: hashToken(resetToken),
      purpose: 'reset-password',
      userId: user.id,
      createdAt: new Date().toISOString(),
      expiresAtMs: Date.now() + 60_000,
    });
    expect((await meWith(resetToken)).status).toBe(401);
  });

  it('refuses a validly signed token whose session does not exist', async () => {
    const user = await createVerifiedUser();
    const token = await issueAccessToken({ userId: user.id, role: 'USER', sessionId: 'no-such-session' });
    expect((await meWith(token)).status).toBe(401);
  });

  it('refuses a token claiming a role the user no longer has', async () => {
    const user = await createVerifiedUser();
    const token = await sign(user, { claims: { role: 'ADMIN' } });
    expect((await meWith(token)).status).toBe(401);
  });
});
