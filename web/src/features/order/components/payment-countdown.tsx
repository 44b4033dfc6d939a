import type { Language } from '@shared/enums';
import { useTranslation } from '@web/lib/i18n';
import { useEffect, useState } from 'react';
import { countdownAnnouncement, formatDeadline, formatTimeLeft } from '../lib/format';
import { useDocumentVisible } from '../lib/use-document-visible';

/**
 * The time left to pay, ticking each second while the page can be seen (no timer while hidden);
 * its live region speaks only at coarse steps (countdownAnnouncement). `onEnd` runs when it reaches
 * the deadline, so the page asks what may be done now.
 */
export function PaymentCountdown({
  deadline,
  language,
  onEnd,
}: {
  deadline: string;
  language: Language;
  onEnd: () => void;
}) {
  const { t } = useTranslation('profile');
  const visible = useDocumentVisible();
  const end = Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!visible) return;
    setNow(Date.now());
    if (Date.now() >= end) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= end) {
        clearInterval(timer);
        onEnd();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [visible, end, onEnd]);

  const left = end - now;
  const said = countdownAnnouncement(left);
  const announcement =
    said.kind === 'minutes'
      ? t('order.countdown.announceMinutes', { count: said.minutes })
      : t(`order.countdown.announce.${said.kind}`);

  return (
    <div className="order-countdown">
      <p className="order-countdown__clock" role="timer">
        {left > 0 ? t('order.countdown.left', { time: formatTimeLeft(left) }) : t('order.countdown.ended')}
      </p>
      <p className="muted order-countdown__deadline">
        {t('order.countdown.deadline')} <time dateTime={deadline}>{formatDeadline(deadline, language)}</time>
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
