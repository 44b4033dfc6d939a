import { randomUUID } from 'node:crypto';
import type { SettingView } from '@shared/contract/admin';
import { rateText, writeMoney } from '@shared/rate-display';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { mailsTo, type StoredMail } from '../../support/mail';
import type { TestUser } from '../../support/users';
import { createApplication, individualBody, newUser, setStatus, standardBody } from './fixtures';

/**
 * The application mails read back from the SES inbox (docs/product.md §5 "Mails"): one at creation
 * and one at each status change, each naming the application's id, type, what is given and received
 * with amounts, the rate, the city, the status, the reason, the next step and a button to it, in the
 * owner's language, in both the text and the HTML part; and the staff mail about each new application
 * to the address of the setting staffNotifyEmail (this is the only file that sets it; it ends empty).
 */
let manager: TestUser;
beforeAll(async () => {
  manager = await newUser({ role: 'MANAGER' });
});

async function mailsAbout(address: string, id: string, count: number): Promise<StoredMail[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = (await mailsTo(address)).filter((mail) => mail.body.text?.includes(id));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectEveryPart(mail: StoredMail, parts: string[]) {
  for (const part of parts) {
    expect(mail.body.text, `text part: ${part}`).toContain(part);
    expect(mail.body.html, `HTML part: ${part}`).toContain(part);
  }
}

describe('application mails', () => {
  it('mails an English owner at creation and at each change with every parameter', async () => {
    const owner = await newUser({ language: 'en' });
    const application = await createApplication(owner, standardBody({ amount: 1500 }));
    const [created] = await mailsAbout(owner.email, application.id, 1);
    expect(created!.subject).toBe(`Application ${application.id.slice(0, 8)} received`);
    // As the calculator and the order page write them (shared/rate-display), so they read alike.
    const rate = rateText('card-EUR', 'usdt-trc20', application.rate!.rate, 'en');
    const received = writeMoney(application.amountTo!, 'en');
    const facts = [
      'Exchange',
      application.id,
      'Standard exchange',
      '1,500 Card EUR',
      `${received} USDT (TRC-20)`,
      rate!,
      'Madrid, Spain',
      `/applications/${application.id}`,
      'Open the application',
      'https://t.me/exchange_support',
    ];
    expectEveryPart(created!, [
      ...facts,
      'pending',
      'What happens next: a manager reviews the application',
      'because you submitted an exchange application',
    ]);

    expect(
      (await setStatus(manager, application.id, 'REJECTED', { rejectionReason: 'No <proof> of funds' }))
        .status,
    ).toBe(200);
    const [, rejected] = await mailsAbout(owner.email, application.id, 2);
    expect(rejected!.subject).toBe(`Application ${application.id.slice(0, 8)}: rejected`);
    expectEveryPart(rejected!, [
      ...facts,
      'What happens next: nothing is exchanged.',
      'because the status of your exchange application changed',
    ]);
    expect(rejected!.body.text).toContain('No <proof> of funds');
    expect(rejected!.body.html).toContain('No &#60;proof&#62; of funds');
  });

  it('writes them in Russian to a Russian-speaking owner', async () => {
    const owner = await newUser({ language: 'ru' });
    const application = await createApplication(
      owner,
      standardBody({
        country: 'europe.czech_republic',
        city: 'europe.czech_republic.prague',
        assetFrom: 'card-CZK',
        amount: 40000,
      }),
    );
    expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
    const [created, processing] = await mailsAbout(owner.email, application.id, 2);
    expect(created!.subject).toBe(`Заявка ${application.id.slice(0, 8)} принята`);
    expectEveryPart(created!, [
      'Обменник',
      'Стандартный обмен',
      '40\u00a0000 Карта CZK',
      'Прага, Чехия',
      'Открыть заявку',
    ]);
    expect(processing!.subject).toBe(`Заявка ${application.id.slice(0, 8)}: в работе`);
    expectEveryPart(processing!, ['в работе', 'Что дальше: менеджер готовит реквизиты']);
  });
});

describe('the staff mail about a new application', () => {
  it('goes to the staffNotifyEmail address in Russian with every parameter, and to nobody when it is empty', async () => {
    const admin = await newUser({ role: 'SUPER_ADMIN' });
    const staffAddress = `staff-${randomUUID()}@example.com`;
    const putAddress = (value: string) =>
      api<SettingView>('PUT', '/api/admin/settings/staffNotifyEmail', {
        token: admin.token,
        body: { value },
      });
    try {
      const set = await putAddress(`  ${staffAddress.toUpperCase()} `);
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({ key: 'staffNotifyEmail', value: staffAddress });

      const owner = await newUser({ language: 'en' });
      const application = await createApplication(
        owner,
        standardBody({ amount: 1500, contactTelegram: '@staff_mail_client' }),
      );
      const [mail, ...more] = await mailsAbout(staffAddress, application.id, 1);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`Новая заявка ${application.id.slice(0, 8)}`);
      const rate = rateText('card-EUR', 'usdt-trc20', application.rate!.rate, 'ru');
      const received = writeMoney(application.amountTo!, 'ru');
      expectEveryPart(mail!, [
        'Обменник',
        application.id,
        'Стандартный обмен',
        'Клиент отдаёт',
        '1\u00a0500 Карта EUR',
        'Клиент получает',
        `${received} USDT (TRC-20)`,
        rate!,
        'Мадрид, Испания',
        'ожидает обработки',
        owner.email,
        '@staff_mail_client',
        'Что дальше: возьмите заявку в работу',
        'Открыть в админ-панели',
        `/admin/application-management?open_id=${application.id}`,
        'staffNotifyEmail',
        // A staff mail ends with the staff footer: the clients' support link is no use to staff.
        'Служебное письмо для сотрудников обменника',
      ]);
      expect(mail!.body.text).not.toContain('exchange_support');

      const individual = await createApplication(owner, individualBody());
      const [individualMail] = await mailsAbout(staffAddress, individual.id, 1);
      expectEveryPart(individualMail!, [
        individual.id,
        'Индивидуальный запрос',
        'I want to exchange 3000 GBP in cash in Lisbon next week.',
        '+351 912 345 678',
        owner.email,
      ]);

      const cleared = await putAddress('');
      expect(cleared.status).toBe(200);
      expect(cleared.body.data!.value).toBe('');
      const unmailed = await createApplication(owner);
      // The owner's mail is sent before the answer, right before the staff mail would be.
      expect(await mailsAbout(owner.email, unmailed.id, 1)).toHaveLength(1);
      expect((await mailsTo(staffAddress)).map((sent) => sent.subject)).toEqual([
        `Новая заявка ${application.id.slice(0, 8)}`,
        `Новая заявка ${individual.id.slice(0, 8)}`,
      ]);
    } finally {
      await putAddress('');
    }
  });
});
