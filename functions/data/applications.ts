import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RateSnapshot } from '@shared/contract/applications';
import type { ChainCheck, OfficePlace, PaymentHold, PayTo } from '@shared/contract/deal';
import type { DealMoney } from '@shared/deal-money';
import type { ApplicationStatus, RequestType, Role } from '@shared/enums';
import type { MoveName } from '@shared/lifecycle';
import type { SbpBankId } from '@shared/sbp-banks';
import type { VisitSource } from '@shared/visit-source';
import { db, tableName } from './client';
import { keys } from './keys';
import { type ListPartition, readItems } from './query-window';
import type { TransactItem } from './transactions';

/** Payment instructions staff issued (docs/product.md §4 "The deal"): they start the payment window. */
/** A deal's count on its receiving detail: the periods it was counted in, and the amount in 10^-6 units. */
export interface PoolUse {
  templateId: string;
  day: string;
  month: string;
  units: string;
}

export interface PaymentInstructions {
  text: string;
  /** The saved template they started from, if any (a template in use cannot be deleted). */
  templateId: string | null;
  /**
   * The office account the client was told to pay into (the template's, when it names one): the
   * deal's money in and back is booked on it. Absent on instructions issued before accounts.
   */
  accountId?: string | null;
  issuedAt: string;
  issuedBy: string;
  windowMinutes: number;
  deadline: string;
  /**
   * Where and how much USDT to send, when the client pays in USDT: the amount made unique on the
   * wallet ("500.0037", functions/domain/applications/payable-amount.ts); a number on instructions
   * issued before it was (read as its decimal).
   */
  /** The card, account or office paid into, as the template said at issue (absent: issued before it was kept). */
  payTo?: PayTo | null;
  /** Where cash is collected, for a cash payout (absent: issued before it was kept). */
  collectAt?: OfficePlace | null;
  /**
   * What these instructions count on their detail's pool limits (functions/domain/payment-templates/pool.ts):
   * given back when the deal ends with nothing received. Absent: nothing counted.
   */
  poolUse?: PoolUse | null;
  crypto: {
    address: string;
    amount: string | number;
    /**
     * When the client was first told this amount on this wallet (re-issued instructions keep it):
     * a transfer made before it is not this deal's payment. Absent on instructions issued before
     * it was kept (`issuedAt` stands in).
     */
    since?: string;
  } | null;
}

/**
 * Where the client receives: a TRON address for USDT, a card number (digits only) for a card, or for
 * a card-RUB payout an SBP phone (`+7XXXXXXXXXX`) and bank. An address carries whether it was
 * screened against the USDT blacklist (false: the provider could not tell when it was given; absent
 * on addresses given before screening, which were not screened).
 */
export type PayoutDetails =
  | { kind: 'address'; address: string; screened?: boolean }
  | { kind: 'card'; card: string }
  | { kind: 'sbp'; phone: string; bank: SbpBankId };

/** The client's "I have paid": when, and the proof they gave (a transaction hash, a receipt). */
export interface ClientPaid {
  at: string;
  txHash: string | null;
  receiptId: string | null;
  /** The server's check of a USDT hash on chain (absent: not checked — no hash, or not USDT). */
  chainCheck?: ChainCheck;
}

/** A staff member's record of money moving on the deal: when, who, and its reference. */
export interface StaffRecord {
  at: string;
  by: string;
  txHash: string | null;
  note: string | null;
  /** The server's check of a USDT payout's hash on chain (absent: not checked). */
  chainCheck?: ChainCheck;
  /** A payout's office account, when staff named one (absent: the asset's own). */
  accountId?: string | null;
  /** At a card payment's confirmation: the payer's name staff entered, and whether it differs from the verified holder's. */
  payerName?: string | null;
  payerNameMismatch?: boolean;
}

/** A payout that came back, as an ADMIN recorded it: the payout as it was, and why it was reversed. */
export interface PayoutReversal {
  at: string;
  by: string;
  reference: string;
  reason: string;
  payout: StaffRecord;
}

