import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';

/** A failed load: the screen's title for it, the server's message when it sent one, and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  const detail = errorMessage(error, '');
  return (
    <Alert tone="danger">
      <p>
        <strong>{title}</strong>
        {detail && detail !== title ? ` ${detail}` : ''}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

export function InlineLoading() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-loading">
      <Spinner label={t('common.loading')} />
    </div>
  );
}
