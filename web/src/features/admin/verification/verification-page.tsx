import type { VerificationDetail, VerificationQueueItem } from '@shared/contract/verification';
import type { VerificationState } from '@shared/verification';
import { Alert } from '@web/components/ui/alert';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { useLiveNotices, usePollWhileNotLive } from '@web/lib/live/use-live-notices';
import { refusalText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { Loaded } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { ADMIN_POLL_MS, VERIFICATION_NOTICES } from '../live/admin-live';

const STATE_TONES: Record<VerificationState, BadgeTone> = {
  awaitingPhotos: 'neutral',
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/**
 * Staff's verification queue (docs/operations.md "Reviewing verifications"): the requests to
 * review, oldest first, then the newest decided ones; live like the applications list (a request
 * sent is a staff notice), polled only while the live connection is down.
 */
export function VerificationPage() {
  const { t } = useTranslation('admin');
  const queue = useResource((signal) => adminApi.verificationQueue(signal), []);
  const liveState = useLiveNotices({ types: VERIFICATION_NOTICES }, queue.reload);
  usePollWhileNotLive(liveState, queue.reload, ADMIN_POLL_MS, { pollWhenOff: false });
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('verification.title')} />
      <p className="muted">{t('verification.intro')}</p>
      {openId && (
        <VerificationReview
          id={openId}
          onClose={() => setOpenId(null)}
          onDecided={() => {
            setOpenId(null);
            queue.reload();
          }}
        />
      )}
      <Loaded resource={queue} errorTitle={t('verification.loadError')}>
        {({ pending, decided }) => (
          <>
            <h2>
              {t('verification.pending')} <span className="muted">({pending.length})</span>
            </h2>
            <QueueList items={pending} onOpen={setOpenId} empty={t('verification.nonePending')} />
            <h2>{t('verification.decided')}</h2>
            <QueueList items={decided} onOpen={setOpenId} empty={t('verification.noneDecided')} />
          </>
        )}
      </Loaded>
    </>
  );
}

function QueueList({
  items,
  onOpen,
  empty,
}: {
  items: VerificationQueueItem[];
  onOpen: (id: string) => void;
  empty: string;
}) {
  const { t, language } = useTranslation('admin');
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="template-list">
      {items.map((item) => (
        <li key={item.id}>
          <Badge tone={STATE_TONES[item.state]}>{t(`verification.states.${item.state}`)}</Badge>{' '}
          <strong>{t(`verification.kinds.${item.kind}`)}</strong>{' '}
          {item.card && (
            <span>
              {item.card.bank} •••• {item.card.last4}, {item.card.holder}{' '}
            </span>
          )}
          <span className="muted">
            {item.email ?? item.userId}
            {item.submittedAt && ` · ${formatDateTime(item.submittedAt, language)}`}
          </span>{' '}
          <Button variant="secondary" size="sm" onClick={() => onOpen(item.id)}>
            {t('verification.open')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** One request: its photos (5-minute links), the code the card's photo must show, and the decision. */
function VerificationReview({
  id,
  onClose,
  onDecided,
}: {
  id: string;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation('admin');
  const detail = useResource((signal) => adminApi.verification(id, signal), [id]);
  return (
    <section className="card verification-review" aria-labelledby="verification-review-title">
      <h2 id="verification-review-title">{t('verification.review')}</h2>
      <Loaded resource={detail} errorTitle={t('verification.loadError')}>
        {(request) => <ReviewBody request={request} onDecided={onDecided} />}
      </Loaded>
      <Button variant="ghost" size="sm" onClick={onClose}>
        {t('common.close')}
      </Button>
    </section>
  );
}

function ReviewBody({ request, onDecided }: { request: VerificationDetail; onDecided: () => void }) {
  const { t, language } = useTranslation(['admin', 'errors']);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const decide =
    (body: { decision: 'approve' } | { decision: 'reject'; reason: string }) => async (event?: FormEvent) => {
      event?.preventDefault();
      setBusy(true);
      setProblem(null);
      try {
        await adminApi.decideVerification(request.id, body);
        notify.success(t(body.decision === 'approve' ? 'verification.approved' : 'verification.rejected'));
        onDecided();
      } catch (error) {
        setProblem(refusalText(error, t('errors:generic')));
      } finally {
        setBusy(false);
      }
    };
  return (
    <>
      <p>
        <Badge tone={STATE_TONES[request.state]}>{t(`verification.states.${request.state}`)}</Badge>{' '}
        {t(`verification.kinds.${request.kind}`)} · {request.email ?? request.userId}
      </p>
      {request.card && (
        <p>
          {request.card.bank} •••• {request.card.last4}, {request.card.holder}
        </p>
      )}
      {request.code && <p>{t('verification.code', { code: request.code })}</p>}
      {request.reason && <p>{t('verification.reason', { reason: request.reason })}</p>}
      {request.photosDeletedAt ? (
        <p className="muted">
          {t('verification.photosDeleted', { at: formatDateTime(request.photosDeletedAt, language) })}
        </p>
      ) : (
        <div className="verification-review__photos">
          {request.photos.map((photo) => (
            <figure key={photo.role}>
              <img src={photo.url} alt={t(`verification.photo.${photo.role}`)} width={320} />
              <figcaption>{t(`verification.photo.${photo.role}`)}</figcaption>
            </figure>
          ))}
        </div>
      )}
      {problem && <Alert tone="danger">{problem}</Alert>}
      {request.state === 'pending' && (
        <form onSubmit={decide({ decision: 'reject', reason })}>
          <Button type="button" loading={busy} onClick={() => void decide({ decision: 'approve' })()}>
            {t('verification.approve')}
          </Button>
          <TextField
            label={t('verification.rejectReason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button type="submit" variant="secondary" loading={busy} disabled={reason.trim() === ''}>
            {t('verification.reject')}
          </Button>
        </form>
      )}
    </>
  );
}
