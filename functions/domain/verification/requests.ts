import { randomInt, randomUUID } from 'node:crypto';
import {
  findCard,
  readStandings,
  type StandingOf,
  standingFollows,
  standingRequested,
} from '@functions/data/cards';
import { staffNoticePut } from '@functions/data/staff-notices';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { presignUpload, uploadKey, verificationPhotoKey } from '@functions/data/uploads';
import {
  type AnnouncedPhoto,
  findVerificationRequest,
  setAnnouncedPhoto,
  type VerificationRequestRecord,
  verificationRequestPut,
  verificationRequestSent,
} from '@functions/data/verification-requests';
import type { AttachmentUpload } from '@shared/contract/messages';
import type {
  AnnouncePhotoBody,
  StartVerificationBody,
  VerificationRequestView,
} from '@shared/contract/verification';
import { UPLOAD_PENDING_HOURS } from '@shared/messages';
import {
  PHOTOS_OF_KIND,
  VERIFICATION_CODE_LENGTH,
  type VerificationPhotoRole,
  type VerificationStatus,
} from '@shared/verification';
import { checkUpload, deleteSentUploads, keepUpload } from '../messages/checked-upload';
import {
  AlreadyVerified,
  CardNotFound,
  VerificationNotAwaitingPhotos,
  VerificationNotFound,
  VerificationPhotoMissing,
  VerificationPhotoNotAsked,
  VerificationUnderReview,
} from './errors';

/**
 * A client's verification requests (docs/product.md "Cards and verification"): started for a card
 * (with a code its photo shows beside it) or for the identity, photos uploaded exactly as a
 * thread's attachments are (a presigned POST, then checked in the bucket and copied to a key no
 * POST names: functions/domain/messages/checked-upload.ts), then sent to staff's queue.
 */

export function requestView(request: VerificationRequestRecord): VerificationRequestView {
  return {
    id: request.id,
    kind: request.kind,
    state: request.state,
    code: request.code,
    photos: [...PHOTOS_OF_KIND[request.kind]],
  };
}

export function standingOf(
  request: Pick<VerificationRequestRecord, 'kind' | 'userId' | 'cardId'>,
): StandingOf {
  return request.kind === 'card' && request.cardId
    ? { kind: 'card', userId: request.userId, cardId: request.cardId }
    : { kind: 'identity', userId: request.userId };
}

/** The code a card's photo shows: digits, new for each request, so an old photo proves nothing. */
function newCode(): string {
  return Array.from({ length: VERIFICATION_CODE_LENGTH }, () => String(randomInt(10))).join('');
}

function refuseStarting(status: VerificationStatus): void {
  if (status === 'verified') throw new AlreadyVerified();
  if (status === 'pending') throw new VerificationUnderReview();
}

/**
 * POST /verification/requests: a new request, awaiting photos (one still awaiting them is replaced:
 * its card or identity names the new one). Refused while staff review one or once verified.
 */
export async function startVerification(
  userId: string,
  body: StartVerificationBody,
  now = new Date(),
): Promise<VerificationRequestView> {
  let statusRead: VerificationStatus;
  let card: VerificationRequestRecord['card'] = null;
  if (body.kind === 'card') {
    const found = await findCard(userId, body.cardId);
    if (!found) throw new CardNotFound();
    statusRead = found.status;
    card = { bank: found.bank, last4: found.last4, holder: found.holder };
  } else {
    statusRead = (await readStandings(userId)).identity.status;
  }
  refuseStarting(statusRead);
  const request: VerificationRequestRecord = {
    id: randomUUID(),
    userId,
    kind: body.kind,
    cardId: body.kind === 'card' ? body.cardId : null,
    card,
    code: body.kind === 'card' ? newCode() : null,
    state: 'awaitingPhotos',
    photos: {},
    kept: {},
    createdAt: now.toISOString(),
    submittedAt: null,
    decidedAt: null,
    decidedBy: null,
    reason: null,
    photosDeletedAt: null,
  };
  try {
    await new Transaction()
      .add(
        'request',
        verificationRequestPut(request, Math.floor(now.getTime() / 1000) + UPLOAD_PENDING_HOURS * 3600),
      )
      .add('standing', standingRequested(standingOf(request), request, statusRead))
      .run();
  } catch (error) {
    // The card was removed, or another request of it started or was sent, meanwhile.
    if (error instanceof TransactionCancelledError && error.failedOn('standing')) {
      if (body.kind === 'card' && !(await findCard(userId, body.cardId))) throw new CardNotFound();
      throw new VerificationNotAwaitingPhotos();
    }
    throw error;
  }
  return requestView(request);
}

