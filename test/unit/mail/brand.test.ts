import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** An office's own brand, as an operator sets it in shared/brand/. */
vi.mock('@shared/brand/names.json', () => {
  const names = { ru: 'Валютный Дом', en: 'Currency House' };
  return { ...names, default: names };
});
vi.mock('@shared/brand/contacts.json', () => {
  const contacts = {
    supportUrl: 'https://t.me/house_help',
    phone: '',
    email: '',
    telegram: 'house_help',
    address: { ru: '', en: '' },
  };
  return { ...contacts, default: contacts };
});

let message: typeof import('@functions/mail/application-message');

beforeAll(async () => {
  process.env.SITE_URL ??= 'https://exchange.example';
  // The unit project shares modules between files: load the mail modules afresh, on the mocked brand.
  vi.resetModules();
  message = await import('@functions/mail/application-message');
});

// Leave the real brand to the next file in this worker.
afterAll(() => {
  vi.doUnmock('@shared/brand/names.json');
  vi.doUnmock('@shared/brand/contacts.json');
  vi.resetModules();
});

describe('mails carry the configured brand', () => {
  it.each([
    ['ru', 'Валютный Дом'],
    ['en', 'Currency House'],
  ] as const)('in %s: its name in the header, its support link in a client mail', (language, name) => {
    const mail = message.applicationMessageMail('c@example.com', language, {
      applicationId: '1234567890abcdef',
      recipient: 'client',
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(name);
      expect(part).toContain('https://t.me/house_help');
      expect(part).not.toMatch(/Обменник|exchange_support/);
    }
  });
});
