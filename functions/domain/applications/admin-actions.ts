import { NotQuotable } from '@functions/commons/errors';
import {
  type ApplicationRecord,
  assigneeStillStaff,
  detailsUpdate,
  findApplicationWithHistory,
} from '@functions/data/applications';
import { auditPut, listAuditFor } from '@functions/data/audit';
import { findPaymentTemplate } from '@functions/data/payment-templates';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { findUserSummaries } from '@functions/data/user-summaries';
import type { DealActor } from '@functions/domain/accounts/principal';
import type {
  AdminApplicationDetail,
  AdminApplicationView,
  ChangeStatusBody,
  ExpiredQuote,
  UpdateDetailsBody,
} from '@shared/contract/applications';
import { staffDealActions, staffStatusMove } from '@shared/lifecycle';
import { dealInScope } from '@shared/staff-scope';
import { dealChainTransfers } from '../chain/deal-transfers';
import { completionOf } from '../rates/completion-snapshot';
import { quote } from '../rates/rates';
import { settingValue } from '../settings/settings';
import { namesOf } from '../staff-users/names';
import {
  AlreadyInStatus,
  ApplicationChangedMeanwhile,
  ApplicationNotFound,
  AssigneeNotStaff,
  AssigneeOutsideScope,
  ExpiredQuoteNotAccepted,
  StatusMovedMeanwhile,
  TransitionNotAllowed,
} from './errors';
import { movementsAtCompletion } from './movements';
import { moveFacts, perform } from './perform';
import { actionsWithinRights, assertInScope, findForStaff } from './staff-access';
import { peopleOf, staffDealView, toAdminApplicationView, toHistoryEntry } from './views';

async function viewOf(record: ApplicationRecord): Promise<AdminApplicationView> {
  return toAdminApplicationView(record, await findUserSummaries(peopleOf([record])));
}

type Quoted = ApplicationRecord & {
  rate: NonNullable<ApplicationRecord['rate']>;
  assetFrom: string;
  assetTo: string;
  amountFrom: number;
};

function isQuoted(application: ApplicationRecord): application is Quoted {
  const { rate, assetFrom, assetTo, amountFrom } = application;
  return rate !== null && assetFrom !== null && assetTo !== null && amountFrom !== null;
}

/** The end of a standard application's quote lock: kept with it, or for an older one its quote time plus today's setting. */
async function lockEndOf(application: Quoted): Promise<string> {
  const { rate } = application;
  return (
    rate.lockedUntil ??
    new Date(Date.parse(rate.quotedAt) + (await settingValue('quoteLockMinutes')) * 60_000).toISOString()
  );
}

/**
 * What a fresh quote for the application's amount gives now, or why the direction is not quoted
 * (the refusal's text, and its code and params for the admin page to translate).
 */
function freshQuoteOf(application: Quoted, now: Date) {
  return quote(application.assetFrom, application.assetTo, application.amountFrom, now).then(
    (answer) => ({ currentRate: answer.rate, currentAmountTo: answer.amountTo, currentRefusal: null }),
    (error: unknown) => {
      if (error instanceof NotQuotable) {
        return {
          currentRate: null,
          currentAmountTo: null,
          currentRefusal: error.message,
          currentRefusalCode: error.code,
          ...(error.params ? { currentRefusalParams: error.params } : {}),
        };
      }
      throw error;
    },
  );
}

/**
 * A standard application's quote window (setting quoteLockMinutes when it was created) and the
 * direction's rate now, for staff deciding whether to honour the locked rate.
 */
async function quoteLockOf(
  application: ApplicationRecord,
  now: Date,
): Promise<AdminApplicationDetail['quoteLock']> {
  if (!isQuoted(application)) return null;
  const [lockedUntil, { currentAmountTo: _amountTo, ...fresh }] = await Promise.all([
    lockEndOf(application),
    freshQuoteOf(application, now),
  ]);
  return { lockedUntil, open: now.getTime() < Date.parse(lockedUntil), ...fresh };
}

/**
 * The figures staff must see before completing an application whose quote lock has ended (the
 * locked amount beside a fresh quote's); null within the lock and for an individual request.
 */
async function expiredQuoteOf(application: ApplicationRecord, now: Date): Promise<ExpiredQuote | null> {
  if (!isQuoted(application) || application.amountTo === null || application.currencyTo === null) return null;
  const lockedUntil = await lockEndOf(application);
  // The quote holds for money paid within the lock (the payment window extends it), however late the payout.
  const paidAt = application.clientPaid?.at ?? application.paymentConfirmation?.at;
  const decidedAt = paidAt ? Date.parse(paidAt) : now.getTime();
  if (decidedAt < Date.parse(lockedUntil)) return null;
  return {
    lockedUntil,
    assetTo: application.assetTo,
    currencyTo: application.currencyTo,
    lockedRate: application.rate.rate,
    lockedAmountTo: application.amountTo,
    ...(await freshQuoteOf(application, now)),
  };
}

