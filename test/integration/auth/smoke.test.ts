import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser } from '../../support/users';

describe('test users', () => {
  it('a created verified user can call GET /api/auth/me with its token', async () => {
    const user = await createVerifiedUser();
    const answer = await api<{ user: { id: string } }>('GET', '/api/auth/me', { token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.user.id).toBe(user.id);
  });
});
