/** The support chat the apply and profile screens link to (opens in a new tab, spec §1). */
export const SUPPORT_URL = 'https://t.me/exchange_support';
