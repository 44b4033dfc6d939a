import { BRAND } from '@shared/brand';
import type { Language } from '@shared/enums';
import { shortId } from '@shared/ids';
import { MESSAGE_MAIL_INTERVAL_MINUTES } from '@shared/messages';
import { requireEnv } from '../commons/config';
import type { OutgoingMail } from '../commons/mailer';
import { renderMail } from './layout';

const siteUrl = requireEnv('SITE_URL');

/** Who the mail is for: the application's owner, or staff (the assignee or staffNotifyEmail). */
export type MessageMailRecipient = 'client' | 'staff';

const TEXT = {
  en: {
    title: (id: string) => `New message about application ${id}`,
    client:
      'The exchange office wrote to you about your application. Open it to read the message and answer.',
    staff:
      'The client wrote a message about their application. Open it in the admin area to read and answer.',
    interval: (minutes: number) =>
      `Further messages within ${minutes} minutes are not mailed separately; they are all in the application.`,
    clientButton: 'Open the application',
    staffButton: 'Open in the admin area',
    clientWhy: 'You get this mail because a message was written about your exchange application.',
    staffWhy:
      'You get this mail because you are assigned to this application, or this address is set as staffNotifyEmail.',
    facts: { id: 'Application' },
  },
  ru: {
    title: (id: string) => `Новое сообщение по заявке ${id}`,
    client: `${BRAND.name.ru} написал вам по вашей заявке. Откройте её, чтобы прочитать сообщение и ответить.`,
    staff:
      'Клиент написал сообщение по своей заявке. Откройте её в админ-панели, чтобы прочитать и ответить.',
    interval: (minutes: number) =>
      `О следующих сообщениях в течение ${minutes} минут отдельно не пишем — все они в заявке.`,
    clientButton: 'Открыть заявку',
    staffButton: 'Открыть в админ-панели',
    clientWhy: 'Вы получили это письмо, потому что по вашей заявке на обмен написали сообщение.',
    staffWhy:
      'Вы получили это письмо, потому что назначены на эту заявку или этот адрес указан в настройке staffNotifyEmail.',
    facts: { id: 'Заявка' },
  },
} as const;

/**
 * The mail that says a new message is waiting (never its text, which may hold anything the writer
 * put in it): a link to the owner's order page, or to the application in the admin area.
 */
export function applicationMessageMail(
  to: string,
  language: Language,
  input: { applicationId: string; recipient: MessageMailRecipient },
): OutgoingMail {
  const text = TEXT[language];
  const title = text.title(shortId(input.applicationId));
  const forClient = input.recipient === 'client';
  const id = encodeURIComponent(input.applicationId);
  const { text: plain, html } = renderMail({
    language,
    title,
    facts: [[text.facts.id, input.applicationId]],
    paragraphs: [forClient ? text.client : text.staff, text.interval(MESSAGE_MAIL_INTERVAL_MINUTES)],
    button: forClient
      ? { label: text.clientButton, url: `${siteUrl}/applications/${id}` }
      : { label: text.staffButton, url: `${siteUrl}/admin/application-management?open_id=${id}` },
    why: forClient ? text.clientWhy : text.staffWhy,
    audience: forClient ? 'client' : 'staff',
  });
  return { to, subject: title, text: plain, html };
}
