import contacts from '@shared/brand/contacts.json';
import type { Language } from '@shared/enums';
import { useTranslation } from '@web/lib/i18n';
import type { ReactNode } from 'react';

/**
 * The office's own contacts on the landing page, so a visitor can reach it: phone, email, Telegram
 * and address from shared/brand/contacts.json (the brand's folder, the one place that sets it); an
 * empty one is left out, and with none the section is not shown. Below the fold, in the lazy chunk:
 * none of it is in the landing page's initial JavaScript; the prerendered page holds it.
 */
export function OfficeContacts() {
  const { t, language } = useTranslation('common');
  const handle = contacts.telegram.replace(/^@/, '');
  const items: Array<[key: string, value: ReactNode]> = [];
  if (contacts.phone) {
    items.push([
      'phone',
      <a key="phone" href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>
        {contacts.phone}
      </a>,
    ]);
  }
  if (contacts.email)
    items.push([
      'email',
      <a key="email" href={`mailto:${contacts.email}`}>
        {contacts.email}
      </a>,
    ]);
  if (handle) {
    items.push([
      'telegram',
      <a key="telegram" href={`https://t.me/${handle}`} target="_blank" rel="noopener noreferrer">
        @{handle}
      </a>,
    ]);
  }
  const address = contacts.address[language as Language];
  if (address) items.push(['address', address]);
  if (items.length === 0) return null;
  return (
    <section className="container landing-section contacts" aria-labelledby="contacts-title">
      <h2 id="contacts-title" className="landing-section__title">
        {t('landing.contacts.title')}
      </h2>
      <dl className="contacts__list card">
        {items.map(([key, value]) => (
          <div key={key} className="contacts__item">
            <dt className="muted">{t(`landing.contacts.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
