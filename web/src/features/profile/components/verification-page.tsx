import type {
  CardView,
  MyVerification,
  StartVerificationBody,
  VerificationRequestView,
} from '@shared/contract/verification';
import {
  VERIFICATION_PHOTO_TYPES,
  type VerificationPhotoRole,
  type VerificationStatus,
} from '@shared/verification';
import { Alert } from '@web/components/ui/alert';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { toast } from '@web/stores/toast-store';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { addCard, fetchMyVerification, removeCard, sendPhotos, startRequest } from '../api/verification-api';

export const STATUS_TONES: Record<VerificationStatus, BadgeTone> = {
  unverified: 'neutral',
  awaitingPhotos: 'warning',
  pending: 'info',
  verified: 'success',
  rejected: 'danger',
};

/**
 * The client's cards and verification (docs/product.md "Cards and verification"): their tier, their
 * cards (added by bank, last four digits and holder; each verified by a photo beside the code the
 * page shows), and the identity verification (a document photo and a selfie).
 */
export function VerificationPage() {
  const { t } = useTranslation('profile');
  const resource = useResource((signal) => fetchMyVerification(signal), []);
  if (!resource.data) {
    return resource.error ? (
      <div className="container page">
        <Alert tone="danger">{refusalText(resource.error, t('verification.loadError'))}</Alert>
      </div>
    ) : (
      <PageSpinner label={t('verification.title')} />
    );
  }
  const data = resource.data;
  return (
    <div className="container page verification-page">
      <p>
        <Link to={paths.profile}>{t('verification.back')}</Link>
      </p>
      <h1 className="page__title">{t('verification.title')}</h1>
      <p>
        {t('verification.tier', { tier: t(`verification.tiers.${data.tier}`) })}{' '}
        <span className="muted">{t('verification.tierHint')}</span>
      </p>
      <section className="card" aria-labelledby="cards-title">
        <h2 id="cards-title">{t('verification.cards.title')}</h2>
        <p className="muted">{t('verification.cards.lead')}</p>
        {data.cards.length === 0 ? (
          <p className="muted">{t('verification.cards.none')}</p>
        ) : (
          <ul className="verification-list">
            {data.cards.map((card) => (
              <CardItem key={card.id} card={card} onChanged={resource.reload} />
            ))}
          </ul>
        )}
        <AddCardForm onAdded={resource.reload} />
      </section>
      <IdentitySection identity={data.identity} onChanged={resource.reload} />
    </div>
  );
}

function StatusBadge({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('profile');
  return <Badge tone={STATUS_TONES[status]}>{t(`verification.status.${status}`)}</Badge>;
}

/**
 * One standing's way to verification (a card, the identity): a call that may be refused (its text
 * shown), the photo form once a request is started, and what a rejection said.
 */
function useVerificationStep(onChanged: () => void) {
  const { t } = useTranslation(['profile', 'errors']);
  const [request, setRequest] = useState<VerificationRequestView | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(refusalText(error, t('errors:generic')));
    } finally {
      setBusy(false);
    }
  };
  const start = (body: StartVerificationBody) => run(async () => setRequest(await startRequest(body)));
  const status = (standing: { status: VerificationStatus; request?: { reason?: string | null } | null }) => (
    <>
      {standing.status === 'rejected' && standing.request?.reason && (
        <p className="muted">{t('verification.rejectedBecause', { reason: standing.request.reason })}</p>
      )}
      {problem && <Alert tone="danger">{problem}</Alert>}
    </>
  );
  const photoForm = request && (
    <PhotoForm
      request={request}
      onSent={() => {
        setRequest(null);
        toast.success(t('verification.sent'));
        onChanged();
      }}
    />
  );
  return { busy, run, start, status, photoForm };
}

