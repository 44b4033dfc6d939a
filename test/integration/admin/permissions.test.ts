import { randomUUID } from 'node:crypto';
import { allRoutes } from '@functions/routes/manifest';
import { seedReserve } from '@functions/seed/rates-data';
import { TICKER_COINS } from '@shared/constants';
import type { Role } from '@shared/enums';
import { AROUND_THE_CLOCK } from '@shared/working-hours';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiDocument, runId } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';
import { createApplication, individualBody, standardBody } from '../applications/fixtures';
import { addCard, sentRequest } from '../verification/fixtures';

/**
 * The permission matrix of this staff, user and public calls: every caller kind × every
 * endpoint. Granted calls are harmless ones that succeed (their route's success status): reads, a
 * note, a PENDING → PROCESSING move of a fresh application, the deal's moves on a fresh application
 * brought to where each starts, a message, a template of its own, a geo toggle or rate or setting
 * that changes nothing.
 */
type Caller = 'anonymous' | Role;
type Minimum = 'public' | 'user' | Role;
const CALLERS: Caller[] = ['anonymous', 'USER', 'MANAGER', 'ADMIN', 'SUPER_ADMIN'];

interface EndpointCase {
  route: string;
  method: string;
  /** The path, with the id `prepare` answered (else the fresh application's). */
  path: (id: string) => string;
  /** The body, or a function making one per call (a body that may succeed only once). */
  body?: unknown;
  minimum: Minimum;
  /** Brings the fresh application where a granted call succeeds, or makes what the call acts on. */
  prepare?: (applicationId: string) => Promise<string | undefined>;
  /** The route produces a document (the CSV), not an envelope. */
  document?: true;
  /**
   * What a granted call answers when no harmless call can succeed here: the domain's refusal, past
   * authorization (the success itself is proven where the state exists, named beside the case).
   */
  grantedStatus?: number;
}

/** Staff's and the client's deal moves a preparation needs, made by the SUPER_ADMIN and the applicant. */
const byStaff = (method: string, path: string, body?: unknown) =>
  api(method, path, { token: callers.get('SUPER_ADMIN')!.token, body });
const take = (id: string) =>
  byStaff('POST', `/api/admin/applications/${id}/status`, { status: 'PROCESSING' });
const instruct = async (id: string) => {
  await take(id);
  await byStaff('POST', `/api/admin/applications/${id}/instructions`, { text: 'Matrix instructions' });
};
const templateBody = () => ({
  kind: 'card',
  label: `Matrix ${runId()}`,
  currency: 'EUR',
  details: 'IBAN DE89 3704 0044 0532 0130 00',
});
const newTemplate = async () => {
  const saved = await byStaff('POST', '/api/admin/payment-templates', templateBody());
  return (saved.body.data as { id: string }).id;
};

/** A listed email of its own per call (a value is listed once). */
const blacklistBody = () => ({
  kind: 'email',
  value: `matrix-${runId()}-${Math.random().toString(36).slice(2, 8)}@blacklist.test`,
  reason: 'Listed by the matrix',
});
const newBlacklistEntry = async () => {
  const saved = await byStaff('POST', '/api/admin/blacklist', blacklistBody());
  return (saved.body.data as { value: string }).value;
};

/** A fresh office account of the books, for the calls that act on one. */
const newLedgerAccount = async () => {
  const saved = await byStaff('POST', '/api/admin/ledger/accounts', {
    name: `Matrix desk ${runId()}`,
    kind: 'cash',
    currency: 'VND',
    assets: ['cash-VND'],
  });
  return (saved.body.data as { id: string }).id;
};

/** A standard card → USDT deal of a new client, taken and with its instructions out. */
async function instructedStandardDeal(): Promise<string> {
  const client = await createVerifiedUser({ language: 'en' });
  const { id } = await createApplication(client, standardBody());
  await instruct(id);
  return id;
}

