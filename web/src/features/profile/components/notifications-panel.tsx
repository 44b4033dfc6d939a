import type { NotificationView } from '@shared/contract/notifications';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { BellIcon } from '@web/components/ui/icons';
import { useTranslation } from '@web/lib/i18n';
import { dateTimeFormat } from '@web/lib/intl-format';
import { useResource } from '@web/lib/use-resource';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from '../api/profile-api';

const LOCALES = { ru: 'ru-RU', en: 'en-GB' } as const;

/**
 * The user's notifications with the unread count. The section stays hidden when the API does not
 * offer notifications (docs/product.md §7 names the calls without a screen). While they load, the
 * section shows its heading and the empty state's line, so the usual answer moves nothing below it.
 */
export function NotificationsPanel() {
  const { t, language } = useTranslation(['profile', 'common']);
  const notifications = useResource(fetchNotifications, []);
  // A failed read means notifications are not offered: the section hides.
  if (notifications.error) return null;
  const page = notifications.data;
  const date = dateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' });

  const readOne = async (notification: NotificationView) => {
    if (notification.isRead) return;
    try {
      await markNotificationRead(notification.id);
      notifications.reload();
    } catch {
      // The list is refreshed on the next visit.
    }
  };
  const readAll = async () => {
    try {
      await markAllNotificationsRead();
      notifications.reload();
    } catch {
      // As above.
    }
  };

  return (
    <section className="card notifications" aria-labelledby="notifications-title" aria-busy={!page}>
      <div className="notifications__head">
        <h2 id="notifications-title" className="notifications__title">
          <BellIcon size={20} />
          {t('notifications.title')}
          {page && page.unreadCount > 0 && (
            <Badge tone="info">{t('notifications.unread', { count: page.unreadCount })}</Badge>
          )}
        </h2>
        {page && page.unreadCount > 0 && (
          <Button variant="ghost" size="sm" onClick={readAll}>
            {t('notifications.readAll')}
          </Button>
        )}
      </div>
      {!page || page.items.length === 0 ? (
        <p className="muted">{page ? t('notifications.empty') : t('common:status.loading')}</p>
      ) : (
        <ul className="notifications__list">
          {page.items.slice(0, 5).map((notification) => (
            <li
              key={notification.id}
              className={notification.isRead ? 'notification' : 'notification notification--unread'}
            >
              <div>
                <p className="notification__title">{notification.title}</p>
                <p className="notification__message">{notification.message}</p>
                <p className="notification__date">{date.format(new Date(notification.createdAt))}</p>
              </div>
              {!notification.isRead && (
                <Button variant="ghost" size="sm" onClick={() => readOne(notification)}>
                  {t('notifications.markRead')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
