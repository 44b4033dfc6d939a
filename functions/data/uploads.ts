import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { uploadsBucketConfig } from '@functions/commons/config';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_URL_SECONDS } from '@shared/messages';
import {
  UPLOAD_KEY_PREFIX,
  UPLOAD_TAG_ATTACHED,
  UPLOAD_TAG_KEY,
  UPLOAD_TAG_PENDING,
} from './uploads-definition';

/**
 * The uploads bucket (docs/architecture.md §4 "Messages and uploads"): private, SSE-S3, reached
 * only through presigned requests the functions sign. An upload is tagged `upload=pending` by its
 * presigned POST, and the bucket's lifecycle rule deletes pending objects after a day; a message
 * that carries one tags it `upload=attached`, which the rule does not match (the names are in
 * uploads-definition.ts, which the stacks read too).
 */
/** How long a presigned POST is accepted. */
export const UPLOAD_POST_SECONDS = 10 * 60;

let client: S3Client | undefined;
let bucketName: string | undefined;

function bucket(): { s3: S3Client; name: string } {
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
  const { s3, name } = bucket();
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

/** What arrived at a key: its size and the first `length` bytes; undefined when nothing did. */
export async function uploadedObject(
  key: string,
  length: number,
): Promise<{ size: number; firstBytes: Uint8Array } | undefined> {
  const { s3, name } = bucket();
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: name, Key: key }));
    const size = head.ContentLength ?? 0;
    if (size === 0) return { size, firstBytes: new Uint8Array() };
    const object = await s3.send(
      new GetObjectCommand({ Bucket: name, Key: key, Range: `bytes=0-${length - 1}` }),
    );
    const firstBytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    return { size, firstBytes: firstBytes.subarray(0, length) };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Tags an upload attached (the lifecycle rule keeps it) or pending again (the rule deletes it). */
export async function tagUpload(key: string, state: 'attached' | 'pending'): Promise<void> {
  const { s3, name } = bucket();
  await s3.send(
    new PutObjectTaggingCommand({
      Bucket: name,
      Key: key,
      Tagging: {
        TagSet: [
          { Key: UPLOAD_TAG_KEY, Value: state === 'attached' ? UPLOAD_TAG_ATTACHED : UPLOAD_TAG_PENDING },
        ],
      },
    }),
  );
}

/** Deletes an upload that was refused (a wrong type or size), rather than keeping it a day. */
export async function deleteUpload(key: string): Promise<void> {
  const { s3, name } = bucket();
  await s3.send(new DeleteObjectCommand({ Bucket: name, Key: key }));
}

/**
 * A 5-minute link that reads one file (a presigned GET), served with its own type and as a
 * download named as it was uploaded, or shown inline when it is a picture or a PDF.
 */
export function readUrl(key: string, file: { fileName: string; contentType: string }): Promise<string> {
  const { s3, name } = bucket();
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
      ResponseContentDisposition: `inline; filename*=UTF-8''${encodedName}`,
    }),
    { expiresIn: ATTACHMENT_URL_SECONDS },
  );
}
