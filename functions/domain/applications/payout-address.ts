import { logger } from '@functions/commons/logger';
import { isBlacklisted } from '@functions/data/tron';
import { PayoutAddressBlacklisted } from './errors';

/**
 * Screens an address USDT is to be paid out to (a deal's payout, a partner's payout) against the
 * USDT contract's blacklist, whose holders' USDT is frozen: a listed address is refused. When the
 * TRON provider fails or is slow the address is kept and this answers false (not screened), for
 * staff to check before they pay; true when the contract says it is not listed.
 */
export async function screenPayoutAddress(address: string): Promise<boolean> {
  const listed = await isBlacklisted(address).catch((error: unknown) => {
    logger.warn('payout address not screened: the TRON provider failed', { error: String(error) });
    return null;
  });
  if (listed) throw new PayoutAddressBlacklisted();
  return listed === false;
}
