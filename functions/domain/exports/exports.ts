import { randomUUID } from 'node:crypto';
import { logger } from '@functions/commons/logger';
import { ExportFileUpload, exportDownloadUrl, exportFileKey } from '@functions/data/export-files';
import {
  type ExportJobRecord,
  findExportJob,
  finishExportJob,
  putExportJob,
} from '@functions/data/export-jobs';
import { startExportWorker } from '@functions/data/workers';
import { periodBounds } from '@shared/business-time';
import type { ExportJobView, ExportRequestBody } from '@shared/contract/exports';
import type { Language } from '@shared/enums';
import { ATTACHMENT_URL_SECONDS } from '@shared/messages';
import { resolvePeriod } from '../transactions/history';
import { ExportNotFound } from './errors';
import { exportRows } from './rows';
import { exportWriter, transactionsFileName } from './writers';

/**
 * Exports of the transaction history (docs/product.md §2 "Exports", docs/architecture.md "The
 * export worker"): asked for by POST, prepared by the worker into a file of the uploads bucket
 * (exports/…, deleted a day later), and offered by GET as a short-lived download link.
 */

/** Longer than the worker's timeout (infra/stacks/exports-stack.ts): a job still preparing then was lost. */
export const EXPORT_WORKER_GIVES_UP_MS = 16 * 60_000;

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

interface Requester {
  id: string;
  language: Language;
}

/** POST /admin/exports: the job, recorded, and the worker started on it. */
export async function requestExport(
  body: ExportRequestBody,
  requester: Requester,
  now: Date = new Date(),
): Promise<ExportJobView> {
  const { period, timeZone } = await resolvePeriod(body, now);
  const job: ExportJobRecord = {
    id: randomUUID(),
    state: 'preparing',
    format: body.format,
    language: body.language ?? requester.language,
    from: period.from,
    to: period.to,
    timeZone,
    currency: body.currency ?? null,
    direction: body.direction ?? null,
    fileName: transactionsFileName(period, body, body.format),
    requestedBy: requester.id,
    createdAt: now.toISOString(),
    rows: null,
    finishedAt: null,
  };
  await putExportJob(job);
  await startExportWorker({ exportId: job.id });
  return view(job, now);
}

/**
 * The worker's run: every movement of the job's period and filters, a page at a time, written into
 * the file as it goes into the bucket (full parts of a multipart upload after each page), and the
 * job marked ready with its rows. A job no longer
 * preparing (a repeated invocation) is left as it is; a run that fails marks it failed.
 */
export async function prepareExport(exportId: string): Promise<void> {
  const job = await findExportJob(exportId);
  if (job?.state !== 'preparing') return;
  const upload = new ExportFileUpload(exportFileKey(job.id, job.fileName), CONTENT_TYPES[job.format]);
  try {
    const { since, until } = periodBounds(job.from, job.to, job.timeZone);
    const writer = exportWriter(job.format, { language: job.language, timeZone: job.timeZone }, (chunk) =>
      upload.push(chunk),
    );
    let rows = 0;
    const filter = {
      since: since.toISOString(),
      until: until.toISOString(),
      currency: job.currency ?? undefined,
      direction: job.direction ?? undefined,
    };
    // Each page's bytes go out as full parts before the next page is read.
    for await (const page of exportRows(filter)) {
      writer.add(page);
      rows += page.length;
      await upload.flush();
    }
    await writer.finish();
    await upload.complete();
    await finishExportJob(job.id, { state: 'ready', rows, finishedAt: new Date().toISOString() });
  } catch (error) {
    logger.error('export failed', { exportId, error: error as Error });
    await upload.abort().catch(() => undefined);
    await finishExportJob(job.id, { state: 'failed', rows: null, finishedAt: new Date().toISOString() });
  }
}

/** GET /admin/exports/{id}: the caller's own export, with a fresh download link once ready. */
export async function exportStatus(
  id: string,
  requesterId: string,
  now: Date = new Date(),
): Promise<ExportJobView> {
  const job = await findExportJob(id);
  if (!job || job.requestedBy !== requesterId) throw new ExportNotFound();
  return view(job, now);
}

async function view(job: ExportJobRecord, now: Date): Promise<ExportJobView> {
  const lost =
    job.state === 'preparing' && now.getTime() - Date.parse(job.createdAt) > EXPORT_WORKER_GIVES_UP_MS;
  const ready = job.state === 'ready';
  return {
    id: job.id,
    state: lost ? 'failed' : job.state,
    format: job.format,
    language: job.language,
    period: { from: job.from, to: job.to },
    timeZone: job.timeZone,
    currency: job.currency,
    direction: job.direction,
    fileName: job.fileName,
    createdAt: job.createdAt,
    rows: job.rows,
    finishedAt: job.finishedAt,
    downloadUrl: ready
      ? await exportDownloadUrl(exportFileKey(job.id, job.fileName), {
          fileName: job.fileName,
          contentType: CONTENT_TYPES[job.format],
        })
      : null,
    downloadExpiresAt: ready ? new Date(now.getTime() + ATTACHMENT_URL_SECONDS * 1000).toISOString() : null,
  };
}
