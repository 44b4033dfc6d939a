// Routes of one area of the manifest (docs/architecture.md §2): Payment instruction templates staff pick from (ADMIN manages them on the payment-gateways page).
import { paymentTemplateBodySchema, paymentTemplateParamsSchema } from '@shared/contract/payment-templates';
import type { RouteDefinition } from './definition';

export const adminListPaymentTemplates = {
  method: 'GET',
  path: '/api/admin/payment-templates',
  handler: 'handlers/admin/payment-templates/list',
  access: 'MANAGER',
  summary:
    "Every payment template (card details, office addresses, USDT addresses), for the instructions form's picker",
  tag: 'admin-payment-templates',
  response: 'paymentTemplatesDataSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminCreatePaymentTemplate = {
  method: 'POST',
  path: '/api/admin/payment-templates',
  handler: 'handlers/admin/payment-templates/create',
  access: 'ADMIN',
  summary: 'Save a payment template (at most 200; audited)',
  tag: 'admin-payment-templates',
  body: paymentTemplateBodySchema,
  response: 'paymentTemplateSchema',
  successStatus: 201,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminUpdatePaymentTemplate = {
  method: 'PUT',
  path: '/api/admin/payment-templates/{id}',
  handler: 'handlers/admin/payment-templates/update',
  access: 'ADMIN',
  summary:
    "Replace a payment template's fields (its kind stays; audited); instructions already issued keep their text",
  tag: 'admin-payment-templates',
  params: paymentTemplateParamsSchema,
  body: paymentTemplateBodySchema,
  response: 'paymentTemplateSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminDeletePaymentTemplate = {
  method: 'DELETE',
  path: '/api/admin/payment-templates/{id}',
  handler: 'handlers/admin/payment-templates/delete',
  access: 'ADMIN',
  summary: 'Delete a payment template no deal under way uses (audited)',
  tag: 'admin-payment-templates',
  params: paymentTemplateParamsSchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
