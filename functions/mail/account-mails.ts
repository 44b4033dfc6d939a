import type { Language, Role } from '@shared/enums';
import type { OutgoingMail } from '../commons/mailer';
import { renderMail } from './layout';

/**
 * The account mails in Russian (default) and English, on the one mail layout (`layout.ts`: text and
 * HTML, every interpolated value escaped): the subject as the title, the greeting and the lines, the
 * link as the button, the footer line as why the mail was sent. Links are built by the caller from
 * SITE_URL.
 */
interface MailText {
  subject: string;
  greeting: string;
  lines: string[];
  action?: string;
  footer: string;
}

function render(to: string, language: Language, text: MailText, link?: string): OutgoingMail {
  const { text: plain, html } = renderMail({
    language,
    title: text.subject,
    facts: [],
    paragraphs: [text.greeting, ...text.lines],
    ...(link ? { button: { label: text.action ?? link, url: link } } : {}),
    why: text.footer,
  });
  return { to, subject: text.subject, text: plain, html };
}

function greeting(language: Language, username: string | null): string {
  const name = username ? `, ${username}` : '';
  return language === 'en' ? `Hello${name}!` : `Здравствуйте${name}!`;
}

export interface MailRecipient {
  email: string;
  username: string | null;
  language: Language;
}

export function verificationMail(user: MailRecipient, link: string): OutgoingMail {
  const text: MailText =
    user.language === 'en'
      ? {
          subject: 'Confirm your email',
          greeting: greeting('en', user.username),
          lines: [
            'Please confirm your email address to activate your account.',
            'The link is valid for 24 hours.',
          ],
          action: 'Confirm email',
          footer: 'If you did not register, ignore this email.',
        }
      : {
          subject: 'Подтвердите email',
          greeting: greeting('ru', user.username),
          lines: [
            'Подтвердите адрес электронной почты, чтобы активировать аккаунт.',
            'Ссылка действительна 24 часа.',
          ],
          action: 'Подтвердить email',
          footer: 'Если вы не регистрировались, просто проигнорируйте это письмо.',
        };
  return render(user.email, user.language, text, link);
}

/**
 * To an account's owner: an application was made on the site with their address, without signing
 * in; the link adds it to their account. Nothing of the account went to whoever made it.
 */
export function guestJoinMail(
  user: MailRecipient,
  link: string,
  application: { amount: number; assetFrom: string; assetTo: string },
): OutgoingMail {
  const side = (asset: string) => assetName(asset, user.language);
  const pair = `${application.amount} ${side(application.assetFrom)} → ${side(application.assetTo)}`;
  const text: MailText =
    user.language === 'en'
      ? {
          subject: 'Add an application to your account?',
          greeting: greeting('en', user.username),
          lines: [
            `An exchange application was made on our site with your address, without signing in: ${pair}.`,
            'If it was you, add it to your account: the rate is quoted again when you confirm. The link is valid for 30 minutes and works once.',
          ],
          action: 'Add to my account',
          footer: 'If it was not you, ignore this email: nothing is added and nobody saw your account.',
        }
      : {
          subject: 'Добавить заявку в ваш аккаунт?',
          greeting: greeting('ru', user.username),
          lines: [
            `На нашем сайте без входа подали заявку на обмен с вашим адресом: ${pair}.`,
            'Если это были вы, добавьте её в свой аккаунт: курс пересчитается в момент подтверждения. Ссылка действует 30 минут и срабатывает один раз.',
          ],
          action: 'Добавить в мой аккаунт',
          footer:
            'Если это были не вы, просто проигнорируйте письмо: ничего не добавится, и ваш аккаунт никто не видел.',
        };
  return render(user.email, user.language, text, link);
}

const FIAT_KIND_NAMES: Record<Language, Record<string, string>> = {
  en: { card: 'card', cash: 'cash' },
  ru: { card: 'карта', cash: 'наличные' },
};

