import { randomUUID } from 'node:crypto';
import { GetObjectTaggingCommand } from '@aws-sdk/client-s3';
import { findAttachments } from '@functions/data/attachments';
import { messagePut } from '@functions/data/messages';
import { Transaction } from '@functions/data/transactions';
import { adminListMessages, listMyMessages, postMyMessage } from '@shared/routes/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';
import { createApplication } from '../applications/fixtures';
import { announce, bucket, keyOfReadUrl, PNG, s3, sendFile, uploadPng } from './fixtures';

/**
 * A file in the thread is what was checked and named as it reads (docs/architecture.md §4
 * "Messages and uploads"): an upload's presigned POST stays valid for minutes after the message
 * that carries it, and a name can carry characters that make it read as another.
 */
let owner: TestUser;
let staff: TestUser;
let applicationId: string;

beforeAll(async () => {
  [owner, staff] = await Promise.all([createVerifiedUser(), createVerifiedUser({ role: 'MANAGER' })]);
  applicationId = (await createApplication(owner)).id;
});

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

async function readFile(url: string) {
  const answer = await fetch(url);
  return {
    status: answer.status,
    contentType: answer.headers.get('content-type'),
    disposition: answer.headers.get('content-disposition'),
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
}

describe('a file sent in a message', () => {
  it('stays the checked PNG when the same upload form is POSTed again with HTML, and is never tagged pending again', async () => {
    const announced = await announce('client', owner.token, applicationId, {
      contentType: 'image/png',
      size: PNG.length,
    });
    expect((await sendFile(announced.upload, PNG)).status).toBe(204);
    const sent = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'the receipt', attachmentIds: [announced.id] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    // The policy is still valid: the bucket takes the same fields again, with other bytes.
    const replaced = await sendFile(announced.upload, HTML);
    expect(replaced.status).toBe(204);

    const forOwner = await call(listMyMessages, { token: owner.token, params: { id: applicationId } });
    const forStaff = await call(adminListMessages, { token: staff.token, params: { id: applicationId } });
    for (const listed of [forOwner, forStaff]) {
      const message = listed.body.data!.items.find((item) => item.id === sent.body.data!.id)!;
      const file = await readFile(message.attachments[0]!.url);
      expect(file.status).toBe(200);
      expect(file.bytes.toString('latin1')).toBe(PNG.toString('latin1'));
      expect(file.contentType).toBe('image/png');
      const stored = await s3.send(
        new GetObjectTaggingCommand({ Bucket: bucket, Key: keyOfReadUrl(message.attachments[0]!.url) }),
      );
      expect(stored.TagSet).toEqual([{ Key: 'upload', Value: 'attached' }]);
    }
  });

  it('of a message sent before copies existed is still served from its upload', async () => {
    const fileId = await uploadPng('client', owner.token, applicationId, 'old.png');
    const messageId = randomUUID();
    await new Transaction()
      .add(
        'message',
        messagePut({
          id: messageId,
          applicationId,
          authorId: owner.id,
          side: 'client',
          text: 'sent before the copies',
          files: [
            {
              id: fileId,
              fileName: '\u202Egnp.exe',
              contentType: 'image/png',
              size: PNG.length,
              key: `attachments/${applicationId}/${fileId}`,
            },
          ],
          createdAt: new Date().toISOString(),
        }),
      )
      .run();

    const listed = await call(adminListMessages, { token: staff.token, params: { id: applicationId } });

    const [file] = listed.body.data!.items.find((item) => item.id === messageId)!.attachments;
    expect(file!.fileName).toBe('gnp.exe');
    const read = await readFile(file!.url);
    expect([read.status, read.bytes.equals(PNG)]).toEqual([200, true]);
    expect(read.disposition).toBe("inline; filename*=UTF-8''gnp.exe");
  });
});

describe('a file name', () => {
  it('is stored and served without bidirectional and control characters', async () => {
    const fileName = '\u202Egnp\u0000.exe\u200F';
    const fileId = await uploadPng('client', owner.token, applicationId, fileName);

    const sent = await call(postMyMessage, {
      token: owner.token,
      params: { id: applicationId },
      body: { text: 'a picture', attachmentIds: [fileId] },
    });

    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await findAttachments([fileId])).get(fileId)!.fileName).toBe('gnp.exe');
    const listed = await call(adminListMessages, { token: staff.token, params: { id: applicationId } });
    const [file] = listed.body.data!.items.find((item) => item.id === sent.body.data!.id)!.attachments;
    expect(file!.fileName).toBe('gnp.exe');
    const read = await readFile(file!.url);
    expect(read.disposition).toBe("inline; filename*=UTF-8''gnp.exe");
  });
});
