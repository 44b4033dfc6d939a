import { BLACKLIST_HOLDER_MAX_LENGTH } from './constants';
import { tronAddressProblem } from './tron-address';

/**
 * The operator's blacklists (docs/product.md "Blacklists", docs/architecture.md §4 pattern 50): what
 * each list holds, and how a value is written before it is stored or looked up, so "Ivan@Mail.ru "
 * and "ivan@mail.ru" are one entry. Shared: the admin form checks a value as the server does.
 */
export const BLACKLIST_KINDS = ['card', 'tronAddress', 'email', 'phone', 'telegram', 'ip'] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];

const TELEGRAM_USERNAME = /^@?[A-Za-z0-9_]{5,32}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:.]{2,45}$/;

/** A holder's name: upper case, inner spaces collapsed to one ("ivan  ivanov" → "IVAN IVANOV"). */
export function normalizeHolder(holder: string): string {
  return holder.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * The value as stored and looked up: emails lower-case, phones their digits after a `+`, Telegram
 * usernames without `@` in lower case, IPs lower-case (IPv6 hex), TRON addresses as given (base58 is
 * case-sensitive), a card `last4|HOLDER` (`holder` its own argument, or after a `|` in `value`).
 */
export function normalizeBlacklistValue(kind: BlacklistKind, value: string, holder?: string): string {
  const text = value.trim();
  switch (kind) {
    case 'email':
      return text.toLowerCase();
    case 'phone':
      return `+${text.replace(/\D/g, '')}`;
    case 'telegram':
      return text.replace(/^@/, '').toLowerCase();
    case 'ip':
      return text.toLowerCase();
    case 'tronAddress':
      return text;
    case 'card': {
      const [last4, stored] = holder === undefined ? text.split('|', 2) : [text, holder];
      return `${(last4 ?? '').trim()}|${normalizeHolder(stored ?? '')}`;
    }
  }
}

/**
 * The rule a value breaks for its kind (a code of shared/field-rules.ts, on `value` or `holder`), or
 * null when it may be listed.
 */
export function blacklistValueProblem(
  kind: BlacklistKind,
  value: string,
  holder?: string,
): { field: 'value' | 'holder'; code: 'required' | BlacklistRule } | null {
  const text = value.trim();
  if (text === '') return { field: 'value', code: 'required' };
  switch (kind) {
    case 'card': {
      if (!/^\d{4}$/.test(text)) return { field: 'value', code: 'blacklistLast4' };
      const name = normalizeHolder(holder ?? '');
      if (name === '') return { field: 'holder', code: 'required' };
      if (name.length > BLACKLIST_HOLDER_MAX_LENGTH || name.includes('|'))
        return { field: 'holder', code: 'blacklistHolder' };
      return null;
    }
    case 'tronAddress': {
      const problem = tronAddressProblem(text);
      return problem ? { field: 'value', code: problem } : null;
    }
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) && text.length <= 254
        ? null
        : { field: 'value', code: 'invalidEmail' };
    case 'phone': {
      const digits = text.replace(/\D/g, '').length;
      return /^\+?[\d\s()-]+$/.test(text) && digits >= 7 && digits <= 15
        ? null
        : { field: 'value', code: 'blacklistPhone' };
    }
    case 'telegram':
      return TELEGRAM_USERNAME.test(text) ? null : { field: 'value', code: 'blacklistTelegram' };
    case 'ip':
      return IPV4.test(text) || (IPV6.test(text) && text.includes(':'))
        ? null
        : { field: 'value', code: 'blacklistIp' };
  }
}
type BlacklistRule =
  | 'blacklistLast4'
  | 'blacklistHolder'
  | 'tronAddress'
  | 'tronAddressChecksum'
  | 'invalidEmail'
  | 'blacklistPhone'
  | 'blacklistTelegram'
  | 'blacklistIp';

/**
 * What a Telegram contact of an application is, for the lookup: a username is a `telegram` value,
 * a phone number (the contact field takes either, shared/telegram.ts) a `phone` one.
 */
export function contactCandidate(contact: string): { kind: 'telegram' | 'phone'; value: string } {
  const text = contact.trim();
  return text.startsWith('+') ? { kind: 'phone', value: text } : { kind: 'telegram', value: text };
}
