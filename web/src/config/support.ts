import { supportUrl } from '@shared/brand/contacts.json';

/** The support chat the apply and profile screens link to (opens in a new tab, docs/product.md §1); set in shared/brand/contacts.json. */
export const SUPPORT_URL = supportUrl;
