import type {
  LedgerAccountBody,
  LedgerAdjustmentBody,
  LedgerCountBody,
  LedgerTransferBody,
} from '@shared/contract/ledger';
import {
  adminAdjustLedgerAccount,
  adminCloseLedgerDay,
  adminCountLedgerDay,
  adminCreateLedgerAccount,
  adminGetLedgerAccount,
  adminGetLedgerDay,
  adminListLedgerAccounts,
  adminTransferBetweenAccounts,
} from '@shared/routes/ledger';
import { call } from '@web/lib/api-client';

/** The books' calls (docs/product.md "Accounts and the books"): each the route the server runs. */
export const ledgerApi = {
  accounts: async (signal?: AbortSignal) => (await call(adminListLedgerAccounts, { signal })).data,
  trail: async (id: string, signal?: AbortSignal) =>
    (await call(adminGetLedgerAccount, { params: { id }, signal })).data,
  openAccount: async (body: LedgerAccountBody) => (await call(adminCreateLedgerAccount, { body })).data,
  adjust: async (id: string, body: LedgerAdjustmentBody) =>
    (await call(adminAdjustLedgerAccount, { params: { id }, body })).data,
  transfer: async (body: LedgerTransferBody) => (await call(adminTransferBetweenAccounts, { body })).data,
  day: async (day: string, signal?: AbortSignal) =>
    (await call(adminGetLedgerDay, { params: { day }, signal })).data,
  count: async (day: string, id: string, body: LedgerCountBody) =>
    (await call(adminCountLedgerDay, { params: { day, id }, body })).data,
  closeDay: async (day: string) => (await call(adminCloseLedgerDay, { params: { day } })).data,
};
