// Routes of one area of the manifest (docs/architecture.md §2): A client's cards and their verification by photo, the identity verification, and staff's verification queue.
import {
  addCardBodySchema,
  announcePhotoBodySchema,
  cardParamsSchema,
  startVerificationBodySchema,
  verificationDecisionBodySchema,
  verificationParamsSchema,
} from '@shared/contract/verification';
import type { RouteDefinition } from './definition';

export const getMyVerification = {
  method: 'GET',
  path: '/api/verification',
  handler: 'handlers/verification/get-mine',
  access: 'user',
  summary: "The caller's verification tier, cards (with each one's verification) and identity verification",
  tag: 'verification',
  response: 'myVerificationSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const addMyCard = {
  method: 'POST',
  path: '/api/cards',
  handler: 'handlers/verification/add-card',
  access: 'user',
  summary: "Add a card to the caller's profile: bank, last four digits, holder's name (never the number)",
  tag: 'verification',
  body: addCardBodySchema,
  successStatus: 201,
  response: 'cardViewSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const removeMyCard = {
  method: 'DELETE',
  path: '/api/cards/{id}',
  handler: 'handlers/verification/remove-card',
  access: 'user',
  summary: "Remove one of the caller's cards (applications keep their snapshot of it)",
  tag: 'verification',
  params: cardParamsSchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const startVerification = {
  method: 'POST',
  path: '/api/verification/requests',
  handler: 'handlers/verification/start',
  access: 'user',
  summary:
    "Start verifying one of the caller's cards (answers the code its photo shows) or their identity; replaces a request still awaiting photos",
  tag: 'verification',
  body: startVerificationBodySchema,
  successStatus: 201,
  response: 'verificationRequestSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const announceVerificationPhoto = {
  method: 'POST',
  path: '/api/verification/requests/{id}/photos',
  handler: 'handlers/verification/announce-photo',
  access: 'user',
  summary:
    "Announce a photo (JPEG or PNG, at most 5 MB) of one of the caller's requests; answers the presigned POST to upload it with",
  tag: 'verification',
  params: verificationParamsSchema,
  body: announcePhotoBodySchema,
  successStatus: 201,
  response: 'photoUploadSchema',
  uses: { table: 'readWrite', uploads: 'upload' },
} as const satisfies RouteDefinition;

export const submitVerification = {
  method: 'POST',
  path: '/api/verification/requests/{id}/submit',
  handler: 'handlers/verification/submit',
  access: 'user',
  summary:
    "Send a request's uploaded photos to staff (each checked: there, its size, its type's first bytes)",
  tag: 'verification',
  params: verificationParamsSchema,
  response: 'verificationRequestSchema',
  uses: { table: 'readWrite', uploads: 'attach' },
} as const satisfies RouteDefinition;

export const adminListVerifications = {
  method: 'GET',
  path: '/api/admin/verification',
  handler: 'handlers/admin/verification/list',
  access: 'MANAGER',
  summary: 'The verification queue: requests to review, oldest first, then the newest decided ones',
  tag: 'admin-verification',
  response: 'verificationQueueSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminGetVerification = {
  method: 'GET',
  path: '/api/admin/verification/{id}',
  handler: 'handlers/admin/verification/get',
  access: 'MANAGER',
  summary: 'One verification request with its photos as 5-minute links (staff only)',
  tag: 'admin-verification',
  params: verificationParamsSchema,
  response: 'verificationDetailSchema',
  uses: { table: 'read', uploads: 'read' },
} as const satisfies RouteDefinition;

export const adminDecideVerification = {
  method: 'POST',
  path: '/api/admin/verification/{id}/decision',
  handler: 'handlers/admin/verification/decide',
  access: 'MANAGER',
  summary:
    "Approve a verification request (the card verified, the client's tier raised) or reject it with a reason (audited)",
  tag: 'admin-verification',
  params: verificationParamsSchema,
  body: verificationDecisionBodySchema,
  response: 'verificationDetailSchema',
  uses: { table: 'readWrite', uploads: 'read' },
} as const satisfies RouteDefinition;
