import { GetObjectTaggingCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { SENT_KEY_PREFIX } from '@functions/data/uploads-definition';
import { postMessage } from '@functions/domain/messages/thread';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_URL_SECONDS, MESSAGE_TEXT_MAX_LENGTH } from '@shared/messages';
import {
  adminGetApplication,
  adminListApplications,
  adminUpdateApplicationDetails,
} from '@shared/routes/admin-applications';
import { getMyApplication } from '@shared/routes/applications';
import {
  adminListMessages,
  adminPostMessage,
  createMyAttachment,
  listMyMessages,
  postMyMessage,
} from '@shared/routes/messages';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../../support/api';
import { mailsTo } from '../../support/mail';
import { createVerifiedUser, type TestUser } from '../../support/users';
import { createApplication } from '../applications/fixtures';
import { announce, bucket, errorCode, keyOfReadUrl, PDF, PNG, s3, sendFile, uploadPng } from './fixtures';

/**
 * The thread of an application (docs/product.md §4): owner and staff write, files go to
 * the uploads bucket by presigned POST (the local S3 stand-in, over real HTTP) and are checked when
 * a message carries them; read links, unread counts and the other side's mail.
 */
let owner: TestUser;
let stranger: TestUser;
let staff: TestUser;
let applicationId: string;

beforeAll(async () => {
  [owner, stranger, staff] = await Promise.all([
    createVerifiedUser(),
    createVerifiedUser(),
    createVerifiedUser({ role: 'ADMIN' }),
  ]);
  applicationId = (await createApplication(owner)).id;
});

