/**
 * What the uploads bucket of the messages' attachments is, shared by the functions
 * (functions/data/uploads.ts), the data stack that creates it (infra/uploads-bucket.ts) and the
 * local stand-in (infra/local/s3-stand-in.ts), so the three agree on where files live and which
 * tag the lifecycle rule deletes by (docs/architecture.md "Messages and uploads"). No imports: the
 * stacks load it without the S3 client.
 */

/** Every attachment's key starts so: `attachments/{applicationId}/{attachmentId}`. */
export const UPLOAD_KEY_PREFIX = 'attachments/';
/** The tag an upload carries: `pending` from its presigned POST until a message carries it, then `attached`. */
export const UPLOAD_TAG_KEY = 'upload';
export const UPLOAD_TAG_PENDING = 'pending';
export const UPLOAD_TAG_ATTACHED = 'attached';
/** The bucket's lifecycle rule deletes an object still tagged pending this many days after it arrived. */
export const PENDING_UPLOAD_EXPIRY_DAYS = 1;
