import { listAuditFor } from '@functions/data/audit';
import {
  addMyCard,
  adminDecideVerification,
  adminGetVerification,
  adminListVerifications,
  announceVerificationPhoto,
  getMyVerification,
  removeMyCard,
  startVerification,
  submitVerification,
} from '@shared/routes/verification';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';
import { PDF } from '../messages/fixtures';
import { addCard, sentRequest, uploadPhoto } from './fixtures';

/**
 * Cards and verification (docs/product.md "Cards and verification"): a client's cards, photos sent
 * to staff's queue as a thread's files are (presigned POST, checked in the bucket), and staff's
 * decision raising the client's tier.
 */
let client: TestUser;
let stranger: TestUser;
let manager: TestUser;

beforeAll(async () => {
  [client, stranger, manager] = await Promise.all([
    createVerifiedUser(),
    createVerifiedUser(),
    createVerifiedUser({ role: 'MANAGER' }),
  ]);
});

const mine = async (user: TestUser) => (await call(getMyVerification, { token: user.token })).body.data!;

describe('a client’s cards', () => {
  it('are added without the number, listed unverified, and removed', async () => {
    const user = await createVerifiedUser();
    const cardId = await addCard(user, 'Anna Smirnova');

    const listed = await mine(user);
    const removed = await call(removeMyCard, { token: user.token, params: { id: cardId } });

    expect(listed.tier).toBe('email');
    expect(listed.cards).toEqual([
      expect.objectContaining({
        id: cardId,
        bank: 'Sber',
        last4: '4242',
        holder: 'Anna Smirnova',
        status: 'unverified',
      }),
    ]);
    expect(removed.status).toBe(200);
    expect((await mine(user)).cards).toEqual([]);
  });

  it('refuse anything but four digits as the last four', async () => {
    const answer = await call(addMyCard, {
      token: client.token,
      body: { bank: 'Sber', last4: '4242 4242', holder: 'IVAN' },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toMatchObject({ param: 'last4', code: 'cardLast4' });
  });

  it('are not another client’s to remove or verify', async () => {
    const cardId = await addCard(client);

    const removed = await call(removeMyCard, { token: stranger.token, params: { id: cardId } });
    const started = await call(startVerification, {
      token: stranger.token,
      body: { kind: 'card', cardId },
    });

    expect(removed.status).toBe(404);
    expect(started.status).toBe(404);
  });
});

describe('a card’s verification', () => {
  it('is reviewed by a MANAGER, who sees the photo; approval verifies the card and raises the tier to card', async () => {
    const user = await createVerifiedUser();
    const cardId = await addCard(user);
    const requestId = await sentRequest(user, { cardId });

    const queue = (await call(adminListVerifications, { token: manager.token })).body.data!;
    const detail = await call(adminGetVerification, { token: manager.token, params: { id: requestId } });
    const approved = await call(adminDecideVerification, {
      token: manager.token,
      params: { id: requestId },
      body: { decision: 'approve' },
    });

    expect(queue.pending.map((item) => item.id)).toContain(requestId);
    expect(detail.body.data).toMatchObject({
      state: 'pending',
      kind: 'card',
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(detail.body.data!.photos).toEqual([
      { role: 'card', url: expect.stringContaining('verification') },
    ]);
    expect((await fetch(detail.body.data!.photos[0]!.url)).status).toBe(200);
    expect(approved.status).toBe(200);
    const after = await mine(user);
    expect(after.tier).toBe('card');
    expect(after.cards[0]).toMatchObject({
      status: 'verified',
      request: { id: requestId, state: 'approved' },
    });
    const trail = await listAuditFor('verification', requestId);
    expect(trail.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['verification.approve', manager.id],
    ]);
  });

  it('rejected with a reason shows the client the reason, and the client may send new photos', async () => {
    const user = await createVerifiedUser();
    const cardId = await addCard(user);
    const requestId = await sentRequest(user, { cardId });

    const withoutReason = await call(adminDecideVerification, {
      token: manager.token,
      params: { id: requestId },
      body: { decision: 'reject' } as never,
    });
    const rejected = await call(adminDecideVerification, {
      token: manager.token,
      params: { id: requestId },
      body: { decision: 'reject', reason: 'The code is not readable' },
    });
    const again = await call(startVerification, { token: user.token, body: { kind: 'card', cardId } });

    expect(withoutReason.status).toBe(400);
    expect(rejected.status).toBe(200);
    expect(again.status).toBe(201);
    const after = await mine(user);
    expect(after.tier).toBe('email');
    expect(after.cards[0]).toMatchObject({ status: 'awaitingPhotos' });
  });

  it('shows the client the rejection’s reason', async () => {
    const user = await createVerifiedUser();
    const cardId = await addCard(user);
    const requestId = await sentRequest(user, { cardId });

    await call(adminDecideVerification, {
      token: manager.token,
      params: { id: requestId },
      body: { decision: 'reject', reason: 'Cover the middle digits' },
    });

    expect((await mine(user)).cards[0]).toMatchObject({
      status: 'rejected',
      request: { id: requestId, state: 'rejected', reason: 'Cover the middle digits' },
    });
  });

  it('refuses a file that is not the picture it was declared, and deletes it', async () => {
    const cardId = await addCard(client);
    const started = await call(startVerification, { token: client.token, body: { kind: 'card', cardId } });
    const requestId = started.body.data!.id;
    await uploadPhoto(client, requestId, 'card', PDF);

    const sent = await call(submitVerification, { token: client.token, params: { id: requestId } });

    expect(sent.status).toBe(400);
    expect(sent.body.code).toBe('UploadTypeMismatch');
    expect((await mine(client)).cards.find((card) => card.id === cardId)).toMatchObject({
      status: 'awaitingPhotos',
    });
  });

  it('gives a client no photo link and no other client’s request', async () => {
    const cardId = await addCard(client);
    const requestId = await sentRequest(client, { cardId });

    const asOwner = await call(adminGetVerification, { token: client.token, params: { id: requestId } });
    const photoOfOther = await call(announceVerificationPhoto, {
      token: stranger.token,
      params: { id: requestId },
      body: { role: 'card', fileName: 'x.png', contentType: 'image/png', size: 10 },
    });
    const own = JSON.stringify(await mine(client));

    expect(asOwner.status).toBe(403);
    expect(photoOfOther.status).toBe(404);
    expect(own).not.toContain('X-Amz-Signature');
  });
});

describe('two staff deciding one request at once', () => {
  it('lets one decision stand and tells the other it was decided', async () => {
    const user = await createVerifiedUser();
    const admin = await createVerifiedUser({ role: 'ADMIN' });
    const requestId = await sentRequest(user, { cardId: await addCard(user) });

    const answers = await Promise.all([
      call(adminDecideVerification, {
        token: manager.token,
        params: { id: requestId },
        body: { decision: 'approve' },
      }),
      call(adminDecideVerification, {
        token: admin.token,
        params: { id: requestId },
        body: { decision: 'reject', reason: 'Blurred' },
      }),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.code).toBe('VerificationAlreadyDecided');
    expect(await listAuditFor('verification', requestId)).toHaveLength(1);
  });
});

describe('an identity verification', () => {
  it('takes a document and a selfie, and approval raises the tier to identity, which a card approval never lowers', async () => {
    const user = await createVerifiedUser();
    const identityId = await sentRequest(user, 'identity');
    const cardId = await addCard(user);
    const cardRequestId = await sentRequest(user, { cardId });

    await call(adminDecideVerification, {
      token: manager.token,
      params: { id: identityId },
      body: { decision: 'approve' },
    });
    await call(adminDecideVerification, {
      token: manager.token,
      params: { id: cardRequestId },
      body: { decision: 'approve' },
    });

    const after = await mine(user);
    expect(after.tier).toBe('identity');
    expect(after.identity.status).toBe('verified');
    expect(after.cards[0]!.status).toBe('verified');
  });

  it('is not sent without the selfie', async () => {
    const user = await createVerifiedUser();
    const started = await call(startVerification, { token: user.token, body: { kind: 'identity' } });
    await uploadPhoto(user, started.body.data!.id, 'document');

    const sent = await call(submitVerification, { token: user.token, params: { id: started.body.data!.id } });

    expect(sent.status).toBe(400);
    expect(sent.body.code).toBe('VerificationPhotoMissing');
  });
});
