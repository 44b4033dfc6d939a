import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import type { Resource } from '@web/lib/use-resource';
import type { ReactNode } from 'react';
import { Loaded } from './load-state';
import './detail-modal.css';

interface DetailModalProps<T> {
  title: string;
  detail: Resource<T>;
  /** The title of the failure, when the detail cannot be loaded. */
  errorTitle: string;
  onClose: () => void;
  children: (data: T) => ReactNode;
  /** Buttons before Close in the footer, once the detail is loaded. */
  actions?: (data: T) => ReactNode;
}

/** A wide modal showing a loaded record (a row's detail), closed by the button in its footer. */
export function DetailModal<T>({
  title,
  detail,
  errorTitle,
  onClose,
  children,
  actions,
}: DetailModalProps<T>) {
  const { t } = useTranslation('admin');
  return (
    <Modal open title={title} onClose={onClose}>
      <div className="modal-wide">
        <Loaded resource={detail} errorTitle={errorTitle}>
          {(data) => (
            <>
              {children(data)}
              <div className="modal__footer">
                {actions?.(data)}
                <Button onClick={onClose}>{t('common.close')}</Button>
              </div>
            </>
          )}
        </Loaded>
      </div>
    </Modal>
  );
}
