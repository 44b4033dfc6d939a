import { randomUUID } from 'node:crypto';
import { type ApplicationRecord, findApplication } from '@functions/data/applications';
import {
  type AttachmentRecord,
  attachmentAttach,
  findAttachments,
  putAttachment,
  type ThreadSide,
} from '@functions/data/attachments';
import {
  listThread,
  type MessageFile,
  type MessageRecord,
  markThreadRead,
  messagePut,
  threadCounterUpdate,
} from '@functions/data/messages';
import { outboxPut } from '@functions/data/outbox';
import { type TransactItem, Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { presignUpload, readUrl, sentKey, uploadKey } from '@functions/data/uploads';
import { findUserSummaries } from '@functions/data/user-summaries';
import { dealActorOf, type Principal } from '@functions/domain/accounts/principal';
import { applicationMessageMail } from '@functions/mail/application-message';
import type {
  AttachmentUpload,
  CreateAttachmentBody,
  ListMessagesQuery,
  MessagesPage,
  MessageView,
  PostMessageBody,
} from '@shared/contract/messages';
import { DEFAULT_LANGUAGE, type Language } from '@shared/enums';
import {
  cleanFileName,
  MESSAGE_MAIL_INTERVAL_MINUTES,
  MESSAGES_PAGE_SIZE,
  UPLOAD_PENDING_HOURS,
} from '@shared/messages';
import type { StaffScope } from '@shared/staff-scope';
import { ApplicationNotFound, OwnApplication } from '../applications/errors';
import { assertInScope } from '../applications/staff-access';
import { countQueuedMails } from '../outbox/queue';
import { settingValue } from '../settings/settings';
import { ownerMessageTelegramItems } from '../telegram/outgoing';
import { checkUpload, deleteSentUploads, keepUpload } from './checked-upload';
import { AttachmentAlreadySent, AttachmentUnknown, UploadExpired } from './errors';
import { bookMessage } from './limits';

/**
 * The thread of an application between its owner and staff (docs/architecture.md §4 "Messages and
 * uploads"). The owner reaches it by the client routes, staff (MANAGER+) by the admin routes; each
 * call says which side it is, and staff's the rights their deals are checked against.
 */
export type ThreadCaller =
  | { side: 'client'; userId: string }
  | { side: 'staff'; userId: string; scope: StaffScope | null };

/** Staff calling by the admin routes: their rights are their deal rights (a MANAGER's scope). */
export function staffCaller(principal: Principal): ThreadCaller {
  return { side: 'staff', userId: principal.userId, scope: dealActorOf(principal).scope };
}

/**
 * The application of the thread, if the caller may reach it: the owner only their own (another's
 * reads exactly like a missing one), staff any within their rights but their own (a colleague
 * handles that one).
 */
async function applicationOf(caller: ThreadCaller, applicationId: string): Promise<ApplicationRecord> {
  const application = await findApplication(applicationId);
  if (!application) throw new ApplicationNotFound();
  if (caller.side === 'client' && application.userId !== caller.userId) throw new ApplicationNotFound();
  if (caller.side === 'staff') {
    if (application.userId === caller.userId) throw new OwnApplication();
    assertInScope(caller.scope, application);
  }
  return application;
}

const otherSide = (side: ThreadSide): ThreadSide => (side === 'client' ? 'staff' : 'client');

/**
 * POST /applications/{id}/attachments and its admin twin: announces an upload (pending) and answers
 * the presigned POST that lets the browser send exactly that file to the uploads bucket.
 */
export async function createAttachment(
  caller: ThreadCaller,
  applicationId: string,
  body: CreateAttachmentBody,
  now = new Date(),
): Promise<AttachmentUpload> {
  await applicationOf(caller, applicationId);
  const id = randomUUID();
  const key = uploadKey(applicationId, id);
  await putAttachment({
    id,
    applicationId,
    uploaderId: caller.userId,
    side: caller.side,
    fileName: body.fileName,
    contentType: body.contentType,
    size: body.size,
    key,
    state: 'pending',
    createdAt: now.toISOString(),
    messageId: null,
    expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_PENDING_HOURS * 3600,
  });
  const { url, fields, expiresAt } = await presignUpload(key, body.contentType);
  return { id, upload: { url, fields }, expiresAt: expiresAt.toISOString() };
}

async function toMessageView(caller: ThreadCaller, record: MessageRecord): Promise<MessageView> {
  return {
    id: record.id,
    from: record.side,
    mine: record.authorId === caller.userId,
    text: record.text,
    attachments: await Promise.all(
      record.files.map(async (file) => {
        // Names stored before the announcement cleaned them are cleaned as they are served.
        const fileName = cleanFileName(file.fileName);
        return {
          id: file.id,
          fileName,
          contentType: file.contentType,
          size: file.size,
          url: await readUrl(file.key, { fileName, contentType: file.contentType }),
        };
      }),
    ),
    createdAt: record.createdAt,
  };
}

/**
 * GET /applications/{id}/messages and its admin twin: the newest messages, oldest first, each
 * file with a 5-minute read link; reading marks the caller's side's messages read.
 */
export async function readThread(
  caller: ThreadCaller,
  applicationId: string,
  query: ListMessagesQuery,
): Promise<MessagesPage> {
  const application = await applicationOf(caller, applicationId);
  const page = await listThread(applicationId, { limit: MESSAGES_PAGE_SIZE, cursor: query.cursor });
  const unread = caller.side === 'client' ? application.unreadByClient : application.unreadByStaff;
  if ((unread ?? 0) > 0) await markThreadRead(applicationId, caller.side);
  return {
    items: await Promise.all(page.messages.map((message) => toMessageView(caller, message))),
    nextCursor: page.nextCursor,
  };
}

/** The uploads a message names, if the caller may attach each (else the first refusal). */
async function usableAttachments(
  caller: ThreadCaller,
  applicationId: string,
  ids: readonly string[],
  now: Date,
): Promise<AttachmentRecord[]> {
  if (ids.length === 0) return [];
  const found = await findAttachments(ids);
  return ids.map((id) => {
    const record = found.get(id);
    if (!record || record.applicationId !== applicationId || record.uploaderId !== caller.userId) {
      throw new AttachmentUnknown(id);
    }
    if (record.state !== 'pending') throw new AttachmentAlreadySent(id);
    if (record.expiresAt === null || record.expiresAt * 1000 <= now.getTime()) throw new UploadExpired(id);
    return record;
  });
}

/** Who is mailed about a new message for `reader`: the owner, or the assignee else staffNotifyEmail. */
async function recipientOf(
  reader: ThreadSide,
  application: ApplicationRecord,
): Promise<{ email: string; language: Language } | null> {
  if (reader === 'client') {
    const owner = (await findUserSummaries([application.userId])).get(application.userId);
    return owner ? { email: owner.email, language: owner.language } : null;
  }
  if (application.assignedToId) {
    const assignee = (await findUserSummaries([application.assignedToId])).get(application.assignedToId);
    if (assignee?.isActive && assignee.role !== 'USER') {
      return { email: assignee.email, language: assignee.language };
    }
  }
  const staffAddress = await settingValue('staffNotifyEmail');
  return staffAddress === '' ? null : { email: staffAddress, language: DEFAULT_LANGUAGE };
}

/** The mail a message sends `reader`, when one is due (none within the interval of the last one). */
async function mailOf(
  reader: ThreadSide,
  application: ApplicationRecord,
  now: Date,
): Promise<{ item: TransactItem; mailedBefore: string | null } | null> {
  const mailedBefore =
    reader === 'client' ? application.messageMailedClientAt : application.messageMailedStaffAt;
  if (
    mailedBefore !== null &&
    now.getTime() - Date.parse(mailedBefore) < MESSAGE_MAIL_INTERVAL_MINUTES * 60_000
  ) {
    return null;
  }
  const recipient = await recipientOf(reader, application);
  if (!recipient) return null;
  const mail = applicationMessageMail(recipient.email, recipient.language, {
    applicationId: application.id,
    recipient: reader,
  });
  return { item: outboxPut('application-message', mail, now), mailedBefore };
}

const attachmentPart = (id: string) => `attachment:${id}`;

/**
 * POST /applications/{id}/messages and its admin twin: books the message against the sender's and
 * the thread's rate limits, checks each upload in the bucket and copies it to a key of the
 * message's own, then writes in one transaction the message (showing the copies), each upload
 * attached, the other side's unread count and, when due, its mail (docs/architecture.md §7 "Mail
 * leaves through the outbox").
 *
 * The copies are made before the commit, not after it: a copy lost after a commit would leave a
 * message showing no file, while a commit lost after copying leaves at worst copies nothing shows
 * (docs/decisions.md). The uploads themselves stay tagged pending, so the lifecycle rule deletes
 * any that is not deleted after the commit.
 */
export async function postMessage(
  caller: ThreadCaller,
  applicationId: string,
  body: PostMessageBody,
  now = new Date(),
): Promise<MessageView> {
  const application = await applicationOf(caller, applicationId);
  await bookMessage(caller.userId, applicationId, now);
  const attachments = await usableAttachments(caller, applicationId, body.attachmentIds, now);
  const checked = await Promise.all(attachments.map(checkUpload));

  const id = randomUUID();
  const kept = attachments.map((attachment) => sentKey(applicationId, id, attachment.id));
  await Promise.all(
    attachments.map((attachment, index) => keepUpload(attachment, checked[index]!, kept[index]!)),
  );
  const record: MessageRecord = {
    id,
    applicationId,
    authorId: caller.userId,
    side: caller.side,
    text: body.text,
    files: attachments.map(
      ({ id: fileId, fileName, contentType, size }, index): MessageFile => ({
        id: fileId,
        fileName,
        contentType,
        size,
        key: kept[index]!,
      }),
    ),
    createdAt: now.toISOString(),
  };
  const reader = otherSide(caller.side);
  let mail = await mailOf(reader, application, now);
  // A linked client also hears of staff's message in Telegram, as often as they are mailed of it.
  const owner =
    reader === 'client' ? (await findUserSummaries([application.userId])).get(application.userId) : undefined;
  for (;;) {
    const transaction = new Transaction().add('message', messagePut(record));
    attachments.forEach((attachment, index) => {
      transaction.add(
        attachmentPart(attachment.id),
        attachmentAttach(attachment, {
          messageId: id,
          uploaderId: caller.userId,
          applicationId,
          at: now,
          sentKey: kept[index]!,
        }),
      );
    });
    transaction.add(
      'thread',
      threadCounterUpdate(applicationId, reader, mail ? { at: now, mailedBefore: mail.mailedBefore } : null),
    );
    if (mail) transaction.add('mail', mail.item, ...ownerMessageTelegramItems(owner, applicationId, now));
    try {
      await transaction.run();
      break;
    } catch (error) {
      // Another message mailed this side meanwhile: send this one without a mail.
      if (error instanceof TransactionCancelledError && error.failedOn('thread') && mail) {
        mail = null;
        continue;
      }
      if (error instanceof TransactionCancelledError) {
        const taken = attachments.find((attachment) => error.failedOn(attachmentPart(attachment.id)));
        if (taken) throw new AttachmentAlreadySent(taken.id);
        if (error.failedOn('thread')) throw new ApplicationNotFound();
      }
      throw error;
    }
  }
  if (mail) countQueuedMails();
  await deleteSentUploads(attachments);
  return toMessageView(caller, record);
}
