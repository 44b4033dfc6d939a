import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
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

/** A part of a multipart upload: S3 takes 5 MB at least for each but the last. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * A file written into the bucket as it is made: bytes are pushed as the writer makes them, and
 * each `flush` sends every full 8 MB part (a multipart upload, begun with the first part), so the
 * worker holds at most a part and a page's bytes. A file that never fills a part is one PutObject.
 * `abort` drops the parts sent (the bucket's rule would, a day later).
 */
export class ExportFileUpload {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private uploadId: string | undefined;
  private readonly parts: Array<{ PartNumber: number; ETag: string }> = [];

  constructor(
    private readonly key: string,
    private readonly contentType: string,
  ) {}

  push(chunk: Uint8Array): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
  }

  async flush(): Promise<void> {
    while (this.pendingBytes >= PART_BYTES) {
      const bytes = Buffer.concat(this.pending);
      this.pending = [bytes.subarray(PART_BYTES)];
      this.pendingBytes = bytes.length - PART_BYTES;
      await this.sendPart(bytes.subarray(0, PART_BYTES));
    }
  }

  async complete(): Promise<void> {
    await this.flush();
    const rest = Buffer.concat(this.pending);
    const { s3, name } = uploadsBucket();
    if (this.uploadId === undefined) {
      await s3.send(
        new PutObjectCommand({ Bucket: name, Key: this.key, Body: rest, ContentType: this.contentType }),
      );
      return;
    }
    if (rest.length > 0) await this.sendPart(rest);
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: name,
        Key: this.key,
        UploadId: this.uploadId,
        MultipartUpload: { Parts: this.parts },
      }),
    );
  }

  async abort(): Promise<void> {
    if (this.uploadId === undefined) return;
    const { s3, name } = uploadsBucket();
    await s3.send(new AbortMultipartUploadCommand({ Bucket: name, Key: this.key, UploadId: this.uploadId }));
  }

  private async sendPart(body: Uint8Array): Promise<void> {
    const { s3, name } = uploadsBucket();
    if (this.uploadId === undefined) {
      const created = await s3.send(
        new CreateMultipartUploadCommand({ Bucket: name, Key: this.key, ContentType: this.contentType }),
      );
      this.uploadId = created.UploadId!;
    }
    const PartNumber = this.parts.length + 1;
    const { ETag } = await s3.send(
      new UploadPartCommand({ Bucket: name, Key: this.key, UploadId: this.uploadId, PartNumber, Body: body }),
    );
    this.parts.push({ PartNumber, ETag: ETag! });
  }
}

/** A 5-minute link that downloads the file under its name. */
export function exportDownloadUrl(
  key: string,
  file: { fileName: string; contentType: string },
): Promise<string> {
  return readUrl(key, file, 'attachment');
}
