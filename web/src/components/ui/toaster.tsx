import { useTranslation } from '@web/lib/i18n';
import { type Toast, useToastStore } from '@web/stores/toast-store';
import { buttonClass } from './button';
import { CloseIcon } from './icons';

/**
 * Renders the toast store inside the layout's live region (which exists from the start, so the
 * first toast is announced); errors are announced assertively, the rest politely.
 */
export default function ToastList() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  const { t } = useTranslation('common');
  return (
    <>
      {toasts.map((item) => (
        <ToastView
          key={item.id}
          toast={item}
          onDismiss={() => dismiss(item.id)}
          closeLabel={t('actions.close')}
        />
      ))}
    </>
  );
}

function ToastView({
  toast,
  onDismiss,
  closeLabel,
}: {
  toast: Toast;
  onDismiss: () => void;
  closeLabel: string;
}) {
  return (
    <div className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
      {toast.type === 'loading' && <span className="spinner" aria-hidden="true" />}
      <div className="toast__body">
        <p className="toast__message">{toast.message}</p>
        {toast.actions && (
          <div className="toast__actions">
            {toast.actions.map((action) => (
              <button
                key={action.label}
                type="button"
                className={buttonClass(action.tone ?? 'secondary', 'sm')}
                onClick={() => {
                  onDismiss();
                  action.onClick();
                }}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <button type="button" className="toast__close" onClick={onDismiss} aria-label={closeLabel}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
