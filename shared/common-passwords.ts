import list from './common-passwords.json';

/**
 * The 10,000 most common passwords of 8 characters or more (OWASP ASVS 6.2.4), lower-cased, most
 * common first. Taken from the frequency-ordered list of the MIT-licensed npm package
 * @zxcvbn-ts/language-common 4.1.3 (itself from public breach corpora); shorter ones are refused
 * by the length rule anyway.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(list);
  return common.has(password.toLowerCase());
}
