import { beforeAll, describe, expect, it } from 'vitest';

/** The mail modules read SITE_URL once at import, so they are imported after the variable is set. */
let layout: typeof import('@functions/mail/layout');
let status: typeof import('@functions/mail/application-status');
let message: typeof import('@functions/mail/application-message');
let reserve: typeof import('@functions/mail/reserve-alert');

beforeAll(async () => {
  process.env.SITE_URL ??= 'https://exchange.example';
  layout = await import('@functions/mail/layout');
  status = await import('@functions/mail/application-status');
  message = await import('@functions/mail/application-message');
  reserve = await import('@functions/mail/reserve-alert');
});

const application = {
  applicationId: '1234567890abcdef',
  status: 'PENDING' as const,
  amountFrom: 250,
  assetFrom: 'usdt-trc20',
  assetTo: 'cash-RUB',
  requestType: 'STANDARD' as const,
  rejectionReason: null,
  amountTo: 24_000,
  currencyFrom: 'USDT',
  currencyTo: 'RUB',
  rate: null,
  details: null,
  place: null,
  timeZone: 'Europe/Moscow',
};
const alert = {
  code: 'RUB',
  amount: 1_000,
  alertLevel: 50_000,
  at: '2026-11-26T12:00:00.000Z',
  timeZone: 'Europe/Moscow',
};

describe('staff mails', () => {
  it('end with the staff footer, never the client support line, in both parts and languages', () => {
    const mails = [
      status.applicationStaffMail('desk@example.com', 'ru', application, {
        email: 'c@example.com',
        telegram: '@client',
      }),
      message.applicationMessageMail('desk@example.com', 'en', {
        applicationId: application.applicationId,
        recipient: 'staff',
      }),
      reserve.reserveAlertMail('desk@example.com', 'ru', alert),
    ];
    for (const mail of mails) {
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain(layout.SUPPORT_URL);
        expect(part).not.toMatch(/Напишите в поддержку|Write to support/);
        expect(part).toMatch(/Служебное письмо для сотрудников|A staff mail of the exchange office/);
      }
    }
  });

  it('keep the support footer in a client mail', () => {
    const mail = message.applicationMessageMail('c@example.com', 'ru', {
      applicationId: application.applicationId,
      recipient: 'client',
    });
    expect(mail.text).toContain(`Вопросы? Напишите в поддержку: ${layout.SUPPORT_URL}`);
    expect(mail.text).not.toContain('Служебное письмо');
  });
});

describe('the low-reserve alert', () => {
  it('tells a manager to ask an administrator, not to use a page a manager does not have', () => {
    for (const language of ['ru', 'en'] as const) {
      const text = reserve.reserveAlertMessage(language, alert, 'MANAGER').message;
      expect(text).not.toMatch(/Резервы|Reserves|reserves page|странице резервов/);
      expect(text).toMatch(/администратор|administrator/);
    }
  });

  it('tells an ADMIN and a SUPER_ADMIN where to set the reserve', () => {
    for (const role of ['ADMIN', 'SUPER_ADMIN'] as const) {
      expect(reserve.reserveAlertMessage('en', alert, role).message).toContain(
        'set the reserve to what it holds in Admin → Reserves',
      );
      expect(reserve.reserveAlertMessage('ru', alert, role).message).toContain('«Админ → Резервы»');
    }
  });

  it('tells the staff address, whose reader may have either role, what each does', () => {
    const mail = reserve.reserveAlertMail('desk@example.com', 'en', alert);
    expect(mail.text).toContain('An administrator sets the RUB reserve');
    expect(mail.text).toContain('managers tell an administrator');
  });

  it("says when the reserve crossed the level in the business's time, naming the zone", () => {
    expect(reserve.reserveAlertMail('desk@example.com', 'en', alert).text).toContain(
      '26 Nov 2026, 15:00 (Moscow, UTC+3)',
    );
    expect(reserve.reserveAlertMail('desk@example.com', 'ru', alert).text).toContain(
      '26 нояб. 2026 г., 15:00 (Москва, UTC+3)',
    );
  });
});
