/**
 * The thread of an application between its owner and staff (docs/architecture.md §4 "Messages and
 * uploads"): the limits both sides check, and how a file's first bytes show its type. The server
 * checks every limit again, and the uploads bucket's presigned POST enforces the size and type.
 */

/** The longest message text, in characters (UTF-16 code units, as the form counts). */
export const MESSAGE_TEXT_MAX_LENGTH = 2000;
/** The largest attachment: 5 MB. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Attachments one message may carry. */
export const ATTACHMENTS_PER_MESSAGE = 5;
/** The longest file name kept with an attachment. */
export const ATTACHMENT_NAME_MAX_LENGTH = 200;
/** A file's name when nothing printable is left of the name it came with (cleanFileName). */
export const ATTACHMENT_DEFAULT_NAME = 'file';
/** The file types a message may carry: photos, screenshots and receipts. */
export const ATTACHMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];
/** A new message mails the other side at most once in this many minutes per application and side. */
export const MESSAGE_MAIL_INTERVAL_MINUTES = 10;
/** How long a file's read link (a presigned GET) works. */
export const ATTACHMENT_URL_SECONDS = 300;
/** How long an upload waits to be attached before it is refused and the bucket deletes it. */
export const UPLOAD_PENDING_HOURS = 24;
/**
 * Messages one user may send in a minute, over all their threads: far above anyone typing, low
 * enough that a script cannot fill a thread (docs/decisions.md).
 */
export const MESSAGES_PER_MINUTE_PER_USER = 20;
/** Messages one thread takes in a minute, from its client and staff together. */
export const MESSAGES_PER_MINUTE_PER_THREAD = 30;
/** The messages one page of the thread carries (the newest; earlier ones by cursor). */
export const MESSAGES_PAGE_SIZE = 50;

/** The first bytes of each type's files: JPEG FF D8 FF, PNG's 8-byte signature, PDF `%PDF-`. */
export const MAGIC_BYTES: Readonly<Record<AttachmentContentType, readonly number[]>> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
};

/** The most bytes any type's signature needs (what the server reads of an upload to check it). */
export const MAGIC_BYTES_LENGTH = Math.max(...Object.values(MAGIC_BYTES).map((bytes) => bytes.length));

export function isAttachmentContentType(value: string): value is AttachmentContentType {
  return (ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(value);
}

/** Whether a file's first bytes are those of the declared type. */
export function startsAsDeclared(contentType: AttachmentContentType, firstBytes: Uint8Array): boolean {
  const signature = MAGIC_BYTES[contentType];
  return (
    signature.length <= firstBytes.length && signature.every((byte, index) => firstBytes[index] === byte)
  );
}

/** Whether an attachment shows as a picture (a thumbnail) rather than a link. */
export function isImageType(contentType: string): boolean {
  return contentType.startsWith('image/');
}

/**
 * What a file name must not carry: bidirectional formatting characters (U+202A–U+202E,
 * U+2066–U+2069, U+200E, U+200F, U+061C), which can show `\u202Egnp.exe` as `exe.png`, and control
 * characters (C0, DEL, C1), which no file name needs and which break headers, logs and the
 * download's Content-Disposition.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const HIDDEN_NAME_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A file name as it is kept and shown: without those characters, trimmed, and `file` when nothing
 * is left (the announcement's schema applies it, and the thread applies it again to names stored
 * before it existed).
 */
export function cleanFileName(name: string): string {
  const cleaned = name.replace(HIDDEN_NAME_CHARACTERS, '').trim();
  return cleaned === '' ? ATTACHMENT_DEFAULT_NAME : cleaned;
}
