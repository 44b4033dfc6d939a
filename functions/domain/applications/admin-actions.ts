import { NotQuotable } from '@functions/commons/errors';
import {
  type ApplicationRecord,
  detailsUpdate,
  findApplication,
  findApplicationWithHistory,
} from '@functions/data/applications';
import { auditPut, listAuditFor } from '@functions/data/audit';
import { tableName } from '@functions/data/client';
import { keys } from '@functions/data/keys';
import { type TransactItem, TransactionCancelledError, transactWrite } from '@functions/data/transactions';
import { findUserSummaries } from '@functions/data/user-summaries';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import type {
  AdminApplicationDetail,
  AdminApplicationView,
  ChangeStatusBody,
  UpdateDetailsBody,
} from '@shared/contract/applications';
import { staffMayMove } from '@shared/lifecycle';
import { quote } from '../rates/rates';
import { settingValue } from '../settings/settings';
import {
  AlreadyInStatus,
  ApplicationChangedMeanwhile,
  ApplicationNotFound,
  AssigneeNotStaff,
  OwnApplication,
  StatusMovedMeanwhile,
  TransitionNotAllowed,
} from './errors';
import { applyStatusChange, StatusChangedError } from './status-change';
import { peopleOf, toAdminApplicationView, toHistoryEntry } from './views';

async function viewOf(record: ApplicationRecord): Promise<AdminApplicationView> {
  return toAdminApplicationView(record, await findUserSummaries(peopleOf([record])));
}

/**
 * A standard application's quote window (setting quoteLockMinutes when it was created) and the
 * direction's rate now, for staff deciding whether to honour the locked rate.
 */
async function quoteLockOf(
  application: ApplicationRecord,
  now: Date,
): Promise<AdminApplicationDetail['quoteLock']> {
  const { rate, assetFrom, assetTo, amountFrom } = application;
  if (!rate || !assetFrom || !assetTo || amountFrom === null) return null;
  const lockedUntil =
    rate.lockedUntil ??
    new Date(Date.parse(rate.quotedAt) + (await settingValue('quoteLockMinutes')) * 60_000).toISOString();
  const current = await quote(assetFrom, assetTo, amountFrom, now).then(
    (answer) => ({ currentRate: answer.rate, currentRefusal: null }),
    (error: unknown) => {
      if (error instanceof NotQuotable) return { currentRate: null, currentRefusal: error.message };
      throw error;
    },
  );
  return { lockedUntil, open: now.getTime() < Date.parse(lockedUntil), ...current };
}

export async function getAdminApplication(id: string, now = new Date()): Promise<AdminApplicationDetail> {
  const [found, audit] = await Promise.all([findApplicationWithHistory(id), listAuditFor('application', id)]);
  if (!found) throw new ApplicationNotFound();
  return {
    quoteLock: await quoteLockOf(found.application, now),
    ...(await viewOf(found.application)),
    history: found.history.map(toHistoryEntry),
    audit: audit.map(({ at, actorId, actorRole, action, before, after }) => ({
      at,
      actorId,
      actorRole,
      action,
      before,
      after,
    })),
  };
}

/**
 * POST /admin/applications/{id}/status: only the transitions of docs/architecture.md §7, conditional on the
 * status the staff member saw (`expectedStatus`) or else the one just read; of two racing staff
 * members one wins and the other gets 409.
 */
export async function changeApplicationStatus(
  id: string,
  body: ChangeStatusBody,
  actor: RecordedActor,
): Promise<AdminApplicationView> {
  const application = await findApplication(id);
  if (!application) throw new ApplicationNotFound();
  if (application.userId === actor.id) throw new OwnApplication();
  const from = body.expectedStatus ?? application.status;
  if (from !== application.status) {
    throw new StatusMovedMeanwhile(
      `The application is ${application.status} now, not ${from}. Reload it and decide again.`,
    );
  }
  if (from === body.status) throw new AlreadyInStatus(from);
  if (!staffMayMove(from, body.status)) {
    throw new TransitionNotAllowed(from, body.status);
  }
  try {
    const next = await applyStatusChange({
      application,
      from,
      to: body.status,
      actor,
      audited: true,
      ...(body.rejectionReason !== undefined ? { rejectionReason: body.rejectionReason } : {}),
    });
    return await viewOf(next);
  } catch (error) {
    if (error instanceof StatusChangedError) {
      throw new StatusMovedMeanwhile(
        `The application is no longer ${from}: someone changed it first. Reload it.`,
      );
    }
    throw error;
  }
}

const STAFF_ROLES_CONDITION = {
  ConditionExpression: 'isActive = :true AND #role IN (:manager, :admin, :superAdmin)',
  ExpressionAttributeNames: { '#role': 'role' },
  ExpressionAttributeValues: {
    ':true': true,
    ':manager': 'MANAGER',
    ':admin': 'ADMIN',
    ':superAdmin': 'SUPER_ADMIN',
  },
};

const MAX_ATTEMPTS = 3;

/**
 * PUT /admin/applications/{id}/details: admin note and/or assignee (null unassigns). The assignee
 * must be an active MANAGER or higher, checked inside the transaction; the update is conditional
 * on the version read, and retried on a concurrent write.
 */
export async function updateApplicationDetails(
  id: string,
  body: UpdateDetailsBody,
  actor: RecordedActor,
): Promise<AdminApplicationView> {
  for (let attempt = 1; ; attempt += 1) {
    const application = await findApplication(id);
    if (!application) throw new ApplicationNotFound();
    if (application.userId === actor.id) throw new OwnApplication();
    const changes: { adminNote?: string | null; assignedToId?: string | null } = {};
    if (body.adminNote !== undefined && body.adminNote !== application.adminNote)
      changes.adminNote = body.adminNote;
    if (body.assignedToId !== undefined && body.assignedToId !== application.assignedToId) {
      changes.assignedToId = body.assignedToId;
    }
    if (changes.assignedToId) {
      const assignee = (await findUserSummaries([changes.assignedToId])).get(changes.assignedToId);
      if (!assignee?.isActive || assignee.role === 'USER') throw new AssigneeNotStaff();
    }
    if (Object.keys(changes).length === 0) return viewOf(application);
    const now = new Date();
    const items: TransactItem[] = [
      detailsUpdate(application, changes, now.toISOString()),
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'application.details',
        targetType: 'application',
        targetId: id,
        before: Object.fromEntries(
          Object.keys(changes).map((field) => [field, application[field as keyof typeof changes]]),
        ),
        after: changes,
        at: now,
      }),
    ];
    if (changes.assignedToId) {
      items.push({
        ConditionCheck: {
          TableName: tableName,
          Key: keys.user(changes.assignedToId),
          ...STAFF_ROLES_CONDITION,
        },
      });
    }
    try {
      await transactWrite(items);
      return viewOf({
        ...application,
        ...changes,
        updatedAt: now.toISOString(),
        version: application.version + 1,
      });
    } catch (error) {
      if (!(error instanceof TransactionCancelledError)) throw error;
      if (changes.assignedToId && error.failedAt(2)) throw new AssigneeNotStaff();
      if (!error.failedAt(0) || attempt >= MAX_ATTEMPTS) {
        throw new ApplicationChangedMeanwhile();
      }
    }
  }
}
