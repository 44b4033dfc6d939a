import { requireEnv } from '@functions/commons/config';
import type { TextLinkEntity } from '@functions/data/telegram-bot-api';
import { type StatusMessageInput, statusMessage } from '@functions/mail/application-status';
import { formatZoned } from '@shared/business-time';
import type { ChainCheck } from '@shared/contract/deal';
import type { Language } from '@shared/enums';
import { shortId } from '@shared/ids';
import { writeMoney } from '@shared/rate-display';

/**
 * What the bot writes (docs/architecture.md "The Telegram bot"), in plain text (no parse mode, so
 * nothing a client typed can break the markup). Payment details never go to Telegram (BestChange's
 * rules): a message says what happened and links to the page that shows the rest.
 */

const siteUrl = requireEnv('SITE_URL');

/** Why a transaction on chain did not match what was expected. */
type ChainCheckReason = NonNullable<ChainCheck['reason']>;

export const orderPageUrl = (applicationId: string) =>
  `${siteUrl}/applications/${encodeURIComponent(applicationId)}`;
export const adminApplicationUrl = (applicationId: string) =>
  `${siteUrl}/admin/application-management?open_id=${encodeURIComponent(applicationId)}`;
/** The review list of chain transfers (the payment gateways page). */
export const adminReviewUrl = () => `${siteUrl}/admin/payment-gateways`;

