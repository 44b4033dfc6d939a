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
