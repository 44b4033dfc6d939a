import type { ApplicationRecord } from '@functions/data/applications';
import type { TransactItem } from '@functions/data/transactions';
import type { UserSummary } from '@functions/data/user-summaries';
import type { MoveName } from '@shared/lifecycle';
import { ownerMailItem } from '../applications/mails';
import { ownerStatusTelegramItems, staffAlertItems } from '../telegram/outgoing';

/**
 * What a status change tells the outbox's channels (docs/architecture.md §7): the move made, the
 * application before and after it, its owner, and when. Each channel's mapper decides by the move
 * what it sends and to whom, so the status change itself knows no channel's rendering.
 */
export interface StatusChangeEvent {
  move: MoveName;
  before: ApplicationRecord;
  after: ApplicationRecord;
  /** The owner as read for the change; undefined when the account is gone. */
  owner: UserSummary | undefined;
  at: Date;
}

/** The outbox's channels: a mail through SES, a Bot API call through Telegram. */
export type OutboxChannel = 'mail' | 'telegram';

type NamedItem = [name: string, item: TransactItem];

const named = (name: string, items: readonly TransactItem[]): NamedItem[] =>
  items.map((item): NamedItem => [name, item]);

/** Each channel's items for a status change, as named parts of its transaction. */
const CHANNEL_MAPPERS: {
  readonly [channel in OutboxChannel]: (event: StatusChangeEvent) => Promise<NamedItem[]>;
} = {
  // The owner's status mail, whatever the move.
  mail: async ({ owner, after, at }) =>
    owner ? [['mail', await ownerMailItem('status', after, owner, at)]] : [],
  // A linked owner's news; the staff group hears of "I have paid" at once, with a Take button
  // while nobody has the deal (its text from the application as staff last saw it).
  telegram: async ({ move, owner, before, after, at }) => [
    ...named('telegram', await ownerStatusTelegramItems(owner, after, at)),
    ...(move === 'markPaid' ? named('staffAlert', await staffAlertItems(before, 'paid', at)) : []),
  ],
};

/** Every channel's outbox items for the status change. */
export async function statusChangeItems(event: StatusChangeEvent): Promise<NamedItem[]> {
  const perChannel = await Promise.all(Object.values(CHANNEL_MAPPERS).map((mapper) => mapper(event)));
  return perChannel.flat();
}
