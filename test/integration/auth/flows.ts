import type { PublicUser } from '@shared/contract/users';
import { api, asNewVisitor } from '../../support/api';
import { latestMailTo, mailsTo } from '../../support/mail';
import { TEST_PASSWORD, uniqueIdentity } from '../../support/users';

/** Shared steps of the accounts tests: register through the API and read the mailed links. */
export interface Registered {
  userId: string;
  email: string;
  username: string;
  password: string;
}

export async function registerThroughApi(
  overrides: Partial<{ email: string; username: string; password: string; invitationCode: string }> = {},
): Promise<Registered> {
  const identity = uniqueIdentity('r');
  const body = { ...identity, password: TEST_PASSWORD, ...overrides };
  const answer = await api<{ userId: string }>('POST', '/api/auth/register', {
    body,
    headers: asNewVisitor(),
  });
  if (answer.status !== 201)
    throw new Error(`Register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return {
    userId: answer.body.data!.userId,
    email: body.email.trim().toLowerCase(),
    username: body.username,
    password: body.password,
  };
}

/** The token of the newest mailed link to `/verify-email#token=…` or `/reset-password#token=…` for an address. */
export async function mailedToken(address: string, page: 'verify-email' | 'reset-password'): Promise<string> {
  const mail = await latestMailTo(address);
  const match = new RegExp(`/${page}#token=([A-Za-z0-9_%-]+)`).exec(mail.body.text ?? '');
  if (!match) throw new Error(`No ${page} link in the latest mail to ${address}`);
  return decodeURIComponent(match[1]!);
}

export async function mailCount(address: string): Promise<number> {
  return (await mailsTo(address)).length;
}

/** Opens a verification link: its token with the account's password, as the web page POSTs them. */
export async function verifyThroughApi(token: string | undefined, password = TEST_PASSWORD) {
  return api<{ user: PublicUser; token: string; refreshToken: string }>('POST', '/api/auth/verify-email', {
    body: { token, password },
  });
}

export async function login(loginIdentifier: string, password: string) {
  return api<{ user: PublicUser; token: string; refreshToken: string }>('POST', '/api/auth/login', {
    body: { loginIdentifier, password },
  });
}

export async function refresh(refreshTokenFromBody: string) {
  return api<{ token: string; refreshToken: string }>('POST', '/api/auth/refresh', {
    body: { refreshTokenFromBody },
  });
}

export async function me(token: string) {
  return api<{ user: PublicUser }>('GET', '/api/auth/me', { token });
}
