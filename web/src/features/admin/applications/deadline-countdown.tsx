import { useTranslation } from '@web/lib/i18n';
import { useEffect, useState } from 'react';

/** The time left as `h:mm:ss`, or `m:ss` under an hour (whole seconds, rounded up). */
export function formatTimeLeft(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** How long the client has left to pay, ticking each second; "deadline passed" once it has. */
export function DeadlineCountdown({ deadline }: { deadline: string }) {
  const { t } = useTranslation('admin');
  const left = Date.parse(deadline) - useNow(1000);
  if (left <= 0)
    return (
      <span className="deal-countdown deal-countdown--over">{t('applications.deal.deadlinePassed')}</span>
    );
  return (
    <span className="deal-countdown" role="timer">
      {t('applications.deal.timeLeft', { time: formatTimeLeft(left) })}
    </span>
  );
}
