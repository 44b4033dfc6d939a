import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../testing/i18n';
import { i18n } from './i18n';
import { localizeServerMessage } from './server-message';

beforeAll(async () => {
  await setupTestI18n('ru');
});

describe('server messages', () => {
  it('shows a known message in the active language', () => {
    expect(localizeServerMessage('This email is already registered.', 'fallback')).toBe(
      'Этот email уже зарегистрирован.',
    );
  });

  it('translates a message with numbers in it by its pattern', () => {
    expect(localizeServerMessage('The minimum amount is 100 USD.', 'fallback')).toBe(
      'Минимальная сумма — 100 USD.',
    );
  });

  it('keeps an unknown message as sent and uses the fallback when there is none', () => {
    expect(localizeServerMessage('Something new.', 'fallback')).toBe('Something new.');
    expect(localizeServerMessage('', 'fallback')).toBe('fallback');
  });

  it('leaves English messages unchanged in English', async () => {
    await i18n.changeLanguage('en');

    expect(localizeServerMessage('The minimum amount is 100 USD.', 'fallback')).toBe(
      'The minimum amount is 100 USD.',
    );
    await i18n.changeLanguage('ru');
  });
});
