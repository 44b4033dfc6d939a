import type { UserRecord } from '@functions/data/users';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { businessDayOf, dayStart, shiftDay } from '@shared/business-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { standardBody } from '../applications/bodies';
import { putUser } from '../applications/isolated-table';
import { type ChainModules, setUpChainTable, transferForStaff, usdtWallet } from '../chain/chain-table';

/**
 * The daily report (docs/product.md "Reports") on a table of this file's own: a deal completed
 * yesterday, the card account counted short, a transfer left on the review list. Run today, the
 * job queues one mail to the owner's address and one message to the staff group, in Russian (the
 * exchange's default language), saying yesterday's figures as the reports read them, the review
 * list and the count's difference, with the day's link; a second run queues nothing.
 */
const chain = setUpChainTable('daily');
let m: ChainModules;
let admin: UserRecord;
let daily: typeof import('@functions/domain/reports/daily-report');
let outbox: typeof import('@functions/data/outbox');
let reports: typeof import('@functions/domain/reports/report');
const TIME_ZONE = 'Europe/Moscow';
const OWNER = 'owner@example.test';
const STAFF_GROUP = '-100123456';

beforeAll(async () => {
  ({ m, admin } = chain);
  daily = await import('@functions/domain/reports/daily-report');
  outbox = await import('@functions/data/outbox');
  reports = await import('@functions/domain/reports/report');
  const settings = await import('@functions/domain/settings/settings');
  const root = { id: admin.id, role: 'SUPER_ADMIN' } as const;
  await settings.putSetting('reportingCurrency', { value: 'USDT' }, root);
  await settings.putSetting('staffNotifyEmail', { value: OWNER }, root);
  await settings.putSetting('telegramStaffChatId', { value: STAFF_GROUP }, root);
});

const as = (staff: UserRecord): RecordedActor => ({ id: staff.id, role: 'MANAGER' });

describe('the daily report', () => {
  it("tells the owner and the staff group yesterday's figures, review list and count differences, once", async () => {
    const today = businessDayOf(new Date(), TIME_ZONE);
    const yesterday = shiftDay(today, -1);
    // Yesterday at noon, each step a minute on.
    let at = dayStart(yesterday, TIME_ZONE).getTime() + 12 * 3600_000;
    const tick = () => {
      at += 60_000;
      return new Date(at);
    };
    const client = await putUser();
    const { application } = await m.create.createApplication(
      client.id,
      standardBody({ amount: 500 }) as never,
      undefined,
      tick(),
    );
    const id = application.id;
    await m.admin.changeApplicationStatus(id, { status: 'PROCESSING' }, as(chain.manager), tick());
    await m.deal.issueInstructions(id, { text: 'Pay as agreed' }, as(chain.manager), tick());
    await m.deal.confirmPayment(id, {}, as(chain.manager), tick());
    await m.deal.recordPayout(id, { note: 'Sent' }, as(chain.manager), tick());
    await m.admin.changeApplicationStatus(id, { status: 'COMPLETED' }, as(chain.manager), tick());
    // The card account counted 5 EUR short of the books at the day's end.
    const { accounts } = await m.ledgerDay.ledgerDayReport(yesterday);
    const card = accounts.find((account) => account.currency === 'EUR')!;
    expect(card.closing).toBe('500.00');
    await m.ledgerDay.countLedgerDay(
      yesterday,
      card.accountId,
      { counted: '495' },
      as(chain.manager),
      tick(),
    );
    // 12.5 USDT nobody asked for, waiting for staff.
    const wallet = await usdtWallet(chain);
    await transferForStaff(chain, wallet.address, '12.5');

    const now = new Date(dayStart(today, TIME_ZONE).getTime() + 10 * 60_000);
    expect(await daily.sendDailyReport(now)).toEqual({
      day: yesterday,
      sent: 'now',
      channels: ['mail', 'telegram'],
    });

    const report = await reports.buildReport({ from: yesterday, to: yesterday });
    expect(report.figures.outcomes.completed).toBe(1);
    const usdt = report.figures.reporting.turnover;
    const [mail] = (await outbox.listUnsentItems('mail', 100)).filter((item) => item.kind === 'daily-report');
    const title = `День ${new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${yesterday}T00:00:00Z`))} в цифрах`;
    expect(mail).toMatchObject({ to: OWNER, subject: title });
    const turnover = `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 6 }).format(usdt as Intl.StringNumericLiteral)} USDT`;
    const lines = [
      `Оборот: ${turnover} (500 EUR; ${turnover})`,
      'Сделки: завершено 1, истекло без оплаты 0, отменено 0, отклонено 0',
      'В списке на проверку: переводов USDT: 1, 12,5 USDT',
      'Расхождения пересчёта: Карта EUR, счёт не назван: -5 EUR',
      'Учёт: день ещё не закрыт',
      `/admin/accounts?day=${yesterday}`,
    ];
    // The mail's text lines its values up after the labels; the message says them as they are.
    const mailText = mail!.text!.replace(/: +/g, ': ');
    for (const line of lines)
      expect({ line, inMail: mailText.includes(line) }).toEqual({ line, inMail: true });
    expect(mail!.html).toContain(`/admin/accounts?day=${yesterday}`);

    const [message] = (await outbox.listUnsentItems('telegram', 100)).filter(
      (item) => item.kind === 'telegram-daily-report',
    );
    expect(message?.telegram?.params.chat_id).toBe(STAFF_GROUP);
    const text = String(message?.telegram?.params.text);
    expect(text.startsWith(title)).toBe(true);
    for (const line of lines)
      expect({ line, inMessage: text.includes(line) }).toEqual({ line, inMessage: true });

    // Again later the same day: already reported, nothing more queued.
    expect(await daily.sendDailyReport(new Date(now.getTime() + 15 * 60_000))).toMatchObject({
      sent: 'before',
    });
    const mails = (await outbox.listUnsentItems('mail', 100)).filter((item) => item.kind === 'daily-report');
    expect(mails).toHaveLength(1);
  });
});
