// Routes of one area of the manifest (docs/architecture.md §2): A user's own exchange applications.
import {
  applicationIdParamsSchema,
  createApplicationBodySchema,
  createApplicationHeadersSchema,
  listMyApplicationsQuerySchema,
} from '@shared/contract/applications';
import { validateTelegramBodySchema } from '@shared/contract/misc';
import type { RouteDefinition } from './definition';

export const validateTelegram = {
  method: 'POST',
  path: '/api/misc/validate-telegram',
  handler: 'handlers/misc/validate-telegram',
  access: 'public',
  summary: 'Whether a value is a Telegram username or an international phone number',
  tag: 'misc',
  body: validateTelegramBodySchema,
  response: 'validateTelegramDataSchema',
  uses: {},
} as const satisfies RouteDefinition;

export const createApplication = {
  method: 'POST',
  path: '/api/applications',
  handler: 'handlers/applications/create',
  access: 'user',
  rollout: 'canary',
  summary: 'Submit a standard or individual application (optional Idempotency-Key header)',
  tag: 'applications',
  headers: createApplicationHeadersSchema,
  body: createApplicationBodySchema,
  successStatus: 201,
  response: 'applicationSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const listMyApplications = {
  method: 'GET',
  path: '/api/applications',
  handler: 'handlers/applications/list-mine',
  access: 'user',
  summary: "The caller's applications, newest first by default",
  tag: 'applications',
  query: listMyApplicationsQuerySchema,
  response: 'myApplicationsPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const getMyApplication = {
  method: 'GET',
  path: '/api/applications/{id}',
  handler: 'handlers/applications/get-mine',
  access: 'user',
  summary: "One of the caller's applications (another user's id is a 404)",
  tag: 'applications',
  params: applicationIdParamsSchema,
  response: 'applicationSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const cancelMyApplication = {
  method: 'POST',
  path: '/api/applications/{id}/cancel',
  handler: 'handlers/applications/cancel-mine',
  access: 'user',
  rollout: 'canary',
  summary: "Cancel one of the caller's PENDING applications",
  tag: 'applications',
  params: applicationIdParamsSchema,
  response: 'applicationSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
