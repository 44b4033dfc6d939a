import type { ApplicationRecord } from '@functions/data/applications';
import type { LedgerEntryRecord } from '@functions/data/ledger';
import { findUserByReferralCode } from '@functions/data/users';
import type { CompletionSnapshot } from '@shared/contract/completion';
import { SYSTEM_ID } from '@shared/contract/deal';
import { bookAccountId, ledgerDecimals } from '@shared/ledger';
import { add, compare, decimal, movePoint, multiply, rounded, toUnits } from '@shared/money';
import { ledgerEntry } from '../ledger/entries';
import { settingValue } from '../settings/settings';

/**
 * A partner's share of a deal they brought (issue 41 item 3, docs/product.md "Partners"): the
 * client came through their `?ref=` link (the application's source names their referral code), the
 * deal completed, and the settings give partners a percentage of its profit (none of a loss) and
 * of its USDT volume. The share is booked at completion, in the completing transaction, as one
 * balanced USDT entry by whoever completed it: out of the exchange's book, into what partners are
 * owed, under the partner's id; cut down to the micro-USDT. None when no partner, a partner who is the client
 * themself or no longer active, no snapshot of the deal's profit, or nothing to share.
 */
export async function partnerShareEntries(
  application: ApplicationRecord,
  snapshot: CompletionSnapshot | null,
  actorId: string | null,
  at: string,
): Promise<LedgerEntryRecord[]> {
  const code = application.source?.partner;
  if (!code || !snapshot) return [];
  const [ofProfit, ofVolume] = await Promise.all([
    settingValue('partnerShareOfProfitPercent'),
    settingValue('partnerShareOfVolumePercent'),
  ]);
  if (ofProfit === 0 && ofVolume === 0) return [];
  const partner = await findUserByReferralCode(code);
  if (!partner?.isActive || partner.id === application.userId) return [];
  const volume = snapshot.currencyFrom === 'USDT' ? snapshot.amountFrom : snapshot.amountTo;
  // A loss is the exchange's alone: no share of it, and nothing taken back from the partner.
  const profit = compare(snapshot.profitUsdt, 0) > 0 ? decimal(snapshot.profitUsdt) : decimal(0);
  const share = rounded(
    add(multiply(profit, movePoint(ofProfit, -2)), multiply(volume, movePoint(ofVolume, -2))),
    ledgerDecimals('USDT'),
    'down',
  );
  if (compare(share, 0) <= 0) return [];
  const units = toUnits(share, ledgerDecimals('USDT'));
  const entry = await ledgerEntry(
    {
      id: `${application.id}#partner`,
      kind: 'partnerShare',
      at,
      // Whoever completed the deal (the system for a move of its own), as its exchange entry.
      actorId: actorId ?? SYSTEM_ID,
      applicationId: application.id,
      reference: partner.id,
    },
    [
      { accountId: bookAccountId('exchange', 'USDT'), currency: 'USDT', units },
      { accountId: bookAccountId('partners', 'USDT'), currency: 'USDT', units: -units },
    ],
  );
  return [entry];
}
