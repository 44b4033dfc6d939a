import { requireEnv } from '@functions/commons/config';
import { type StatusMessageInput, statusMessage } from '@functions/mail/application-status';
import type { Language } from '@shared/enums';
import { shortId } from '@shared/ids';

/**
 * What the bot writes (docs/architecture.md "The Telegram bot"), in plain text (no parse mode, so
 * nothing a client typed can break the markup). Payment details never go to Telegram (BestChange's
 * rules): a message says what happened and links to the page that shows the rest.
 */

const siteUrl = requireEnv('SITE_URL');

export const orderPageUrl = (applicationId: string) =>
  `${siteUrl}/applications/${encodeURIComponent(applicationId)}`;
export const adminApplicationUrl = (applicationId: string) =>
  `${siteUrl}/admin/application-management?open_id=${encodeURIComponent(applicationId)}`;

const TEXT = {
  en: {
    newApplication: (id: string) => `🆕 New application ${id}`,
    paid: (id: string) => `💸 The client says they have paid: application ${id}`,
    contact: (contact: string) => `Client's Telegram: ${contact}`,
    take: 'Take',
    open: 'Open',
    takenBy: (name: string) => `✅ Taken by ${name}`,
    takenAnswer: 'It is yours now.',
    alreadyYours: 'It is already yours.',
    takenByOther: (name: string) => `Already taken by ${name}.`,
    notLinked: 'Link your Telegram in your profile on the site first.',
    notAllowed: 'Your role cannot take applications.',
    secondFactorFirst:
      'Turn on two-factor authentication on the site first: staff need it to take applications.',
    closed: 'This application is closed.',
    notFound: 'No such application.',
    clientMessage: (id: string) => `New message from the exchange about application ${id}.`,
    openOrder: 'Open the application:',
    linked: (site: string) =>
      `Your Telegram is linked to your account on ${site}. Updates will come here too.`,
    linkExpired: 'This link is no longer valid. Get a new one from your profile on the site.',
    welcome: (site: string) =>
      `Hello! To get your applications' updates here, link this chat from your profile on ${site}.`,
    test: 'Test message from the exchange: the bot reaches this group.',
  },
  ru: {
    newApplication: (id: string) => `🆕 Новая заявка ${id}`,
    paid: (id: string) => `💸 Клиент сообщил об оплате: заявка ${id}`,
    contact: (contact: string) => `Telegram клиента: ${contact}`,
    take: 'Взять',
    open: 'Открыть',
    takenBy: (name: string) => `✅ Взял(а): ${name}`,
    takenAnswer: 'Заявка ваша.',
    alreadyYours: 'Заявка уже ваша.',
    takenByOther: (name: string) => `Уже взял(а): ${name}.`,
    notLinked: 'Сначала привяжите Telegram в профиле на сайте.',
    notAllowed: 'Ваша роль не позволяет брать заявки.',
    secondFactorFirst:
      'Сначала включите двухфакторную аутентификацию на сайте: без неё сотрудники не могут брать заявки.',
    closed: 'Заявка уже закрыта.',
    notFound: 'Такой заявки нет.',
    clientMessage: (id: string) => `Новое сообщение от обменника по заявке ${id}.`,
    openOrder: 'Открыть заявку:',
    linked: (site: string) =>
      `Telegram привязан к вашему аккаунту на ${site}. Новости по заявкам придут и сюда.`,
    linkExpired: 'Ссылка больше не действует. Получите новую в профиле на сайте.',
    welcome: (site: string) =>
      `Здравствуйте! Чтобы получать новости по заявкам здесь, привяжите этот чат в профиле на ${site}.`,
    test: 'Тестовое сообщение обменника: бот пишет в эту группу.',
  },
} satisfies Record<Language, Record<string, unknown>>;

export type BotTexts = (typeof TEXT)['en'];

export function botTexts(language: Language): BotTexts {
  return TEXT[language];
}

/** The site's host, as the bot names it. */
export const siteName = () => new URL(siteUrl).host;

/** A staff group alert: what happened, the exchange in one line, the client's Telegram contact. */
export function staffAlertText(
  language: Language,
  kind: 'created' | 'paid',
  input: StatusMessageInput & { contactTelegram?: string | null },
): string {
  const text = TEXT[language];
  const id = shortId(input.applicationId);
  const lines = [
    kind === 'created' ? text.newApplication(id) : text.paid(id),
    statusMessage(language, input).message,
  ];
  if (input.contactTelegram) lines.push(text.contact(input.contactTelegram));
  return lines.join('\n');
}

/** A linked client's status news: the same words as the site's notification, and the order page. */
export function clientStatusText(language: Language, input: StatusMessageInput): string {
  const { title, message } = statusMessage(language, input);
  return `${title}\n${message}\n\n${TEXT[language].openOrder} ${orderPageUrl(input.applicationId)}`;
}

/** A linked client's note of a staff message: never its text (it may hold payment details). */
export function clientMessageText(language: Language, applicationId: string): string {
  const text = TEXT[language];
  return `${text.clientMessage(shortId(applicationId))}\n\n${text.openOrder} ${orderPageUrl(applicationId)}`;
}
