import type { PublicUser } from '../../../shared/contract/users';

/** A complete user as the API returns one; `changes` set the fields a test is about. */
export function testUser(changes: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u1',
    email: 'anna@example.com',
    username: 'anna',
    telegramId: null,
    language: 'ru',
    role: 'USER',
    isActive: true,
    photo_url: null,
    referralCode: 'ANNA1',
    emailVerified: true,
    referralCount: 0,
    applicationCount: 0,
    adminComment: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}

/** A JSON answer as fetch resolves it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
