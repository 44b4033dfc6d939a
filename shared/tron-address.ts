import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import * as z from 'zod/mini';

/**
 * TRON's addresses, for the forms and for the chain client: a T-address is the base58check text
 * (double SHA-256 checksum) of 21 bytes, the version byte 0x41 and the account's 20.
 */
const TRON_ADDRESS_BYTES = 21;
const TRON_ADDRESS_VERSION = 0x41;

let base58check: ReturnType<typeof createBase58check> | undefined;
/** Built on first use, so a bundle that imports this module without reading an address drops it. */
function codec() {
  base58check ??= createBase58check(sha256);
  return base58check;
}

/** A T-address's 21 bytes; throws when the text is not one (a typo fails the checksum). */
export function tronAddressBytes(address: string): Uint8Array {
  const bytes = codec().decode(address);
  if (bytes.length !== TRON_ADDRESS_BYTES || bytes[0] !== TRON_ADDRESS_VERSION)
    throw new Error(`Not a TRON address: ${address}`);
  return bytes;
}

/** The T-address of an account's 20 bytes. */
export function tronAddressOfAccount(account: Uint8Array): string {
  const bytes = new Uint8Array(TRON_ADDRESS_BYTES);
  bytes[0] = TRON_ADDRESS_VERSION;
  bytes.set(account, 1);
  return codec().encode(bytes);
}

/** 34 characters of the base58 alphabet starting with T: how every TRON address is written. */
const TRON_ADDRESS_FORM = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * What is wrong with a typed TRON address: `tronAddress` when it is not written as one, and
 * `tronAddressChecksum` when it is but does not decode (a character mistyped or swapped: the
 * checksum catches it); null for an address.
 */
export function tronAddressProblem(text: string): 'tronAddress' | 'tronAddressChecksum' | null {
  if (!TRON_ADDRESS_FORM.test(text)) return 'tronAddress';
  try {
    tronAddressBytes(text);
    return null;
  } catch {
    return 'tronAddressChecksum';
  }
}

/** Whether a text is a TRON address: 34 base58 characters that decode to one. */
export function isTronAddress(text: string): boolean {
  return tronAddressProblem(text) === null;
}

/**
 * The address rules as a schema's checks: its form (`tronAddress`), then its checksum
 * (`tronAddressChecksum`), so a mistyped character is told as a typo, not as the wrong form.
 * `emptyAllowed`: an empty text is another check's to refuse (`required`).
 */
export function tronAddressChecks({ emptyAllowed = false } = {}) {
  const problem = (value: string) => (emptyAllowed && value === '' ? null : tronAddressProblem(value));
  return [
    z.refine<string>((value) => problem(value) !== 'tronAddress', 'tronAddress'),
    z.refine<string>((value) => problem(value) !== 'tronAddressChecksum', 'tronAddressChecksum'),
  ] as const;
}
