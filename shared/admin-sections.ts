import { ROLES, type Role, roleRank, type StaffRole } from './enums';
import type { StaffAction } from './permissions';
import {
  adminChangeApplicationStatus,
  adminConfirmPayment,
  adminGetApplication,
  adminIssueInstructions,
  adminListApplications,
  adminRecordPayout,
  adminRecordRefund,
  adminUpdateApplicationDetails,
} from './routes/admin-applications';
import {
  adminActivateUser,
  adminDeactivateUser,
  adminGetUser,
  adminListManagers,
  adminListUsers,
  adminResetReferrals,
  adminResetUserMfa,
  adminUpdateUser,
  adminUserApplications,
} from './routes/admin-users';
import { adminAuditTrail } from './routes/audit';
import { adminAddBlacklistEntry, adminListBlacklist, adminRemoveBlacklistEntry } from './routes/blacklist';
import { adminChainReview } from './routes/chain';
import { adminActivityStats, adminDashboard, adminDashboardToday } from './routes/dashboard';
import type { Access, RouteDefinition } from './routes/definition';
import { adminCreateExport, adminGetExport } from './routes/exports';
import {
  adminBulkGeo,
  adminGetGeo,
  adminPutCardHours,
  adminPutCityHours,
  adminPutMaintenance,
  adminToggleGeo,
  getExchangeStatus,
  getGeo,
} from './routes/geo';
import {
  adminAdjustLedgerAccount,
  adminCloseLedgerDay,
  adminCountLedgerDay,
  adminCreateLedgerAccount,
  adminGetLedgerAccount,
  adminGetLedgerDay,
  adminListLedgerAccounts,
  adminTransferBetweenAccounts,
} from './routes/ledger';
import { adminCreateAttachment, adminListMessages, adminPostMessage } from './routes/messages';
import {
  adminListPartners,
  adminPayPartnerPayout,
  adminRejectPartnerPayout,
  adminSetDefaultPartnerTerms,
  adminSetPartnerTerms,
} from './routes/partners';
import {
  adminCreatePaymentTemplate,
  adminDeletePaymentTemplate,
  adminListPaymentTemplates,
  adminUpdatePaymentTemplate,
} from './routes/payment-templates';
import { adminGetRates, adminPutRates } from './routes/rates';
import { adminReport } from './routes/reports';
import { adminListReserves, adminPutReserves } from './routes/reserves';
import { adminSecurityAudit, adminSecuritySessions } from './routes/security';
import { adminGetSetting, adminListSettings, adminPutSetting } from './routes/settings';
import { adminListOnShift } from './routes/shifts';
import { adminSiteContent, previewSiteBlock, saveSiteBlock } from './routes/site-content';
import { adminTelegramStatus } from './routes/telegram';
import { adminListTransactions } from './routes/transactions';
import { adminDecideVerification, adminGetVerification, adminListVerifications } from './routes/verification';

/**
 * The admin area's sections (docs/product.md §2) and the routes each calls (docs/architecture.md
 * §6). A section opens to the lowest role every one of its `calls` admits, so it is never open to
 * a role whose calls the server refuses. `byAction` holds the calls a section makes only where a
 * staff action of `shared/permissions.ts` allows it (the users' edits), `byRole` those it makes
 * only for staff of at least that role (the page offers them to no one below): neither closes the
 * section, and test/unit/admin-sections.test.ts checks both against the routes' access.
 */
interface AdminSectionCalls {
  calls: readonly RouteDefinition[];
  byAction?: Partial<Record<StaffAction, readonly RouteDefinition[]>>;
  byRole?: Partial<Record<StaffRole, readonly RouteDefinition[]>>;
}

