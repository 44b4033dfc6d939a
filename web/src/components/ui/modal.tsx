import { useTranslation } from '@web/lib/i18n';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons';

/**
 * Shows the <dialog> given the returned ref as a modal while `open`, and closes it otherwise (where
 * the browser lacks showModal, the `open` attribute stands in).
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return ref;
}

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it, and
 * focus returns to the opener on close.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const { t } = useTranslation('common');
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; keyboard users have Escape.
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <>
          <div className="modal__header">
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
            <button type="button" className="toast__close" onClick={onClose} aria-label={t('actions.close')}>
              <CloseIcon />
            </button>
          </div>
          <div className="modal__body">{children}</div>
        </>
      )}
    </dialog>
  );
}
