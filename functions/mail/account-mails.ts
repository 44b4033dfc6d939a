import type { Language } from '@shared/enums';
import type { OutgoingMail } from '../commons/mailer';

/**
 * The account mails in Russian (default) and English, each as plain text and HTML. Links are
 * built by the caller from SITE_URL; every interpolated value is escaped in the HTML part.
 */
interface MailText {
  subject: string;
  greeting: string;
  lines: string[];
  action?: string;
  footer: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function render(to: string, text: MailText, link?: string): OutgoingMail {
  const plain = [text.greeting, '', ...text.lines, ...(link ? ['', link] : []), '', text.footer].join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(text.action ?? link)}</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(link)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5">
<p>${escapeHtml(text.greeting)}</p>
${text.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${button}
<p style="font-size:12px;color:#555">${escapeHtml(text.footer)}</p>
</body></html>`;
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
  return render(user.email, text, link);
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
  return render(user.email, text, link);
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
  return render(user.email, text);
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
  return render(user.email, text);
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
  return render(user.email, text, link);
}
