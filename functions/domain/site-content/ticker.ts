import { auditPut } from '@functions/data/audit';
import { findTickerChoice, siteContentVersionBump, tickerChoiceWrite } from '@functions/data/site-content';
import { Transaction } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { TICKER_COINS, type TickerCoinChoice } from '@shared/constants';
import type { TickerChoiceBody } from '@shared/contract/site-content';
import { publishAfterChange } from './publish';

/**
 * The landing page ticker's coins (docs/product.md "Pages staff edit"): the spec's nine until an
 * ADMIN chooses, then theirs in their order; none chosen, no ticker.
 */
export async function tickerCoins(): Promise<TickerCoinChoice[]> {
  return (await findTickerChoice()) ?? [...TICKER_COINS];
}

export async function chooseTickerCoins(
  { coins }: TickerChoiceBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<{ coins: TickerCoinChoice[] }> {
  const before = await tickerCoins();
  await new Transaction()
    .add('ticker', tickerChoiceWrite(coins, now.toISOString(), actor.id))
    // Counted as a change of the pages: none chosen takes the ticker's band off them (publish.ts).
    .add('version', siteContentVersionBump())
    .add(
      'audit',
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'siteContent.ticker',
        targetType: 'siteContent',
        targetId: 'ticker',
        before: { coins: before },
        after: { coins },
        at: now,
      }),
    )
    .run();
  await publishAfterChange({ ticker: coins.join(',') }, now);
  return { coins };
}
