import {
  addMyCard,
  adminDecideVerification,
  announceVerificationPhoto,
  startVerification,
  submitVerification,
} from '@shared/routes/verification';
import type { VerificationPhotoRole } from '@shared/verification';
import { expect } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { PNG, sendFile } from '../messages/fixtures';

/**
 * Arrangements of the verification tests: a card added, a request started, its photos uploaded to
 * the uploads bucket (the local S3 stand-in) by their presigned POST, as a browser does.
 */
export async function addCard(client: TestUser, holder = 'IVAN PETROV'): Promise<string> {
  const added = await call(addMyCard, { token: client.token, body: { bank: 'Sber', last4: '4242', holder } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.data!.id;
}

/** Uploads one photo of a request (PNG bytes unless told), declared as a PNG. */
export async function uploadPhoto(
  client: TestUser,
  requestId: string,
  role: VerificationPhotoRole,
  bytes: Buffer = PNG,
): Promise<void> {
  const announced = await call(announceVerificationPhoto, {
    token: client.token,
    params: { id: requestId },
    body: { role, fileName: `${role}.png`, contentType: 'image/png', size: bytes.length },
  });
  expect(announced.status, JSON.stringify(announced.body)).toBe(201);
  expect((await sendFile(announced.body.data!.upload, bytes)).status).toBe(204);
}

/** A request started, its photos uploaded and sent to staff; answers the request's id. */
export async function sentRequest(client: TestUser, what: { cardId: string } | 'identity'): Promise<string> {
  const started = await call(startVerification, {
    token: client.token,
    body: what === 'identity' ? { kind: 'identity' } : { kind: 'card', cardId: what.cardId },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const request = started.body.data!;
  for (const role of request.photos) await uploadPhoto(client, request.id, role);
  const sent = await call(submitVerification, { token: client.token, params: { id: request.id } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return request.id;
}

/** A card added and verified by staff; answers the card's id. */
export async function verifiedCard(client: TestUser, staff: TestUser, holder?: string): Promise<string> {
  const cardId = await addCard(client, holder);
  const requestId = await sentRequest(client, { cardId });
  const approved = await call(adminDecideVerification, {
    token: staff.token,
    params: { id: requestId },
    body: { decision: 'approve' },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return cardId;
}
