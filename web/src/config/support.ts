/** The support chat the apply and profile screens link to (opens in a new tab, docs/product.md §1). */
export const SUPPORT_URL = 'https://t.me/exchange_support';
