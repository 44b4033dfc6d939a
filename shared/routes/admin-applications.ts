// Routes of one area of the manifest (docs/architecture.md §2): Staff processing of exchange applications.
import {
  applicationIdParamsSchema,
  changeStatusBodySchema,
  listAdminApplicationsQuerySchema,
  updateDetailsBodySchema,
} from '@shared/contract/applications';
import {
  confirmPaymentBodySchema,
  issueInstructionsBodySchema,
  recordPayoutBodySchema,
  recordRefundBodySchema,
  reversePayoutBodySchema,
} from '@shared/contract/deal';
import type { RouteDefinition } from './definition';

export const adminListApplications = {
  method: 'GET',
  path: '/api/admin/applications',
  handler: 'handlers/admin/applications/list',
  access: 'MANAGER',
  summary: 'Applications for staff: filter, search, sort, page',
  tag: 'admin-applications',
  query: listAdminApplicationsQuerySchema,
  response: 'adminApplicationsPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminGetApplication = {
  method: 'GET',
  path: '/api/admin/applications/{id}',
  handler: 'handlers/admin/applications/get',
  access: 'MANAGER',
  summary: 'One application with its status history and audit trail',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  response: 'adminApplicationDetailSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminChangeApplicationStatus = {
  method: 'POST',
  path: '/api/admin/applications/{id}/status',
  handler: 'handlers/admin/applications/change-status',
  access: 'MANAGER',
  rollout: 'canary',
  summary: 'Move an application to another status (409 when it changed meanwhile)',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: changeStatusBodySchema,
  response: 'adminApplicationSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminUpdateApplicationDetails = {
  method: 'PUT',
  path: '/api/admin/applications/{id}/details',
  handler: 'handlers/admin/applications/update-details',
  access: 'MANAGER',
  summary: 'Set the admin note and/or the assignee (null unassigns)',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: updateDetailsBodySchema,
  response: 'adminApplicationSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminIssueInstructions = {
  method: 'POST',
  path: '/api/admin/applications/{id}/instructions',
  handler: 'handlers/admin/applications/issue-instructions',
  access: 'MANAGER',
  rollout: 'canary',
  summary:
    'Issue the payment instructions (PROCESSING → WAITING_PAYMENT) and start the payment window; in WAITING_PAYMENT, issue them again with a later deadline',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: issueInstructionsBodySchema,
  response: 'adminApplicationDetailSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminConfirmPayment = {
  method: 'POST',
  path: '/api/admin/applications/{id}/confirm-payment',
  handler: 'handlers/admin/applications/confirm-payment',
  access: 'MANAGER',
  rollout: 'canary',
  summary: "The client's money arrived (PAID or WAITING_PAYMENT → CONFIRMED); recorded as a movement in",
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: confirmPaymentBodySchema,
  response: 'adminApplicationDetailSchema',
  // The client's USDT hash not read final yet is read again before it becomes the confirmation's.
  uses: { table: 'readWrite', tron: true },
} as const satisfies RouteDefinition;

export const adminRecordPayout = {
  method: 'POST',
  path: '/api/admin/applications/{id}/payout',
  handler: 'handlers/admin/applications/record-payout',
  access: 'MANAGER',
  rollout: 'canary',
  summary:
    'The office pays out (CONFIRMED → EXCHANGING), with a transaction hash or a note; recorded as a movement out',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: recordPayoutBodySchema,
  response: 'adminApplicationDetailSchema',
  // A USDT payout's hash is read on chain (functions/data/tron.ts): a match completes the deal.
  uses: { table: 'readWrite', tron: true },
} as const satisfies RouteDefinition;

export const adminRecordRefund = {
  method: 'POST',
  path: '/api/admin/applications/{id}/refund',
  handler: 'handlers/admin/applications/record-refund',
  access: 'MANAGER',
  rollout: 'canary',
  summary: "The client's payment was returned on a rejected or cancelled deal; recorded once as a refund",
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: recordRefundBodySchema,
  response: 'adminApplicationDetailSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminReversePayout = {
  method: 'POST',
  path: '/api/admin/applications/{id}/payout-reversal',
  handler: 'handlers/admin/applications/reverse-payout',
  access: 'ADMIN',
  rollout: 'canary',
  summary:
    'A payout came back (EXCHANGING → CONFIRMED), with its reference and reason; recorded as a movement, once per deal',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: reversePayoutBodySchema,
  response: 'adminApplicationDetailSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