const TEXT = {
  en: {
    newApplication: (id: string) => `🆕 New application ${id}`,
    paid: (id: string) => `💸 The client says they have paid: application ${id}`,
    contact: (contact: string) => `Client's Telegram: ${contact}`,
    receives: (amount: string) => `Client receives: ${amount}`,
    place: (place: string) => `City: ${place}`,
    take: 'Take',
    open: 'Open',
    takenBy: (name: string) => `✅ Taken by ${name}`,
    takenAnswer: 'It is yours now.',
    alreadyYours: 'It is already yours.',
    takenByOther: (name: string) => `Already taken by ${name}.`,
    notLinked: 'Link your Telegram in your profile on the site first.',
    notAllowed: 'Your role cannot take applications.',
    outsideScope: 'This application is outside the cities and directions you handle.',
    secondFactorFirst: 'Turn on two-step verification on the site first: staff need it to take applications.',
    closed: 'This application is closed.',
    onShift: 'On shift:',
    notFound: 'No such application.',
    clientMessage: (id: string) => `New message from the exchange about application ${id}.`,
    openOrder: 'Open the application:',
    payBy: (when: string) => `Pay by ${when}.`,
    linked: (site: string) =>
      `Your Telegram is linked to your account on ${site}. Updates will come here too.`,
    linkExpired: 'This link is no longer valid. Get a new one from your profile on the site.',
    welcome: (site: string) =>
      `Hello! To get your applications' updates here, link this chat from your profile on ${site}.`,
    test: 'Test message from the exchange: the bot reaches this group.',
    chain: {
      matched: (amount: string) => `✅ USDT arrived as asked: ${amount} USDT`,
      underpaid: (amount: string, due: string) => `⚠️ USDT short: ${amount} of ${due} USDT arrived`,
      overpaid: (amount: string, due: string) => `⚠️ USDT over: ${amount} USDT arrived, ${due} USDT asked`,
      late: (amount: string) => `⏰ USDT late: ${amount} USDT arrived after the payment window`,
      blacklisted: (amount: string) => `⛔ USDT from a blacklisted sender: ${amount} USDT arrived`,
      unknown: (amount: string) => `❓ USDT that pays no deal: ${amount} USDT arrived`,
      payoutMismatch: '❗ The payout hash does not match',
      payoutAmounts: (sent: string, due: string) => `${sent} USDT was sent, ${due} USDT is due`,
      payoutReasons: {
        notUsdt: 'the transaction moved no USDT',
        failed: 'the transaction failed on chain',
        wrongWallet: "sent to another address than the client's",
        wrongAmount: 'another amount was sent',
        notFound: 'no such transaction on chain',
        notFinal: 'not final on chain yet',
        providerFailed: 'the TRON provider did not answer',
        alreadyUsed: 'the transaction was already used',
        beforeInstructions: 'made before the application',
        afterDeadline: 'made after the deadline',
        blacklistedSender: 'the sender is on the USDT blacklist',
        notOfficeWallet: "not sent from one of the office's wallets",
      } satisfies Record<ChainCheckReason, string>,
      application: (id: string) => `Application ${id}`,
      transaction: (txId: string) => `Transaction: ${txId}`,
      onReview: 'Waiting on the review list.',
      reviewList: 'Review list',
    },
  },
  ru: {
    newApplication: (id: string) => `🆕 Новая заявка ${id}`,
    paid: (id: string) => `💸 Клиент сообщил об оплате: заявка ${id}`,
    contact: (contact: string) => `Telegram клиента: ${contact}`,
    receives: (amount: string) => `Клиент получает: ${amount}`,
    place: (place: string) => `Город: ${place}`,
    take: 'Взять',
    open: 'Открыть',
    takenBy: (name: string) => `✅ Взял(а): ${name}`,
    takenAnswer: 'Заявка ваша.',
    alreadyYours: 'Заявка уже ваша.',
    takenByOther: (name: string) => `Уже взял(а): ${name}.`,
    notLinked: 'Сначала привяжите Telegram в профиле на сайте.',
    notAllowed: 'Ваша роль не позволяет брать заявки.',
    outsideScope: 'Эта заявка вне ваших городов и направлений.',
    secondFactorFirst:
      'Сначала включите двухэтапную проверку на сайте: без неё сотрудники не могут брать заявки.',
    closed: 'Заявка уже закрыта.',
    onShift: 'На смене:',
    notFound: 'Такой заявки нет.',
    clientMessage: (id: string) => `Новое сообщение от обменника по заявке ${id}.`,
    openOrder: 'Открыть заявку:',
    payBy: (when: string) => `Оплатить до ${when}.`,
    linked: (site: string) =>
      `Telegram привязан к вашему аккаунту на ${site}. Новости по заявкам придут и сюда.`,
    linkExpired: 'Ссылка больше не действует. Получите новую в профиле на сайте.',
    welcome: (site: string) =>
      `Здравствуйте! Чтобы получать новости по заявкам здесь, привяжите этот чат в профиле на ${site}.`,
    test: 'Тестовое сообщение обменника: бот пишет в эту группу.',
    chain: {
      matched: (amount: string) => `✅ USDT пришли как запрошено: ${amount} USDT`,
      underpaid: (amount: string, due: string) => `⚠️ Недоплата USDT: пришло ${amount} из ${due} USDT`,
      overpaid: (amount: string, due: string) =>
        `⚠️ Переплата USDT: пришло ${amount} USDT, запрошено ${due} USDT`,
      late: (amount: string) => `⏰ USDT с опозданием: ${amount} USDT пришли после окна оплаты`,
      blacklisted: (amount: string) => `⛔ USDT от отправителя из чёрного списка: пришло ${amount} USDT`,
      unknown: (amount: string) => `❓ USDT, не оплачивающие ни одну сделку: пришло ${amount} USDT`,
      payoutMismatch: '❗ Хеш выплаты не совпадает',
      payoutAmounts: (sent: string, due: string) => `отправлено ${sent} USDT, причитается ${due} USDT`,
      payoutReasons: {
        notUsdt: 'транзакция не переводила USDT',
        failed: 'транзакция не прошла в сети',
        wrongWallet: 'отправлено не на адрес клиента',
        wrongAmount: 'отправлена другая сумма',
        notFound: 'такой транзакции нет в сети',
        notFinal: 'ещё не окончательна в сети',
        providerFailed: 'провайдер TRON не ответил',
        alreadyUsed: 'транзакция уже использована',
        beforeInstructions: 'сделана раньше заявки',
        afterDeadline: 'сделана после срока',
        blacklistedSender: 'отправитель в чёрном списке USDT',
        notOfficeWallet: 'отправлено не с кошелька обменника',
      } satisfies Record<ChainCheckReason, string>,
      application: (id: string) => `Заявка ${id}`,
      transaction: (txId: string) => `Транзакция: ${txId}`,
      onReview: 'Ждёт в списке на проверку.',
      reviewList: 'Список на проверку',
    },
  },
} satisfies Record<Language, Record<string, unknown>>;

export type BotTexts = (typeof TEXT)['en'];

export function botTexts(language: Language): BotTexts {
  return TEXT[language];
}

/** How staff are named in the group: their username on the site, else their address's local part. */
export const staffName = (staff: { username: string | null; email: string }) =>
  staff.username ?? staff.email.split('@')[0]!;

/** A staff member the group's alert mentions: their name, and their linked Telegram account. */
export interface MentionedStaff {
  name: string;
  telegramUserId: number;
  telegramUsername: string | null;
}

/**
 * The line that mentions staff, appended to a text `before` long (in UTF-16 code units): `@username`
 * where their Telegram account has one (Telegram makes it a mention), else their name linked to
 * `tg://user?id=…` by an entity, so the message stays plain text. None for nobody.
 */