/** The stored application. Staff-only fields (adminNote, assignee) never reach the owner. */
export interface ApplicationRecord {
  id: string;
  userId: string;
  requestType: RequestType;
  status: ApplicationStatus;
  amountFrom: number | null;
  amountTo: number | null;
  amountUSD: number | null;
  assetFrom: string | null;
  assetTo: string | null;
  currencyFrom: string | null;
  currencyTo: string | null;
  continent: string | null;
  country: string | null;
  city: string | null;
  details: string | null;
  contactTelegram: string;
  originFunds: string | null;
  /** Where the client came from when they applied (a referrer, a campaign, a monitor); null: unknown. */
  source?: VisitSource | null;
  /**
   * When the client agreed, on the order form, that their funds may be held for an AML check
   * (docs/product.md "The order form"); null on an application from before the form asked.
   */
  amlAcknowledgedAt?: string | null;
  rejectionReason: string | null;
  rate: RateSnapshot | null;
  assignedToId: string | null;
  adminNote: string | null;
  createdAt: string;
  updatedAt: string;
  statusChangedAt: string;
  instructions: PaymentInstructions | null;
  /** The instructions' deadline, kept apart so the payment expiry job can filter and condition on it. */
  paymentDeadline: string | null;
  payoutDetails: PayoutDetails | null;
  clientPaid: ClientPaid | null;
  /** Staff confirmed the money arrived (the note as the reference). */
  paymentConfirmation: StaffRecord | null;
  /** Staff recorded the payout (EXCHANGING); null again after an ADMIN reversed it. */
  payout: StaffRecord | null;
  /** The payout came back (once per deal): recorded by an ADMIN, the deal CONFIRMED again. */
  payoutReversal: PayoutReversal | null;
  /** Staff recorded returning the client's money on a deal that ended without completing. */
  refund: StaffRecord | null;
  /** The money as it moved, part by part (absent on a deal from before: read from its records). */
  money?: DealMoney | null;
  /** Staff's new quote for a payment that arrived late, until the client accepts it or it lapses. */
  requote?: RequoteOffer | null;
  /** An ADMIN completed the deal with paid out and owed differing: why, and the difference. */
  closing?: DealClosing | null;
  /** A USDT payment held for staff's check (ON_HOLD), and its release; absent: never held. */
  hold?: PaymentHold | null;
  /** Messages the owner / staff have not read yet (functions/data/messages.ts). */
  unreadByClient: number | null;
  unreadByStaff: number | null;
  /** When a new message last mailed the owner / staff (at most once per 10 minutes a side). */
  messageMailedClientAt: string | null;
  messageMailedStaffAt: string | null;
  /** What the limits counted of it (functions/data/limit-counters.ts), given back if it ends uncompleted. */
  limitCounted?: LimitCounted | null;
  /**
   * The card the client pays from (docs/product.md "Cards and verification"): a snapshot taken at
   * creation; `verified` is set when staff approve the card (`payerCardVerified`).
   */
  payerCard?: PayerCard | null;
  /** Bumped by every write, so read-modify-write updates can be conditional on it. */
  version: number;
}

/** The day totals an application was counted on: its business day, its value in cents, and each subject. */
export interface LimitCounted {
  day: string;
  /** Integer cents, as text (exact at any size). */
  cents: string;
  subjects: string[];
}

export interface PayerCard {
  id: string;
  bank: string;
  last4: string;
  holder: string;
  verified: boolean;
  /** The direction asked for a verified card (always, or above an amount) when the client applied. */
  verificationRequired: boolean;
}

/** A new quote at the current rate for what arrived late: the amounts the deal would have. */
export interface RequoteOffer {
  amountFrom: number;
  amountTo: number;
  amountUSD: number;
  rate: RateSnapshot;
  offeredAt: string;
  offeredBy: string;
  until: string;
}

export interface DealClosing {
  at: string;
  by: string;
  reason: string;
  /** Owed less paid out, in the received currency (negative: more went out than was owed). */
  difference: string;
}

/** The deal's fields of a new application: nothing issued, paid or read yet. */
export const NO_DEAL_YET = {
  instructions: null,
  paymentDeadline: null,
  payoutDetails: null,
  clientPaid: null,
  paymentConfirmation: null,
  payout: null,
  payoutReversal: null,
  refund: null,
  unreadByClient: 0,
  unreadByStaff: 0,
  messageMailedClientAt: null,
  messageMailedStaffAt: null,
} as const satisfies Partial<ApplicationRecord>;