function CardItem({ card, onChanged }: { card: CardView; onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const { busy, run, start, status, photoForm } = useVerificationStep(onChanged);
  const mayVerify = card.status !== 'verified' && card.status !== 'pending';
  return (
    <li className="verification-item" id={`card-${card.id}`}>
      <div className="verification-item__head">
        <strong>
          {card.bank} •••• {card.last4}
        </strong>{' '}
        <span>{card.holder}</span> <StatusBadge status={card.status} />
      </div>
      {status(card)}
      {photoForm || (
        <div className="verification-item__actions">
          {mayVerify && (
            <Button size="sm" loading={busy} onClick={() => void start({ kind: 'card', cardId: card.id })}>
              {t('verification.cards.verify')}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            loading={busy}
            onClick={() =>
              run(async () => {
                await removeCard(card.id);
                onChanged();
              })
            }
          >
            {t('verification.cards.remove')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The photos a request needs, each a file input; sends them to staff once every one is chosen. */
function PhotoForm({ request, onSent }: { request: VerificationRequestView; onSent: () => void }) {
  const { t } = useTranslation(['profile', 'errors']);
  const [files, setFiles] = useState<Partial<Record<VerificationPhotoRole, File>>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ready = request.photos.every((role) => files[role]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await sendPhotos(
        request.id,
        request.photos.map((role) => ({ role, file: files[role]! })),
      );
      onSent();
    } catch (error) {
      setProblem(refusalText(error, t('errors:generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="verification-photos" onSubmit={submit}>
      {request.code && (
        <p>
          {t('verification.codeLead')} <strong className="verification-code">{request.code}</strong>
        </p>
      )}
      <p className="muted">{t(`verification.photoHint.${request.kind}`)}</p>
      {request.photos.map((role) => (
        <label key={role} className="field">
          <span className="field__label">{t(`verification.photo.${role}`)}</span>
          <input
            type="file"
            accept={VERIFICATION_PHOTO_TYPES.join(',')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              setFiles((current) => ({ ...current, [role]: file }));
            }}
          />
        </label>
      ))}
      {problem && <Alert tone="danger">{problem}</Alert>}
      <Button type="submit" size="sm" loading={busy} disabled={!ready}>
        {t('verification.send')}
      </Button>
    </form>
  );
}

function AddCardForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation(['profile', 'errors']);
  const [bank, setBank] = useState('');
  const [last4, setLast4] = useState('');
  const [holder, setHolder] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await addCard({ bank, last4, holder });
      setBank('');
      setLast4('');
      setHolder('');
      onAdded();
    } catch (error) {
      setProblem(refusalText(error, t('errors:generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="verification-add" onSubmit={submit} aria-label={t('verification.cards.add')}>
      <TextField
        label={t('verification.cards.bank')}
        value={bank}
        onChange={(e) => setBank(e.target.value)}
      />
      <TextField
        label={t('verification.cards.last4')}
        value={last4}
        inputMode="numeric"
        maxLength={4}
        onChange={(e) => setLast4(e.target.value)}
      />
      <TextField
        label={t('verification.cards.holder')}
        value={holder}
        onChange={(e) => setHolder(e.target.value)}
      />
      {problem && <Alert tone="danger">{problem}</Alert>}
      <Button type="submit" size="sm" loading={busy}>
        {t('verification.cards.add')}
      </Button>
    </form>
  );
}

function IdentitySection({
  identity,
  onChanged,
}: {
  identity: MyVerification['identity'];
  onChanged: () => void;
}) {
  const { t } = useTranslation('profile');
  const { start, status, photoForm } = useVerificationStep(onChanged);
  const mayStart = identity.status !== 'verified' && identity.status !== 'pending';
  return (
    <section className="card" aria-labelledby="identity-title">
      <h2 id="identity-title">
        {t('verification.identity.title')} <StatusBadge status={identity.status} />
      </h2>
      <p className="muted">{t('verification.identity.lead')}</p>
      {status(identity)}
      {photoForm ||
        (mayStart && (
          <Button size="sm" onClick={() => void start({ kind: 'identity' })}>
            {t('verification.identity.start')}
          </Button>
        ))}
    </section>
  );
}
