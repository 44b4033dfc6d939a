import {
  countUsersOfRole,
  findUsersInWindow,
  readUsersInOrder,
  type UserFilter,
  type UserSource,
} from '@functions/data/admin-users';
import { readUsersTotal } from '@functions/data/counters';
import { MAX_SKIP, PageTooDeep } from '@functions/data/query-window';
import { findUserByEmail, findUserByUsername, type UserRecord } from '@functions/data/users';
import {
  ADMIN_USERS_FILTER_WINDOW,
  type AdminUsersPage,
  type AdminUsersQuery,
} from '@shared/contract/admin-users';
import { type Role, STAFF_ROLES } from '@shared/enums';
import { totalPages } from '@shared/paging';
import { withApplicationCounts } from './application-counts';

/**
 * The admin users table (access patterns 8, 24–26 of keys.ts). Unfiltered, or filtered by role
 * only: a Query on the users or role index read from the nearer end to the page, total from the
 * users counter (staff roles: a COUNT on their small partitions). With search, isActive,
 * emailVerified or sorting by email/username: the filter runs over the newest
 * ADMIN_USERS_FILTER_WINDOW users of that index (plus an exact email/username hit found through
 * its marker at any age), and `partial` says when older users were not looked at.
 */
export async function listUsers(query: AdminUsersQuery): Promise<AdminUsersPage> {
  const source: UserSource = query.role ? { kind: 'role', role: query.role } : { kind: 'all' };
  const filter: UserFilter = {
    isActive: query.isActive,
    emailVerified: query.emailVerified,
    search: query.search?.toLowerCase(),
    telegram: query.search?.replace(/^@/, '') || undefined,
  };
  const offset = (query.page - 1) * query.limit;
  const windowed = Object.values(filter).some((value) => value !== undefined) || query.sortBy !== 'createdAt';
  if (!windowed) {
    const total = query.role ? await countRole(query.role) : await readUsersTotal();
    const users = await readPage(source, total, offset, query.limit, query.sortOrder === 'asc');
    return page(await withApplicationCounts(users), total, query.limit, false);
  }
  const { users, exhausted } = await findUsersInWindow(source, filter, ADMIN_USERS_FILTER_WINDOW);
  const exact = filter.search ? await exactMatch(filter.search) : undefined;
  if (exact && matches(exact, query.role, filter) && !users.some((user) => user.id === exact.id)) {
    users.push(exact);
  }
  users.sort(comparator(query.sortBy, query.sortOrder === 'asc'));
  const slice = users.slice(offset, offset + query.limit);
  return page(await withApplicationCounts(slice), users.length, query.limit, !exhausted);
}

function page(
  items: AdminUsersPage['items'],
  total: number,
  limit: number,
  partial: boolean,
): AdminUsersPage {
  return { items, total, totalPages: totalPages(total, limit), partial };
}

/** Page `offset..offset+limit` of an index, walking from whichever end is nearer (at most MAX_SKIP users). */
async function readPage(
  source: UserSource,
  total: number,
  offset: number,
  limit: number,
  ascending: boolean,
): Promise<UserRecord[]> {
  if (offset >= total) return [];
  const fromFarEnd = total - offset - limit;
  // Each skipped user is read, so a far page costs its distance from the nearer end: bounded.
  if (Math.min(offset, Math.max(0, fromFarEnd)) > MAX_SKIP) throw new PageTooDeep();
  if (fromFarEnd >= offset) {
    return readUsersInOrder(source, { ascending, skip: offset, take: limit });
  }
  const take = Math.min(limit, total - offset);
  const users = await readUsersInOrder(source, {
    ascending: !ascending,
    skip: Math.max(0, fromFarEnd),
    take,
  });
  return users.reverse();
}

async function countRole(role: Role): Promise<number> {
  if (role !== 'USER') return countUsersOfRole(role);
  const staff = await Promise.all(STAFF_ROLES.map(countUsersOfRole));
  return Math.max(0, (await readUsersTotal()) - staff.reduce((sum, count) => sum + count, 0));
}

async function exactMatch(search: string): Promise<UserRecord | undefined> {
  return search.includes('@') ? findUserByEmail(search) : findUserByUsername(search);
}

function matches(user: UserRecord, role: Role | undefined, filter: UserFilter): boolean {
  return (
    (role === undefined || user.role === role) &&
    (filter.isActive === undefined || user.isActive === filter.isActive) &&
    (filter.emailVerified === undefined || user.emailVerified === filter.emailVerified)
  );
}

function comparator(sortBy: AdminUsersQuery['sortBy'], ascending: boolean) {
  const direction = ascending ? 1 : -1;
  const sortKey = (user: UserRecord): string =>
    sortBy === 'createdAt' ? `${user.createdAt}#${user.id}` : (user[sortBy] ?? '').toLowerCase();
  return (a: UserRecord, b: UserRecord): number => {
    const [left, right] = [sortKey(a), sortKey(b)];
    if (left === right) return a.id < b.id ? -direction : a.id > b.id ? direction : 0;
    // Users without a username sort last in both directions.
    if (left === '') return 1;
    if (right === '') return -1;
    return left < right ? -direction : direction;
  };
}
