import type { ApplicationRecord, PayoutDetails, StatusHistoryRecord } from '@functions/data/applications';
import type { UserSummary } from '@functions/data/user-summaries';
import type {
  AdminApplicationDetail,
  AdminApplicationView,
  ApplicationDetail,
  ApplicationView,
  StatusHistoryEntry,
} from '@shared/contract/applications';
import { clientActions, movesFrom } from '@shared/lifecycle';
import { maskedCard, maskedPhone, payoutKindOf } from '@shared/payout-details';
import type { SbpBankId } from '@shared/sbp-banks';
import { dealMoneyView } from './deal-money';

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
    payerCard: record.payerCard ?? null,
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
    unreadMessages: record.unreadByStaff ?? 0,
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
    details: record.details,
  };
}

/** Who made each move, as the owner's timeline names them. */
function moverOf(entry: StatusHistoryRecord, ownerId: string): 'client' | 'staff' | 'system' {
  if (entry.actorRole === 'SYSTEM') return 'system';
  return entry.actorId === ownerId ? 'client' : 'staff';
}

function instructionsView(record: ApplicationRecord) {
  const { instructions } = record;
  return instructions
    ? {
        text: instructions.text,
        issuedAt: instructions.issuedAt,
        deadline: instructions.deadline,
        crypto: instructions.crypto
          ? { address: instructions.crypto.address, amount: String(instructions.crypto.amount) }
          : null,
        payTo: instructions.payTo ?? null,
        collectAt: instructions.collectAt ?? null,
      }
    : null;
}

/** Where the client receives, as they and every list see it: the card and the SBP phone masked. */
function maskedPayoutDetails(details: PayoutDetails | null): ApplicationDetail['payoutDetails'] {
  if (details?.kind === 'card') return { kind: 'card', card: maskedCard(details.card) };
  if (details?.kind === 'sbp') return { kind: 'sbp', phone: maskedPhone(details.phone), bank: details.bank };
  return details && { kind: 'address', address: details.address };
}

/**
 * The owner's order page: the application, its timeline, the deal so far (their card or phone
 * masked), the SBP banks its payout may go to, and what they may do now, as the lifecycle allows it
 * (shared/lifecycle.ts clientActions).
 */
export function toApplicationDetail(
  record: ApplicationRecord,
  history: StatusHistoryRecord[],
  sbpBanks: readonly SbpBankId[],
  now: Date,
): ApplicationDetail {
  const payoutKind = payoutKindOf(record.assetTo);
  const { payoutDetails } = record;
  return {
    ...toApplicationView(record),
    timeline: history.map((entry) => ({
      status: entry.to,
      at: entry.at,
      actor: moverOf(entry, record.userId),
    })),
    instructions: instructionsView(record),
    payoutKind,
    payoutDetails: maskedPayoutDetails(payoutDetails),
    sbpBanks: [...sbpBanks],
    clientPaid: record.clientPaid,
    payout: record.payout && { at: record.payout.at, txHash: record.payout.txHash },
    money: dealMoneyView(record, now),
    hold:
      // Held while staff can still release it (the lifecycle's hold status).
      movesFrom('releaseHold', record.status) && record.hold
        ? { at: record.hold.at, expectedBy: record.hold.expectedBy }
        : null,
    allowedActions: clientActions({
      status: record.status,
      receivesCash: payoutKind === 'none',
      hasPayoutDetails: payoutDetails !== null,
      paymentDeadline: record.paymentDeadline,
      requoteUntil: record.requote?.until ?? null,
      now,
    }),
    unreadMessages: record.unreadByClient ?? 0,
  };
}

/** The deal as staff's application detail shows it: everything, the client's card and SBP phone in full. */
export function staffDealView(
  record: ApplicationRecord,
  now: Date,
): Pick<
  AdminApplicationDetail,
  | 'instructions'
  | 'payoutKind'
  | 'payoutDetails'
  | 'clientPaid'
  | 'paymentConfirmation'
  | 'payout'
  | 'payoutReversal'
  | 'refund'
  | 'money'
  | 'hold'
> {
  const instructions = instructionsView(record);
  return {
    instructions: instructions
      ? { ...instructions, templateId: record.instructions?.templateId ?? null }
      : null,
    payoutKind: payoutKindOf(record.assetTo),
    payoutDetails:
      record.payoutDetails?.kind === 'address'
        ? { ...record.payoutDetails, screened: record.payoutDetails.screened ?? false }
        : record.payoutDetails,
    clientPaid: record.clientPaid,
    paymentConfirmation: record.paymentConfirmation,
    payout: record.payout,
    payoutReversal: record.payoutReversal,
    refund: record.refund,
    money: dealMoneyView(record, now),
    hold: record.hold ?? null,
  };
}
