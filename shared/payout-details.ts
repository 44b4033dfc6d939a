import { parseAssetKey } from './assets';
import type { ApplicationStatus } from './enums';

/**
 * Where a client receives, by what the application pays out (docs/product.md §4 "The deal"): a
 * TRON address for USDT TRC-20, a card number for a card (or, where the direction pays to SBP
 * banks, a phone number and a bank), nothing for cash.
 */
export type PayoutKind = 'address' | 'card' | 'none';

export function payoutKindOf(assetTo: string | null): PayoutKind {
  const parsed = assetTo ? parseAssetKey(assetTo) : null;
  if (!parsed) return 'none';
  if (parsed.kind === 'crypto') return 'address';
  return parsed.fiatKind === 'card' ? 'card' : 'none';
}

/**
 * The statuses in which a cash payout's office is named to the client (page and mail): from the
 * payment instructions until the cash is handed over.
 */
export const CASH_COLLECTING_STATUSES: ReadonlySet<ApplicationStatus> = new Set([
  'WAITING_PAYMENT',
  'PAID',
  'CONFIRMED',
  'EXCHANGING',
]);

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

/**
 * What a client pays into by card transfer (a card template's number): a card number (12–19 digits,
 * Luhn-checked) or a bank account number or IBAN (20–34 letters and digits), spaces and dashes
 * between groups allowed. The problem's code, or null when it is one.
 */
export function receivingNumberProblem(text: string): 'cardNumber' | 'receivingNumber' | null {
  const compact = cardDigits(text).toUpperCase();
  if (/^\d{12,19}$/.test(compact)) return passesLuhn(compact) ? null : 'cardNumber';
  return /^[A-Z0-9]{20,34}$/.test(compact) ? null : 'receivingNumber';
}

/** A card or account number in groups of four, as a client reads it off the screen. */
export function groupedNumber(text: string): string {
  return cardDigits(text)
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** A card number as everyone but staff's detail view sees it: the last four digits. */
export function maskedCard(digits: string): string {
  return `•••• ${digits.slice(-4)}`;
}

/**
 * A Russian phone number as an SBP payout keeps it, `+7XXXXXXXXXX`, from the ways people type it
 * (`8 999 123-45-67`, `+7 (999) 123 45 67`, `79991234567`, `9991234567`); null when it is not one.
 */
export function sbpPhone(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  const national = /^(?:\+7|7|8)?(\d{10})$/.exec(compact)?.[1];
  return national ? `+7${national}` : null;
}

/** An SBP phone as staff read it off the screen: `+7 999 123-45-67`. */
export function groupedPhone(phone: string): string {
  const [, code, first, second, third] = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone) ?? [];
  return code ? `+7 ${code} ${first}-${second}-${third}` : phone;
}

/** An SBP phone as everyone but staff's detail view sees it, as a card is masked: the last four digits. */
export function maskedPhone(phone: string): string {
  return `+7 ••• •••-${phone.slice(-4, -2)}-${phone.slice(-2)}`;
}
