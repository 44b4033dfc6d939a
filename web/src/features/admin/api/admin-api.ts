import type { ChangeStatusBody } from '@shared/contract/applications';
import type { AttachChainTransferBody } from '@shared/contract/chain';
import type {
  CloseDealBody,
  ConfirmPaymentBody,
  IssueInstructionsBody,
  PaymentResolutionBody,
  RecordPayoutBody,
  RecordRefundBody,
  ReleaseHoldBody,
  ReversePayoutBody,
} from '@shared/contract/deal';
import type { PutCardHoursBody, PutCityHoursBody, PutMaintenanceBody } from '@shared/contract/hours';
import type { PaymentTemplateBody } from '@shared/contract/payment-templates';
import type { PutReservesBody } from '@shared/contract/reserves';
import type { VerificationDecisionBody } from '@shared/contract/verification';
import type { DashboardPeriod, StaffSettableStatus } from '@shared/enums';
import {
  adminChangeApplicationStatus,
  adminConfirmPayment,
  adminGetApplication,
  adminIssueInstructions,
  adminListApplications,
  adminRecordPayout,
  adminRecordRefund,
  adminReversePayout,
  adminUpdateApplicationDetails,
} from '@shared/routes/admin-applications';
import {
  adminActivateUser,
  adminDeactivateUser,
  adminGetUser,
  adminInviteStaff,
  adminListManagers,
  adminListStaffInvitations,
  adminListUsers,
  adminResendStaffInvitation,
  adminResetReferrals,
  adminResetUserMfa,
  adminRevokeStaffInvitation,
  adminUpdateUser,
  adminUserApplications,
} from '@shared/routes/admin-users';
import { authAcceptStaffInvitation, authOpenStaffInvitation } from '@shared/routes/auth';
import { adminAttachChainTransfer, adminChainReview, adminRefundChainTransfer } from '@shared/routes/chain';
import {
  adminActivityStats,
  adminDashboard,
  adminDashboardToday,
  adminSetupChecklist,
} from '@shared/routes/dashboard';
import { adminCloseDeal, adminReleaseHold, adminResolvePayment } from '@shared/routes/deal-money';
import type { RouteCall } from '@shared/routes/definition';
import {
  adminBulkGeo,
  adminGetGeo,
  adminPutCardHours,
  adminPutCityHours,
  adminPutMaintenance,
  adminToggleGeo,
  getExchangeStatus,
} from '@shared/routes/geo';
import {
  adminCreatePaymentTemplate,
  adminDeletePaymentTemplate,
  adminListPaymentTemplates,
  adminUpdatePaymentTemplate,
} from '@shared/routes/payment-templates';
import { adminGetRates, adminPutRates } from '@shared/routes/rates';
import { adminListReserves, adminPutReserves } from '@shared/routes/reserves';
import { adminListSettings, adminPutSetting } from '@shared/routes/settings';
import { adminListOnShift, adminSetShift } from '@shared/routes/shifts';
import {
  adminDecideVerification,
  adminGetVerification,
  adminListVerifications,
} from '@shared/routes/verification';
import { call } from '@web/lib/api-client';

/** The staff calls of docs/product.md §7 (Admin): each the route the server runs, typed by its schemas. */

/** The query of the staff's applications list, as its route's schema takes it. */
export type ApplicationsQuery = NonNullable<RouteCall<typeof adminListApplications>['query']>;
/** The query of the users list, as its route's schema takes it. */
export type UsersQuery = NonNullable<RouteCall<typeof adminListUsers>['query']>;
/** A change of the rates table, as its route's schema takes it (absent lists default to none). */
export type RatesChange = RouteCall<typeof adminPutRates>['body'];

