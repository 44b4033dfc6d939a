// Routes of one area of the manifest (docs/architecture.md §2): A user's own exchange applications.
import {
  applicationIdParamsSchema,
  createApplicationBodySchema,
  createApplicationHeadersSchema,
  listMyApplicationsQuerySchema,
} from '@shared/contract/applications';
import { markPaidBodySchema, payoutDetailsBodySchema } from '@shared/contract/deal';
import { guestApplicationBodySchema, guestTokenBodySchema } from '@shared/contract/guest';
import { validateTelegramBodySchema } from '@shared/contract/misc';
import type { RouteDefinition } from './definition';

export const validateTelegram = {
  method: 'POST',
  path: '/api/misc/validate-telegram',
  handler: 'handlers/misc/validate-telegram',
  access: 'public',
  summary:
    'Whether a value is a Telegram username or an international phone number; with a bot configured, ' +
    'also whether that username has started the bot',
  tag: 'misc',
  body: validateTelegramBodySchema,
  response: 'validateTelegramDataSchema',
  uses: { table: 'read', telegram: 'username' },
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

export const createGuestApplication = {
  method: 'POST',
  path: '/api/applications/guest',
  handler: 'handlers/applications/create-guest',
  access: 'public',
  throttle: 'auth',
  rollout: 'canary',
  summary:
    'Submit a standard application with an email and no password: a new address gets an account, the order and a session at once; an address with an account, a mail to its owner to confirm',
  tag: 'applications',
  body: guestApplicationBodySchema,
  successStatus: 201,
  response: 'guestApplicationDataSchema',
  uses: { table: 'readWrite', tokens: true },
} as const satisfies RouteDefinition;

export const openGuestOrder = {
  method: 'POST',
  path: '/api/applications/guest/open',
  handler: 'handlers/applications/open-guest-order',
  access: 'public',
  throttle: 'auth',
  rollout: 'canary',
  summary: "Open a guest's order with its mailed link: a session of the account while it has no password",
  tag: 'applications',
  body: guestTokenBodySchema,
  response: 'guestOrderDataSchema',
  uses: { table: 'readWrite', tokens: true },
} as const satisfies RouteDefinition;

export const joinGuestApplication = {
  method: 'POST',
  path: '/api/applications/guest/join',
  handler: 'handlers/applications/join-guest-application',
  access: 'public',
  throttle: 'auth',
  rollout: 'canary',
  summary: "Add a guest's application to the account of its address, with the link mailed to that address",
  tag: 'applications',
  body: guestTokenBodySchema,
  successStatus: 201,
  response: 'guestJoinDataSchema',
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
  summary:
    "One of the caller's applications with its deal: timeline, instructions, payout details, payment, allowed actions (another user's id is a 404; ETag, 304 when unchanged)",
  tag: 'applications',
  params: applicationIdParamsSchema,
  response: 'applicationDetailSchema',
  conditional: true,
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const setPayoutDetails = {
  method: 'PUT',
  path: '/api/applications/{id}/payout-details',
  handler: 'handlers/applications/set-payout-details',
  access: 'user',
  summary:
    'Where the caller receives: a TRON address for USDT, a card number for a card or, where its direction pays to SBP banks, a phone and one of those banks (until they say they paid)',
  tag: 'applications',
  params: applicationIdParamsSchema,
  body: payoutDetailsBodySchema,
  response: 'applicationDetailSchema',
  // The address is screened against the USDT blacklist (functions/data/tron.ts).
  uses: { table: 'readWrite', tron: true },
} as const satisfies RouteDefinition;

export const markPaid = {
  method: 'POST',
  path: '/api/applications/{id}/paid',
  handler: 'handlers/applications/mark-paid',
  access: 'user',
  rollout: 'canary',
  summary: '"I have paid": within the payment window, with an optional transaction hash or receipt',
  tag: 'applications',
  params: applicationIdParamsSchema,
  body: markPaidBodySchema,
  response: 'applicationDetailSchema',
  // A USDT hash is read on chain (functions/data/tron.ts): a match confirms at once.
  uses: { table: 'readWrite', tron: true },
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
