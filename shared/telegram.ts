/** A Telegram username: optional `@`, then 5–32 latin letters, digits or underscores. */
const TELEGRAM_USERNAME = /^@?[A-Za-z0-9_]{5,32}$/;
/** A phone number in international form: `+`, then 7–15 digits (E.164), spaces, dashes or brackets allowed. */
const INTERNATIONAL_PHONE = /^\+[0-9 ()-]+$/;

export function isTelegramContact(value: string): boolean {
  const contact = value.trim();
  if (TELEGRAM_USERNAME.test(contact)) return true;
  if (!INTERNATIONAL_PHONE.test(contact)) return false;
  const digits = contact.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 && digits[0] !== '0';
}

/** How the apply form pre-fills the contact from a stored telegramId. */
export function withAtSign(telegramId: string): string {
  return telegramId.startsWith('@') || telegramId.startsWith('+') ? telegramId : `@${telegramId}`;
}
