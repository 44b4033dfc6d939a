import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** An office's own brand, as an operator sets it in shared/brand/. */
vi.mock('@shared/brand/names.json', () => {
  const names = { ru: 'Валютный Дом', en: 'Currency House' };
  return { ...names, default: names };
});
vi.mock('@shared/brand/contacts.json', () => {
  const contacts = {
    supportUrl: 'https://t.me/house_help',
    phone: '+995 32 200-00-00',
    email: 'desk@house.example',
    telegram: '@house_desk',
    address: { ru: 'Тбилиси, ул. Руставели, 1', en: '1 Rustaveli Ave, Tbilisi' },
  };
  return { ...contacts, default: contacts };
});

// The web project shares modules between files: load the app's i18n and the section afresh, on the
// mocked brand, and leave a fresh registry behind for the next file.
let app: {
  i18n: typeof import('@web/lib/i18n').i18n;
  setupTestI18n: typeof import('@web/testing/i18n').setupTestI18n;
  OfficeContacts: typeof import('./office-contacts').OfficeContacts;
};
beforeAll(async () => {
  vi.resetModules();
  app = {
    i18n: (await import('@web/lib/i18n')).i18n,
    setupTestI18n: (await import('@web/testing/i18n')).setupTestI18n,
    OfficeContacts: (await import('./office-contacts')).OfficeContacts,
  };
});
afterAll(() => {
  vi.doUnmock('@shared/brand/names.json');
  vi.doUnmock('@shared/brand/contacts.json');
  vi.resetModules();
});
afterEach(cleanup);

describe("the brand from configuration: the landing's contacts and the texts' name", () => {
  it.each([
    [
      'en',
      'Contacts',
      '1 Rustaveli Ave, Tbilisi',
      'Currency House',
      '© 2026 Currency House. All rights reserved.',
    ],
    [
      'ru',
      'Контакты',
      'Тбилиси, ул. Руставели, 1',
      'Валютный Дом',
      '© 2026 Валютный Дом. Все права защищены.',
    ],
  ] as const)('in %s', async (language, title, address, name, copyright) => {
    await app.setupTestI18n(language);
    render(<app.OfficeContacts />);
    const section = screen.getByRole('region', { name: title });
    expect(within(section).getByRole('link', { name: '+995 32 200-00-00' }).getAttribute('href')).toBe(
      'tel:+995322000000',
    );
    expect(within(section).getByRole('link', { name: 'desk@house.example' }).getAttribute('href')).toBe(
      'mailto:desk@house.example',
    );
    expect(within(section).getByRole('link', { name: '@house_desk' }).getAttribute('href')).toBe(
      'https://t.me/house_desk',
    );
    expect(within(section).getByText(address)).toBeTruthy();
    expect(app.i18n.t('brand.title', { ns: 'common' })).toBe(name);
    expect(app.i18n.t('footer.copyright', { ns: 'common', year: 2026 })).toBe(copyright);
    expect(app.i18n.t('meta.login.title', { ns: 'common' })).toContain(name);
  });
});
