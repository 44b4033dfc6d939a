import { passwordResetMail, verificationMail } from '@functions/mail/account-mails';
import { describe, expect, it } from 'vitest';

const link = 'https://exchange.example/verify-email?token=abc';

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