const ADMIN_SECTIONS = {
  // The first-run checklist (adminSetupChecklist) is an ADMIN's: the page reads it only for them,
  // so it does not close the dashboard to a MANAGER. The frame's shift switch (adminSetShift) is
  // every staff member's, in no section.
  dashboard: {
    calls: [adminDashboard, adminDashboardToday, adminActivityStats, adminListReserves, adminListOnShift],
  },
  users: {
    calls: [adminListUsers, adminGetUser, adminUserApplications],
    byAction: {
      // A MANAGER's rights are chosen among the cities and directions there are.
      edit: [adminUpdateUser, adminGetGeo, adminGetRates],
      setRole: [adminUpdateUser],
      activate: [adminActivateUser, adminUpdateUser],
      deactivate: [adminDeactivateUser, adminUpdateUser],
      resetReferrals: [adminResetReferrals],
      resetMfa: [adminResetUserMfa],
    },
  },
  applications: {
    // The users list finds the user a filter names.
    calls: [
      adminListApplications,
      adminGetApplication,
      adminChangeApplicationStatus,
      adminUpdateApplicationDetails,
      adminListManagers,
      adminListUsers,
      // The deal's moves in the detail, the instructions form's template picker and the thread.
      adminIssueInstructions,
      adminConfirmPayment,
      adminRecordPayout,
      adminRecordRefund,
      adminListPaymentTemplates,
      adminListMessages,
      adminPostMessage,
      adminCreateAttachment,
    ],
  },
  rates: { calls: [adminGetRates, adminPutRates] },
  reserves: { calls: [adminListReserves, adminPutReserves] },
  // Maintenance and the card schedule are read from the public status.
  geo: {
    calls: [
      adminGetGeo,
      getExchangeStatus,
      adminToggleGeo,
      adminBulkGeo,
      adminPutCityHours,
      adminPutCardHours,
      adminPutMaintenance,
    ],
  },
  // Each setting names its own lowest role too (`maySetSetting`); the page shows the others read-only.
  settings: { calls: [adminListSettings, adminPutSetting] },
  // The history's list and its exports (asked for, then their state and link); an application opens
  // in the applications section. The direct CSV is for API clients (test/unit/route-callers.test.ts).
  transactions: { calls: [adminListTransactions, adminCreateExport, adminGetExport] },
  // The books ("Accounts and the day"): the accounts, their trails and the business day, read and
  // counted by the staff on shift; opening an account, its opening balance or a correction, a
  // transfer and closing the day are an ADMIN's, as on the server.
  ledger: {
    calls: [adminListLedgerAccounts, adminGetLedgerAccount, adminGetLedgerDay, adminCountLedgerDay],
    byRole: {
      ADMIN: [
        adminCreateLedgerAccount,
        adminAdjustLedgerAccount,
        adminTransferBetweenAccounts,
        adminCloseLedgerDay,
      ],
    },
  },
  // The "payment gateways" page: the payment templates and, under them, the USDT transfers the
  // chain watcher left for staff, which a MANAGER on shift resolves. A MANAGER reads the templates;
  // their writes are an ADMIN's, with the rates the template form takes its currencies from. The
  // cities come from the public tree.
  payments: {
    calls: [adminListPaymentTemplates, getGeo, adminChainReview],
    byRole: {
      ADMIN: [
        adminCreatePaymentTemplate,
        adminUpdatePaymentTemplate,
        adminDeletePaymentTemplate,
        adminGetRates,
      ],
    },
  },
  // Security settings: the second-factor setting (a SUPER_ADMIN's by its minRole, read-only below),
  // staff's sessions and the security log. Ending a session (adminRevokeSession) is SUPER_ADMIN's
  // route: the page offers it only to them, so it does not close the section to an ADMIN.
  security: {
    calls: [adminGetSetting, adminPutSetting, adminSecuritySessions, adminSecurityAudit, adminTelegramStatus],
  },
  // The operator's blacklists: a MANAGER on shift reads them; adding and removing entries are an
  // ADMIN's, as on the server (docs/decisions.md).
  blacklists: {
    calls: [adminListBlacklist],
    byRole: { ADMIN: [adminAddBlacklistEntry, adminRemoveBlacklistEntry] },
  },
  // The verification queue: a MANAGER on shift reviews cards' and identities' photos.
  verification: { calls: [adminListVerifications, adminGetVerification, adminDecideVerification] },
  // The audit trail, and the active staff its filter names: an ADMIN's (docs/decisions.md).
  audit: { calls: [adminAuditTrail, adminListManagers] },
  // Analytics and reports: an ADMIN's, as their figures include the business's profit.
  reports: { calls: [adminReport] },
  // The partner programme: the payouts partners asked for (paid with a transfer the server checks
  // on chain, or refused), each partner's terms and monitors, and the default terms; the directions
  // to give terms to come from the rates. An ADMIN's, as the server's.
  partners: {
    calls: [
      adminListPartners,
      adminPayPartnerPayout,
      adminRejectPartnerPayout,
      adminSetPartnerTerms,
      adminSetDefaultPartnerTerms,
      adminGetRates,
    ],
  },
  // The pages staff edit: the blocks of the public site written in Markdown, previewed as the site
  // shows them and saved (which rewrites the prerendered pages), with the staff who wrote them by
  // name. An ADMIN's, as the server's.
  pages: { calls: [adminSiteContent, previewSiteBlock, saveSiteBlock, adminListManagers] },
} as const satisfies Record<string, AdminSectionCalls>;

export type AdminSection = keyof typeof ADMIN_SECTIONS;

export const ADMIN_SECTION_NAMES = Object.keys(ADMIN_SECTIONS) as AdminSection[];

/** The staff role below which the admin area is closed, whatever a section calls. */
const AREA_MINIMUM: StaffRole = 'MANAGER';

/** The role an access admits from (`public` and `user`: anyone logged in to the staff area). */
function lowestRoleOf(access: Access): Role {
  return access === 'public' || access === 'user' ? ROLES[0] : access;
}

/** The lowest role that may open `section`: the highest access among its calls, at least MANAGER. */
export function sectionMinimum(section: AdminSection): StaffRole {
  const calls: readonly RouteDefinition[] = ADMIN_SECTIONS[section].calls;
  const ranks = calls.map((route) => roleRank(lowestRoleOf(route.access)));
  return ROLES[Math.max(roleRank(AREA_MINIMUM), ...ranks)] as StaffRole;
}

/** Whether the server lets `role` call `route` (its access): what a page offers within a section. */
export function mayCall(role: Role, route: RouteDefinition): boolean {
  return roleRank(role) >= roleRank(lowestRoleOf(route.access));
}

export function canOpenSection(role: Role, section: AdminSection): boolean {
  return roleRank(role) >= roleRank(sectionMinimum(section));
}

/** The routes `section` calls: all of them, and those called only where an action allows, by action. */
export function sectionCalls(section: AdminSection): AdminSectionCalls {
  return ADMIN_SECTIONS[section];
}
