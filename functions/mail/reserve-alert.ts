import { formatZoned } from '@shared/business-time';
import type { Language, StaffRole } from '@shared/enums';
import { requireEnv } from '../commons/config';
import type { OutgoingMail } from '../commons/mailer';
import { amountIn, renderMail } from './layout';

const siteUrl = requireEnv('SITE_URL');

/** The reserve that fell below its alert level, as the alert states it. */
export interface ReserveAlertInput {
  code: string;
  amount: number;
  alertLevel: number;
  /** When the crossing was seen. */
  at: string;
  /** The business's time zone (the setting businessTimeZone): `at` is written in it, named. */
  timeZone: string;
}

const TEXT = {
  en: {
    title: (code: string) => `The ${code} reserve is below its alert level`,
    message: (code: string, amount: string, level: string) =>
      `The ${code} reserve is ${amount}, below its alert level of ${level}. Applications that pay out ${code} will be refused once it runs out.`,
    todo: {
      admin: (code: string) =>
        `If the office holds more ${code}, set the reserve to what it holds in Admin → Reserves.`,
      manager: (code: string) =>
        `Tell an administrator: only an administrator can change the ${code} reserve. Until then, warn clients whose applications pay out ${code}.`,
      address: (code: string) =>
        `An administrator sets the ${code} reserve to what the office holds in Admin → Reserves; managers tell an administrator.`,
    },
    facts: { currency: 'Currency', amount: 'Reserve', level: 'Alert level', at: 'Seen at' },
    button: 'Open the reserves',
    why: 'You get this mail because this address is set as staffNotifyEmail in the system settings.',
  },
  ru: {
    title: (code: string) => `Резерв ${code} ниже порога оповещения`,
    message: (code: string, amount: string, level: string) =>
      `Резерв ${code} — ${amount}, ниже порога оповещения ${level}. Когда он закончится, заявки с выплатой в ${code} будут отклоняться.`,
    todo: {
      admin: (code: string) =>
        `Если в кассе больше ${code}, укажите фактический резерв в разделе «Админ → Резервы».`,
      manager: (code: string) =>
        `Сообщите администратору: изменить резерв ${code} может только администратор. До тех пор предупреждайте клиентов, чьи заявки выплачиваются в ${code}.`,
      address: (code: string) =>
        `Администратор указывает фактический резерв ${code} в разделе «Админ → Резервы»; менеджеры сообщают администратору.`,
    },
    facts: { currency: 'Валюта', amount: 'Резерв', level: 'Порог оповещения', at: 'Замечено' },
    button: 'Открыть резервы',
    why: 'Вы получили это письмо, потому что этот адрес указан в системной настройке staffNotifyEmail.',
  },
} as const;

/**
 * Who reads the alert: a staff member of a role (a manager cannot change reserves, an ADMIN or
 * SUPER_ADMIN can), or the staffNotifyEmail address, whose reader's role is unknown.
 */
export type ReserveAlertReader = StaffRole | 'address';

/** The in-app notification of a low reserve, in the staff member's language, with what the reader's role can do. */
export function reserveAlertMessage(
  language: Language,
  input: ReserveAlertInput,
  reader: ReserveAlertReader,
): { title: string; message: string } {
  const text = TEXT[language];
  const todo =
    reader === 'address' ? text.todo.address : reader === 'MANAGER' ? text.todo.manager : text.todo.admin;
  return {
    title: text.title(input.code),
    message: `${text.message(
      input.code,
      amountIn(language, input.amount, input.code),
      amountIn(language, input.alertLevel, input.code),
    )} ${todo(input.code)}`,
  };
}

/** The staff mail of a low reserve: the facts, what to do, a button to the reserves page. */
export function reserveAlertMail(to: string, language: Language, input: ReserveAlertInput): OutgoingMail {
  const text = TEXT[language];
  const { title, message } = reserveAlertMessage(language, input, 'address');
  const { text: plain, html } = renderMail({
    language,
    title,
    facts: [
      [text.facts.currency, input.code],
      [text.facts.amount, amountIn(language, input.amount, input.code)],
      [text.facts.level, amountIn(language, input.alertLevel, input.code)],
      [text.facts.at, formatZoned(input.at, input.timeZone, language, { date: true })],
    ],
    paragraphs: [message],
    button: { label: text.button, url: `${siteUrl}/admin/reserves` },
    why: text.why,
    audience: 'staff',
  });
  return { to, subject: title, text: plain, html };
}
