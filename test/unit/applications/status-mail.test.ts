import { beforeAll, describe, expect, it } from 'vitest';

/** The mail module reads SITE_URL once at import, so it is imported after the variable is set. */
let mail: typeof import('@functions/mail/application-status');

beforeAll(async () => {
  process.env.SITE_URL ??= 'https://exchange.example';
  mail = await import('@functions/mail/application-status');
});

const rejected = {
  applicationId: '1234567890abcdef',
  status: 'REJECTED' as const,
  amountFrom: 250,
  assetFrom: 'usdt-trc20',
  assetTo: 'cash-RUB',
  requestType: 'STANDARD' as const,
  rejectionReason: 'Need <proof> of funds',
  timeZone: 'Europe/Moscow',
};

describe('status messages', () => {
  it('state the short id, the status, the amount, the direction and the reason in English', () => {
    expect(mail.statusMessage('en', rejected)).toEqual({
      title: 'Application 12345678 is rejected',
      message: 'Exchange: 250 USDT (TRC-20) → Cash RUB. Reason: Need <proof> of funds',
    });
  });

  it('are written in Russian for Russian-speaking owners', () => {
    expect(mail.statusMessage('ru', { ...rejected, status: 'COMPLETED', rejectionReason: null })).toEqual({
      title: 'Заявка 12345678: выполнена',
      message: 'Обмен: 250 USDT (TRC-20) → Наличные RUB.',
    });
  });

  it('write the amount as the screens do, grouped with the shown decimals', () => {
    const cash = { ...rejected, amountFrom: 50_000, assetFrom: 'cash-RUB', assetTo: 'usdt-trc20' };
    expect(mail.statusMessage('ru', cash).message).toContain(
      'Обмен: 50\u00a0000 Наличные RUB → USDT (TRC-20).',
    );
    expect(mail.statusMessage('en', { ...rejected, amountFrom: 1234.5 }).message).toContain(
      'Exchange: 1,234.50 USDT (TRC-20) → Cash RUB.',
    );
  });

  it('write a RUB → USDT rate with USDT as the unit and the amounts as the calculator does', () => {
    const sent = mail.applicationStatusMail('a@example.test', 'ru', {
      ...rejected,
      status: 'PENDING',
      amountFrom: 50_000,
      assetFrom: 'card-RUB',
      assetTo: 'usdt-trc20',
      amountTo: 515.788699,
      currencyFrom: 'RUB',
      currencyTo: 'USDT',
      rate: {
        rate: 0.01068634,
        markupPercent: 1,
        usdValueFrom: 0.0108,
        usdValueTo: 1,
        quotedAt: '2026-11-24T00:00:00Z',
      },
      details: null,
      place: null,
      rejectionReason: null,
    });
    // 1 / 0.01068634 = 93.5773…: not "1 RUB = 0,010686 USDT", and 515,78 as the calculator cuts it.
    expect(sent.text).toContain('1 USDT = 93,58 RUB');
    expect(sent.text).toContain('515,78 USDT (TRC-20)');
    expect(sent.text).not.toContain('515,788699');
  });

  it('call an individual request by its name', () => {
    const message = mail.statusMessage('en', { ...rejected, requestType: 'INDIVIDUAL', status: 'EXPIRED' });
    expect(message.message).toBe('Individual request.');
  });

  it("escape user text in the HTML part and link to the application's order page", () => {
    const sent = mail.applicationStatusMail('a@example.test', 'en', {
      ...rejected,
      amountTo: 23_000,
      currencyFrom: 'USDT',
      currencyTo: 'RUB',
      rate: {
        rate: 92,
        markupPercent: 1,
        usdValueFrom: 1,
        usdValueTo: 0.0108,
        quotedAt: '2026-11-24T00:00:00Z',
      },
      details: null,
      place: 'Moscow, Russia',
    });
    expect(sent.html).toContain('Need &#60;proof&#62; of funds');
    expect(sent.html).not.toContain('<proof>');
    expect(sent.text).toContain(`${process.env.SITE_URL}/applications/${rejected.applicationId}`);
    expect(sent.text).toContain('1 USDT = 92.00 RUB');
    expect(sent.text).toContain('What happens next: nothing is exchanged.');
  });

  it('tell the USDT amount to send exactly as issued, every decimal of it', () => {
    const sent = mail.applicationStatusMail('a@example.test', 'ru', {
      ...rejected,
      status: 'WAITING_PAYMENT',
      rejectionReason: null,
      amountFrom: 1500,
      amountTo: 138_000,
      currencyFrom: 'USDT',
      currencyTo: 'RUB',
      rate: null,
      details: null,
      place: 'Moscow, Russia',
      instructions: {
        text: 'Send exactly this amount',
        deadline: '2026-11-24T12:00:00Z',
        crypto: { address: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV', amount: '1500.0037' },
      },
    });
    expect(sent.text).toContain('1500.0037 USDT (TRC-20)');
    expect(sent.text).toContain('TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV');
  });

  it('keep the line breaks of the instructions staff wrote, in the HTML part as in the text', () => {
    const sent = mail.applicationStatusMail('a@example.test', 'en', {
      ...rejected,
      status: 'WAITING_PAYMENT',
      rejectionReason: null,
      amountTo: 138_000,
      currencyFrom: 'EUR',
      currencyTo: 'USDT',
      rate: null,
      details: null,
      place: null,
      instructions: {
        text: 'Card 4111 1111 1111 1111\nHolder: Anna <Petrova>\nComment: none',
        deadline: '2026-11-24T12:00:00Z',
        crypto: null,
      },
    });
    expect(sent.html).toContain(
      'Card 4111 1111 1111 1111<br>Holder: Anna &#60;Petrova&#62;<br>Comment: none',
    );
    const lines = sent.text.split('\n');
    const first = lines.findIndex((line) => line.endsWith('Card 4111 1111 1111 1111'));
    const column = lines[first]!.indexOf('Card');
    expect(lines[first + 1]).toBe(`${' '.repeat(column)}Holder: Anna <Petrova>`);
    expect(lines[first + 2]).toBe(`${' '.repeat(column)}Comment: none`);
  });

  it("write the deadline in the business's time zone and name it", () => {
    const waiting = {
      ...rejected,
      status: 'WAITING_PAYMENT' as const,
      amountTo: 138_000,
      currencyFrom: 'USDT',
      currencyTo: 'RUB',
      rate: null,
      details: null,
      place: null,
      instructions: { text: 'Pay', deadline: '2026-11-24T18:13:00Z', crypto: null },
    };
    const ru = mail.applicationStatusMail('a@example.test', 'ru', waiting);
    const en = mail.applicationStatusMail('a@example.test', 'en', {
      ...waiting,
      timeZone: 'Asia/Yekaterinburg',
    });
    expect(ru.text).toContain('24 нояб. 2026 г., 21:13 (Москва, UTC+3)');
    expect(en.text).toContain('24 Nov 2026, 23:13 (Yekaterinburg, UTC+5)');
    expect(en.text).not.toContain('UTC)');
  });
});