export function mentionLine(
  language: Language,
  staff: readonly MentionedStaff[],
  before: number,
): { text: string; entities: TextLinkEntity[] } | null {
  if (staff.length === 0) return null;
  let text = `\n${TEXT[language].onShift}`;
  const entities: TextLinkEntity[] = [];
  for (const [index, person] of staff.entries()) {
    text += index === 0 ? ' ' : ', ';
    const shown = person.telegramUsername ? `@${person.telegramUsername}` : person.name;
    if (!person.telegramUsername)
      entities.push({
        type: 'text_link',
        offset: before + text.length,
        length: shown.length,
        url: `tg://user?id=${person.telegramUserId}`,
      });
    text += shown;
  }
  return { text, entities };
}

/** The site's host, as the bot names it. */
export const siteName = () => new URL(siteUrl).host;

/**
 * A staff group alert: what happened, the exchange in one line, what the client receives and in
 * which city (what a manager decides on before taking it), the client's Telegram contact.
 */
export function staffAlertText(
  language: Language,
  kind: 'created' | 'paid',
  input: StatusMessageInput & {
    amountTo?: number | null;
    currencyTo?: string | null;
    place?: string | null;
    contactTelegram?: string | null;
  },
): string {
  const text = TEXT[language];
  const id = shortId(input.applicationId);
  const lines = [
    kind === 'created' ? text.newApplication(id) : text.paid(id),
    statusMessage(language, input).message,
  ];
  if (input.amountTo != null && input.currencyTo)
    lines.push(text.receives(`${writeMoney(input.amountTo, language)} ${input.currencyTo}`));
  if (input.place) lines.push(text.place(input.place));
  if (input.contactTelegram) lines.push(text.contact(input.contactTelegram));
  return lines.join('\n');
}

/**
 * A linked client's status news: the same words as the site's notification, the deadline while
 * they are to pay (in the business's time zone, named), and the order page.
 */
export function clientStatusText(
  language: Language,
  input: StatusMessageInput,
  payBy: { deadline: string; timeZone: string } | null,
): string {
  const { title, message } = statusMessage(language, input);
  const text = TEXT[language];
  const deadline = payBy
    ? `\n${text.payBy(formatZoned(payBy.deadline, payBy.timeZone, language, { date: true }))}`
    : '';
  return `${title}\n${message}${deadline}\n\n${text.openOrder} ${orderPageUrl(input.applicationId)}`;
}

/** A linked client's note of a staff message: never its text (it may hold payment details). */
export function clientMessageText(language: Language, applicationId: string): string {
  const text = TEXT[language];
  return `${text.clientMessage(shortId(applicationId))}\n\n${text.openOrder} ${orderPageUrl(applicationId)}`;
}

/** What a chain event's message says (functions/domain/chain/chain-events.ts). */
export interface ChainEventTextInput {
  kind: 'matched' | 'underpaid' | 'overpaid' | 'late' | 'blacklisted' | 'unknown' | 'payoutMismatch';
  txId: string;
  applicationId: string | null;
  /** USDT the transaction moved, and the deal's amount (null: not known). */
  amount: string | null;
  due: string | null;
  /** A payout's check: why it does not match. */
  reason?: ChainCheckReason;
}

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB' };

/** A USDT decimal string ("999.000000") as the language writes it, exactly: `999`, `1 000,5`. */
function usdtText(language: Language, amount: string): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 6 }).format(
    amount as Intl.StringNumericLiteral,
  );
}

/**
 * The staff group's message of a chain event: what arrived against what was asked (or what a
 * payout moved against what was due), the application, the transaction, and whether it waits on
 * the review list.
 */
export function chainEventText(language: Language, event: ChainEventTextInput): string {
  const text = TEXT[language].chain;
  const amount = event.amount === null ? '?' : usdtText(language, event.amount);
  const due = event.due === null ? '?' : usdtText(language, event.due);
  const headline =
    event.kind === 'payoutMismatch'
      ? event.amount !== null && event.due !== null
        ? `${text.payoutMismatch}: ${text.payoutAmounts(amount, due)}`
        : event.reason
          ? `${text.payoutMismatch}: ${text.payoutReasons[event.reason]}`
          : text.payoutMismatch
      : event.kind === 'underpaid' || event.kind === 'overpaid'
        ? text[event.kind](amount, due)
        : text[event.kind](amount);
  const reviewed = event.kind !== 'matched' && event.kind !== 'payoutMismatch';
  return [
    headline,
    ...(event.applicationId ? [text.application(shortId(event.applicationId))] : []),
    text.transaction(event.txId),
    ...(reviewed ? [text.onReview] : []),
  ].join('\n');
}
