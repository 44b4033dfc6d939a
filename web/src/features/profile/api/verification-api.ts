import type {
  AddCardBody,
  CardView,
  MyVerification,
  StartVerificationBody,
  VerificationRequestView,
} from '@shared/contract/verification';
import {
  addMyCard,
  announceVerificationPhoto,
  getMyVerification,
  removeMyCard,
  startVerification,
  submitVerification,
} from '@shared/routes/verification';
import type { VerificationPhotoRole } from '@shared/verification';
import { call, uploadFile } from '@web/lib/api-client';

/** The cards and verification page's calls (docs/product.md "Cards and verification"). */
export async function fetchMyVerification(signal?: AbortSignal): Promise<MyVerification> {
  return (await call(getMyVerification, { signal })).data;
}

export async function addCard(body: AddCardBody): Promise<CardView> {
  return (await call(addMyCard, { body })).data;
}

export async function removeCard(id: string): Promise<void> {
  await call(removeMyCard, { params: { id } });
}

export async function startRequest(body: StartVerificationBody): Promise<VerificationRequestView> {
  return (await call(startVerification, { body })).data;
}

/**
 * Sends a request's photos as the thread sends files: each announced, uploaded by its presigned
 * POST straight to the bucket, then the request sent to staff (the server checks what arrived).
 */
export async function sendPhotos(
  requestId: string,
  photos: ReadonlyArray<{ role: VerificationPhotoRole; file: File }>,
): Promise<VerificationRequestView> {
  for (const { role, file } of photos) {
    const announced = await call(announceVerificationPhoto, {
      params: { id: requestId },
      body: {
        role,
        fileName: file.name,
        contentType: file.type as 'image/jpeg' | 'image/png',
        size: file.size,
      },
    });
    await uploadFile(announced.data.upload, file);
  }
  return (await call(submitVerification, { params: { id: requestId } })).data;
}