describe('the thread of an application', () => {
  it('carries the owner’s and staff’s messages, each side seeing who wrote what', async () => {
    const asked = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'When will you pay out?' },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ from: 'client', mine: true, text: 'When will you pay out?' });

    const fileId = await uploadPng('staff', staff.token, applicationId, 'payout receipt.png');
    const answered = await call(adminPostMessage, {
      token: staff.token,
      params: { id: applicationId },
      body: { text: 'Paid, here is the receipt.', attachmentIds: [fileId] },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);

    const forOwner = await call(listMyMessages, { token: owner.token, params: { id: applicationId } });
    expect(forOwner.status).toBe(200);
    const texts = forOwner.body.data!.items.map(({ from, mine, text }) => ({ from, mine, text }));
    expect(texts).toEqual([
      { from: 'client', mine: true, text: 'When will you pay out?' },
      { from: 'staff', mine: false, text: 'Paid, here is the receipt.' },
    ]);
    const forStaff = await call(adminListMessages, { token: staff.token, params: { id: applicationId } });
    expect(forStaff.body.data!.items.map(({ from, mine }) => ({ from, mine }))).toEqual([
      { from: 'client', mine: false },
      { from: 'staff', mine: true },
    ]);

    const [attachment] = forOwner.body.data!.items[1]!.attachments;
    expect(attachment).toMatchObject({
      id: fileId,
      fileName: 'payout receipt.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    // A 5-minute presigned GET of exactly that file, served as uploaded.
    const link = new URL(attachment!.url);
    expect(link.searchParams.get('X-Amz-Expires')).toBe(String(ATTACHMENT_URL_SECONDS));
    const file = await fetch(attachment!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
  });

  it('answers another user’s application as missing on every call, and staff’s own as not theirs', async () => {
    const strangerCalls = [
      call(listMyMessages, { token: stranger.token, params: { id: applicationId } }),
      call(postMyMessage, { token: stranger.token, params: { id: applicationId }, body: { text: 'hi' } }),
      call(createMyAttachment, {
        token: stranger.token,
        params: { id: applicationId },
        body: { fileName: 'a.png', contentType: 'image/png', size: 10 },
      }),
    ];
    for (const answer of await Promise.all(strangerCalls)) {
      expect([answer.status, answer.body.code]).toEqual([404, 'ApplicationNotFound']);
    }
    const missing = await call(listMyMessages, { token: owner.token, params: { id: 'no-such-application' } });
    expect(missing.status).toBe(404);

    const staffOwn = await createApplication(staff);
    const ownThread = await call(adminListMessages, { token: staff.token, params: { id: staffOwn.id } });
    expect([ownThread.status, ownThread.body.code]).toEqual([403, 'OwnApplication']);
  });

  it('gives read links only to the owner and staff: a stranger reaches no message, so no link', async () => {
    const answer = await call(listMyMessages, { token: stranger.token, params: { id: applicationId } });

    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain('X-Amz-Signature');
    const owned = await call(listMyMessages, { token: owner.token, params: { id: applicationId } });
    expect(JSON.stringify(owned.body)).toContain('X-Amz-Signature');
  });

  it('keeps 2,000 characters and refuses 2,001', async () => {
    const longest = 'я'.repeat(MESSAGE_TEXT_MAX_LENGTH);
    const kept = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: longest },
    });
    expect(kept.status).toBe(201);
    expect(kept.body.data!.text).toBe(longest);

    const refused = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: `${longest}я` },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors!.map((error) => [error.path, error.code])).toEqual([
      ['text', 'messageTooLong'],
    ]);
  });

  it('refuses a message with 6 attachments, and one with no text and no file', async () => {
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        uploadPng('client', owner.token, applicationId, `f${index}.png`),
      ),
    );
    const six = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'six files', attachmentIds: ids },
    });
    expect(six.status).toBe(400);
    expect(six.body.errors!.map((error) => error.code)).toEqual(['tooManyAttachments']);

    const five = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: '', attachmentIds: ids.slice(0, 5) },
    });
    expect(five.status, JSON.stringify(five.body)).toBe(201);
    expect(five.body.data!.attachments).toHaveLength(5);

    const empty = await call(postMyMessage, { token: owner.token, params: { id: applicationId }, body: {} });
    expect(empty.body.errors!.map((error) => error.code)).toEqual(['messageEmpty']);
  });

  it('refuses to announce a file over 5 MB or of another type', async () => {
    const tooLarge = await call(createMyAttachment, {
      token: owner.token,
      params: { id: applicationId },
      body: { fileName: 'big.png', contentType: 'image/png', size: ATTACHMENT_MAX_BYTES + 1 },
    });
    expect(tooLarge.body.errors!.map((error) => error.code)).toEqual(['attachmentTooLarge']);

    const wrongType = await call(createMyAttachment, {
      token: owner.token,
      params: { id: applicationId },
      body: { fileName: 'page.html', contentType: 'text/html' as 'image/png', size: 100 },
    });
    expect(wrongType.body.errors!.map((error) => error.code)).toEqual(['attachmentType']);
  });

  it('lets the bucket refuse a file over 5 MB by the POST policy, storing nothing', async () => {
    const announced = await announce('client', owner.token, applicationId, {
      contentType: 'image/png',
      size: ATTACHMENT_MAX_BYTES,
    });
    const oversized = Buffer.concat([PNG, Buffer.alloc(ATTACHMENT_MAX_BYTES + 1 - PNG.length)]);

    const sent = await sendFile(announced.upload, oversized);

    expect(sent.status).toBe(400);
    expect(errorCode(sent.text)).toBe('EntityTooLarge');
    expect(sent.text).toContain(`<MaxSizeAllowed>${ATTACHMENT_MAX_BYTES}</MaxSizeAllowed>`);
    const message = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'big', attachmentIds: [announced.id] },
    });
    expect([message.status, message.body.code]).toEqual([400, 'UploadMissing']);
  });

  it('lets the bucket refuse another Content-Type than announced, and another key', async () => {
    const announced = await announce('client', owner.token, applicationId, {
      contentType: 'image/png',
      size: PDF.length,
    });

    const asPdf = await sendFile(announced.upload, PDF, { 'Content-Type': 'application/pdf' });
    expect([asPdf.status, errorCode(asPdf.text)]).toEqual([403, 'AccessDenied']);
    const elsewhere = await sendFile(announced.upload, PNG, { key: `attachments/${applicationId}/mine` });
    expect([elsewhere.status, errorCode(elsewhere.text)]).toEqual([403, 'AccessDenied']);
  });

  it('refuses a PDF uploaded as a PNG when a message carries it, and deletes the file', async () => {
    const announced = await announce('client', owner.token, applicationId, {
      fileName: 'photo.png',
      contentType: 'image/png',
      size: PDF.length,
    });
    // The policy checks the declared type and the size, not the bytes: the bucket takes it.
    expect((await sendFile(announced.upload, PDF)).status).toBe(204);

    const message = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'my photo', attachmentIds: [announced.id] },
    });

    expect([message.status, message.body.code]).toEqual([400, 'UploadTypeMismatch']);
    await expect(
      s3.send(new HeadObjectCommand({ Bucket: bucket, Key: `attachments/${applicationId}/${announced.id}` })),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('refuses a file of another size than announced', async () => {
    const announced = await announce('client', owner.token, applicationId, {
      contentType: 'image/png',
      size: PNG.length + 50,
    });
    expect((await sendFile(announced.upload, PNG)).status).toBe(204);

    const message = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'short file', attachmentIds: [announced.id] },
    });

    expect([message.status, message.body.code]).toEqual([400, 'UploadSizeMismatch']);
  });

  it('keeps a sent file as a copy tagged attached, drops the upload, sends it once, and attaches no one else’s upload', async () => {
    const fileId = await uploadPng('client', owner.token, applicationId);
    const uploadKey = `attachments/${applicationId}/${fileId}`;
    const pending = await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: uploadKey }));
    expect(pending.TagSet).toEqual([{ Key: 'upload', Value: 'pending' }]);

    const sent = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'receipt', attachmentIds: [fileId] },
    });
    expect(sent.status).toBe(201);
    const shownKey = keyOfReadUrl(sent.body.data!.attachments[0]!.url);
    expect(shownKey).toBe(`${SENT_KEY_PREFIX}${applicationId}/${sent.body.data!.id}/${fileId}`);
    const attached = await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: shownKey }));
    expect(attached.TagSet).toEqual([{ Key: 'upload', Value: 'attached' }]);
    await expect(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: uploadKey }))).rejects.toMatchObject({
      name: 'NotFound',
    });

    const again = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'again', attachmentIds: [fileId] },
    });
    expect([again.status, again.body.code]).toEqual([400, 'AttachmentAlreadySent']);

    const staffFile = await uploadPng('staff', staff.token, applicationId);
    const borrowed = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'not mine', attachmentIds: [staffFile] },
    });
    expect([borrowed.status, borrowed.body.code]).toEqual([400, 'AttachmentUnknown']);
  });

  it('answers HTML in a message as the literal text it is', async () => {
    const text = '<script>alert("x")</script><b>bold</b> &amp; <img src=x onerror=alert(1)>';
    const posted = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text },
    });
    expect(posted.body.data!.text).toBe(text);

    const listed = await call(adminListMessages, { token: staff.token, params: { id: applicationId } });
    expect(listed.body.data!.items.at(-1)!.text).toBe(text);
  });
});

