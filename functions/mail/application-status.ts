import { assetLabel } from '@shared/assets';
import type { ApplicationStatus, Language } from '@shared/enums';
import { shortId } from '@shared/ids';
import { requireEnv } from '../commons/config';
import type { OutgoingMail } from '../commons/mailer';

const siteUrl = requireEnv('SITE_URL');

/** The facts a status message states. */
export interface StatusMessageInput {
  applicationId: string;
  status: ApplicationStatus;
  amountFrom: number | null;
  assetFrom: string | null;
  assetTo: string | null;
  requestType: 'STANDARD' | 'INDIVIDUAL';
  rejectionReason: string | null;
}

const STATUS_NAMES: Record<Language, Record<string, string>> = {
  en: {
    PENDING: 'pending',
    PROCESSING: 'in progress',
    COMPLETED: 'completed',
    CANCELLED: 'cancelled',
    REJECTED: 'rejected',
    EXPIRED: 'expired',
  },
  ru: {
    PENDING: 'ожидает обработки',
    PROCESSING: 'в работе',
    COMPLETED: 'выполнена',
    CANCELLED: 'отменена',
    REJECTED: 'отклонена',
    EXPIRED: 'истекла',
  },
};

const TEXT = {
  en: {
    title: (id: string, status: string) => `Application ${id} is ${status}`,
    exchange: (amount: string, from: string, to: string) => `Exchange: ${amount} ${from} → ${to}.`,
    individual: 'Individual request.',
    reason: (reason: string) => `Reason: ${reason}`,
    open: 'Open your profile to see it:',
    fiatKinds: { cash: 'Cash', card: 'Card' },
  },
  ru: {
    title: (id: string, status: string) => `Заявка ${id}: ${status}`,
    exchange: (amount: string, from: string, to: string) => `Обмен: ${amount} ${from} → ${to}.`,
    individual: 'Индивидуальный запрос.',
    reason: (reason: string) => `Причина: ${reason}`,
    open: 'Подробности в профиле:',
    fiatKinds: { cash: 'Наличные', card: 'Карта' },
  },
} as const;

/** The in-app notification's title and message, in the owner's language. */
export function statusMessage(
  language: Language,
  input: StatusMessageInput,
): { title: string; message: string } {
  const text = TEXT[language];
  const id = shortId(input.applicationId);
  const statusName = STATUS_NAMES[language][input.status] ?? input.status;
  const lines = [
    input.requestType === 'STANDARD' && input.assetFrom && input.assetTo && input.amountFrom !== null
      ? text.exchange(
          String(input.amountFrom),
          assetLabel(input.assetFrom, text.fiatKinds),
          assetLabel(input.assetTo, text.fiatKinds),
        )
      : text.individual,
  ];
  if (input.status === 'REJECTED' && input.rejectionReason) lines.push(text.reason(input.rejectionReason));
  return { title: text.title(id, statusName), message: lines.join(' ') };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The status mail: subject, text and HTML in the owner's language (user text escaped in HTML). */
export function applicationStatusMail(
  to: string,
  language: Language,
  input: StatusMessageInput,
): OutgoingMail {
  const { title, message } = statusMessage(language, input);
  const link = `${siteUrl}/profile`;
  const open = TEXT[language].open;
  return {
    to,
    subject: title,
    text: `${title}\n\n${message}\n\n${open} ${link}\n`,
    html: `<p><strong>${escapeHtml(title)}</strong></p><p>${escapeHtml(message)}</p><p>${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
