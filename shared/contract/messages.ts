import * as z from 'zod/mini';
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_NAME_MAX_LENGTH,
  ATTACHMENTS_PER_MESSAGE,
  cleanFileName,
  MESSAGE_TEXT_MAX_LENGTH,
} from '../messages';
import { schema } from '../schema';
import { optionalQueryText } from './applications';

/**
 * An upload to announce before sending the file: its name, declared type and size. The answer's
 * presigned POST lets the browser send exactly that (the bucket refuses another type or a larger
 * file), and the server checks what arrived before a message may carry it.
 */
export const createAttachmentBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    // Kept without bidirectional and control characters: a name is shown to the other side as
    // it reads, so it must not read as something else (`\u202Egnp.exe` shows as `exe.png`).
    fileName: z.pipe(
      z
        .string({ error: 'required' })
        .check(
          z.trim(),
          z.minLength(1, 'required'),
          z.maxLength(ATTACHMENT_NAME_MAX_LENGTH, 'attachmentNameTooLong'),
        ),
      z.transform(cleanFileName),
    ),
    contentType: z.enum(ATTACHMENT_CONTENT_TYPES, 'attachmentType'),
    size: z
      .number({ error: 'attachmentSize' })
      .check(
        z.int('attachmentSize'),
        z.gte(1, 'attachmentSize'),
        z.lte(ATTACHMENT_MAX_BYTES, 'attachmentTooLarge'),
      ),
  }),
);
export type CreateAttachmentBody = z.infer<typeof createAttachmentBodySchema>;

/** The announced upload: its id (for the message) and the presigned POST the browser sends the file with. */
export const attachmentUploadSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    upload: z.object({
      /** Where to POST a multipart form: `fields` in order, then the file as `file`. */
      url: z.string(),
      fields: z.record(z.string(), z.string()),
    }),
    /** Until when the POST is accepted. */
    expiresAt: z.string(),
  }),
);
export type AttachmentUpload = z.infer<typeof attachmentUploadSchema>;

/** A message: text (possibly empty when it carries files) and the ids of uploads to attach. */
export const postMessageBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      text: z._default(
        z.string().check(z.trim(), z.maxLength(MESSAGE_TEXT_MAX_LENGTH, 'messageTooLong')),
        '',
      ),
      attachmentIds: z._default(
        z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(
          z.maxLength(ATTACHMENTS_PER_MESSAGE, 'tooManyAttachments'),
          z.refine((ids) => new Set(ids).size === ids.length, 'attachmentRepeated'),
        ),
        [],
      ),
    })
    .check(
      z.refine((body) => body.text !== '' || body.attachmentIds.length > 0, {
        message: 'messageEmpty',
        path: ['text'],
      }),
    ),
);
export type PostMessageBody = z.infer<typeof postMessageBodySchema>;

/** A file of a message; `url` reads it for a few minutes (a presigned GET). */
export const messageAttachmentSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number(),
    url: z.string(),
  }),
);
export type MessageAttachmentView = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    /** Which side wrote it: the application's owner or staff. */
    from: z.enum(['client', 'staff']),
    /** Written by the caller. */
    mine: z.boolean(),
    /** Plain text: show it as text, never as HTML. */
    text: z.string(),
    attachments: z.array(messageAttachmentSchema),
    createdAt: z.string(),
  }),
);
export type MessageView = z.infer<typeof messageSchema>;

/** The newest messages, oldest first; `nextCursor` reads the page before them. */
export const messagesPageSchema = /* @__PURE__ */ schema(() =>
  z.object({
    items: z.array(messageSchema),
    nextCursor: z.nullable(z.string()),
  }),
);
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const listMessagesQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({ cursor: optionalQueryText(300) }),
);
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;
