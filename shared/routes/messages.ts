// Routes of one area of the manifest (docs/architecture.md §2): The thread of an application between its owner and staff, with attachments uploaded to S3.
import { applicationIdParamsSchema } from '@shared/contract/applications';
import {
  createAttachmentBodySchema,
  listMessagesQuerySchema,
  postMessageBodySchema,
} from '@shared/contract/messages';
import type { RouteDefinition } from './definition';

export const createMyAttachment = {
  method: 'POST',
  path: '/api/applications/{id}/attachments',
  handler: 'handlers/messages/create-attachment',
  access: 'user',
  summary:
    "Announce a file (JPEG, PNG or PDF, at most 5 MB) for the thread of one of the caller's applications; answers the presigned POST to upload it with",
  tag: 'messages',
  params: applicationIdParamsSchema,
  body: createAttachmentBodySchema,
  successStatus: 201,
  response: 'attachmentUploadSchema',
  uses: { table: 'readWrite', uploads: 'upload' },
} as const satisfies RouteDefinition;

export const listMyMessages = {
  method: 'GET',
  path: '/api/applications/{id}/messages',
  handler: 'handlers/messages/list',
  access: 'user',
  summary:
    "The thread of one of the caller's applications, newest page, oldest first (files as 5-minute links); marks it read",
  tag: 'messages',
  params: applicationIdParamsSchema,
  query: listMessagesQuerySchema,
  response: 'messagesPageSchema',
  uses: { table: 'readWrite', uploads: 'read' },
} as const satisfies RouteDefinition;

export const postMyMessage = {
  method: 'POST',
  path: '/api/applications/{id}/messages',
  handler: 'handlers/messages/post',
  access: 'user',
  summary: "Write to staff in the thread of one of the caller's applications, with uploaded files",
  tag: 'messages',
  params: applicationIdParamsSchema,
  body: postMessageBodySchema,
  successStatus: 201,
  response: 'messageSchema',
  uses: { table: 'readWrite', uploads: 'attach' },
} as const satisfies RouteDefinition;

export const adminCreateAttachment = {
  method: 'POST',
  path: '/api/admin/applications/{id}/attachments',
  handler: 'handlers/messages/admin-create-attachment',
  access: 'MANAGER',
  summary:
    "Announce a file for an application's thread as staff; answers the presigned POST to upload it with",
  tag: 'messages',
  params: applicationIdParamsSchema,
  body: createAttachmentBodySchema,
  successStatus: 201,
  response: 'attachmentUploadSchema',
  uses: { table: 'readWrite', uploads: 'upload' },
} as const satisfies RouteDefinition;

export const adminListMessages = {
  method: 'GET',
  path: '/api/admin/applications/{id}/messages',
  handler: 'handlers/messages/admin-list',
  access: 'MANAGER',
  summary: "An application's thread for staff, newest page, oldest first; marks it read for staff",
  tag: 'messages',
  params: applicationIdParamsSchema,
  query: listMessagesQuerySchema,
  response: 'messagesPageSchema',
  uses: { table: 'readWrite', uploads: 'read' },
} as const satisfies RouteDefinition;

export const adminPostMessage = {
  method: 'POST',
  path: '/api/admin/applications/{id}/messages',
  handler: 'handlers/messages/admin-post',
  access: 'MANAGER',
  summary:
    "Write to the client in an application's thread, with uploaded files (not on one's own application)",
  tag: 'messages',
  params: applicationIdParamsSchema,
  body: postMessageBodySchema,
  successStatus: 201,
  response: 'messageSchema',
  uses: { table: 'readWrite', uploads: 'attach' },
} as const satisfies RouteDefinition;
