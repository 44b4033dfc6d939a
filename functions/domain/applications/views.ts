import type { ApplicationRecord, StatusHistoryRecord } from '@functions/data/applications';
import type { UserSummary } from '@functions/data/user-summaries';
import type {
  AdminApplicationView,
  ApplicationView,
  StatusHistoryEntry,
} from '@shared/contract/applications';

/** The owner's view: no admin note, no assignee. */
export function toApplicationView(record: ApplicationRecord): ApplicationView {
  return {
    id: record.id,
    requestType: record.requestType,
    status: record.status,
    amountFrom: record.amountFrom,
    amountTo: record.amountTo,
    amountUSD: record.amountUSD,
    assetFrom: record.assetFrom,
    assetTo: record.assetTo,
    currencyFrom: record.currencyFrom,
    currencyTo: record.currencyTo,
    continent: record.continent,
    country: record.country,
    city: record.city,
    details: record.details,
    contactData: { telegram: record.contactTelegram },
    originFunds: record.originFunds,
    rejectionReason: record.rejectionReason,
    rate: record.rate,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export function toAdminApplicationView(
  record: ApplicationRecord,
  users: Map<string, UserSummary>,
): AdminApplicationView {
  const owner = users.get(record.userId);
  const assignee = record.assignedToId ? users.get(record.assignedToId) : undefined;
  return {
    ...toApplicationView(record),
    userId: record.userId,
    user: owner ? { email: owner.email, telegramId: owner.telegramId } : null,
    assignedToId: record.assignedToId,
    assignedTo: assignee ? (assignee.username ?? assignee.email) : null,
    adminNote: record.adminNote,
  };
}

/** Owners and assignees of a set of applications, for one user lookup. */
export function peopleOf(records: ApplicationRecord[]): string[] {
  return records.flatMap((record) =>
    record.assignedToId ? [record.userId, record.assignedToId] : [record.userId],
  );
}

export function toHistoryEntry(record: StatusHistoryRecord): StatusHistoryEntry {
  return {
    from: record.from,
    to: record.to,
    at: record.at,
    actorId: record.actorId,
    actorRole: record.actorRole,
    reason: record.reason,
  };
}