/** The caller's own request (another's reads as missing). */
async function ownRequest(userId: string, requestId: string): Promise<VerificationRequestRecord> {
  const request = await findVerificationRequest(requestId);
  if (!request || request.userId !== userId) throw new VerificationNotFound();
  return request;
}

function refuseUnlessAwaiting(request: VerificationRequestRecord): void {
  if (request.state === 'pending') throw new VerificationUnderReview();
  if (request.state !== 'awaitingPhotos') throw new VerificationNotAwaitingPhotos();
}

/**
 * POST /verification/requests/{id}/photos: a photo of one of the roles the request needs; answers
 * the presigned POST that lets the browser send exactly that file (announcing a role again replaces
 * its photo).
 */
export async function announcePhoto(
  userId: string,
  requestId: string,
  body: AnnouncePhotoBody,
): Promise<AttachmentUpload> {
  const request = await ownRequest(userId, requestId);
  refuseUnlessAwaiting(request);
  if (!PHOTOS_OF_KIND[request.kind].includes(body.role)) throw new VerificationPhotoNotAsked(body.role);
  const id = randomUUID();
  const photo: AnnouncedPhoto = {
    id,
    key: uploadKey(requestId, id),
    fileName: body.fileName,
    contentType: body.contentType,
    size: body.size,
  };
  if (!(await setAnnouncedPhoto(requestId, userId, body.role, photo)))
    throw new VerificationNotAwaitingPhotos();
  const { url, fields, expiresAt } = await presignUpload(photo.key, photo.contentType);
  return { id, upload: { url, fields }, expiresAt: expiresAt.toISOString() };
}

/**
 * POST /verification/requests/{id}/submit: every photo the request needs is checked in the bucket
 * (there, its size, its type's first bytes; a bad one deleted and refused) and copied to the key
 * staff are shown; then in one transaction the request joins the queue, its card or identity reads
 * "pending", and a staff notice tells the open queue screens (docs/architecture.md §15).
 */
export async function submitVerification(
  userId: string,
  requestId: string,
  now = new Date(),
): Promise<VerificationRequestView> {
  const request = await ownRequest(userId, requestId);
  refuseUnlessAwaiting(request);
  const roles = PHOTOS_OF_KIND[request.kind];
  const photos = roles.map((role) => {
    const photo = request.photos[role];
    if (!photo) throw new VerificationPhotoMissing(role);
    return photo;
  });
  const checked = await Promise.all(photos.map(checkUpload));
  const kept = photos.map((photo) => verificationPhotoKey(requestId, photo.id));
  await Promise.all(photos.map((photo, index) => keepUpload(photo, checked[index]!, kept[index]!)));
  const keptByRole = Object.fromEntries(roles.map((role, index) => [role, kept[index]!])) as Partial<
    Record<VerificationPhotoRole, string>
  >;
  try {
    await new Transaction()
      .add('request', verificationRequestSent(requestId, keptByRole, now.toISOString()))
      .add('standing', standingFollows(standingOf(request), requestId, 'pending', null))
      .add('notice', staffNoticePut({ type: 'verification.submitted', id: requestId }, now))
      .run();
  } catch (error) {
    if (
      error instanceof TransactionCancelledError &&
      (error.failedOn('request') || error.failedOn('standing'))
    ) {
      throw new VerificationNotAwaitingPhotos();
    }
    throw error;
  }
  await deleteSentUploads(photos);
  return requestView({ ...request, state: 'pending' });
}
