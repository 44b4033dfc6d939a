import type { ApplicationRecord } from '@functions/data/applications';
import type { LedgerEntryRecord } from '@functions/data/ledger';
import { findDefaultDirectionTerms, findPartner, partnerEarningItems } from '@functions/data/partners';
import { ALL, type RollupDelta } from '@functions/data/report-rollups';
import type { TransactItem } from '@functions/data/transactions';
import { directionKey } from '@shared/assets';
import { businessDayOf } from '@shared/business-time';
import type { CompletionSnapshot } from '@shared/contract/completion';
import { SYSTEM_ID } from '@shared/contract/deal';
import { bookAccountId, ledgerDecimals } from '@shared/ledger';
import {
  add,
  compare,
  type Decimal,
  decimal,
  movePoint,
  multiply,
  ofUnits,
  rounded,
  toUnits,
} from '@shared/money';
import { ledgerEntry } from '../ledger/entries';
import { figure } from '../reports/figures';
import { partnerOfSource } from './attribution';
import { settingsTerms, termsOfDirection } from './terms';

/** What a completion writes for the partner who brought the client. */
export interface PartnerShare {
  /** The share's balanced ledger entry (none when nothing is shared). */
  entries: LedgerEntryRecord[];
  /** The partner's balances and day (the deal counts even when it earned nothing). */
  items: TransactItem[];
  /** The reports' partner shares, to join the move's other rollup deltas (one write per item). */
  deltas: RollupDelta[];
}

export const NO_PARTNER_SHARE: PartnerShare = { entries: [], items: [], deltas: [] };

/**
 * A partner's share of a deal they brought (docs/product.md "Partners"): the client came through
 * their `?ref=` link or from the monitor they are (attribution.ts), and the deal completed. Their
 * terms for its direction (terms.ts) give a percentage of its profit in USDT (none of a loss) and
 * of its USDT volume, cut down to the micro-USDT. Booked in the completing transaction as one
 * balanced USDT entry by whoever completed it: out of the exchange's book, into what partners are
 * owed, under the partner's id; added to the partner's balance and day, and to the reports' shares.
 */
export async function partnerShareOf(
  application: ApplicationRecord,
  money: { snapshot: CompletionSnapshot | null; rubPerUsdt: Decimal | null },
  actorId: string | null,
  now: Date,
  timeZone: string,
): Promise<PartnerShare> {
  const { snapshot } = money;
  const partnerId = await partnerOfSource(application.source, application.userId);
  if (!partnerId || !snapshot || !application.assetFrom || !application.assetTo) return NO_PARTNER_SHARE;
  const [partner, directions, all] = await Promise.all([
    findPartner(partnerId),
    findDefaultDirectionTerms(),
    settingsTerms(),
  ]);
  const terms = termsOfDirection(
    partner,
    { all, directions },
    directionKey(application.assetFrom, application.assetTo),
  );
  const volume = snapshot.currencyFrom === 'USDT' ? snapshot.amountFrom : snapshot.amountTo;
  // A loss is the exchange's alone: no share of it, and nothing taken back from the partner.
  const profit = compare(snapshot.profitUsdt, 0) > 0 ? decimal(snapshot.profitUsdt) : decimal(0);
  const share = rounded(
    add(
      multiply(profit, movePoint(terms.profitPercent, -2)),
      multiply(volume, movePoint(terms.volumePercent, -2)),
    ),
    ledgerDecimals('USDT'),
    'down',
  );
  const units = compare(share, 0) > 0 ? toUnits(share, ledgerDecimals('USDT')) : 0n;
  const at = now.toISOString();
  // A deal through a monitor's link has no sub-id: only a partner's own link carries one.
  const subId = application.source?.partner ? application.source.partnerSub : undefined;
  const items = partnerEarningItems(partnerId, businessDayOf(at, timeZone), units, at, subId);
  if (units === 0n) return { entries: [], items, deltas: [] };
  const entry = await ledgerEntry(
    {
      id: `${application.id}#partner`,
      kind: 'partnerShare',
      at,
      // Whoever completed the deal (the system for a move of its own), as its exchange entry.
      actorId: actorId ?? SYSTEM_ID,
      applicationId: application.id,
      reference: partnerId,
    },
    [
      { accountId: bookAccountId('exchange', 'USDT'), currency: 'USDT', units },
      { accountId: bookAccountId('partners', 'USDT'), currency: 'USDT', units: -units },
    ],
  );
  const figures: Record<string, bigint> = { [figure.partnerShares('USDT')]: units };
  if (money.rubPerUsdt)
    figures[figure.partnerShares('RUB')] = toUnits(
      multiply(ofUnits(units, ledgerDecimals('USDT')), money.rubPerUsdt),
      ledgerDecimals('RUB'),
      'half-up',
    );
  return {
    entries: [entry],
    items,
    deltas: [{ day: businessDayOf(at, timeZone), under: [[ALL.breakdown, ALL.value]], figures }],
  };
}
