import {
  addressChangedMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from '@functions/mail/account-mails';
import { SUPPORT_URL } from '@functions/mail/layout';
import { describe, expect, it } from 'vitest';

const link = 'https://exchange.example/verify-email#token=abc_DEF-123';

describe('account mails', () => {
  it('are in Russian for a ru user, with the link in both parts', () => {
    const mail = verificationMail({ email: 'a@example.com', username: 'anna', language: 'ru' }, link);
    expect(mail.subject).toBe('Подтвердите email');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link);
  });

  it('are in English for an en user', () => {
    const mail = passwordResetMail({ email: 'a@example.com', username: 'anna', language: 'en' }, link);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('30 minutes');
  });

  it('escape user-controlled values in the HTML part', () => {
    const mail = verificationMail(
      { email: 'a@example.com', username: '<script>x</script>', language: 'en' },
      link,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});

describe('account mails on the one layout', () => {
  const anna = { email: 'a@example.com', username: 'anna', language: 'ru' } as const;

  it('carry the brand, the text, the link as a button and the support footer in both parts', () => {
    const mail = passwordResetMail({ ...anna, language: 'en' }, link);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Exchange');
      expect(part).toContain('Hello, anna!');
      expect(part).toContain('The link is valid for 30 minutes and works once.');
      expect(part).toContain('Set a new password');
      expect(part).toContain('If you did not ask for this, ignore this email');
      expect(part).toContain(SUPPORT_URL);
    }
    expect(mail.text).toContain(`Set a new password: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('prefers-color-scheme: dark');
  });

  it('write the notices in Russian with no button', () => {
    const changed = passwordChangedMail(anna);
    const moved = addressChangedMail(anna, 'new@example.com');
    expect(changed.subject).toBe('Ваш пароль изменён');
    expect(changed.text).toContain('Обменник');
    expect(changed.text).toContain('Остальные сеансы завершены.');
    expect(changed.html).toContain('Это автоматическое уведомление о безопасности.');
    expect(changed.html).not.toContain('<a href="https://exchange');
    expect(moved.text).toContain('Сотрудник изменил email вашего аккаунта на new@example.com.');
    expect(moved.html).toContain('Вопросы? Напишите в поддержку:');
  });
});
