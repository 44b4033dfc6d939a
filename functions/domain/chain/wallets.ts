import { listPaymentTemplates } from '@functions/data/payment-templates';

/** One of the office's USDT wallets: a USDT payment template's address. */
export interface OfficeWallet {
  address: string;
  /** When its first USDT template was saved (ms): the watcher's first read starts there, not at its history's start. */
  watchedSince: number;
}

/**
 * The office's USDT wallets: the USDT payment templates' distinct addresses. The watcher reads
 * them for payments in; a payout's hash must come from one of them.
 */
export async function officeWallets(): Promise<OfficeWallet[]> {
  const since = new Map<string, number>();
  for (const template of await listPaymentTemplates()) {
    if (template.kind !== 'usdt') continue;
    const saved = Date.parse(template.createdAt);
    since.set(template.address, Math.min(saved, since.get(template.address) ?? saved));
  }
  return [...since].map(([address, watchedSince]) => ({ address, watchedSince }));
}
