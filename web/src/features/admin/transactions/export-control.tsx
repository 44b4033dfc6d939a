import { EXPORT_FORMATS, type ExportFormat, type ExportJobView } from '@shared/contract/exports';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { saveUrl } from '@web/lib/download';
import { useTranslation } from '@web/lib/i18n';
import { useEffect, useState } from 'react';
import { notify } from '../lib/notify';
import { type ExportRequest, transactionsApi } from './transactions-api';

/** How often a preparing export's state is asked for. */
const POLL_MS = 1_000;

type Filters = Omit<ExportRequest, 'format' | 'language'>;

/**
 * The page's export: the filters' movements as CSV or XLSX, in the interface's language. The server
 * prepares the file in the background (a period may hold 100,000 movements); the control shows it
 * preparing, then offers it for download, each time with a fresh short-lived link.
 */
export function ExportControl({ filters }: { filters: Filters }) {
  const { t, language } = useTranslation('admin');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [job, setJob] = useState<ExportJobView | null>(null);
  const [busy, setBusy] = useState(false);
  const filterKey = JSON.stringify(filters);
  // A file of other filters is not this view's: forget it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter makes the file stale.
  useEffect(() => setJob(null), [filterKey]);

  useEffect(() => {
    if (job?.state !== 'preparing') return;
    const timer = setTimeout(() => {
      transactionsApi.exportState(job.id).then(setJob, (error: unknown) => {
        notify.failure(error, t('transactions.export.failed'));
        setJob(null);
      });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, t]);

  const start = async () => {
    setBusy(true);
    try {
      setJob(await transactionsApi.startExport({ ...filters, format, language }));
    } catch (error) {
      notify.failure(error, t('transactions.export.startFailed'));
    } finally {
      setBusy(false);
    }
  };

  const download = async (id: string) => {
    setBusy(true);
    try {
      // The link the state answered may have lapsed: ask for a fresh one.
      const fresh = await transactionsApi.exportState(id);
      setJob(fresh);
      if (fresh.downloadUrl) saveUrl(fresh.downloadUrl, fresh.fileName);
    } catch (error) {
      notify.failure(error, t('transactions.export.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="transactions__export">
      <div className="transactions__export-controls">
        <label className="transactions__export-format">
          <span className="visually-hidden">{t('transactions.export.format')}</span>
          <select
            className="select select--sm"
            value={format}
            onChange={(event) => setFormat(event.target.value as ExportFormat)}
          >
            {EXPORT_FORMATS.map((value) => (
              <option key={value} value={value}>
                {t(`transactions.export.formats.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" onClick={start} loading={busy || job?.state === 'preparing'}>
          {t('transactions.export.start')}
        </Button>
      </div>
      <div className="transactions__export-state">
        {job?.state === 'preparing' && (
          <Alert tone="info">{t('transactions.export.preparing', { fileName: job.fileName })}</Alert>
        )}
        {job?.state === 'ready' && (
          <Alert tone="success">
            {t('transactions.export.ready', { fileName: job.fileName, count: job.rows ?? 0 })}{' '}
            <Button size="sm" variant="secondary" onClick={() => download(job.id)} loading={busy}>
              {t('transactions.export.download')}
            </Button>
          </Alert>
        )}
        {job?.state === 'failed' && <Alert tone="danger">{t('transactions.export.failed')}</Alert>}
      </div>
    </div>
  );
}
