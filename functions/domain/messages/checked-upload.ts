import { logger } from '@functions/commons/logger';
import { copyUpload, deleteUpload, UploadReplaced, uploadedObject } from '@functions/data/uploads';
import {
  ATTACHMENT_MAX_BYTES,
  type AttachmentContentType,
  MAGIC_BYTES_LENGTH,
  startsAsDeclared,
} from '@shared/messages';
import { UploadChanged, UploadMissing, UploadSizeMismatch, UploadTypeMismatch } from './errors';

/**
 * An upload announced for the uploads bucket (docs/architecture.md §4 "Messages and uploads"): a
 * thread's attachment, or a verification photo (functions/domain/verification), checked and kept
 * the same way before anyone is shown it.
 */
export interface AnnouncedUpload {
  id: string;
  key: string;
  fileName: string;
  contentType: AttachmentContentType;
  size: number;
}

/**
 * What arrived in the bucket must be what was announced: there, at most 5 MB, the announced size,
 * and starting with the announced type's magic bytes. A file that is not is deleted at once.
 * Answers the ETag of the object that passed, the one the message's copy must be made of.
 */
export async function checkUpload(attachment: AnnouncedUpload): Promise<string> {
  const arrived = await uploadedObject(attachment.key, MAGIC_BYTES_LENGTH).catch((error: unknown) => {
    throw error instanceof UploadReplaced ? new UploadChanged(attachment.id, attachment.fileName) : error;
  });
  if (!arrived) throw new UploadMissing(attachment.id, attachment.fileName);
  let refusal: Error | undefined;
  if (arrived.size > ATTACHMENT_MAX_BYTES || arrived.size !== attachment.size) {
    refusal = new UploadSizeMismatch(attachment.id, attachment.fileName, attachment.size, arrived.size);
  } else if (!startsAsDeclared(attachment.contentType, arrived.firstBytes)) {
    refusal = new UploadTypeMismatch(attachment.id, attachment.fileName, attachment.contentType);
  }
  if (refusal) {
    await deleteUpload(attachment.key).catch((error: unknown) =>
      logger.warn('Could not delete a refused upload', { key: attachment.key, error: String(error) }),
    );
    throw refusal;
  }
  return arrived.etag;
}

/**
 * Copies a checked upload to the message's own key, byte for byte the object that was checked:
 * its POST policy may still be valid and could replace the upload, never the copy.
 */
export async function keepUpload(
  attachment: AnnouncedUpload,
  etag: string,
  destination: string,
): Promise<void> {
  try {
    await copyUpload({ key: attachment.key, etag }, destination);
  } catch (error) {
    if (error instanceof UploadReplaced) throw new UploadChanged(attachment.id, attachment.fileName);
    throw error;
  }
}

/**
 * The uploads a message (or a verification request) now carries copies of are not needed any more (best effort: one left is
 * still tagged pending, and the lifecycle rule deletes it a day after it arrived).
 */
export async function deleteSentUploads(attachments: AnnouncedUpload[]): Promise<void> {
  await Promise.all(
    attachments.map((attachment) =>
      deleteUpload(attachment.key).catch((error: unknown) =>
        logger.warn('Could not delete a sent upload', { key: attachment.key, error: String(error) }),
      ),
    ),
  );
}
