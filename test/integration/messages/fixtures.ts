import { S3Client } from '@aws-sdk/client-s3';
import { adminCreateAttachment, createMyAttachment } from '@shared/routes/messages';
import { expect } from 'vitest';
import { call } from '../../support/api';

/**
 * Shared arrangements of the thread's tests: files announced through the API and sent to the
 * uploads bucket (the local S3 stand-in) by their presigned POST, over real HTTP as a browser does.
 */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32)]);

/** The bucket as the tests reach it: the stand-in, with the functions' local credentials. */
export const s3 = new S3Client({
  endpoint: process.env.UPLOADS_S3_ENDPOINT,
  forcePathStyle: true,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
export const bucket = process.env.UPLOADS_BUCKET!;

export type Side = 'client' | 'staff';

/** Announces a file as one side and answers the announcement (id and presigned POST). */
export async function announce(
  side: Side,
  token: string,
  id: string,
  file: { fileName?: string; contentType: 'image/png' | 'image/jpeg' | 'application/pdf'; size: number },
) {
  const route = side === 'client' ? createMyAttachment : adminCreateAttachment;
  const answer = await call(route, {
    token,
    params: { id },
    body: { fileName: file.fileName ?? 'receipt.png', contentType: file.contentType, size: file.size },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data!;
}

/** Sends the bytes as the browser does: the form's fields in order, then the file. */
export async function sendFile(
  upload: { url: string; fields: Record<string, string> },
  bytes: Buffer,
  change: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...change })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'file');
  const answer = await fetch(upload.url, { method: 'POST', body: form });
  return { status: answer.status, text: await answer.text() };
}

/** Announces and uploads a PNG; answers its attachment id. */
export async function uploadPng(
  side: Side,
  token: string,
  id: string,
  fileName = 'receipt.png',
): Promise<string> {
  const announced = await announce(side, token, id, { fileName, contentType: 'image/png', size: PNG.length });
  expect((await sendFile(announced.upload, PNG)).status).toBe(204);
  return announced.id;
}

/** The object key a read link (a path-style presigned GET: `/{bucket}/{key}`) reads. */
export function keyOfReadUrl(url: string): string {
  const [, , ...key] = new URL(url).pathname.split('/');
  return key.map(decodeURIComponent).join('/');
}

/** S3's error code in its XML answer. */
export const errorCode = (xml: string) => /<Code>([^<]+)<\/Code>/.exec(xml)?.[1];
