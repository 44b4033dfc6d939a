import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { siteBucketConfig } from '@functions/commons/config';
import { PAGE_CACHE_CONTROL } from '@shared/site-pages';

/**
 * The site bucket's prerendered pages (docs/architecture.md §13), which the publisher rewrites with
 * the blocks staff wrote: `{language}/{file}.html` as the web build made them and the deploy put
 * them, and `_templates/{language}/{file}.html`, the publisher's copy of the build's page, from
 * which every publish starts (so a block taken back shows the built-in text again).
 */
let client: S3Client | undefined;
let bucketName: string | undefined;

function siteBucket(): { s3: S3Client; name: string } {
  if (!client || !bucketName) {
    const config = siteBucketConfig();
    bucketName = config.bucket;
    client = new S3Client(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {});
  }
  return { s3: client, name: bucketName };
}

export const TEMPLATE_PREFIX = '_templates/';

/** A page's HTML, or undefined when the bucket has no such page (no site deployed yet). */
export async function readSitePage(key: string): Promise<string | undefined> {
  const { s3, name } = siteBucket();
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: name, Key: key }));
    return await object.Body?.transformToString('utf-8');
  } catch (error) {
    if (error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

/** Writes a page as the deploy does: HTML, revalidated on every request. */
export async function writeSitePage(key: string, html: string): Promise<void> {
  const { s3, name } = siteBucket();
  await s3.send(
    new PutObjectCommand({
      Bucket: name,
      Key: key,
      Body: html,
      ContentType: 'text/html; charset=utf-8',
      CacheControl: PAGE_CACHE_CONTROL,
    }),
  );
}