/** Who caused a status change: a user or staff member, or the expiry job. */
export interface Actor {
  id: string | null;
  role: Role | 'SYSTEM';
}

export interface StatusHistoryRecord {
  applicationId: string;
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  at: string;
  actorId: string | null;
  actorRole: Role | 'SYSTEM';
  reason: string | null;
  userId: string;
  amountFrom: number | null;
  currencyFrom: string | null;
  /** What the move carried (a transaction hash, a note, a deadline), for the timeline and staff. */
  details: Record<string, unknown> | null;
}

const RECORD_FIELDS = [
  'id',
  'userId',
  'requestType',
  'status',
  'amountFrom',
  'amountTo',
  'amountUSD',
  'assetFrom',
  'assetTo',
  'currencyFrom',
  'currencyTo',
  'continent',
  'country',
  'city',
  'details',
  'contactTelegram',
  'originFunds',
  'source',
  'amlAcknowledgedAt',
  'rejectionReason',
  'rate',
  'assignedToId',
  'adminNote',
  'createdAt',
  'updatedAt',
  'statusChangedAt',
  'instructions',
  'paymentDeadline',
  'payoutDetails',
  'clientPaid',
  'paymentConfirmation',
  'payout',
  'payoutReversal',
  'refund',
  'money',
  'requote',
  'closing',
  'hold',
  'unreadByClient',
  'unreadByStaff',
  'messageMailedClientAt',
  'messageMailedStaffAt',
  'limitCounted',
  'payerCard',
  'version',
] as const satisfies readonly (keyof ApplicationRecord)[];

/** The item: keys, the three index entries (by user, by status, all) and the record. */
export function applicationItem(record: ApplicationRecord) {
  const indexSortKey = keys.applicationIndexSortKey(record.createdAt, record.id);
  return {
    ...keys.application(record.id),
    gsi1pk: keys.applicationsOfUser(record.userId),
    gsi1sk: indexSortKey,
    gsi2pk: keys.applicationsOfStatus(record.status),
    gsi2sk: indexSortKey,
    gsi3pk: keys.allApplications,
    gsi3sk: indexSortKey,
    ...record,
  };
}

export function toApplicationRecord(item: Record<string, unknown>): ApplicationRecord {
  const record = {} as Record<string, unknown>;
  for (const field of RECORD_FIELDS) record[field] = item[field] ?? null;
  return record as unknown as ApplicationRecord;
}

export function applicationPut(record: ApplicationRecord): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: applicationItem(record),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function historyPut(entry: StatusHistoryRecord): TransactItem {
  const completed =
    entry.to === 'COMPLETED'
      ? { gsi1pk: keys.completedLog, gsi1sk: `${entry.at}#${entry.applicationId}` }
      : {};
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.applicationHistory(entry.applicationId, entry.at, randomBytes(3).toString('hex')),
        ...completed,
        ...entry,
      },
    },
  };
}

/**
 * Moves an application from `from` to `to`, only if its status is still `from` (and, for the
 * expiry job, it was created before `createdBefore`). Moves its by-status index entry too.
 */
/** The deal's fields a status change may set beside the status (what the move carried). */
export type DealFields = Partial<
  Pick<
    ApplicationRecord,
    | 'rejectionReason'
    | 'instructions'
    | 'paymentDeadline'
    | 'clientPaid'
    | 'paymentConfirmation'
    | 'payout'
    | 'payoutReversal'
    | 'rate'
    | 'assignedToId'
    | 'money'
    | 'requote'
    | 'closing'
    | 'hold'
    | 'amountFrom'
    | 'amountTo'
    | 'amountUSD'
  >
>;

/**
 * Moves an application from `from` to `to`, only if its status is still `from` (and, for the
 * expiry job, it was created before `createdBefore`; for the payment expiry job, its deadline is
 * still before `deadlinePassedAt`; for "I have paid", its deadline is still after `deadlineAfter`;
 * for a Take, nobody is assigned yet).
 * Sets the deal's fields the move carried, and moves its by-status index entry.
 */
