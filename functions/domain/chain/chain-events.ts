import { type ApplicationRecord, findApplication } from '@functions/data/applications';
import type { ChainTransferRecord } from '@functions/data/chain-transfers';
import { staffNoticePut } from '@functions/data/staff-notices';
import type { TransactItem } from '@functions/data/transactions';
import type { ChainCheck } from '@shared/contract/deal';
import { chainEventTelegramItems } from '../telegram/outgoing';
import type { ChainEventTextInput } from '../telegram/texts';

/**
 * What the chain tells staff (docs/architecture.md "Chain events"): USDT arrived for a deal as
 * asked, short, over or late, from a blacklisted sender or for no deal; or a payout's hash that
 * does not match. The code that saw it says what happened (the watcher recording a transfer, a
 * payout's check); each channel's mapper decides what to send, as items of the same transaction
 * as the record of what happened: staff's live notice (with its sound), the staff group's
 * Telegram message. The status change's items (../outbox/status-change-items.ts) work the same way.
 */
interface ChainEvent extends ChainEventTextInput {
  at: Date;
  /** The deal it concerns, as read: its alert mentions the staff on shift it calls. */
  deal?: ApplicationRecord;
}

type NamedItem = [name: string, item: TransactItem];

/** The notice names the deal when there is one (its open detail reads itself again), else the transfer. */
const liveNotice = (event: ChainEvent) =>
  event.applicationId
    ? ({ type: 'chain.application', id: event.applicationId } as const)
    : ({ type: 'chain.transfer', id: event.txId } as const);

const CHANNEL_MAPPERS: {
  readonly [channel in 'live' | 'telegram']: (event: ChainEvent) => Promise<NamedItem[]>;
} = {
  live: async (event) => [['staffNotice', staffNoticePut(liveNotice(event), event.at)]],
  telegram: async (event) =>
    (await chainEventTelegramItems(event, event.at, event.deal)).map((item): NamedItem => ['telegram', item]),
};

/** Every channel's items for a chain event, as named parts of its transaction. */
async function chainEventItems(event: ChainEvent): Promise<NamedItem[]> {
  const perChannel = await Promise.all(Object.values(CHANNEL_MAPPERS).map((mapper) => mapper(event)));
  return perChannel.flat();
}

/** The USDT a deal was told to pay (its payable amount), as a decimal string; null when it was told none. */
const payableOf = (application: ApplicationRecord | undefined) => {
  const amount = application?.instructions?.crypto?.amount;
  return amount === undefined ? null : String(amount);
};

/**
 * What a transfer the watcher is recording tells staff: matched, or why it waits for staff, with
 * the amount of the deal it was nearest to. One already used (a client's hash, a payout, a refund
 * took it first) is that use's news, told where it was made.
 */
export async function recordedTransferItems(record: ChainTransferRecord, now: Date): Promise<NamedItem[]> {
  if (record.state !== 'matched' && record.state !== 'review') return [];
  const application = record.applicationId ? await findApplication(record.applicationId) : undefined;
  return chainEventItems({
    kind: record.state === 'matched' ? 'matched' : (record.reason ?? 'unknown'),
    txId: record.txId,
    applicationId: record.applicationId,
    amount: record.amount,
    due: payableOf(application),
    at: now,
    ...(application ? { deal: application } : {}),
  });
}

/** What a payout's hash that does not match tells staff: what it moved against what is due when the chain says, else why. */
export function payoutMismatchItems(
  application: ApplicationRecord,
  txHash: string,
  check: ChainCheck,
  now: Date,
): Promise<NamedItem[]> {
  return chainEventItems({
    kind: 'payoutMismatch',
    txId: txHash,
    applicationId: application.id,
    amount: check.sent ?? null,
    due: check.due ?? null,
    ...(check.reason ? { reason: check.reason } : {}),
    at: now,
    deal: application,
  });
}
