import { logger } from '@functions/commons/logger';
import { usdtBalanceOf } from '@functions/data/tron';
import { USDT_DECIMALS } from '@shared/assets';
import type { LedgerAccountsData, LedgerAccountTrail, LedgerAccountView } from '@shared/contract/ledger';
import { unitsText } from '@shared/money';
import { accountTrail, listAccounts } from './accounts';
import { minorUnits } from './entries';

type ChainBalance = NonNullable<LedgerAccountView['chain']>;

/** GET /admin/ledger/accounts: every account, each USDT wallet with its balance on chain beside the booked one. */
export async function listAccountsWithChain(): Promise<LedgerAccountsData> {
  const data = await listAccounts();
  return { ...data, accounts: await Promise.all(data.accounts.map(withChainBalance)) };
}

/** GET /admin/ledger/accounts/{id}: the account's trail, a USDT wallet with its balance on chain. */
export async function accountTrailWithChain(id: string): Promise<LedgerAccountTrail> {
  const trail = await accountTrail(id);
  return { ...trail, account: await withChainBalance(trail.account) };
}

/** An office USDT account with an address, with what the chain says it holds (read side by side with the others). */
async function withChainBalance(account: LedgerAccountView): Promise<LedgerAccountView> {
  if (account.side !== 'office' || account.currency !== 'USDT' || !account.address) return account;
  return { ...account, chain: await chainBalance(account.address, account.balance) };
}

/**
 * The wallet's USDT on chain and the difference to the books, exactly in micro-USDT. A read that
 * fails (the provider down, slow, or not configured) is "unavailable", never the page's failure.
 */
async function chainBalance(address: string, booked: string): Promise<ChainBalance> {
  try {
    const onChain = await usdtBalanceOf(address);
    return {
      balance: unitsText(onChain, USDT_DECIMALS),
      difference: unitsText(onChain - minorUnits(booked, 'USDT'), USDT_DECIMALS),
    };
  } catch (error) {
    logger.warn('A wallet balance could not be read from the chain', {
      address,
      error: (error as Error).message,
    });
    return { balance: null, difference: null };
  }
}