/** `USDT`, `RUB (card)`: a side of an application as a mail names it. */
function assetName(assetKey: string, language: Language): string {
  const [kind = '', code] = assetKey.split('-');
  return kind === 'usdt' ? 'USDT' : `${code} (${FIAT_KIND_NAMES[language][kind] ?? kind})`;
}

export function passwordResetMail(user: MailRecipient, link: string): OutgoingMail {
  const text: MailText =
    user.language === 'en'
      ? {
          subject: 'Reset your password',
          greeting: greeting('en', user.username),
          lines: [
            'We received a request to reset your password.',
            'The link is valid for 30 minutes and works once.',
          ],
          action: 'Set a new password',
          footer: 'If you did not ask for this, ignore this email: your password stays unchanged.',
        }
      : {
          subject: 'Сброс пароля',
          greeting: greeting('ru', user.username),
          lines: [
            'Мы получили запрос на сброс пароля.',
            'Ссылка действительна 30 минут и работает один раз.',
          ],
          action: 'Задать новый пароль',
          footer: 'Если вы не запрашивали сброс, проигнорируйте письмо: пароль останется прежним.',
        };
  return render(user.email, user.language, text, link);
}

export function passwordChangedMail(user: MailRecipient): OutgoingMail {
  const text: MailText =
    user.language === 'en'
      ? {
          subject: 'Your password was changed',
          greeting: greeting('en', user.username),
          lines: [
            'The password of your account was just changed. Your other sessions have been logged out.',
            'If this was not you, reset your password at once and contact support.',
          ],
          footer: 'This is an automatic security notice.',
        }
      : {
          subject: 'Ваш пароль изменён',
          greeting: greeting('ru', user.username),
          lines: [
            'Пароль вашего аккаунта только что изменён. Остальные сеансы завершены.',
            'Если это были не вы, немедленно сбросьте пароль и свяжитесь с поддержкой.',
          ],
          footer: 'Это автоматическое уведомление о безопасности.',
        };
  return render(user.email, user.language, text);
}

/** To the address an account had, after staff changed it: whoever holds that mailbox learns of it. */
export function addressChangedMail(user: MailRecipient, newEmail: string): OutgoingMail {
  const text: MailText =
    user.language === 'en'
      ? {
          subject: 'The email of your account was changed',
          greeting: greeting('en', user.username),
          lines: [
            `Our staff changed the email of your account to ${newEmail}. Your sessions have been logged out, and the new address has to be confirmed.`,
            'If you did not ask for this, contact support at once.',
          ],
          footer: 'This is an automatic security notice.',
        }
      : {
          subject: 'Email вашего аккаунта изменён',
          greeting: greeting('ru', user.username),
          lines: [
            `Сотрудник изменил email вашего аккаунта на ${newEmail}. Все сеансы завершены, новый адрес нужно подтвердить.`,
            'Если вы об этом не просили, немедленно свяжитесь с поддержкой.',
          ],
          footer: 'Это автоматическое уведомление о безопасности.',
        };
  return render(user.email, user.language, text);
}

/** The first SUPER_ADMIN's invitation: a 24-hour link to set the password of an account created at deploy. */
export function adminInvitationMail(user: MailRecipient, link: string): OutgoingMail {
  const text: MailText =
    user.language === 'en'
      ? {
          subject: 'Set the password of your administrator account',
          greeting: greeting('en', user.username),
          lines: [
            'An administrator account (SUPER_ADMIN) was created for this address when the service was deployed.',
            'Set its password to log in. The link is valid for 24 hours and works once.',
          ],
          action: 'Set the password',
          footer: 'If you did not expect this, ignore this email: nobody can log in without the link.',
        }
      : {
          subject: 'Задайте пароль аккаунта администратора',
          greeting: greeting('ru', user.username),
          lines: [
            'При развёртывании сервиса для этого адреса создан аккаунт администратора (SUPER_ADMIN).',
            'Задайте пароль, чтобы войти. Ссылка действительна 24 часа и работает один раз.',
          ],
          action: 'Задать пароль',
          footer: 'Если вы этого не ждали, проигнорируйте письмо: без ссылки войти никто не сможет.',
        };
  return render(user.email, user.language, text, link);
}

