import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import type { Resource } from '@web/lib/use-resource';
import type { ReactNode } from 'react';

/** A failed load: the screen's title for it, the server's message when it sent one, and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  const detail = refusalText(error, '');
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

interface LoadedProps<T> {
  resource: Resource<T>;
  /** The title of the failure, when the load fails. */
  errorTitle: string;
  children: (data: T) => ReactNode;
}

/** A resource's failure (with a retry), a spinner until its first answer, then what it loaded. */
export function Loaded<T>({ resource, errorTitle, children }: LoadedProps<T>) {
  if (resource.error) {
    return <LoadError title={errorTitle} error={resource.error} onRetry={resource.reload} />;
  }
  return resource.data ? children(resource.data) : <InlineLoading />;
}