/** The application as staff see it, with what `actor` may do on its deal now (403 outside their rights). */
export async function getAdminApplication(
  id: string,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const [found, audit] = await Promise.all([findApplicationWithHistory(id), listAuditFor('application', id)]);
  if (!found) throw new ApplicationNotFound();
  assertInScope(actor.scope, found.application);
  const [chainTransfers, completion] = await Promise.all([
    dealChainTransfers(found.application),
    completionOf(id),
  ]);
  const [nameOf, templateNames] = await Promise.all([
    namesOf([...found.history.map((entry) => entry.actorId), ...audit.map((entry) => entry.actorId)]),
    templateNamesOf([
      found.application.instructions?.templateId,
      ...found.history.map((entry) => entry.details?.templateId),
      ...audit.map((entry) => entry.after?.templateId),
    ]),
  ]);
  return {
    templateNames,
    quoteLock: await quoteLockOf(found.application, now),
    ...(await viewOf(found.application)),
    ...staffDealView(found.application, now),
    chainTransfers,
    completion,
    source: found.application.source ?? null,
    allowedActions: actionsWithinRights(
      staffDealActions(moveFacts(found.application, actor, {}, now)),
      actor,
    ),
    history: found.history.map((entry) => ({ ...toHistoryEntry(entry), actorName: nameOf(entry.actorId) })),
    audit: audit.map(({ at, actorId, actorRole, action, before, after }) => ({
      at,
      actorId,
      actorRole,
      actorName: nameOf(actorId),
      action,
      before,
      after,
    })),
  };
}

/** The labels of the payment templates a deal names, by id (a deleted one is left out). */
async function templateNamesOf(ids: unknown[]): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  const found = await Promise.all(wanted.map((id) => findPaymentTemplate(id)));
  return Object.fromEntries(found.flatMap((template) => (template ? [[template.id, template.label]] : [])));
}

/**
 * POST /admin/applications/{id}/status: only the transitions of docs/architecture.md §7, conditional on the
 * status the staff member saw (`expectedStatus`) or else the one just read; of two racing staff
 * members one wins and the other gets 409. Completing after the quote's lock ended needs
 * `acceptExpiredQuote` (else 409 with both amounts), and its audit entry records them.
 */
export async function changeApplicationStatus(
  id: string,
  body: ChangeStatusBody,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationView> {
  const application = await findForStaff(id, actor);
  const from = body.expectedStatus ?? application.status;
  if (from !== application.status) {
    throw new StatusMovedMeanwhile(from, application.status);
  }
  if (from === body.status) throw new AlreadyInStatus(from);
  const move = staffStatusMove(from, body.status);
  if (!move) throw new TransitionNotAllowed(from, body.status);
  const expiredQuote = move.settles ? await expiredQuoteOf(application, now) : null;
  if (expiredQuote && !body.acceptExpiredQuote) throw new ExpiredQuoteNotAccepted(expiredQuote);
  const next = await perform(
    {
      move: move.name,
      application,
      actor,
      input: { reason: body.rejectionReason ?? null },
      write: {
        // Taking it on the site assigns the taker, as Take in Telegram does: the deal's mails and
        // alerts then go to them, not to the desk.
        ...(move.name === 'take' && !application.assignedToId ? { fields: { assignedToId: actor.id } } : {}),
        ...(body.rejectionReason !== undefined ? { rejectionReason: body.rejectionReason } : {}),
        ...(expiredQuote ? { auditDetails: { acceptedExpiredQuote: expiredQuote } } : {}),
        // A deal done face to face: the money moved both ways at the office, recorded now.
        ...(move.name === 'completeAtOffice'
          ? await movementsAtCompletion(application, actor.id, now.toISOString())
          : {}),
      },
    },
    now,
  );
  return viewOf(next);
}

const MAX_ATTEMPTS = 3;

/**
 * PUT /admin/applications/{id}/details: admin note and/or assignee (null unassigns). The assignee
 * must be an active MANAGER or higher, checked inside the transaction; the update is conditional
 * on the version read, and retried on a concurrent write.
 */
export async function updateApplicationDetails(
  id: string,
  body: UpdateDetailsBody,
  actor: DealActor,
): Promise<AdminApplicationView> {
  for (let attempt = 1; ; attempt += 1) {
    const application = await findForStaff(id, actor);
    const changes: { adminNote?: string | null; assignedToId?: string | null } = {};
    if (body.adminNote !== undefined && body.adminNote !== application.adminNote)
      changes.adminNote = body.adminNote;
    if (body.assignedToId !== undefined && body.assignedToId !== application.assignedToId) {
      changes.assignedToId = body.assignedToId;
    }
    if (changes.assignedToId) {
      const assignee = (await findUserSummaries([changes.assignedToId])).get(changes.assignedToId);
      if (!assignee?.isActive || assignee.role === 'USER') throw new AssigneeNotStaff();
      if (!dealInScope(assignee.scope, application)) throw new AssigneeOutsideScope();
    }
    if (Object.keys(changes).length === 0) return viewOf(application);
    const now = new Date();
    const transaction = new Transaction()
      .add('details', detailsUpdate(application, changes, now.toISOString()))
      .add(
        'audit',
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
      );
    if (changes.assignedToId) transaction.add('assignee', assigneeStillStaff(changes.assignedToId));
    try {
      await transaction.run();
      return viewOf({
        ...application,
        ...changes,
        updatedAt: now.toISOString(),
        version: application.version + 1,
      });
    } catch (error) {
      if (!(error instanceof TransactionCancelledError)) throw error;
      if (error.failedOn('assignee')) throw new AssigneeNotStaff();
      if (!error.failedOn('details') || attempt >= MAX_ATTEMPTS) {
        throw new ApplicationChangedMeanwhile();
      }
    }
  }
}
