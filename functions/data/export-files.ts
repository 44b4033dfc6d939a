import { PutObjectCommand } from '@aws-sdk/client-s3';
import { readUrl, uploadsBucket } from './uploads';
import { EXPORT_KEY_PREFIX } from './uploads-definition';

/**
 * The export files (keys.ts pattern 47): objects of the uploads bucket under `exports/`, which the
 * bucket's lifecycle rule deletes a day after they were written; read only through a presigned GET
 * that saves the file under its name.
 */
export function exportFileKey(exportId: string, fileName: string): string {
  return `${EXPORT_KEY_PREFIX}${exportId}/${fileName}`;
}

export async function putExportFile(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const { s3, name } = uploadsBucket();
  await s3.send(new PutObjectCommand({ Bucket: name, Key: key, Body: body, ContentType: contentType }));
}

/** A 5-minute link that downloads the file under its name. */
export function exportDownloadUrl(
  key: string,
  file: { fileName: string; contentType: string },
): Promise<string> {
  return readUrl(key, file, 'attachment');
}
