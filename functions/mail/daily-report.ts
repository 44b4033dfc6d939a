import type { Language } from '@shared/enums';
import { requireEnv } from '../commons/config';
import type { OutgoingMail } from '../commons/mailer';
import { amountIn, renderMail } from './layout';

const siteUrl = requireEnv('SITE_URL');

/** An exact amount of one currency. */
export interface CurrencyAmount {
  currency: string;
  amount: string;
}

/** What a business day's report says (functions/domain/reports/daily-report.ts). */
export interface DailyReportInput {
  day: string;
  timeZone: string;
  /** Turnover and profit in the reporting currency, and each currency's part. */
  turnover: CurrencyAmount & { byCurrency: CurrencyAmount[] };
  profit: CurrencyAmount & { byCurrency: CurrencyAmount[] };
  outcomes: { completed: number; expired: number; cancelled: number; rejected: number };
  /** USDT transfers on the review list now (`more`: beyond those read). */
  review: { transfers: number; amount: string; more: boolean };
  /** The accounts counted with a difference from the books, and those not counted. */
  differences: Array<{ account: string } & CurrencyAmount>;
  uncounted: string[];
  /** Whether an ADMIN had closed the day in the books when the report was made. */
  closed: boolean;
}

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

const moneyIn = (language: Language, { amount, currency }: CurrencyAmount) =>
  amountIn(language, amount, currency);

const TEXT = {
  en: {
    title: (day: string) => `The day ${day} in figures`,
    turnover: 'Turnover',
    profit: 'Profit',
    deals: 'Deals',
    dealsValue: (o: DailyReportInput['outcomes']) =>
      `${o.completed} completed, ${o.expired} expired unpaid, ${o.cancelled} cancelled, ${o.rejected} rejected`,
    review: 'On the review list',
    reviewValue: (count: string, amount: string) => `${count} USDT transfers, ${amount}`,
    differences: 'Count differences',
    none: 'none',
    uncounted: 'Not counted',
    books: 'The books',
    closed: 'the day is closed',
    open: 'the day is not closed yet',
    zone: (zone: string) => `Business day in ${zone}.`,
    button: 'Open the day',
    why: 'You get this mail because this address is set as staffNotifyEmail in the system settings.',
  },
  ru: {
    title: (day: string) => `День ${day} в цифрах`,
    turnover: 'Оборот',
    profit: 'Прибыль',
    deals: 'Сделки',
    dealsValue: (o: DailyReportInput['outcomes']) =>
      `завершено ${o.completed}, истекло без оплаты ${o.expired}, отменено ${o.cancelled}, отклонено ${o.rejected}`,
    review: 'В списке на проверку',
    reviewValue: (count: string, amount: string) => `переводов USDT: ${count}, ${amount}`,
    differences: 'Расхождения пересчёта',
    none: 'нет',
    uncounted: 'Не пересчитаны',
    books: 'Учёт',
    closed: 'день закрыт',
    open: 'день ещё не закрыт',
    zone: (zone: string) => `Рабочий день по часовому поясу ${zone}.`,
    button: 'Открыть день',
    why: 'Вы получили это письмо, потому что этот адрес указан в системной настройке staffNotifyEmail.',
  },
} as const;

/** A money figure: the reporting currency's total, then each currency's part. */
function moneyLine(language: Language, figure: DailyReportInput['turnover']): string {
  const parts = figure.byCurrency.map((part) => moneyIn(language, part));
  return parts.length === 0
    ? moneyIn(language, figure)
    : `${moneyIn(language, figure)} (${parts.join('; ')})`;
}

/** The report's title, its label/value lines and the link to the day, in one language. */
export function dailyReportContent(language: Language, input: DailyReportInput) {
  const text = TEXT[language];
  const day = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${input.day}T00:00:00Z`),
  );
  const count = `${input.review.more ? '>' : ''}${input.review.transfers}`;
  const facts: Array<[string, string]> = [
    [text.turnover, moneyLine(language, input.turnover)],
    [text.profit, moneyLine(language, input.profit)],
    [text.deals, text.dealsValue(input.outcomes)],
    [text.review, text.reviewValue(count, amountIn(language, input.review.amount, 'USDT'))],
    [
      text.differences,
      input.differences.length === 0
        ? text.none
        : input.differences
            .map((difference) => `${difference.account}: ${moneyIn(language, difference)}`)
            .join('; '),
    ],
    ...(input.uncounted.length > 0 ? [[text.uncounted, input.uncounted.join('; ')] as [string, string]] : []),
    [text.books, input.closed ? text.closed : text.open],
  ];
  return {
    title: text.title(day),
    facts,
    note: text.zone(input.timeZone),
    button: { label: text.button, url: `${siteUrl}/admin/accounts?day=${input.day}` },
  };
}

/** The owner's mail of the day (the staffNotifyEmail address). */
export function dailyReportMail(to: string, language: Language, input: DailyReportInput): OutgoingMail {
  const content = dailyReportContent(language, input);
  const { text, html } = renderMail({
    language,
    title: content.title,
    facts: content.facts,
    paragraphs: [content.note],
    button: content.button,
    why: TEXT[language].why,
    audience: 'staff',
  });
  return { to, subject: content.title, text, html };
}

/** The staff group's message of the day: the same lines as plain text, the day's link last. */
export function dailyReportTelegramText(language: Language, input: DailyReportInput): string {
  const content = dailyReportContent(language, input);
  return [
    content.title,
    '',
    ...content.facts.map(([label, value]) => `${label}: ${value}`),
    '',
    content.note,
    `${content.button.label}: ${content.button.url}`,
  ].join('\n');
}
