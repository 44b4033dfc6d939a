import { auditPut } from '@functions/data/audit';
import { chainUseClaim } from '@functions/data/chain-uses';
import { ledgerParts, listLedgerAccounts } from '@functions/data/ledger';
import {
  findPartnerPayout,
  type PartnerPayoutRecord,
  partnerPayoutDecisionItems,
} from '@functions/data/partners';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { TronUnavailable, transactionInfo, tronConfig, usdtTransferIn } from '@functions/data/tron';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { USDT_DECIMALS } from '@shared/assets';
import type { PartnerPayoutView } from '@shared/contract/partners';
import { assetAccountId, bookAccountId } from '@shared/ledger';
import { ofUnits } from '@shared/money';
import { normalizedTxHash } from '@shared/payout-details';
import { checkUsdtTransaction } from '../applications/chain-check';
import { ChainTransactionUsed } from '../applications/errors';
import { officeWallets } from '../chain/wallets';
import { closedDayRefusal, ledgerEntry } from '../ledger/entries';
import {
  PartnerPayoutDecided,
  PartnerPayoutNotFound,
  PartnerPayoutNotOnChain,
  PartnerPayoutNotVerified,
} from './errors';
import { payoutView, usdtText } from './program';

/*
 * Staff's side of the partners' payouts (docs/product.md "Partners"): a payout asked for is paid
 * from one of the office's USDT wallets and recorded with its hash only once the chain shows that
 * very transfer (the payout's address, its amount, from an office wallet, final, used for nothing
 * else), as a deal's payout is checked; or refused with a reason, the amount available again.
 */

const USDT_ASSET = 'usdt-trc20';

async function openPayout(id: string): Promise<PartnerPayoutRecord> {
  const payout = await findPartnerPayout(id);
  if (!payout) throw new PartnerPayoutNotFound();
  if (payout.status !== 'requested') throw new PartnerPayoutDecided();
  return payout;
}

/**
 * The office account a checked payout left: the USDT wallet account of its sending address, else
 * USDT's own account. The check read the transaction final a moment ago; reading it again for its
 * sender cannot fail but by the provider's failing, and then nothing is recorded.
 */
async function walletAccountOf(txHash: string): Promise<string> {
  const [info, accounts] = await Promise.all([
    transactionInfo(txHash, { solidified: true }).catch((error: unknown) => {
      if (error instanceof TronUnavailable) return null;
      throw error;
    }),
    listLedgerAccounts(),
  ]);
  const sender = info && usdtTransferIn(info, tronConfig()?.usdtContract)?.from;
  if (!sender) throw new PartnerPayoutNotVerified('providerFailed');
  const wallet = accounts.find(
    (account) => account.kind === 'wallet' && account.currency === 'USDT' && account.address === sender,
  );
  return wallet?.id ?? assetAccountId(USDT_ASSET);
}

/**
 * POST /admin/partner-payouts/{id}/pay: the hash of the transfer staff sent. Checked on chain
 * first; a transfer that is not this payout is refused with the check's reason (the amount sent and
 * due when they differ), one the chain cannot tell yet (not final, provider down) records nothing.
 * The payment is then one write: the payout paid, the partner's balance moved from pending to paid,
 * the transaction claimed for this payout alone, and the books' entry (what partners are owed, out
 * of the sending wallet), audited.
 */
export async function payPartnerPayout(
  id: string,
  txHash: string,
  actor: RecordedActor,
  now = new Date(),
): Promise<PartnerPayoutView> {
  const payout = await openPayout(id);
  const wallets = await officeWallets();
  const use = { purpose: 'partnerPayout', applicationId: payout.id } as const;
  const check = await checkUsdtTransaction(
    txHash,
    {
      to: payout.address,
      amount: ofUnits(payout.units, USDT_DECIMALS),
      senders: wallets.map((wallet) => wallet.address),
    },
    { unknownIsMismatch: true, use },
    now,
  );
  if (check.state === 'unverified') throw new PartnerPayoutNotVerified(check.reason ?? 'providerFailed');
  if (check.state === 'mismatch') {
    if (check.reason === 'alreadyUsed') throw new ChainTransactionUsed('another');
    throw new PartnerPayoutNotOnChain(check.reason ?? 'mismatch', {
      ...(check.sent ? { sent: check.sent } : {}),
      ...(check.due ? { due: check.due } : {}),
    });
  }
  const hash = normalizedTxHash(txHash);
  const at = now.toISOString();
  const entry = await ledgerEntry(
    {
      id: `partnerPayout#${payout.id}`,
      kind: 'partnerPayout',
      at,
      actorId: actor.id,
      reference: payout.partnerId,
      reason: hash,
    },
    [
      { accountId: bookAccountId('partners', 'USDT'), currency: 'USDT', units: payout.units },
      { accountId: await walletAccountOf(hash), currency: 'USDT', units: -payout.units },
    ],
  );
  const entries = [entry];
  try {
    await new Transaction()
      .addParts(partnerPayoutDecisionItems(payout, { status: 'paid', txHash: hash }, actor.id, at))
      .add('chainUse', chainUseClaim({ txId: hash, ...use, by: actor.id, at }))
      .addParts(ledgerParts(entries))
      .add(
        'audit',
        auditPut({
          actorId: actor.id,
          actorRole: actor.role,
          action: 'partner.payout.pay',
          targetType: 'partnerPayout',
          targetId: payout.id,
          before: { status: 'requested' },
          after: { status: 'paid', txHash: hash, amount: usdtText(payout.units), address: payout.address },
          at: now,
        }),
      )
      .run();
  } catch (error) {
    if (!(error instanceof TransactionCancelledError)) throw error;
    if (error.failedOn('payout')) throw new PartnerPayoutDecided();
    if (error.failedOn('chainUse')) throw new ChainTransactionUsed('another');
    throw closedDayRefusal(error, entries) ?? error;
  }
  return payoutView({ ...payout, status: 'paid', decidedAt: at, decidedBy: actor.id, txHash: hash });
}

/** POST /admin/partner-payouts/{id}/reject: refused with the reason the partner reads; the amount is available again. */
export async function rejectPartnerPayout(
  id: string,
  reason: string,
  actor: RecordedActor,
  now = new Date(),
): Promise<PartnerPayoutView> {
  const payout = await openPayout(id);
  const at = now.toISOString();
  try {
    await new Transaction()
      .addParts(partnerPayoutDecisionItems(payout, { status: 'rejected', reason }, actor.id, at))
      .add(
        'audit',
        auditPut({
          actorId: actor.id,
          actorRole: actor.role,
          action: 'partner.payout.reject',
          targetType: 'partnerPayout',
          targetId: payout.id,
          before: { status: 'requested' },
          after: { status: 'rejected', reason },
          at: now,
        }),
      )
      .run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('payout'))
      throw new PartnerPayoutDecided();
    throw error;
  }
  return payoutView({ ...payout, status: 'rejected', decidedAt: at, decidedBy: actor.id, reason });
}
