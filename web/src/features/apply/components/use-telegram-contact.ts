import { TELEGRAM_CONTACT_MIN_LENGTH } from '@shared/constants';
import { useCallback, useRef, useState } from 'react';
import { type ContactBot, checkTelegramContact } from '../api/apply-api';
import type { TelegramCheck } from '../lib/apply-validation';

/** The contact a form shows, with its check state and what edits and checks it. */
export type TelegramContact = ReturnType<typeof useTelegramContact>;

/**
 * The Telegram contact and its remote check (docs/product.md §4, §5): checked on blur from 3 characters,
 * editing resets the check to idle, and an answer for an older value is ignored. When the exchange has
 * a Telegram bot, the check also says whether the contact has started it (`bot`; null otherwise).
 */
export function useTelegramContact(initial: string) {
  const [value, setValue] = useState(initial);
  const [check, setCheck] = useState<TelegramCheck>('idle');
  const [bot, setBot] = useState<ContactBot | null>(null);
  const generation = useRef(0);

  const change = useCallback((next: string) => {
    generation.current += 1;
    setValue(next);
    setCheck('idle');
    setBot(null);
  }, []);

  const verify = useCallback(async () => {
    const contact = value.trim();
    if (contact.length < TELEGRAM_CONTACT_MIN_LENGTH || check !== 'idle') return;
    generation.current += 1;
    const asked = generation.current;
    setCheck('checking');
    const answer = await checkTelegramContact(contact);
    if (generation.current !== asked) return;
    setCheck(answer.isValid ? 'valid' : 'invalid');
    setBot(answer.isValid ? answer.bot : null);
  }, [value, check]);

  return { value, check, bot, change, verify };
}
