import { logger } from '@functions/commons/logger';
import { NO_BUDGET, type RunBudget } from '@functions/commons/run-budget';
import { deleteUpload } from '@functions/data/uploads';
import { markPhotosDeleted, requestsWithPhotosDecidedBefore } from '@functions/data/verification-requests';
import { settingValue } from '../settings/settings';

/** Requests one run deletes the photos of, at most (the job runs hourly; a backlog takes a few runs). */
const PER_RUN = 100;

export interface RetentionRun {
  deleted: number;
  failed: number;
}

/**
 * The retention of verification photos (docs/operations.md "Verification photos"): the photos of
 * requests decided more than `verificationPhotoRetentionDays` ago are deleted from the uploads
 * bucket and the request says when (`photosDeletedAt`); the decision, the card's verification and
 * the tier stay. Requests under review keep theirs, however old.
 */
export async function deleteOldVerificationPhotos(
  now = new Date(),
  budget: RunBudget = NO_BUDGET,
): Promise<RetentionRun> {
  const days = await settingValue('verificationPhotoRetentionDays');
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const due = await requestsWithPhotosDecidedBefore(cutoff, PER_RUN);
  const run: RetentionRun = { deleted: 0, failed: 0 };
  for (const request of due) {
    if (budget.over()) break;
    try {
      await Promise.all(Object.values(request.kept ?? {}).map((key) => deleteUpload(key)));
      // False: another run marked it meanwhile (the index is read eventually consistent).
      if (await markPhotosDeleted(request.id, now.toISOString())) run.deleted++;
    } catch (error) {
      run.failed++;
      logger.warn('Could not delete verification photos', { requestId: request.id, error: String(error) });
    }
  }
  return run;
}
