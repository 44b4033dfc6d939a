import type { Language } from './enums';

/**
 * The banks a payout by SBP (the Bank of Russia's Faster Payments System, by phone number) can go
 * to: the product's own list of the main member banks, not the NSPK's directory (docs/decisions.md;
 * an operator adds a bank here and deploys). A direction paying out RUB by card names the ones it
 * pays to (`sbpBanks`); the client picks one of those with their phone number.
 */
export const SBP_BANKS = [
  { id: 'sberbank', ru: 'Сбербанк', en: 'Sberbank' },
  { id: 'tbank', ru: 'Т-Банк', en: 'T-Bank (Tinkoff)' },
  { id: 'vtb', ru: 'ВТБ', en: 'VTB' },
  { id: 'alfabank', ru: 'Альфа-Банк', en: 'Alfa-Bank' },
  { id: 'raiffeisen', ru: 'Райффайзенбанк', en: 'Raiffeisenbank' },
  { id: 'gazprombank', ru: 'Газпромбанк', en: 'Gazprombank' },
  { id: 'ozon', ru: 'Озон Банк', en: 'Ozon Bank' },
  { id: 'yandex', ru: 'Яндекс Банк', en: 'Yandex Bank' },
  { id: 'sovcombank', ru: 'Совкомбанк', en: 'Sovcombank' },
  { id: 'rosbank', ru: 'Росбанк', en: 'Rosbank' },
  { id: 'psb', ru: 'ПСБ', en: 'PSB (Promsvyazbank)' },
  { id: 'rshb', ru: 'Россельхозбанк', en: 'Rosselkhozbank' },
  { id: 'mtsbank', ru: 'МТС Банк', en: 'MTS Bank' },
  { id: 'pochtabank', ru: 'Почта Банк', en: 'Pochta Bank' },
  { id: 'otpbank', ru: 'ОТП Банк', en: 'OTP Bank' },
  { id: 'mkb', ru: 'МКБ', en: 'Credit Bank of Moscow' },
  { id: 'uralsib', ru: 'Банк Уралсиб', en: 'Uralsib' },
  { id: 'domrf', ru: 'Банк ДОМ.РФ', en: 'DOM.RF Bank' },
  { id: 'wildberries', ru: 'Вайлдберриз Банк', en: 'Wildberries Bank' },
] as const;

export type SbpBankId = (typeof SBP_BANKS)[number]['id'];
export const SBP_BANK_IDS = SBP_BANKS.map((bank) => bank.id) as [SbpBankId, ...SbpBankId[]];

export function isSbpBank(id: string): id is SbpBankId {
  return (SBP_BANK_IDS as readonly string[]).includes(id);
}

/** The one asset SBP pays out: roubles, to an account found by the phone number, as a card payout. */
export const SBP_ASSET = 'card-RUB';

/** A bank's name in the language asked; an id no longer listed is shown as it is. */
export function sbpBankName(id: string, language: Language): string {
  return SBP_BANKS.find((bank) => bank.id === id)?.[language] ?? id;
}

/** Banks in the list's order, each once: how a direction keeps them (so a change compares as a list). */
export function orderedSbpBanks(ids: readonly string[]): SbpBankId[] {
  return SBP_BANK_IDS.filter((id) => ids.includes(id));
}
