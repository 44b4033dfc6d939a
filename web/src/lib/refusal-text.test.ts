import { newPasswordSchema } from '@shared/contract/auth';
import type { Envelope } from '@shared/envelope';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../testing/i18n';
import { ApiError } from './api-client';
import { i18n } from './i18n';
import { fieldErrorTexts, refusalText, ruleText, sayRefusal } from './refusal-text';
import { schemaErrorText } from './schema-error-text';

beforeAll(async () => {
  await setupTestI18n('ru');
});

function refusal(status: number, envelope: Omit<Envelope<unknown>, 'success'>): ApiError {
  return new ApiError(status, envelope.message, envelope.errors ?? [], { success: false, ...envelope });
}

describe('a refusal in the UI language', () => {
  it("is its code's text with the refusal's params", () => {
    const error = refusal(409, {
      code: 'TooManyOpenApplications',
      message: 'You already have 5 open applications. Wait until one is processed or cancel one.',
      params: { limit: 5 },
    });

    expect(refusalText(error, 'fallback')).toBe(
      'У вас уже 5 открытых заявок. Дождитесь обработки одной из них или отмените её.',
    );
  });

  it('writes amounts as the screens do, not as the API sends them', () => {
    const error = refusal(409, {
      code: 'ReserveTooLow',
      message: 'The RUB reserve is too low…',
      params: { currency: 'RUB', held: 50000, paid: 61234.5 },
    });
    expect(refusalText(error, 'fallback')).toBe(
      'Резерва RUB не хватает, чтобы завершить заявку: в нём 50\u00a0000 RUB, а заявка выплачивает 61\u00a0234,50 RUB. Обновите резерв, если в кассе больше.',
    );
    expect(
      ruleText({
        code: 'amountBelowMinimum',
        params: { amount: '10000', currency: 'USD', amountUSD: 10000 },
      }),
    ).toBe('Минимальная сумма — 10\u00a0000 USD (10\u00a0000 USD).');
  });

  it('does not depend on the English wording: a reworded message reads the same', () => {
    const error = refusal(401, { code: 'InvalidCredentials', message: 'Wrong login, reworded.' });

    expect(refusalText(error, 'fallback')).toBe(
      'Не удалось войти. Проверьте email или имя пользователя и пароль.',
    );
  });

  it("is the server's message for a code it has no text for, and the fallback without either", () => {
    expect(refusalText(refusal(418, { code: 'SomethingNew', message: 'Something new.' }), 'fallback')).toBe(
      'Something new.',
    );
    expect(refusalText(refusal(500, { message: '' }), 'fallback')).toBe('fallback');
    expect(refusalText(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(sayRefusal(null, 'fallback')).toBe('fallback');
  });

  it('is English in English', async () => {
    await i18n.changeLanguage('en');
    const error = refusal(409, {
      code: 'TransitionNotAllowed',
      message: 'An application cannot move from PENDING to COMPLETED.',
      params: { from: 'PENDING', to: 'COMPLETED' },
    });

    expect(refusalText(error, 'fallback')).toBe('An application cannot move from PENDING to COMPLETED.');
    await i18n.changeLanguage('ru');
  });
});

describe('a broken rule in the UI language', () => {
  it("is its rule's text with the params of the field error", () => {
    expect(
      ruleText({ code: 'decimalPlaces', params: { decimals: 2 }, msg: 'At most 2 decimal places.' }),
    ).toBe('Не более 2 знаков после запятой.');
  });

  it("is the server's text for a rule it has no text for", () => {
    expect(ruleText({ code: 'somethingNew', msg: 'Something new.' })).toBe('Something new.');
  });

  it("words each field's first error, and a zod issue by its code and values", () => {
    const error = refusal(400, {
      code: 'ValidationFailed',
      message: 'Validation failed.',
      errors: [
        { path: 'amount', param: 'amount', code: 'amountTooLarge', msg: 'Amount is too large.' },
        { path: 'amount', param: 'amount', code: 'required', msg: 'This field must be filled in' },
        {
          path: 'note',
          param: 'note',
          code: 'zod.too_big',
          msg: 'Too big: expected string to have <=2000 characters',
          params: { maximum: 2000, origin: 'string' },
        },
      ],
    });

    expect(fieldErrorTexts(error)).toEqual({
      amount: 'Слишком большая сумма.',
      note: 'Слишком длинное или большое значение: не больше 2000.',
    });
  });

  it("is the server's own rule when the web checks a shared schema, with the rule's fixed values", () => {
    expect(schemaErrorText(newPasswordSchema, 'short')).toBe('Пароль должен содержать не менее 8 символов.');
    expect(schemaErrorText(newPasswordSchema, 'Long-enough-7')).toBeNull();
  });
});
