import { dailyReportPut, findDailyReport } from '@functions/data/daily-reports';
import { outboxPut } from '@functions/data/outbox';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import {
  type DailyReportInput,
  dailyReportMail,
  dailyReportTelegramText,
} from '@functions/mail/daily-report';
import { businessDayOf, shiftDay } from '@shared/business-time';
import { DEFAULT_LANGUAGE } from '@shared/enums';
import { accountNameIn } from '@shared/ledger';
import { decimal } from '@shared/money';
import { reviewListTotal } from '../chain/review';
import { ledgerDayReport } from '../ledger/day';
import { countQueuedMails } from '../outbox/queue';
import { businessTimeZone } from '../settings/business-time';
import { settingValue } from '../settings/settings';
import { dailyReportTelegramItems } from '../telegram/outgoing';
import { buildReport } from './report';

/** An account as the report's reader calls it (an asset's own account by its asset). */
const nameOf = (account: { accountId: string; name: string }) =>
  accountNameIn({ id: account.accountId, name: account.name }, DEFAULT_LANGUAGE);

/** What the day's report says: the reports' figures of the day, the review list now, the day's counts. */
async function dailyReportInput(day: string): Promise<DailyReportInput> {
  const [report, ledgerDay, review] = await Promise.all([
    buildReport({ from: day, to: day }),
    ledgerDayReport(day),
    reviewListTotal(),
  ]);
  const { figures } = report;
  const currency = figures.reporting.currency;
  return {
    day,
    timeZone: report.timeZone,
    turnover: { currency, amount: figures.reporting.turnover, byCurrency: figures.turnover },
    profit: { currency, amount: figures.reporting.profit, byCurrency: figures.profit },
    outcomes: figures.outcomes,
    review,
    differences: ledgerDay.accounts.flatMap((account) =>
      account.count && decimal(account.count.difference).units !== 0n
        ? [{ account: nameOf(account), currency: account.currency, amount: account.count.difference }]
        : [],
    ),
    uncounted: ledgerDay.accounts.filter((account) => !account.count).map(nameOf),
    closed: ledgerDay.closed !== null,
  };
}

export type DailyReportRun = { day: string; sent: 'now' | 'before'; channels: string[] };

/**
 * The scheduled daily report (docs/product.md "Reports"): once the business day has ended, its
 * summary goes to the owner's address (staffNotifyEmail) and the staff Telegram group, each when
 * set, with a link to the day. Once per day however often it runs: the record that it went is
 * written with its outbox items (keys.ts pattern 49), and a run that finds it does nothing.
 */
export async function sendDailyReport(now = new Date()): Promise<DailyReportRun> {
  const day = shiftDay(businessDayOf(now, await businessTimeZone()), -1);
  const before = await findDailyReport(day);
  if (before) return { day, sent: 'before', channels: before.channels };
  const [address, input] = await Promise.all([settingValue('staffNotifyEmail'), dailyReportInput(day)]);
  const mail =
    address === '' ? [] : [outboxPut('daily-report', dailyReportMail(address, DEFAULT_LANGUAGE, input), now)];
  const telegram = await dailyReportTelegramItems(dailyReportTelegramText(DEFAULT_LANGUAGE, input), now);
  const channels = [...(mail.length > 0 ? ['mail'] : []), ...(telegram.length > 0 ? ['telegram'] : [])];
  try {
    await new Transaction()
      .add('report', dailyReportPut({ day, sentAt: now.toISOString(), channels }))
      .add('mail', ...mail)
      .add('telegram', ...telegram)
      .run();
  } catch (error) {
    // Another run reported the day first.
    if (error instanceof TransactionCancelledError && error.failedOn('report'))
      return { day, sent: 'before', channels };
    throw error;
  }
  countQueuedMails(mail.length);
  return { day, sent: 'now', channels };
}
