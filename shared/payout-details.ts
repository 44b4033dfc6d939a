import { parseAssetKey } from './assets';

/**
 * Where a client receives, by what the application pays out (docs/product.md §4 "The deal"): a
 * TRON address for USDT TRC-20, a card number for a card, nothing for cash.
 */
export type PayoutKind = 'address' | 'card' | 'none';

export function payoutKindOf(assetTo: string | null): PayoutKind {
  const parsed = assetTo ? parseAssetKey(assetTo) : null;
  if (!parsed) return 'none';
  if (parsed.kind === 'crypto') return 'address';
  return parsed.fiatKind === 'card' ? 'card' : 'none';
}

/** A TRON transaction id: 64 hexadecimal characters (the SHA-256 of the raw transaction). */
export const TRON_TX_HASH = /^(0x)?[0-9a-fA-F]{64}$/;

/** A TRON transaction on Tronscan, the block explorer the client is sent to (its hash without 0x). */
export function tronExplorerUrl(txHash: string): string {
  return `https://tronscan.org/#/transaction/${txHash.replace(/^0x/, '').toLowerCase()}`;
}

export function normalizedTxHash(text: string): string {
  return text.replace(/^0x/, '').toLowerCase();
}

/** A card number's digits: 12–19 of them, spaces and dashes between groups allowed. */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The Luhn checksum every payment card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as everyone but staff's detail view sees it: the last four digits. */
export function maskedCard(digits: string): string {
  return `•••• ${digits.slice(-4)}`;
}
