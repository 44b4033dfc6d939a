import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { uploadsBucketConfig } from '@functions/commons/config';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_URL_SECONDS } from '@shared/messages';
import {
  SENT_KEY_PREFIX,
  UPLOAD_KEY_PREFIX,
  UPLOAD_TAG_ATTACHED,
  UPLOAD_TAG_KEY,
  UPLOAD_TAG_PENDING,
  VERIFICATION_KEY_PREFIX,
} from './uploads-definition';

/**
 * The uploads bucket (docs/architecture.md §4 "Messages and uploads"): private, SSE-S3, reached
 * only through presigned requests the functions sign. An upload is tagged `upload=pending` by its
 * presigned POST, and the bucket's lifecycle rule deletes pending objects after a day. A message
 * never shows the upload itself: its POST policy stays valid for minutes and can send the key
 * again, so a message carries a server-side copy of exactly the bytes that were checked, under a
 * key no policy names (`sent/…`, tagged `upload=attached`; the names are in uploads-definition.ts,
 * which the stacks read too).
 */
/** How long a presigned POST is accepted. */
export const UPLOAD_POST_SECONDS = 10 * 60;

let client: S3Client | undefined;
let bucketName: string | undefined;

/** The bucket's client and name (the transaction exports keep their files here too: data/export-files.ts). */
export function uploadsBucket(): { s3: S3Client; name: string } {
  if (!client || !bucketName) {
    const config = uploadsBucketConfig();
    bucketName = config.bucket;
    client = new S3Client(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {});
  }
  return { s3: client, name: bucketName };
}

/** The object key of an attachment: by application, so an operator can find a thread's files. */
export function uploadKey(applicationId: string, attachmentId: string): string {
  return `${UPLOAD_KEY_PREFIX}${applicationId}/${attachmentId}`;
}

/** The key of a message's copy of an upload: by application and message, never named by a POST policy. */
export function sentKey(applicationId: string, messageId: string, attachmentId: string): string {
  return `${SENT_KEY_PREFIX}${applicationId}/${messageId}/${attachmentId}`;
}

/** The key of a verification photo's checked copy, the one staff are shown (and the retention job deletes). */
export function verificationPhotoKey(requestId: string, photoId: string): string {
  return `${VERIFICATION_KEY_PREFIX}${requestId}/${photoId}`;
}

/** The object at a key is no longer the one that was checked (another POST replaced it, or it is gone). */
export class UploadReplaced extends Error {
  constructor(readonly key: string) {
    super(`The object ${key} changed after it was checked`);
    this.name = 'UploadReplaced';
  }
}

function taggingXml(value: string): string {
  return `<Tagging><TagSet><Tag><Key>${UPLOAD_TAG_KEY}</Key><Value>${value}</Value></Tag></TagSet></Tagging>`;
}

/**
 * A presigned POST for one upload: exactly this key, this Content-Type, 1 byte to 5 MB, tagged
 * pending, for 10 minutes. S3 refuses anything else with 403 before storing a byte.
 */
export async function presignUpload(
  key: string,
  contentType: string,
): Promise<{ url: string; fields: Record<string, string>; expiresAt: Date }> {
  const { s3, name } = uploadsBucket();
  const expiresAt = new Date(Date.now() + UPLOAD_POST_SECONDS * 1000);
  const { url, fields } = await createPresignedPost(s3, {
    Bucket: name,
    Key: key,
    Conditions: [
      ['content-length-range', 1, ATTACHMENT_MAX_BYTES],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType, tagging: taggingXml(UPLOAD_TAG_PENDING) },
    Expires: UPLOAD_POST_SECONDS,
  });
  return { url, fields, expiresAt };
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

function isPreconditionFailure(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'PreconditionFailed' || $metadata?.httpStatusCode === 412;
}

/**
 * What arrived at a key: its size, its first `length` bytes and its ETag, undefined when nothing
 * did. The bytes are read only from the object the HeadObject saw (If-Match its ETag): one
 * replaced in between is `UploadReplaced`, not a mix of two objects.
 */
export async function uploadedObject(
  key: string,
  length: number,
): Promise<{ size: number; firstBytes: Uint8Array; etag: string } | undefined> {
  const { s3, name } = uploadsBucket();
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: name, Key: key }));
    const size = head.ContentLength ?? 0;
    const etag = head.ETag ?? '';
    if (size === 0) return { size, firstBytes: new Uint8Array(), etag };
    const object = await s3.send(
      new GetObjectCommand({ Bucket: name, Key: key, Range: `bytes=0-${length - 1}`, IfMatch: etag }),
    );
    const firstBytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    return { size, firstBytes: firstBytes.subarray(0, length), etag };
  } catch (error) {
    if (isMissing(error)) return undefined;
    if (isPreconditionFailure(error)) throw new UploadReplaced(key);
    throw error;
  }
}

/**
 * Copies a checked upload, server-side, to the key a message shows it from: only while it is still
 * the object that was checked (CopySourceIfMatch its ETag, else `UploadReplaced`), tagged attached
 * instead of the pending tag its POST gave it, and with its Content-Type (the POST policy pinned
 * it to the announced type).
 */
export async function copyUpload(source: { key: string; etag: string }, destination: string): Promise<void> {
  const { s3, name } = uploadsBucket();
  try {
    await s3.send(
      new CopyObjectCommand({
        Bucket: name,
        Key: destination,
        CopySource: `${name}/${source.key.split('/').map(encodeURIComponent).join('/')}`,
        CopySourceIfMatch: source.etag,
        TaggingDirective: 'REPLACE',
        Tagging: `${UPLOAD_TAG_KEY}=${UPLOAD_TAG_ATTACHED}`,
      }),
    );
  } catch (error) {
    if (isPreconditionFailure(error) || isMissing(error)) throw new UploadReplaced(source.key);
    throw error;
  }
}

/** Deletes an upload that was refused (a wrong type or size) or copied to a message, rather than keeping it a day. */
export async function deleteUpload(key: string): Promise<void> {
  const { s3, name } = uploadsBucket();
  await s3.send(new DeleteObjectCommand({ Bucket: name, Key: key }));
}

/**
 * A 5-minute link that reads one file (a presigned GET), served with its own type and as a
 * download named as it was uploaded, or shown inline when it is a picture or a PDF (`attachment`:
 * always saved, never shown).
 */
export function readUrl(
  key: string,
  file: { fileName: string; contentType: string },
  disposition: 'inline' | 'attachment' = 'inline',
): Promise<string> {
  const { s3, name } = uploadsBucket();
  const encodedName = encodeURIComponent(file.fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: name,
      Key: key,
      ResponseContentType: file.contentType,
      ResponseContentDisposition: `${disposition}; filename*=UTF-8''${encodedName}`,
    }),
    { expiresIn: ATTACHMENT_URL_SECONDS },
  );
}
