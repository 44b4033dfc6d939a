import { readCompletedApplicationCounts } from '@functions/data/admin-users';
import type { UserRecord } from '@functions/data/users';
import { toStaffUserView } from '@functions/domain/accounts/user-views';
import type { PublicUser } from '@shared/contract/users';

/** Public users with `applicationCount` = their completed applications (docs/product.md §3). */
export async function withApplicationCounts(users: UserRecord[]): Promise<PublicUser[]> {
  if (users.length === 0) return [];
  const completed = await readCompletedApplicationCounts(users.map((user) => user.id));
  return users.map((user) => ({
    ...toStaffUserView(user),
    applicationCount: completed.get(user.id) ?? user.applicationCount ?? 0,
  }));
}

export async function withApplicationCount(user: UserRecord): Promise<PublicUser> {
  const [publicUser] = await withApplicationCounts([user]);
  return publicUser!;
}
