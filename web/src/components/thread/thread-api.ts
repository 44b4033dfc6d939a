import type { AttachmentUpload, MessagesPage, MessageView } from '@shared/contract/messages';
import type { AttachmentContentType } from '@shared/messages';
import {
  adminCreateAttachment,
  adminListMessages,
  adminPostMessage,
  createMyAttachment,
  listMyMessages,
  postMyMessage,
} from '@shared/routes/messages';
import { call } from '@web/lib/api-client';

/** Which side of the thread the screen is: the application's owner, or staff. */
export type ThreadSide = 'client' | 'staff';

/** The thread's calls of one side: the owner's routes or staff's twins. */
export interface ThreadApi {
  list(applicationId: string, cursor?: string, signal?: AbortSignal): Promise<MessagesPage>;
  announce(
    applicationId: string,
    file: { fileName: string; contentType: AttachmentContentType; size: number },
  ): Promise<AttachmentUpload>;
  post(applicationId: string, body: { text: string; attachmentIds: string[] }): Promise<MessageView>;
}

const clientApi: ThreadApi = {
  list: async (id, cursor, signal) =>
    (await call(listMyMessages, { params: { id }, query: { cursor }, signal })).data,
  announce: async (id, file) => (await call(createMyAttachment, { params: { id }, body: file })).data,
  post: async (id, body) => (await call(postMyMessage, { params: { id }, body })).data,
};

const staffApi: ThreadApi = {
  list: async (id, cursor, signal) =>
    (await call(adminListMessages, { params: { id }, query: { cursor }, signal })).data,
  announce: async (id, file) => (await call(adminCreateAttachment, { params: { id }, body: file })).data,
  post: async (id, body) => (await call(adminPostMessage, { params: { id }, body })).data,
};

export function threadApi(side: ThreadSide): ThreadApi {
  return side === 'client' ? clientApi : staffApi;
}

/** Why an upload to the bucket failed: S3's error code from its XML answer, when it gave one. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string | null,
  ) {
    super(`The bucket refused the upload (${status}${s3Code ? ` ${s3Code}` : ''}).`);
    this.name = 'UploadRefused';
  }
}

/**
 * Sends a file by its presigned POST: the form's fields in the order given, then the file last
 * (S3 ignores fields after it). The bucket answers 204 with no body, or S3's XML error.
 */
export async function uploadFile(upload: AttachmentUpload['upload'], file: Blob): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const answer = await fetch(upload.url, { method: 'POST', body: form });
  if (answer.ok) return;
  const text = await answer.text().catch(() => '');
  throw new UploadRefused(answer.status, /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null);
}
