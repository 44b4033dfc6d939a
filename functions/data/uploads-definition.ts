/**
 * What the uploads bucket of the messages' attachments is, shared by the functions
 * (functions/data/uploads.ts), the data stack that creates it (infra/uploads-bucket.ts) and the
 * local stand-in (infra/local/s3-stand-in.ts), so the three agree on where files live and which
 * tag the lifecycle rule deletes by (docs/architecture.md "Messages and uploads"). No imports: the
 * stacks load it without the S3 client.
 */

/** Every upload's key starts so: `attachments/{applicationId}/{attachmentId}`, the key its presigned POST names. */
export const UPLOAD_KEY_PREFIX = 'attachments/';
/**
 * Every file a message carries is a server-side copy of its checked upload, under this prefix:
 * `sent/{applicationId}/{messageId}/{attachmentId}`. No presigned POST names such a key and the
 * functions that sign POSTs may not write here, so nothing replaces a file after it was checked;
 * the lifecycle rule (on `attachments/`) never matches it.
 */
export const SENT_KEY_PREFIX = 'sent/';
/**
 * The tag an upload carries: `pending` from its presigned POST (the lifecycle rule deletes it a
 * day later); a message's copy is tagged `attached`.
 */
export const UPLOAD_TAG_KEY = 'upload';
export const UPLOAD_TAG_PENDING = 'pending';
export const UPLOAD_TAG_ATTACHED = 'attached';
/** The bucket's lifecycle rule deletes an object still tagged pending this many days after it arrived. */
export const PENDING_UPLOAD_EXPIRY_DAYS = 1;
/**
 * The transaction history's export files: `exports/{exportId}/{fileName}`, written by the export
 * worker only. The bucket's lifecycle rule deletes them a day after they were written.
 */
export const EXPORT_KEY_PREFIX = 'exports/';
export const EXPORT_FILE_EXPIRY_DAYS = 1;
/**
 * A verification photo staff see is a server-side copy like a message's file, under its own part
 * of `sent/`: `sent/verification/{requestId}/{photoId}`, so the retention job may delete these and
 * no message's file (docs/operations.md "Verification photos").
 */
export const VERIFICATION_KEY_PREFIX = `${SENT_KEY_PREFIX}verification/`;
