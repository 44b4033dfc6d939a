import brand from './brand.json';

/**
 * The office's brand (issue 29, item 5; docs/decisions.md): its name per language, the support
 * link, and the contacts the landing page shows. One place, shared/brand.json, read at build time
 * by the web app (its texts interpolate `{{brand.ru}}`/`{{brand.en}}`, the landing's contacts, the
 * support links) and by the functions' bundles (every mail's header and footer). An operator edits
 * that file before building and deploying; an empty contact is not shown.
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

export const BRAND: Brand = brand;