/**
 * What a status write is conditional on besides the status it expects: the facts a move's needs
 * read that someone else's write or the clock may change between the read and the write
 * (functions/domain/applications/perform.ts derives them from the lifecycle's needs).
 */
export interface StatusWriteConditions {
  /** Still created before this time. */
  createdBefore?: string;
  /** The payment deadline has passed at this time. */
  deadlinePassedAt?: string;
  /** The payment deadline is still ahead of this time. */
  deadlineAfter?: string;
  /** Nobody is assigned (a Take in Telegram assigns in the same write). */
  unassigned?: true;
  /** Nobody wrote it since it was read (a move that adds to the deal's money). */
  version?: number;
}

export function statusUpdate(
  record: ApplicationRecord,
  change: StatusWriteConditions & {
    /** The lifecycle's move, kept as `lastMove`: what the stream's readers are told happened. */
    move: MoveName;
    from: ApplicationStatus;
    to: ApplicationStatus;
    at: string;
    fields?: DealFields;
  },
): TransactItem {
  const values: Record<string, unknown> = {
    ':move': change.move,
    ':from': change.from,
    ':to': change.to,
    ':at': change.at,
    ':gsi2pk': keys.applicationsOfStatus(change.to),
    ':one': 1,
  };
  const names: Record<string, string> = { '#status': 'status' };
  const sets = [
    '#status = :to',
    'lastMove = :move',
    'statusChangedAt = :at',
    'updatedAt = :at',
    'gsi2pk = :gsi2pk',
  ];
  for (const [field, value] of Object.entries(change.fields ?? {})) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  let condition = '#status = :from';
  if (change.createdBefore) {
    condition += ' AND createdAt < :createdBefore';
    values[':createdBefore'] = change.createdBefore;
  }
  if (change.deadlinePassedAt) {
    condition += ' AND paymentDeadline <= :deadlinePassedAt';
    values[':deadlinePassedAt'] = change.deadlinePassedAt;
  }
  if (change.deadlineAfter) {
    condition += ' AND paymentDeadline > :deadlineAfter';
    values[':deadlineAfter'] = change.deadlineAfter;
  }
  if (change.version !== undefined) {
    condition += ' AND version = :version';
    values[':version'] = change.version;
  }
  if (change.unassigned) {
    condition += ' AND (attribute_not_exists(assignedToId) OR assignedToId = :nobody)';
    values[':nobody'] = null;
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.application(record.id),
      UpdateExpression: `SET ${sets.join(', ')} ADD version :one`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Sets deal fields without a move (the client's payout details, re-issued instructions, a refund),
 * only while the application is in one of `statuses` and nobody wrote it since it was read.
 */
export function dealFieldsUpdate(
  record: ApplicationRecord,
  fields: Partial<
    Pick<
      ApplicationRecord,
      'payoutDetails' | 'instructions' | 'paymentDeadline' | 'refund' | 'rate' | 'money'
    >
  >,
  statuses: readonly ApplicationStatus[],
  at: string,
): TransactItem {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':at': at, ':version': record.version, ':one': 1 };
  const sets = ['updatedAt = :at'];
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  const statusValues = statuses.map((status, index) => {
    values[`:status${index}`] = status;
    return `:status${index}`;
  });
  return {
    Update: {
      TableName: tableName,
      Key: keys.application(record.id),
      UpdateExpression: `SET ${sets.join(', ')} ADD version :one`,
      ConditionExpression: `version = :version AND #status IN (${statusValues.join(', ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The card a deal is paid from was verified: its snapshot says so (a write the live push tells the
 * deal's screens of), conditional on the deal still naming that card unverified.
 */
export function payerCardVerified(applicationId: string, cardId: string, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.application(applicationId),
      UpdateExpression: 'SET payerCard.verified = :yes, updatedAt = :at ADD version :one',
      ConditionExpression: 'payerCard.id = :card AND payerCard.verified = :no',
      ExpressionAttributeValues: { ':yes': true, ':no': false, ':at': at, ':one': 1, ':card': cardId },
    },
  };
}

/** How many of a client's newest applications are looked at for the deals a card pays (at most 5 are open). */
const PAID_FROM_CARD_WINDOW = 20;

/** A client's newest applications paid from a card that were made while it was unverified. */
export async function applicationsAwaitingCard(userId: string, cardId: string): Promise<ApplicationRecord[]> {
  const { items } = await readItems(applicationPartitions.ofUser(userId), {
    forward: false,
    count: PAID_FROM_CARD_WINDOW,
  });
  return items
    .map(toApplicationRecord)
    .filter((record) => record.payerCard?.id === cardId && !record.payerCard.verified);
}

/** Sets staff fields, only if nobody wrote the application since it was read (`version`). */
export function detailsUpdate(
  record: ApplicationRecord,
  changes: { adminNote?: string | null; assignedToId?: string | null },
  at: string,
): TransactItem {
  const sets = ['updatedAt = :at'];
  const values: Record<string, unknown> = { ':at': at, ':version': record.version, ':one': 1 };
  if (changes.adminNote !== undefined) {
    sets.push('adminNote = :note');
    values[':note'] = changes.adminNote;
  }
  if (changes.assignedToId !== undefined) {
    sets.push('assignedToId = :assignee');
    values[':assignee'] = changes.assignedToId;
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.application(record.id),
      UpdateExpression: `SET ${sets.join(', ')} ADD version :one`,
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The check, inside the transaction that assigns an application, that the assignee is still an
 * active staff member (MANAGER or higher) when it commits.
 */
export function assigneeStillStaff(userId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.user(userId),
      ConditionExpression: 'isActive = :true AND #role IN (:manager, :admin, :superAdmin)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: {
        ':true': true,
        ':manager': 'MANAGER',
        ':admin': 'ADMIN',
        ':superAdmin': 'SUPER_ADMIN',
      },
    },
  };
}

export async function findApplication(id: string): Promise<ApplicationRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.application(id), ConsistentRead: true }),
  );
  return Item ? toApplicationRecord(Item) : undefined;
}

/** The application and its status history, oldest change first, in one Query (pattern 13). */
export async function findApplicationWithHistory(
  id: string,
): Promise<{ application: ApplicationRecord; history: StatusHistoryRecord[] } | undefined> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.applicationPartition(id) },
      ConsistentRead: true,
    }),
  );
  const item = (Items ?? []).find((candidate) => candidate.sk === 'APP');
  if (!item) return undefined;
  const history = (Items ?? [])
    .filter((candidate) => String(candidate.sk).startsWith(keys.applicationHistoryPrefix))
    .map(toHistoryRecord);
  return { application: toApplicationRecord(item), history };
}

function toHistoryRecord(item: Record<string, unknown>): StatusHistoryRecord {
  const {
    applicationId,
    from,
    to,
    at,
    actorId,
    actorRole,
    reason,
    userId,
    amountFrom,
    currencyFrom,
    details,
  } = item as unknown as StatusHistoryRecord;
  return {
    applicationId,
    from,
    to,
    at,
    actorId,
    actorRole,
    reason,
    userId,
    amountFrom,
    currencyFrom,
    details: details ?? null,
  };
}

/** Recently completed applications from the history log (pattern 19), newest first. */
export async function listRecentlyCompleted(since: string, limit: number): Promise<StatusHistoryRecord[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
      ExpressionAttributeValues: { ':pk': keys.completedLog, ':since': since },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toHistoryRecord);
}

/** The index partitions the application lists read (patterns 14, 15, 16). */
export const applicationPartitions = {
  ofUser: (userId: string): ListPartition => ({ indexName: 'gsi1', value: keys.applicationsOfUser(userId) }),
  ofStatus: (status: string, createdBefore?: string): ListPartition => ({
    indexName: 'gsi2',
    value: keys.applicationsOfStatus(status),
    ...(createdBefore ? { sortKeyBefore: createdBefore } : {}),
  }),
  all: (): ListPartition => ({ indexName: 'gsi3', value: keys.allApplications }),
};

/**
 * The owner's `applicationCount` (the spec's "completed applications") rises with each COMPLETED
 * application, in the completing transaction.
 */
export function ownerCompletedCountIncrement(userId: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(userId),
      UpdateExpression: 'ADD applicationCount :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}
