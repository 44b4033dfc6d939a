import { TELEGRAM_LINK_TOKEN_MINUTES, type TelegramLinkData } from '@shared/contract/telegram';
import type { OwnUser } from '@shared/contract/users';
import { isStaffRole } from '@shared/enums';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ExternalIcon } from '@web/components/ui/icons';
import { useTranslation } from '@web/lib/i18n';
import { dateTimeFormat } from '@web/lib/intl-format';
import { refusalText } from '@web/lib/refusal-text';
import { useAuthStore } from '@web/stores/auth-store';
import { toast } from '@web/stores/toast-store';
import { useEffect, useRef, useState } from 'react';
import { peekOwnUser, startTelegramLink, unlinkTelegram } from '../api/profile-api';

const LOCALES = { ru: 'ru-RU', en: 'en-GB' } as const;

/** How often the page asks whether the link was started in Telegram, while it waits for it. */
export const TELEGRAM_LINK_POLL_MS = 4000;
const LINK_LIFETIME_MS = TELEGRAM_LINK_TOKEN_MINUTES * 60_000;

/**
 * The profile's Telegram section (docs/architecture.md "The Telegram bot"): not linked, a
 * button asks for a one-time deep link, opens it in a new tab and shows it too (a popup blocker may
 * stop the tab), then watches the own user (on focus and every few seconds, until the link lapses)
 * so the section turns to "linked" once Start is pressed in Telegram, without a reload. Linked, the
 * account and an Unlink. The page cannot know beforehand whether the exchange has a bot: without one
 * the server refuses the link (TelegramBotNotConfigured) and its text is shown here.
 */
export function TelegramSection({ user }: { user: OwnUser }) {
  const { t, language } = useTranslation(['profile', 'errors']);
  const setUser = useAuthStore((state) => state.setUser);
  const [link, setLink] = useState<TelegramLinkData | null>(null);
  const [lapsed, setLapsed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const account = user.telegramAccount;
  // The link (by its url) the page waits for while no account is linked.
  const waitingFor = link && !account ? link.url : null;

  useLinkWatch(waitingFor, setUser, () => {
    setLink(null);
    setLapsed(true);
  });

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(refusalText(error, t('errors:generic')));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      const answered = await startTelegramLink();
      setLapsed(false);
      setLink(answered);
      window.open(answered.url, '_blank', 'noopener');
    });

  const unlink = () =>
    run(async () => {
      setUser(await unlinkTelegram());
      setLink(null);
      toast.success(t('telegram.unlinked'));
    });

  const date = dateTimeFormat(LOCALES[language], { dateStyle: 'medium' });
  return (
    <section className="card telegram-link" aria-labelledby="telegram-link-title">
      <div className="telegram-link__header">
        <h2 id="telegram-link-title" className="telegram-link__title">
          {t('telegram.title')}
        </h2>
        <Badge tone={account ? 'success' : 'neutral'}>
          {t(account ? 'telegram.statusLinked' : 'telegram.statusNotLinked')}
        </Badge>
      </div>
      {problem && <Alert tone="danger">{problem}</Alert>}
      {account ? (
        <>
          <p>
            {account.username
              ? t('telegram.linked', {
                  username: account.username,
                  date: date.format(new Date(account.linkedAt)),
                })
              : t('telegram.linkedNoName', { date: date.format(new Date(account.linkedAt)) })}
          </p>
          <div>
            <Button variant="secondary" size="sm" loading={busy} onClick={unlink}>
              {t('telegram.unlink')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">{t('telegram.lead')}</p>
          {link ? (
            <div className="telegram-link__pending" role="status">
              <a className="telegram-link__url" href={link.url} target="_blank" rel="noopener noreferrer">
                {t('telegram.open')}
                <ExternalIcon size={16} />
                <span className="visually-hidden">{t('opensInNewTab')}</span>
              </a>
              <p className="muted">{t('telegram.validFor', { minutes: TELEGRAM_LINK_TOKEN_MINUTES })}</p>
              <p>{t('telegram.hint')}</p>
            </div>
          ) : (
            <>
              {lapsed && <p className="muted">{t('telegram.lapsed')}</p>}
              <div>
                <Button size="sm" loading={busy} onClick={start}>
                  {t('telegram.link')}
                </Button>
              </div>
            </>
          )}
        </>
      )}
      {isStaffRole(user.role) && <p className="muted telegram-link__staff">{t('telegram.staffNote')}</p>}
    </section>
  );
}

/**
 * While `link` is set (a link waits to be started in Telegram): reads the own user when the window
 * regains focus and every TELEGRAM_LINK_POLL_MS, and hands it over once it has a linked account; after
 * the link's lifetime it stops and calls `onLapsed`. The lifetime counts from the answer, not to its
 * `expiresAt`, so a device clock that runs ahead does not end the watch at once. One read at a time.
 */
function useLinkWatch(link: string | null, onLinked: (user: OwnUser) => void, onLapsed: () => void) {
  const handlers = useRef({ onLinked, onLapsed });
  handlers.current = { onLinked, onLapsed };

  useEffect(() => {
    if (!link) return;
    let stopped = false;
    let asking = false;
    const ask = async () => {
      if (asking || stopped) return;
      asking = true;
      const user = await peekOwnUser();
      asking = false;
      if (!stopped && user?.telegramAccount) handlers.current.onLinked(user);
    };
    const poll = window.setInterval(() => void ask(), TELEGRAM_LINK_POLL_MS);
    const lapse = window.setTimeout(() => handlers.current.onLapsed(), LINK_LIFETIME_MS);
    const onFocus = () => void ask();
    window.addEventListener('focus', onFocus);
    return () => {
      stopped = true;
      window.clearInterval(poll);
      window.clearTimeout(lapse);
      window.removeEventListener('focus', onFocus);
    };
  }, [link]);
}
