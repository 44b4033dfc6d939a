import { findUserById } from '@functions/data/users';
import type { AdminUserApplicationsPage, AdminUserApplicationsQuery } from '@shared/contract/admin-users';
import type { StaffScope } from '@shared/staff-scope';
import { listAdminApplications } from '../applications/admin-list';
import { UserNotFound } from './errors';

/**
 * One user's applications for the staff user detail, newest first: the admin applications list
 * filtered by the user (a Query on the user's applications index, total from their counters), of
 * the caller's deals only, as the list is.
 */
export async function listUserApplications(
  userId: string,
  query: AdminUserApplicationsQuery,
  scope: StaffScope | null,
): Promise<AdminUserApplicationsPage> {
  if (!(await findUserById(userId))) throw new UserNotFound();
  const { items, total, totalPages } = await listAdminApplications(
    {
      page: query.page,
      limit: query.limit,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      userId,
    },
    scope,
  );
  return { items, total, totalPages };
}
