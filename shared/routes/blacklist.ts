// Routes of one area of the manifest (docs/architecture.md §2): the operator's blacklists (cards, TRON addresses, emails, phones, Telegram usernames, IPs).
import {
  blacklistEntryBodySchema,
  blacklistEntryParamsSchema,
  blacklistQuerySchema,
  blacklistRemoveBodySchema,
} from '@shared/contract/blacklist';
import type { RouteDefinition } from './definition';

export const adminListBlacklist = {
  method: 'GET',
  path: '/api/admin/blacklist',
  handler: 'handlers/admin/blacklist/list',
  access: 'MANAGER',
  summary: "One blacklist's entries (by kind), newest first, with each one's reason and author; cursor pages",
  tag: 'admin-blacklist',
  query: blacklistQuerySchema,
  response: 'blacklistPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminAddBlacklistEntry = {
  method: 'POST',
  path: '/api/admin/blacklist',
  handler: 'handlers/admin/blacklist/add',
  access: 'ADMIN',
  summary:
    'List a card (last four digits and holder), TRON address, email, phone, Telegram username or IP with a reason (audited; 409 when listed already)',
  tag: 'admin-blacklist',
  body: blacklistEntryBodySchema,
  response: 'blacklistEntrySchema',
  successStatus: 201,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminRemoveBlacklistEntry = {
  method: 'DELETE',
  path: '/api/admin/blacklist/{kind}/{value}',
  handler: 'handlers/admin/blacklist/remove',
  access: 'ADMIN',
  summary: 'Take an entry off its blacklist, with a reason (audited)',
  tag: 'admin-blacklist',
  params: blacklistEntryParamsSchema,
  body: blacklistRemoveBodySchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