export const adminApi = {
  dashboard: async (period: DashboardPeriod, signal?: AbortSignal) =>
    (await call(adminDashboard, { query: { period }, signal })).data,
  activityStats: async (signal?: AbortSignal) => (await call(adminActivityStats, { signal })).data,
  today: async (signal?: AbortSignal) => (await call(adminDashboardToday, { signal })).data,
  setupChecklist: async (signal?: AbortSignal) => (await call(adminSetupChecklist, { signal })).data,
  /** Who is on shift now (the dashboard), and the caller going on or off shift (the frame's switch). */
  onShift: async (signal?: AbortSignal) => (await call(adminListOnShift, { signal })).data,
  setShift: async (onShift: boolean) => (await call(adminSetShift, { body: { onShift } })).data,

  applications: async (query: ApplicationsQuery, signal?: AbortSignal) =>
    (await call(adminListApplications, { query, signal })).data,
  application: async (id: string, signal?: AbortSignal) =>
    (await call(adminGetApplication, { params: { id }, signal })).data,
  changeStatus: async (id: string, body: ChangeStatusBody & { status: StaffSettableStatus }) =>
    call(adminChangeApplicationStatus, { params: { id }, body }),
  updateDetails: async (id: string, body: RouteCall<typeof adminUpdateApplicationDetails>['body']) =>
    call(adminUpdateApplicationDetails, { params: { id }, body }),
  /** The deal's staff moves (docs/product.md §4): each answers the application's detail as it now is. */
  issueInstructions: async (id: string, body: IssueInstructionsBody) =>
    (await call(adminIssueInstructions, { params: { id }, body })).data,
  confirmPayment: async (id: string, body: ConfirmPaymentBody) =>
    (await call(adminConfirmPayment, { params: { id }, body })).data,
  recordPayout: async (id: string, body: RecordPayoutBody) =>
    (await call(adminRecordPayout, { params: { id }, body })).data,
  recordRefund: async (id: string, body: RecordRefundBody) =>
    (await call(adminRecordRefund, { params: { id }, body })).data,
  /** An ADMIN records that the payout came back (EXCHANGING → CONFIRMED). */
  reversePayout: async (id: string, body: ReversePayoutBody) =>
    (await call(adminReversePayout, { params: { id }, body })).data,
  /** A payment that arrived short, over or late: staff's choice (recalculate, wait, refund the excess, re-quote). */
  resolvePayment: async (id: string, body: PaymentResolutionBody) =>
    (await call(adminResolvePayment, { params: { id }, body })).data,
  /** An ADMIN completes a deal whose payout differs from what is owed, with a reason. */
  closeDeal: async (id: string, body: CloseDealBody) =>
    (await call(adminCloseDeal, { params: { id }, body })).data,
  /** Staff release a held USDT payment after checking its funds. */
  releaseHold: async (id: string, body: ReleaseHoldBody) =>
    (await call(adminReleaseHold, { params: { id }, body })).data,
  managers: async (signal?: AbortSignal) => (await call(adminListManagers, { signal })).data,

  users: async (query: UsersQuery, signal?: AbortSignal) =>
    (await call(adminListUsers, { query, signal })).data,
  user: async (id: string, signal?: AbortSignal) =>
    (await call(adminGetUser, { params: { id }, signal })).data,
  userApplications: async (id: string, page: number, signal?: AbortSignal) =>
    (await call(adminUserApplications, { params: { id }, query: { page, limit: 10 }, signal })).data,
  updateUser: async (id: string, body: RouteCall<typeof adminUpdateUser>['body']) =>
    call(adminUpdateUser, { params: { id }, body }),
  activateUser: async (id: string) => call(adminActivateUser, { params: { id } }),
  deactivateUser: async (id: string) => call(adminDeactivateUser, { params: { id } }),
  resetReferrals: async (id: string) => call(adminResetReferrals, { params: { id } }),
  resetUserMfa: async (id: string) => call(adminResetUserMfa, { params: { id } }),

  /** Staff by invitation (docs/product.md): the pending invitations, a new one, resend, revoke. */
  staffInvitations: async (signal?: AbortSignal) => (await call(adminListStaffInvitations, { signal })).data,
  inviteStaff: async (body: RouteCall<typeof adminInviteStaff>['body']) =>
    (await call(adminInviteStaff, { body })).data,
  resendStaffInvitation: async (id: string) =>
    (await call(adminResendStaffInvitation, { params: { id } })).data,
  revokeStaffInvitation: async (id: string) => call(adminRevokeStaffInvitation, { params: { id } }),
  /** The invitee's side, before they have an account: what the link invites to, and accepting it. */
  openStaffInvitation: async (token: string, signal?: AbortSignal) =>
    (await call(authOpenStaffInvitation, { body: { token }, signal })).data,
  acceptStaffInvitation: async (body: RouteCall<typeof authAcceptStaffInvitation>['body']) =>
    (await call(authAcceptStaffInvitation, { body })).data,

  geo: async (signal?: AbortSignal) => (await call(adminGetGeo, { signal })).data,
  toggleGeo: async (locationKey: string, isActive: boolean) =>
    call(adminToggleGeo, { body: { locationKey, isActive } }),
  /** Many locations at once; `othersOff`: "only these" (everything else switched off). */
  switchGeo: async (locationKeys: string[], isActive: boolean, othersOff = false) =>
    call(adminBulkGeo, { body: { locationKeys, isActive, ...(othersOff ? { othersOff } : {}) } }),

  /** Maintenance and the card schedule (the public GET /status). */
  exchangeStatus: async (signal?: AbortSignal) => (await call(getExchangeStatus, { signal })).data,
  saveCityHours: async (key: string, body: PutCityHoursBody) =>
    (await call(adminPutCityHours, { params: { key }, body })).data,
  saveCardHours: async (body: PutCardHoursBody) => (await call(adminPutCardHours, { body })).data,
  saveMaintenance: async (body: PutMaintenanceBody) => call(adminPutMaintenance, { body }),

  settings: async (signal?: AbortSignal) => (await call(adminListSettings, { signal })).data,
  saveSetting: async (key: string, value: number | string) =>
    call(adminPutSetting, { params: { key }, body: { value } }),

  rates: async (signal?: AbortSignal) => (await call(adminGetRates, { signal })).data,
  saveRates: async (body: RatesChange) => call(adminPutRates, { body }),

  reserves: async (signal?: AbortSignal) => (await call(adminListReserves, { signal })).data.reserves,
  saveReserves: async (body: PutReservesBody) => call(adminPutReserves, { body }),

  paymentTemplates: async (signal?: AbortSignal) =>
    (await call(adminListPaymentTemplates, { signal })).data.templates,
  createPaymentTemplate: async (body: PaymentTemplateBody) =>
    (await call(adminCreatePaymentTemplate, { body })).data,
  updatePaymentTemplate: async (id: string, body: PaymentTemplateBody) =>
    (await call(adminUpdatePaymentTemplate, { params: { id }, body })).data,
  deletePaymentTemplate: async (id: string) => call(adminDeletePaymentTemplate, { params: { id } }),
  chainReview: async (signal?: AbortSignal) => (await call(adminChainReview, { signal })).data,
  verificationQueue: async (signal?: AbortSignal) => (await call(adminListVerifications, { signal })).data,
  verification: async (id: string, signal?: AbortSignal) =>
    (await call(adminGetVerification, { params: { id }, signal })).data,
  decideVerification: async (id: string, body: VerificationDecisionBody) =>
    (await call(adminDecideVerification, { params: { id }, body })).data,
  /** The transfer is that application's money, recorded as it arrived (any amount; the deal shows the difference). */
  attachChainTransfer: async (txId: string, body: AttachChainTransferBody) =>
    (await call(adminAttachChainTransfer, { params: { txId }, body })).data,
  refundChainTransfer: async (txId: string, txHash: string) =>
    (await call(adminRefundChainTransfer, { params: { txId }, body: { txHash } })).data,
};
