import type { ApplicationDetail } from '@shared/contract/applications';
import type { MarkPaidBody, PayoutDetailsBody } from '@shared/contract/deal';
import {
  cancelMyApplication,
  getMyApplication,
  markPaid,
  setPayoutDetails,
} from '@shared/routes/applications';
import { acceptRequote } from '@shared/routes/deal-money';
import { attachmentType } from '@web/components/thread/attachment-checks';
import { threadApi } from '@web/components/thread/thread-api';
import { ApiError, call, uploadFile } from '@web/lib/api-client';

/** The order page's calls (docs/product.md §7): each answers the application as the page shows it. */

/** The application with its deal; a conditional request, so an unchanged one costs no transfer. */
export async function fetchOrder(id: string, signal?: AbortSignal): Promise<ApplicationDetail> {
  return (await call(getMyApplication, { params: { id }, signal })).data;
}

export async function savePayoutDetails(id: string, body: PayoutDetailsBody): Promise<ApplicationDetail> {
  return (await call(setPayoutDetails, { params: { id }, body })).data;
}

/**
 * Sends a payment receipt the way a message's attachment goes (announced, uploaded to the bucket,
 * posted in the application's thread with `text`), so staff see it in the conversation too; its id
 * is what "I have paid" names as the receipt.
 */
export async function sendReceipt(applicationId: string, file: File, text: string): Promise<string> {
  const api = threadApi('client');
  const contentType = attachmentType(file);
  if (!contentType) throw new Error(`${file.name} may not be attached`);
  const announced = await api.announce(applicationId, { fileName: file.name, contentType, size: file.size });
  await uploadFile(announced.upload, file);
  await api.post(applicationId, { text, attachmentIds: [announced.id] });
  return announced.id;
}

export async function markOrderPaid(id: string, body: MarkPaidBody): Promise<ApplicationDetail> {
  return (await call(markPaid, { params: { id }, body })).data;
}

/** The client takes staff's new quote for a payment that arrived late: the deal's amounts become the quote's. */
export async function acceptNewQuote(id: string): Promise<ApplicationDetail> {
  return (await call(acceptRequote, { params: { id } })).data;
}

export async function cancelOrder(id: string): Promise<void> {
  await call(cancelMyApplication, { params: { id } });
}

/**
 * Whether a call failed because the caller has no such application: another user's id and an
 * unknown one are both 404 (the server tells them apart for nobody); a malformed id is a 400.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