/** The business day now (Moscow, the default zone): not over, so a granted close is refused and closes nothing. */
const businessToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/** Ends the fresh application so the applicant never reaches the open-application limit. */
async function settle(id: string) {
  const cancelled = await api('POST', `/api/applications/${id}/cancel`, { token: applicant.token });
  if (cancelled.status !== 200) {
    await byStaff('POST', `/api/admin/applications/${id}/status`, {
      status: 'REJECTED',
      rejectionReason: 'Settled by the matrix',
    });
  }
}

/** A client's card photo sent to staff's verification queue. */
async function sentVerification(): Promise<string> {
  const client = await createVerifiedUser();
  return sentRequest(client, { cardId: await addCard(client) });
}

const ENDPOINTS: EndpointCase[] = [
  {
    route: 'adminListVerifications',
    method: 'GET',
    path: () => '/api/admin/verification',
    minimum: 'MANAGER',
  },
  {
    route: 'adminGetVerification',
    method: 'GET',
    path: (id) => `/api/admin/verification/${id}`,
    minimum: 'MANAGER',
    prepare: sentVerification,
  },
  {
    route: 'adminDecideVerification',
    method: 'POST',
    path: (id) => `/api/admin/verification/${id}/decision`,
    body: { decision: 'reject', reason: 'Checked by the permission matrix' },
    minimum: 'MANAGER',
    prepare: sentVerification,
  },
  { route: 'getRates', method: 'GET', path: () => '/api/rates', minimum: 'public' },
  { route: 'tierLimits', method: 'GET', path: () => '/api/limits', minimum: 'public' },
  {
    route: 'calculateRate',
    method: 'POST',
    path: () => '/api/rates/calculate',
    body: { assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: 1000 },
    minimum: 'public',
  },
  { route: 'listMyApplications', method: 'GET', path: () => '/api/applications', minimum: 'user' },
  { route: 'listNotifications', method: 'GET', path: () => '/api/notifications', minimum: 'user' },
  { route: 'myLimits', method: 'GET', path: () => '/api/users/limits', minimum: 'user' },
  {
    route: 'readAllNotifications',
    method: 'POST',
    path: () => '/api/notifications/read-all',
    minimum: 'user',
  },
  {
    route: 'adminListApplications',
    method: 'GET',
    path: () => '/api/admin/applications',
    minimum: 'MANAGER',
  },
  {
    route: 'adminGetApplication',
    method: 'GET',
    path: (id) => `/api/admin/applications/${id}`,
    minimum: 'MANAGER',
  },
  {
    route: 'adminChangeApplicationStatus',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/status`,
    body: { status: 'PROCESSING' },
    minimum: 'MANAGER',
  },
  {
    route: 'adminUpdateApplicationDetails',
    method: 'PUT',
    path: (id) => `/api/admin/applications/${id}/details`,
    body: { adminNote: 'Checked by the permission matrix' },
    minimum: 'MANAGER',
  },
  {
    route: 'adminDashboard',
    method: 'GET',
    path: () => '/api/admin/dashboard?period=month',
    minimum: 'MANAGER',
  },
  {
    route: 'adminDashboardToday',
    method: 'GET',
    path: () => '/api/admin/dashboard/today',
    minimum: 'MANAGER',
  },
  {
    route: 'adminActivityStats',
    method: 'GET',
    path: () => '/api/admin/dashboard/activity-stats',
    minimum: 'MANAGER',
  },
  {
    route: 'adminListOnShift',
    method: 'GET',
    path: () => '/api/admin/shifts',
    minimum: 'MANAGER',
  },
  {
    // Off shift, as every caller is: nothing changes.
    route: 'adminSetShift',
    method: 'PUT',
    path: () => '/api/admin/shift',
    body: { onShift: false },
    minimum: 'MANAGER',
  },
  {
    route: 'adminSetupChecklist',
    method: 'GET',
    path: () => '/api/admin/dashboard/setup',
    minimum: 'ADMIN',
  },
  { route: 'adminGetGeo', method: 'GET', path: () => '/api/admin/geo', minimum: 'ADMIN' },
  {
    route: 'adminToggleGeo',
    method: 'PUT',
    path: () => '/api/admin/geo/toggle',
    body: { locationKey: 'asia.japan.kyoto', isActive: true },
    minimum: 'ADMIN',
  },
  {
    route: 'adminBulkGeo',
    method: 'PUT',
    path: () => '/api/admin/geo/bulk',
    body: { locationKeys: ['asia.japan.kyoto'], isActive: true },
    minimum: 'ADMIN',
  },
  // The hours the test stack seeded (around the clock), so granted calls change nothing.
  {
    route: 'adminPutCityHours',
    method: 'PUT',
    path: () => '/api/admin/geo/cities/asia.japan.kyoto',
    body: { timeZone: 'Asia/Tokyo', week: AROUND_THE_CLOCK, code: 'KYOTO' },
    minimum: 'ADMIN',
  },
  {
    route: 'adminPutCardHours',
    method: 'PUT',
    path: () => '/api/admin/geo/card-hours',
    body: { timeZone: 'Europe/Moscow', week: AROUND_THE_CLOCK },
    minimum: 'ADMIN',
  },
  {
    route: 'adminPutMaintenance',
    method: 'PUT',
    path: () => '/api/admin/geo/maintenance',
    body: { active: false },
    minimum: 'ADMIN',
  },
  { route: 'adminListSettings', method: 'GET', path: () => '/api/admin/settings', minimum: 'ADMIN' },
  {
    route: 'adminGetSetting',
    method: 'GET',
    path: () => '/api/admin/settings/applicationExpiryHours',
    minimum: 'ADMIN',
  },
  {
    route: 'adminPutSetting',
    method: 'PUT',
    path: () => '/api/admin/settings/applicationExpiryHours',
    body: { value: 24 },
    minimum: 'ADMIN',
  },
  // The deal: each granted call on an application brought to the status its move starts from.
  {
    route: 'adminIssueInstructions',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/instructions`,
    body: { text: 'Pay at the office' },
    minimum: 'MANAGER',
    prepare: async (id) => {
      await take(id);
      return undefined;
    },
  },
  {
    route: 'adminConfirmPayment',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/confirm-payment`,
    body: {},
    minimum: 'MANAGER',
    prepare: async (id) => {
      await instruct(id);
      return undefined;
    },
  },
  {
    route: 'adminRecordPayout',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/payout`,
    body: { note: 'Cash handed over' },
    minimum: 'MANAGER',
    prepare: async (id) => {
      await instruct(id);
      await byStaff('POST', `/api/admin/applications/${id}/confirm-payment`, {});
      return undefined;
    },
  },
  {
    route: 'adminRecordRefund',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/refund`,
    body: { reference: 'Returned in cash' },
    minimum: 'MANAGER',
    prepare: async (id) => {
      await instruct(id);
      await api('POST', `/api/applications/${id}/paid`, { token: applicant.token, body: {} });
      await byStaff('POST', `/api/admin/applications/${id}/status`, {
        status: 'REJECTED',
        rejectionReason: 'The matrix refunds it',
      });
      return undefined;
    },
  },
  {
    route: 'adminReversePayout',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/payout-reversal`,
    body: { reference: 'Card payment returned', reason: 'The matrix reverses it' },
    minimum: 'ADMIN',
    prepare: async (id) => {
      await instruct(id);
      await byStaff('POST', `/api/admin/applications/${id}/confirm-payment`, {});
      await byStaff('POST', `/api/admin/applications/${id}/payout`, { note: 'Cash handed over' });
      return undefined;
    },
  },
  // A standard deal of a client of its own (the applicant's individual request names no amounts).
  {
    route: 'adminResolvePayment',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/payment-resolution`,
    body: { choice: 'awaitTopUp' },
    minimum: 'MANAGER',
    prepare: async () => {
      const id = await instructedStandardDeal();
      // A cent arrived of what was asked: short, in time.
      await byStaff('POST', `/api/admin/applications/${id}/confirm-payment`, { amount: '0.01' });
      return id;
    },
  },
  // Nothing is held on a fresh deal: a granted release is the lifecycle's refusal (the release
  // itself: test/integration/chain/payment-holds.test.ts).
  {
    route: 'adminReleaseHold',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/hold-release`,
    body: {},
    minimum: 'MANAGER',
    prepare: async () => instructedStandardDeal(),
    grantedStatus: 409,
  },
  {
    route: 'adminCloseDeal',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/close`,
    body: { reason: 'The matrix closes it a cent short' },
    minimum: 'ADMIN',
    prepare: async () => {
      const id = await instructedStandardDeal();
      await byStaff('POST', `/api/admin/applications/${id}/confirm-payment`, {});
      await byStaff('POST', `/api/admin/applications/${id}/payout`, {
        note: 'Part handed over',
        amount: '0.01',
      });
      return id;
    },
  },
  {
    route: 'adminListMessages',
    method: 'GET',
    path: (id) => `/api/admin/applications/${id}/messages`,
    minimum: 'MANAGER',
  },
  {
    route: 'adminPostMessage',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/messages`,
    body: { text: 'A message from the matrix' },
    minimum: 'MANAGER',
  },
  {
    route: 'adminCreateAttachment',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/attachments`,
    body: { fileName: 'receipt.pdf', contentType: 'application/pdf', size: 1000 },
    minimum: 'MANAGER',
  },
  {
    route: 'adminListPaymentTemplates',
    method: 'GET',
    path: () => '/api/admin/payment-templates',
    minimum: 'MANAGER',
  },
  {
    route: 'adminCreatePaymentTemplate',
    method: 'POST',
    path: () => '/api/admin/payment-templates',
    body: templateBody(),
    minimum: 'ADMIN',
  },
  {
    route: 'adminUpdatePaymentTemplate',
    method: 'PUT',
    path: (id) => `/api/admin/payment-templates/${id}`,
    body: templateBody(),
    minimum: 'ADMIN',
    prepare: newTemplate,
  },
  {
    route: 'adminDeletePaymentTemplate',
    method: 'DELETE',
    path: (id) => `/api/admin/payment-templates/${id}`,
    minimum: 'ADMIN',
    prepare: newTemplate,
  },
  {
    route: 'adminListBlacklist',
    method: 'GET',
    path: () => '/api/admin/blacklist?kind=email',
    minimum: 'MANAGER',
  },
  {
    route: 'adminAddBlacklistEntry',
    method: 'POST',
    path: () => '/api/admin/blacklist',
    body: () => blacklistBody(),
    minimum: 'ADMIN',
  },
  {
    route: 'adminRemoveBlacklistEntry',
    method: 'DELETE',
    path: (value) => `/api/admin/blacklist/email/${encodeURIComponent(value)}`,
    body: { reason: 'The matrix lifts it' },
    minimum: 'ADMIN',
    prepare: newBlacklistEntry,
  },
  {
    route: 'adminListTransactions',
    method: 'GET',
    path: () => '/api/admin/transactions',
    minimum: 'MANAGER',
  },
  {
    route: 'adminExportTransactionsCsv',
    method: 'GET',
    path: () => '/api/admin/transactions.csv',
    minimum: 'MANAGER',
    document: true,
  },
  // An export of a day long before any movement: the worker writes a file of its header alone.
  {
    route: 'adminCreateExport',
    method: 'POST',
    path: () => '/api/admin/exports',
    body: { from: '2014-01-01', to: '2014-01-01', format: 'csv' },
    minimum: 'MANAGER',
  },
  // An export no caller asked for: granted calls get 404 (the owner's read is in
  // test/integration/transactions/exports.test.ts).
  {
    route: 'adminGetExport',
    method: 'GET',
    path: () => '/api/admin/exports/00000000-0000-4000-8000-000000000000',
    minimum: 'MANAGER',
    grantedStatus: 404,
  },
  { route: 'adminChainReview', method: 'GET', path: () => '/api/admin/chain/review', minimum: 'MANAGER' },
  // No transfer waits in the shared table (the watcher runs on tables of its own in
  // test/integration/chain/watcher.test.ts, which attaches and refunds): granted calls get 404.
  {
    route: 'adminAttachChainTransfer',
    method: 'POST',
    path: () => `/api/admin/chain/transfers/${'f'.repeat(64)}/attach`,
    body: { applicationId: 'no-such-application' },
    minimum: 'MANAGER',
    grantedStatus: 404,
  },
  {
    route: 'adminRefundChainTransfer',
    method: 'POST',
    path: () => `/api/admin/chain/transfers/${'f'.repeat(64)}/refund`,
    body: { txHash: 'e'.repeat(64) },
    minimum: 'MANAGER',
    grantedStatus: 404,
  },
  // The security page: staff's sessions and the audit log (ADMIN reads), a revoke (SUPER_ADMIN) of a
  // fresh staff member's session (test/integration/security/staff-sessions.test.ts proves it ends).
  {
    route: 'adminSecuritySessions',
    method: 'GET',
    path: () => '/api/admin/security/sessions',
    minimum: 'ADMIN',
  },
  {
    route: 'adminRevokeSession',
    method: 'DELETE',
    path: (id) => `/api/admin/security/sessions/${id}`,
    minimum: 'SUPER_ADMIN',
    prepare: async () => {
      const staff = await createVerifiedUser({ role: 'MANAGER' });
      const payload = JSON.parse(Buffer.from(staff.token.split('.')[1]!, 'base64url').toString('utf8'));
      return (payload as { sid: string }).sid;
    },
  },
  { route: 'adminSecurityAudit', method: 'GET', path: () => '/api/admin/security/audit', minimum: 'ADMIN' },
  // The AML check's state and this month's usage (ADMIN reads).
  { route: 'adminAmlStatus', method: 'GET', path: () => '/api/admin/security/aml', minimum: 'ADMIN' },
  // The Telegram bot on the security page: its state (ADMIN reads), the webhook set again to the
  // same address, and the test message, refused here as the shared stack has no staff group
  // (test/integration/telegram/staff-group.test.ts sends one).
  { route: 'adminTelegramStatus', method: 'GET', path: () => '/api/admin/telegram', minimum: 'ADMIN' },
  {
    route: 'adminTelegramSetWebhook',
    method: 'POST',
    path: () => '/api/admin/telegram/webhook',
    minimum: 'SUPER_ADMIN',
  },
  {
    route: 'adminTelegramTestMessage',
    method: 'POST',
    path: () => '/api/admin/telegram/test',
    minimum: 'SUPER_ADMIN',
    grantedStatus: 409,
  },
  { route: 'adminAuditTrail', method: 'GET', path: () => '/api/admin/audit', minimum: 'ADMIN' },
  { route: 'adminGetRates', method: 'GET', path: () => '/api/admin/rates', minimum: 'ADMIN' },
  {
    route: 'adminPutRates',
    method: 'PUT',
    path: () => '/api/admin/rates',
    body: { currencies: [{ code: 'USD', usdValue: 1 }] },
    minimum: 'ADMIN',
  },
  { route: 'adminListReserves', method: 'GET', path: () => '/api/admin/reserves', minimum: 'MANAGER' },
  // The books: accounts in VND (no file exchanges VND), a past day counted, today's close refused.
  {
    route: 'adminListLedgerAccounts',
    method: 'GET',
    path: () => '/api/admin/ledger/accounts',
    minimum: 'MANAGER',
  },
  {
    route: 'adminCreateLedgerAccount',
    method: 'POST',
    path: () => '/api/admin/ledger/accounts',
    body: { name: 'Matrix desk', kind: 'cash', currency: 'VND', assets: ['cash-VND'] },
    minimum: 'ADMIN',
  },
  {
    route: 'adminGetLedgerAccount',
    method: 'GET',
    path: (id) => `/api/admin/ledger/accounts/${id}`,
    minimum: 'MANAGER',
    prepare: newLedgerAccount,
  },
  {
    route: 'adminAdjustLedgerAccount',
    method: 'POST',
    path: (id) => `/api/admin/ledger/accounts/${id}/adjustments`,
    body: { amount: '1', reason: 'Matrix check' },
    minimum: 'ADMIN',
    prepare: newLedgerAccount,
  },
  {
    route: 'adminTransferBetweenAccounts',
    method: 'POST',
    path: () => '/api/admin/ledger/transfers',
    body: { from: 'acct-none', to: 'acct-none-either', amount: '1', reason: 'Matrix check' },
    minimum: 'ADMIN',
    grantedStatus: 404,
  },
  {
    route: 'adminGetLedgerDay',
    method: 'GET',
    path: () => '/api/admin/ledger/days/2025-01-15',
    minimum: 'MANAGER',
  },
  {
    route: 'adminReport',
    method: 'GET',
    path: () => '/api/admin/reports?from=2025-01-01&to=2025-01-31&breakdown=staff',
    minimum: 'ADMIN',
  },
  {
    route: 'adminCountLedgerDay',
    method: 'PUT',
    path: (id) => `/api/admin/ledger/days/2025-01-15/counts/${id}`,
    body: { counted: '0' },
    minimum: 'MANAGER',
    prepare: newLedgerAccount,
  },
  {
    route: 'adminCloseLedgerDay',
    method: 'POST',
    path: () => `/api/admin/ledger/days/${businessToday()}/close`,
    minimum: 'ADMIN',
    grantedStatus: 409,
  },
  // The partner program: terms for the file's applicant (a client), set to the defaults again and
  // again; no default of any direction; payouts nobody asked for (granted calls get 404).
  {
    route: 'adminListPartners',
    method: 'GET',
    path: () => '/api/admin/partners',
    minimum: 'ADMIN',
  },
  {
    route: 'adminSetPartnerTerms',
    method: 'PUT',
    path: (id) => `/api/admin/partners/${id}`,
    body: { terms: null, directionTerms: [], monitorHosts: [] },
    prepare: async () => applicant.id,
    minimum: 'ADMIN',
  },
  {
    route: 'adminSetDefaultPartnerTerms',
    method: 'PUT',
    path: () => '/api/admin/partner-terms',
    body: { directionTerms: [] },
    minimum: 'ADMIN',
  },
  {
    route: 'adminPayPartnerPayout',
    method: 'POST',
    path: () => '/api/admin/partner-payouts/no-such-payout/pay',
    body: { txHash: 'd'.repeat(64) },
    minimum: 'ADMIN',
    grantedStatus: 404,
  },
  {
    route: 'adminRejectPartnerPayout',
    method: 'POST',
    path: () => '/api/admin/partner-payouts/no-such-payout/reject',
    body: { reason: 'Not asked for' },
    minimum: 'ADMIN',
    grantedStatus: 404,
  },
  // Pages staff edit: a block nobody wrote taken back to its built-in text changes nothing.
  {
    route: 'adminSiteContent',
    method: 'GET',
    path: () => '/api/admin/site-content',
    minimum: 'ADMIN',
  },
  {
    route: 'saveSiteBlock',
    method: 'PUT',
    path: () => '/api/admin/site-content/landing.cities',
    body: { language: 'en', markdown: '' },
    minimum: 'ADMIN',
  },
  {
    route: 'previewSiteBlock',
    method: 'POST',
    path: () => '/api/admin/site-content/preview',
    body: { markdown: '**x**' },
    minimum: 'ADMIN',
  },
  // The spec's nine coins, chosen again: what the ticker shows stays as it was.
  {
    route: 'chooseTickerCoins',
    method: 'PUT',
    path: () => '/api/admin/ticker',
    body: { coins: [...TICKER_COINS] },
    minimum: 'ADMIN',
  },
  // The seeded VND reserve (no file exchanges VND), so granted calls change nothing.
  {
    route: 'adminPutReserves',
    method: 'PUT',
    path: () => '/api/admin/reserves',
    body: { reserves: [{ code: 'VND', ...seedReserve('VND') }] },
    minimum: 'ADMIN',
  },
];

const RANK: Record<Caller, number> = { anonymous: -1, USER: 0, MANAGER: 1, ADMIN: 2, SUPER_ADMIN: 3 };

function expectedStatus(caller: Caller, minimum: Minimum): number {
  if (minimum === 'public') return 200;
  if (caller === 'anonymous') return 401;
  if (minimum === 'user') return 200;
  return RANK[caller] >= RANK[minimum] ? 200 : 403;
}

const callers = new Map<Caller, TestUser | undefined>();
let applicant: TestUser;

beforeAll(async () => {
  callers.set('anonymous', undefined);
  for (const role of ['USER', 'MANAGER', 'ADMIN', 'SUPER_ADMIN'] as const) {
    callers.set(role, await createVerifiedUser({ role }));
  }
  applicant = await createVerifiedUser();
});

describe('the permission matrix of applications, rates, notifications and the staff area', () => {
  it('covers every route of this area in the manifest, with the access it declares', () => {
    const mine = ENDPOINTS.map((endpoint) => endpoint.route);
    const declared = Object.fromEntries(allRoutes.map(([id, route]) => [id, route.access]));
    const staffRoutesOfArea = allRoutes
      .filter(([, route]) => route.path.startsWith('/api/admin/') && !route.tag.startsWith('admin-users'))
      .map(([id]) => id);
    expect(staffRoutesOfArea.filter((id) => !mine.includes(id))).toEqual([]);
    expect(ENDPOINTS.filter((endpoint) => declared[endpoint.route] !== endpoint.minimum)).toEqual([]);
  });

  for (const endpoint of ENDPOINTS) {
    const declared = allRoutes.find(([id]) => id === endpoint.route)?.[1];
    for (const caller of CALLERS) {
      const expected = expectedStatus(caller, endpoint.minimum);
      const granted =
        expected === 200 ? (endpoint.grantedStatus ?? declared?.successStatus ?? 200) : expected;
      // A refused caller is refused before anything is looked up: no state to prepare, and an id
      // that names nothing (a lookup before the refusal would answer 404). A granted call gets a
      // fresh application only when its path or its preparation takes one.
      const needsApplication =
        expected === 200 &&
        (endpoint.prepare ? endpoint.prepare.length > 0 : endpoint.path('{id}').includes('{id}'));
      it(`${endpoint.method} ${endpoint.path('{id}')} answers ${granted} to ${caller}`, async () => {
        const application = needsApplication
          ? await createApplication(applicant, individualBody())
          : undefined;
        const prepared = expected === 200 ? await endpoint.prepare?.(application?.id ?? '') : undefined;
        const target = prepared ?? application?.id ?? randomUUID();
        const body = typeof endpoint.body === 'function' ? endpoint.body() : endpoint.body;
        const options = { body, token: callers.get(caller)?.token };
        const answer = endpoint.document
          ? await apiDocument(endpoint.method, endpoint.path(target), options)
          : await api(endpoint.method, endpoint.path(target), options);
        if (application) await settle(application.id);
        expect(answer.status).toBe(granted);
        if ('body' in answer) expect(answer.body.success).toBe(granted < 400);
      });
    }
  }
});
