import { useTranslation } from '@web/lib/i18n';

/**
 * THE MESSAGES THREAD'S PLACE (issue 26). The thread, `ApplicationThread({ applicationId, side })`
 * of web/src/components/thread/application-thread.tsx, is another engineer's and did not exist when
 * this page was written: once it does, render `<ApplicationThread applicationId={applicationId}
 * side="client" />` inside this section instead of the paragraph. The section shows while the
 * client may write (`open`: allowedActions has 'message') or unread messages wait.
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
  const { t } = useTranslation('profile');
  if (!open && unreadMessages === 0) return null;
  return (
    <section className="card" aria-labelledby="order-messages-title" data-thread-slot={applicationId}>
      <h2 id="order-messages-title">{t('order.messages.title')}</h2>
      {unreadMessages > 0 && <p>{t('order.messages.unread', { count: unreadMessages })}</p>}
      <p className="muted">{t('order.messages.pending')}</p>
    </section>
  );
}
