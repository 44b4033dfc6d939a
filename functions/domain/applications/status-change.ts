import { countMetric } from '@functions/commons/metrics';
import {
  type Actor,
  type ApplicationRecord,
  type DealFields,
  historyPut,
  ownerCompletedCountIncrement,
  type StatusWriteConditions,
  statusUpdate,
} from '@functions/data/applications';
import { auditPut } from '@functions/data/audit';
import { completionSnapshotPut } from '@functions/data/completion-snapshots';
import {
  adjustApplicationStatusCounts,
  adjustUserApplicationStats,
  incrementDailyStat,
} from '@functions/data/counters';
import { type LedgerEntryRecord, ledgerParts } from '@functions/data/ledger';
import { newNotificationId, notificationPuts } from '@functions/data/notifications';
import { templateDealCountChange } from '@functions/data/payment-templates';
import { rollupParts } from '@functions/data/report-rollups';
import { type TransactItem, Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { findUserSummaries } from '@functions/data/user-summaries';
import { type StatusMessageInput, statusMessage } from '@functions/mail/application-status';
import { businessDayOf } from '@shared/business-time';
import { isTerminal, type Move } from '@shared/lifecycle';
import { closedDayRefusal } from '../ledger/entries';
import { limitMoveParts } from '../limits/limits';
import { countQueuedMails } from '../outbox/queue';
import { statusChangeItems } from '../outbox/status-change-items';
import { NO_PARTNER_SHARE, partnerShareOf } from '../partners/share';
import { poolCountChange, poolMoveParts } from '../payment-templates/pool';
import { completionSnapshotNow, rubPerUsdtNow } from '../rates/completion-snapshot';
import { type CompletionMoney, moveDeltas } from '../reports/rollup-events';
import { checkReserveAlerts } from '../reserves/alerts';
import { reserveMovesOnCompletion } from '../reserves/reserves';
import { businessTimeZone } from '../settings/business-time';
import { exchangeEntry } from './movements';
import { payableAmountReleaseItem } from './payable-amount';
import { statusCounterDeltas } from './transitions';

/** The application was no longer in the status the change expected (someone else moved it first). */
export class StatusChangedError extends Error {
  constructor() {
    super('The application status changed meanwhile.');
    this.name = 'StatusChangedError';
  }
}

export interface StatusChange {
  application: ApplicationRecord;
  /** The lifecycle's move: the write is conditional on the application's status as read, one of its `from`. */
  move: Move;
  actor: Actor;
  rejectionReason?: string;
  /** What the move's needs make the write conditional on (perform.ts derives them). */
  conditions: StatusWriteConditions;
  /** The deal's fields the move sets beside the status (instructions, a payment, a payout). */
  fields?: DealFields;
  /** What the move carried, kept in its history entry: the timeline shows it. */
  details?: Record<string, unknown>;
  /** More named parts of the same transaction (the money movements the move records). */
  parts?: Array<[name: string, item: TransactItem]>;
  /** The ledger entries of the money the move records (written with the settling move's exchange). */
  entries?: LedgerEntryRecord[];
  /** Recorded in the audit entry beside the new status (an accepted expired quote's amounts). */
  auditDetails?: Record<string, unknown>;
}

/**
 * One status change as one transaction (docs/architecture.md §7), made by perform.ts, the one way a
 * move is made: the application (conditional on `from`),
 * the owner's and the global status counters, the day's completed counter and the owner's
 * completed count, the history entry, the audit entry for staff, the owner's notification, the
 * owner's status mail (mails.ts) and, when they linked Telegram, its message (telegram/outgoing.ts) as
 * outbox items, so the mail goes out exactly when the change
 * commits, and, on completion, the moves of both reserves (refused when the payout exceeds its
 * reserve). The reserves' alert check is after the commit; its failure is logged, the change stands.
 */
export async function applyStatusChange(change: StatusChange, now = new Date()): Promise<ApplicationRecord> {
  const { application, actor } = change;
  const from = application.status;
  const { to } = change.move;
  const at = now.toISOString();
  const owner = (await findUserSummaries([application.userId])).get(application.userId);
  const language = owner?.language ?? 'ru';
  const rejectionReason = change.move.needs.includes('reason')
    ? (change.rejectionReason?.trim() ?? null)
    : undefined;
  const fields: DealFields = {
    ...change.fields,
    ...(rejectionReason !== undefined ? { rejectionReason } : {}),
  };
  const next: ApplicationRecord = {
    ...application,
    ...fields,
    status: to,
    statusChangedAt: at,
    updatedAt: at,
    version: application.version + 1,
  };
  const message: StatusMessageInput = { ...next, applicationId: next.id };
  const deltas = statusCounterDeltas(from, to);
  const transaction = new Transaction()
    .add(
      'status',
      statusUpdate(application, {
        move: change.move.name,
        from,
        to,
        at,
        fields,
        ...change.conditions,
      }),
    )
    .add(
      'history',
      historyPut({
        applicationId: application.id,
        from,
        to,
        at,
        actorId: actor.id,
        actorRole: actor.role,
        reason: rejectionReason ?? null,
        userId: application.userId,
        amountFrom: application.amountFrom,
        currencyFrom: application.currencyFrom,
        details: change.details ?? null,
      }),
    )
    // A move that stays in its status (a part of the payment, a new quote) counts nothing.
    .addParts(
      from === to
        ? []
        : [
            { name: 'ownerCounts', item: adjustUserApplicationStats(application.userId, deltas.user) },
            { name: 'statusCounts', item: adjustApplicationStatusCounts(deltas.perStatus) },
          ],
    )
    .add(
      'notification',
      ...notificationPuts({
        id: newNotificationId(now),
        userId: application.userId,
        type: 'APPLICATION_STATUS',
        applicationId: application.id,
        status: to,
        previousStatus: from,
        ...statusMessage(language, message),
        isRead: false,
        createdAt: at,
      }),
    );
  const settles = change.move.settles === true;
  const reserves = settles ? await reserveMovesOnCompletion(application) : null;
  const timeZone = await businessTimeZone();
  let completion: CompletionMoney | undefined;
  if (settles) {
    transaction.add(
      'completedToday',
      incrementDailyStat(businessDayOf(now, timeZone), 'completedApplications'),
    );
    transaction.add('ownerCompleted', ownerCompletedCountIncrement(application.userId));
    // The market at completion and the deal's profit against it, for the reports.
    const [snapshot, rubPerUsdt] = await Promise.all([
      completionSnapshotNow(application, now),
      rubPerUsdtNow(),
    ]);
    if (snapshot) transaction.add('completionSnapshot', completionSnapshotPut(application.id, snapshot));
    completion = { snapshot, rubPerUsdt };
  }
  // The share of the partner who brought the client, when the move settles the deal.
  const share = completion
    ? await partnerShareOf(application, completion, actor.id, now, timeZone)
    : NO_PARTNER_SHARE;
  if (share.items.length > 0) transaction.add('partner', ...share.items);
  // The reports' figures the move makes (a funnel step, an ending and its money, a duration, the
  // partner's share), in one list: a rollup item is written once per transaction.
  transaction.addParts(
    rollupParts([
      ...moveDeltas({ move: change.move, before: application, actor, now, owner, timeZone, completion }),
      ...share.deltas,
    ]),
  );
  // The books: the money the move records and, when it settles, the exchange and the partner's
  // share, in one write.
  const entries = [
    ...(change.entries ?? []),
    ...(settles ? await exchangeEntry(application, actor.id, at) : []),
    ...share.entries,
  ];
  if (entries.length > 0) transaction.addParts(ledgerParts(entries));
  // The channels hear of the move and decide what to send (outbox/status-change-items.ts).
  const channelItems = await statusChangeItems({
    move: change.move.name,
    before: application,
    after: next,
    owner,
    at: now,
  });
  for (const [name, item] of channelItems) transaction.add(name, item);
  // Every move is on the audit trail: who (staff, the client, or the system), what it carried.
  transaction.add(
    'audit',
    auditPut({
      actorId: actor.id,
      actorRole: actor.role,
      action: 'application.status',
      targetType: 'application',
      targetId: application.id,
      before: { status: from },
      after: {
        status: to,
        move: change.move.name,
        ...(rejectionReason ? { rejectionReason } : {}),
        ...change.details,
        ...change.auditDetails,
      },
      at: now,
    }),
  );
  if (reserves) transaction.addParts(reserves.parts);
  // The limits' day totals: an ending without completing gives the amount back (docs/decisions.md).
  transaction.addParts(limitMoveParts(application, to));
  for (const [name, item] of change.parts ?? []) transaction.add(name, item);
  // A deal that ends lets its instructions' template go (a template in use cannot be deleted), and
  // its payable amount too, once a late payment for it can no longer be expected.
  const templateId = application.instructions?.templateId;
  if (templateId && isTerminal(to))
    transaction.add('templateReleased', templateDealCountChange(templateId, -1));
  // Money came for an ended deal and it is open again: it uses its template again.
  if (templateId && isTerminal(from) && !isTerminal(to))
    transaction.add('templateUsed', templateDealCountChange(templateId, 1));
  // The pool's count of the deal: given back when it ends with nothing received, taken again when
  // money for it came after all (pool.ts).
  const poolSign = poolCountChange(application, from, to);
  if (poolSign) transaction.addParts(poolMoveParts(application.instructions?.poolUse, poolSign));
  const amountRelease = isTerminal(to)
    ? await payableAmountReleaseItem(application.id, application.instructions?.crypto, now)
    : null;
  if (amountRelease) transaction.add('payableAmountReleased', amountRelease);
  try {
    await transaction.run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('status'))
      throw new StatusChangedError();
    // The business day ended and was closed between reading the clock and the write: try again.
    const closedDay = closedDayRefusal(error, entries);
    if (closedDay) throw closedDay;
    if (error instanceof TransactionCancelledError && reserves) {
      throw (await reserves.refusal(error)) ?? error;
    }
    throw error;
  }
  countMetric('StatusChanges', { Status: to });
  if (owner) countQueuedMails();
  if (reserves) await checkReserveAlerts(reserves.codes, now);
  return next;
}
