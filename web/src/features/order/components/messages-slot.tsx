import { Spinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import { lazy, Suspense } from 'react';

/**
 * Loaded by this chunk when a thread is shown: its stylesheet is then this chunk's dependency, not
 * one the landing page's chunk names for the order page's import.
 */
const ApplicationThread = lazy(() =>
  import('@web/components/thread/application-thread').then((m) => ({ default: m.ApplicationThread })),
);

/**
 * The messages with staff: the thread (web/src/components/thread) on the client's side, while the
 * client may write (allowedActions has 'message') or unread messages wait. Its own Suspense: the
 * thread's code and texts load with it, and the rest of the page stays shown meanwhile.
 */
export function MessagesSlot({
  applicationId,
  open,
  unreadMessages,
}: {
  applicationId: string;
  open: boolean;
  unreadMessages: number;
}) {
  const { t } = useTranslation(['profile', 'common']);
  if (!open && unreadMessages === 0) return null;
  return (
    <section className="card" aria-labelledby="order-messages-title">
      <h2 id="order-messages-title">{t('order.messages.title')}</h2>
      {unreadMessages > 0 && <p className="muted">{t('order.messages.unread', { count: unreadMessages })}</p>}
      <Suspense
        fallback={
          <p className="row muted">
            <Spinner decorative /> {t('common:status.loading')}
          </p>
        }
      >
        <ApplicationThread applicationId={applicationId} side="client" />
      </Suspense>
    </section>
  );
}
