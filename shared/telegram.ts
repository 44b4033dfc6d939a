/** A Telegram username: optional `@`, then 5–32 latin letters, digits or underscores. */
const TELEGRAM_USERNAME = /^@?[A-Za-z0-9_]{5,32}$/;
/**
 * A phone number in international form (E.164 shape): `+` and a digit other than 0, then groups of
 * digits separated by one space or dash, with at most one bracketed area code; 7–15 digits in all.
 * Every repetition starts with a separator, so matching stays linear (no ReDoS).
 */
const INTERNATIONAL_PHONE = /^\+[1-9]\d*(?:[ -]?\(\d+\)[ -]?\d+)?(?:[ -]\d+)*$/;

export function isTelegramContact(value: string): boolean {
  const contact = value.trim();
  if (TELEGRAM_USERNAME.test(contact)) return true;
  if (!INTERNATIONAL_PHONE.test(contact)) return false;
  const digits = contact.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** How the apply form pre-fills the contact from a stored telegramId. */
export function withAtSign(telegramId: string): string {
  return telegramId.startsWith('@') || telegramId.startsWith('+') ? telegramId : `@${telegramId}`;
}
