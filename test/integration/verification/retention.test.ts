import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { findVerificationRequest } from '@functions/data/verification-requests';
import { deleteOldVerificationPhotos } from '@functions/domain/verification/retention';
import { decideVerification } from '@functions/domain/verification/review';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../support/users';
import { bucket, s3 } from '../messages/fixtures';
import { addCard, sentRequest } from './fixtures';

/**
 * The retention of verification photos (docs/operations.md "Verification photos"): the job deletes
 * the photos of requests decided longer ago than verificationPhotoRetentionDays (90 by default) and
 * keeps the decision; newer ones keep theirs.
 */
const DAY_MS = 86_400_000;

async function decidedRequest(daysAgo: number): Promise<string> {
  const [client, staff] = await Promise.all([createVerifiedUser(), createVerifiedUser({ role: 'MANAGER' })]);
  const requestId = await sentRequest(client, { cardId: await addCard(client) });
  await decideVerification(
    requestId,
    { decision: 'approve' },
    { id: staff.id, role: 'MANAGER' },
    new Date(Date.now() - daysAgo * DAY_MS),
  );
  return requestId;
}

const exists = async (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
    () => true,
    () => false,
  );

describe('the retention job of verification photos', () => {
  it('deletes the photos of requests decided before the retention period, and keeps the decision and newer photos', async () => {
    const old = await decidedRequest(91);
    const recent = await decidedRequest(1);
    const oldKey = (await findVerificationRequest(old))!.kept.card!;
    const recentKey = (await findVerificationRequest(recent))!.kept.card!;

    const run = await deleteOldVerificationPhotos();

    expect(run.deleted).toBeGreaterThanOrEqual(1);
    expect(await exists(oldKey)).toBe(false);
    expect(await exists(recentKey)).toBe(true);
    expect(await findVerificationRequest(old)).toMatchObject({
      state: 'approved',
      photosDeletedAt: expect.any(String),
    });
    expect(await findVerificationRequest(recent)).toMatchObject({ photosDeletedAt: null });
  });
});
