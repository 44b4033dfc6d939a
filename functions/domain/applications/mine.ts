import {
  type ApplicationRecord,
  applicationPartitions,
  findApplication,
  toApplicationRecord,
} from '@functions/data/applications';
import { readUserApplicationStats } from '@functions/data/counters';
import { readPage } from '@functions/data/query-window';
import type { ApplicationView, ListMyApplicationsQuery } from '@shared/contract/applications';
import type { Paged } from '@shared/paging';
import { totalPages } from '@shared/paging';
import { ApplicationNotFound } from './errors';
import { perform } from './perform';
import { toApplicationView } from './views';

/** The caller's own application; another user's id answers exactly like a missing one (404). */
async function findOwn(userId: string, id: string): Promise<ApplicationRecord> {
  const application = await findApplication(id);
  if (!application || application.userId !== userId) throw new ApplicationNotFound();
  return application;
}

/** The caller's applications, newest first by default; total from the owner's counter item. */
export async function listMyApplications(
  userId: string,
  query: ListMyApplicationsQuery,
): Promise<Paged<ApplicationView> & { nextCursor: string | null }> {
  const total = (await readUserApplicationStats(userId)).total ?? 0;
  const page = await readPage(applicationPartitions.ofUser(userId), {
    forward: query.sortOrder === 'asc',
    page: query.page,
    limit: query.limit,
    total,
    cursor: query.cursor,
  });
  return {
    items: page.items.map((item) => toApplicationView(toApplicationRecord(item))),
    total,
    totalPages: totalPages(total, query.limit),
    nextCursor: page.nextCursor,
  };
}

/** The owner cancels an application, up to and including WAITING_PAYMENT (the lifecycle's `cancel`). */
export async function cancelMyApplication(userId: string, id: string): Promise<ApplicationView> {
  const application = await findOwn(userId, id);
  const next = await perform({ move: 'cancel', application, actor: { id: userId, role: 'USER' } });
  return toApplicationView(next);
}
