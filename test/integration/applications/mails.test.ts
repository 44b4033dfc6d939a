import { beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, type StoredMail } from '../../support/mail';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody } from './fixtures';

/**
 * The application mails read back from the SES inbox (docs/product.md §5 "Mails"): one at creation
 * and one at each status change, each naming the application's id, type, what is given and received
 * with amounts, the rate, the city, the status, the reason, the next step and a button to it, in the
 * owner's language, in both the text and the HTML part.
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
    const rate = application.rate!.rate.toLocaleString('en-US', { maximumFractionDigits: 6 });
    const received = application.amountTo!.toLocaleString('en-US', { maximumFractionDigits: 6 });
    const facts = [
      'Exchange',
      application.id,
      'Standard exchange',
      '1,500 Card EUR',
      `${received} USDT (TRC-20)`,
      `1 EUR = ${rate} USDT`,
      'Madrid, Spain',
      '/profile',
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
    expectEveryPart(processing!, ['в работе', 'Что дальше: менеджер проводит обмен']);
  });
});
