// Routes of one area of the manifest (docs/architecture.md §2): the books — the office's accounts, their corrections and transfers, and each business day counted and closed.
import {
  ledgerAccountBodySchema,
  ledgerAccountParamsSchema,
  ledgerAdjustmentBodySchema,
  ledgerCountBodySchema,
  ledgerDayAccountParamsSchema,
  ledgerDayParamsSchema,
  ledgerTransferBodySchema,
} from '@shared/contract/ledger';
import type { RouteDefinition } from './definition';

export const adminListLedgerAccounts = {
  method: 'GET',
  path: '/api/admin/ledger/accounts',
  handler: 'handlers/admin/ledger/list-accounts',
  access: 'MANAGER',
  summary:
    'Every account of the books with its balance, each USDT wallet with its balance on chain beside it, and per currency whether the books sum to zero',
  tag: 'admin-ledger',
  response: 'ledgerAccountsDataSchema',
  uses: { table: 'read', tron: true },
} as const satisfies RouteDefinition;

export const adminCreateLedgerAccount = {
  method: 'POST',
  path: '/api/admin/ledger/accounts',
  handler: 'handlers/admin/ledger/create-account',
  access: 'ADMIN',
  summary: 'Open an office account (a cash desk, a card or bank account, a USDT wallet), empty; audited',
  tag: 'admin-ledger',
  body: ledgerAccountBodySchema,
  response: 'ledgerAccountSchema',
  successStatus: 201,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminGetLedgerAccount = {
  method: 'GET',
  path: '/api/admin/ledger/accounts/{id}',
  handler: 'handlers/admin/ledger/get-account',
  access: 'MANAGER',
  summary:
    'An account and its trail: every posting, who made it and why; a USDT wallet with its balance on chain',
  tag: 'admin-ledger',
  params: ledgerAccountParamsSchema,
  response: 'ledgerAccountTrailSchema',
  uses: { table: 'read', tron: true },
} as const satisfies RouteDefinition;

export const adminAdjustLedgerAccount = {
  method: 'POST',
  path: '/api/admin/ledger/accounts/{id}/adjustments',
  handler: 'handlers/admin/ledger/adjust-account',
  access: 'ADMIN',
  summary: "Record an office account's opening balance or a correction, with a written reason; audited",
  tag: 'admin-ledger',
  params: ledgerAccountParamsSchema,
  body: ledgerAdjustmentBodySchema,
  response: 'ledgerAccountSchema',
  successStatus: 201,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminTransferBetweenAccounts = {
  method: 'POST',
  path: '/api/admin/ledger/transfers',
  handler: 'handlers/admin/ledger/transfer',
  access: 'ADMIN',
  summary: 'Record money moved between two office accounts of one currency, with a reason; audited',
  tag: 'admin-ledger',
  body: ledgerTransferBodySchema,
  response: 'ledgerAccountsDataSchema',
  successStatus: 201,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminGetLedgerDay = {
  method: 'GET',
  path: '/api/admin/ledger/days/{day}',
  handler: 'handlers/admin/ledger/get-day',
  access: 'MANAGER',
  summary: 'A business day per office account: opening, in, out, corrections, closing, what was counted',
  tag: 'admin-ledger',
  params: ledgerDayParamsSchema,
  response: 'ledgerDaySchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminCountLedgerDay = {
  method: 'PUT',
  path: '/api/admin/ledger/days/{day}/counts/{id}',
  handler: 'handlers/admin/ledger/count-day',
  access: 'MANAGER',
  summary:
    "Record the cash counted or the statement's closing balance of an account for a day; the difference is kept; audited",
  tag: 'admin-ledger',
  params: ledgerDayAccountParamsSchema,
  body: ledgerCountBodySchema,
  response: 'ledgerDaySchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminCloseLedgerDay = {
  method: 'POST',
  path: '/api/admin/ledger/days/{day}/close',
  handler: 'handlers/admin/ledger/close-day',
  access: 'ADMIN',
  summary: 'Close a business day: its movements can no longer change, corrections go to an open day; audited',
  tag: 'admin-ledger',
  params: ledgerDayParamsSchema,
  response: 'ledgerDaySchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
