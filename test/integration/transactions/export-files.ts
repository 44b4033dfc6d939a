import type { ExportJobView } from '@shared/contract/exports';
import type { RouteCall } from '@shared/routes/definition';
import { adminCreateExport, adminGetExport } from '@shared/routes/exports';
import { expect } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { readSemicolonCsv } from './csv-reader';

/**
 * An export asked for over HTTP and awaited as a staff member's page awaits it (asking for its
 * state until the worker marks it ready), and its file downloaded through the link it answers.
 */
export async function exportFile(
  staff: TestUser,
  body: NonNullable<RouteCall<typeof adminCreateExport>['body']>,
  timeoutMs = 20_000,
): Promise<{ job: ExportJobView; bytes: Buffer; contentDisposition: string | null }> {
  const created = await call(adminCreateExport, { token: staff.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.data!.state).toBe('preparing');
  const id = created.body.data!.id;
  let job: ExportJobView | undefined;
  await expect
    .poll(
      async () => {
        job = (await call(adminGetExport, { token: staff.token, params: { id } })).body.data!;
        return job.state;
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .toBe('ready');
  const download = await fetch(job!.downloadUrl!);
  expect(download.status).toBe(200);
  return {
    job: job!,
    bytes: Buffer.from(await download.arrayBuffer()),
    contentDisposition: download.headers.get('content-disposition'),
  };
}

/** A Russian CSV's records, after its byte order mark. */
export function readRussianCsv(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return readSemicolonCsv(bytes.subarray(3).toString('utf8'));
}
