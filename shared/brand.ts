import contacts from './brand/contacts.json';
import names from './brand/names.json';

/**
 * The office's brand (docs/decisions.md), set in one place so an operator rebrands without code,
 * the folder shared/brand/, before the build: `names.json` (the name per language) and
 * `contacts.json` (the support link, and the phone, email, Telegram and address the landing page
 * shows; an empty one is not shown). Two files so that every page's JavaScript carries the names
 * alone (the texts interpolate `{{brand.ru}}`/`{{brand.en}}`), the contacts only the screens that
 * show them. The functions' bundles read both (every mail's header and footer).
 */
export interface Brand {
  name: { ru: string; en: string };
  supportUrl: string;
  contacts: {
    phone: string;
    email: string;
    /** A Telegram username without the @. */
    telegram: string;
    address: { ru: string; en: string };
  };
}

const { supportUrl, ...officeContacts } = contacts;

export const BRAND: Brand = { name: names, supportUrl, contacts: officeContacts };