const ROLE_NAMES: Record<Language, Record<Role, string>> = {
  en: { USER: 'client', MANAGER: 'manager', ADMIN: 'administrator', SUPER_ADMIN: 'super administrator' },
  ru: { USER: 'клиент', MANAGER: 'менеджер', ADMIN: 'администратор', SUPER_ADMIN: 'суперадминистратор' },
};

/** A staff invitation: a 48-hour single-use link to set a password and a second factor. */
export function staffInvitationMail(
  to: { email: string; language: Language },
  role: Role,
  link: string,
  validHours: number,
): OutgoingMail {
  const roleName = ROLE_NAMES[to.language][role];
  const text: MailText =
    to.language === 'en'
      ? {
          subject: 'You are invited to join the staff',
          greeting: greeting('en', null),
          lines: [
            `You are invited to join the exchange office's staff as ${roleName} (${role}).`,
            `Open the link to set your password and a second factor (an authenticator app). The link is valid for ${validHours} hours and works once.`,
          ],
          action: 'Accept the invitation',
          footer: 'If you did not expect this, ignore this email: no account is created without the link.',
        }
      : {
          subject: 'Приглашение в команду обменника',
          greeting: greeting('ru', null),
          lines: [
            `Вас пригласили в команду обменника: роль — ${roleName} (${role}).`,
            `Откройте ссылку, чтобы задать пароль и второй фактор (приложение-аутентификатор). Ссылка действительна ${validHours} часов и работает один раз.`,
          ],
          action: 'Принять приглашение',
          footer: 'Если вы этого не ждали, проигнорируйте письмо: без ссылки аккаунт не создаётся.',
        };
  return render(to.email, to.language, text, link);
}

/** A security notice: staff changed the role of the holder's account. */
export function roleChangedMail(user: MailRecipient, from: Role, to: Role): OutgoingMail {
  const names = ROLE_NAMES[user.language];
  const text: MailText =
    user.language === 'en'
      ? {
          subject: 'The role of your account was changed',
          greeting: greeting('en', user.username),
          lines: [
            `The role of your account was changed from ${names[from]} (${from}) to ${names[to]} (${to}).`,
            'If you did not expect this, contact support at once.',
          ],
          footer: 'This is an automatic security notice.',
        }
      : {
          subject: 'Роль вашего аккаунта изменена',
          greeting: greeting('ru', user.username),
          lines: [
            `Роль вашего аккаунта изменена: ${names[from]} (${from}) → ${names[to]} (${to}).`,
            'Если вы этого не ждали, немедленно свяжитесь с поддержкой.',
          ],
          footer: 'Это автоматическое уведомление о безопасности.',
        };
  return render(user.email, user.language, text);
}

/** A security notice: two-step verification was turned on for the holder's account. */
export function mfaEnabledMail(user: MailRecipient): OutgoingMail {
  const text: MailText =
    user.language === 'en'
      ? {
          subject: 'Two-step verification is on',
          greeting: greeting('en', user.username),
          lines: [
            'Two-step verification (an authenticator app) was just turned on for your account. Your other sessions have been logged out.',
            'If this was not you, reset your password at once and contact support.',
          ],
          footer: 'This is an automatic security notice.',
        }
      : {
          subject: 'Двухэтапная проверка включена',
          greeting: greeting('ru', user.username),
          lines: [
            'Для вашего аккаунта только что включена двухэтапная проверка (приложение-аутентификатор). Остальные сеансы завершены.',
            'Если это были не вы, немедленно сбросьте пароль и свяжитесь с поддержкой.',
          ],
          footer: 'Это автоматическое уведомление о безопасности.',
        };
  return render(user.email, user.language, text);
}