describe('unread messages', () => {
  it('count the other side’s messages until that side reads the thread', async () => {
    const client = await createVerifiedUser();
    const { id } = await createApplication(client);
    const unreadForStaff = async () => {
      const listed = await call(adminListApplications, { token: staff.token, query: { userId: client.id } });
      return listed.body.data!.items.find((item) => item.id === id)!.unreadMessages;
    };
    const unreadForClient = async () =>
      (await call(getMyApplication, { token: client.token, params: { id } })).body.data!.unreadMessages;

    expect(await unreadForStaff()).toBe(0);
    for (const text of ['one', 'two']) {
      await call(postMyMessage, { token: client.token, params: { id }, body: { text } });
    }
    expect(await unreadForStaff()).toBe(2);
    expect(await unreadForClient()).toBe(0);
    const detail = await call(adminGetApplication, { token: staff.token, params: { id } });
    expect(detail.body.data!.unreadMessages).toBe(2);

    await call(adminListMessages, { token: staff.token, params: { id } });
    expect(await unreadForStaff()).toBe(0);

    await call(adminPostMessage, { token: staff.token, params: { id }, body: { text: 'on it' } });
    expect(await unreadForClient()).toBe(1);
    await call(listMyMessages, { token: client.token, params: { id } });
    expect(await unreadForClient()).toBe(0);
  });
});

/** The mails about new messages one address has (not the application's other mails). */
async function messageMailsTo(address: string) {
  return (await mailsTo(address)).filter((mail) => /New message|Новое сообщение/.test(mail.subject));
}

describe('mail about new messages', () => {
  it('mails the other side at most once per 10 minutes per application, never the text', async () => {
    const client = await createVerifiedUser();
    const assignee = await createVerifiedUser({ role: 'MANAGER' });
    const { id } = await createApplication(client);
    const assigned = await call(adminUpdateApplicationDetails, {
      token: staff.token,
      params: { id },
      body: { assignedToId: assignee.id },
    });
    expect(assigned.status).toBe(200);

    for (const text of ['first secret', 'second secret']) {
      expect(
        (await call(postMyMessage, { token: client.token, params: { id }, body: { text } })).status,
      ).toBe(201);
    }
    for (const text of ['reply one', 'reply two']) {
      expect(
        (await call(adminPostMessage, { token: staff.token, params: { id }, body: { text } })).status,
      ).toBe(201);
    }

    const toAssignee = await messageMailsTo(assignee.email);
    expect(toAssignee).toHaveLength(1);
    expect(toAssignee[0]!.body.text).toContain(id);
    expect(JSON.stringify(toAssignee[0]!.body)).not.toContain('secret');
    expect(await messageMailsTo(client.email)).toHaveLength(1);

    // Nine minutes on, still none; eleven minutes on, the next message mails the client again.
    const caller = { side: 'staff' as const, userId: staff.id, scope: null };
    await postMessage(
      caller,
      id,
      { text: 'nine minutes on', attachmentIds: [] },
      new Date(Date.now() + 9 * 60_000),
    );
    expect(await messageMailsTo(client.email)).toHaveLength(1);
    await postMessage(
      caller,
      id,
      { text: 'eleven minutes on', attachmentIds: [] },
      new Date(Date.now() + 11 * 60_000),
    );
    expect(await messageMailsTo(client.email)).toHaveLength(2);
    expect(await messageMailsTo(assignee.email)).toHaveLength(1);
  });
});

describe('the uploads stand-in of the local stack', () => {
  it('is the bucket the functions use', () => {
    expect(process.env.UPLOADS_S3_ENDPOINT).toBe(inject('localStack').uploadsUrl);
  });
});
