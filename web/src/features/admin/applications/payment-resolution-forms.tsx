import {
  type CloseDealBody,
  closeDealBodySchema,
  paymentResolutionBodySchema,
  type ReleaseHoldBody,
  releaseHoldBodySchema,
} from '@shared/contract/deal';
import { useTranslation } from '@web/lib/i18n';
import { useState } from 'react';
import { adminApi } from '../api/admin-api';
import { DealDialog } from './deal-dialog';
import { type DealFormProps, labelOf, NoteField, ReferenceDialog, useDealForm } from './deal-forms';
import { useDealAmounts } from './deal-money';

/*
 * What staff do with a payment that arrived otherwise than asked (docs/product.md §4 "Wrong
 * payments"), each in its dialog; the server answers the deal as it now is, its new amounts shown.
 */

/** The choices that need only a confirmation: recalculate to what arrived, wait for the rest, offer the current rate. */
export type PlainResolution = 'recalculate' | 'awaitTopUp' | 'offerRequote';

export function ResolutionDialog(props: DealFormProps & { choice: PlainResolution }) {
  const { application, choice, onClose } = props;
  const { t } = useTranslation('admin');
  const form = useDealForm(props);
  const amounts = useDealAmounts(application);
  const { money } = application;
  const params = {
    id: labelOf(application),
    received: amounts.from(money.received),
    difference: money.difference === null ? '' : amounts.from(money.difference),
  };
  const key = (part: string) => t(`applications.deal.resolution.${choice}.${part}`, params);
  const send = () =>
    void form.submit(
      paymentResolutionBodySchema,
      { choice },
      () => adminApi.resolvePayment(application.id, { choice }),
      key('done'),
    );
  return (
    <DealDialog
      title={key('title')}
      submitLabel={key('submit')}
      busy={form.busy}
      onSubmit={send}
      onClose={onClose}
    >
      <p>{key('text')}</p>
    </DealDialog>
  );
}

/** More arrived than was asked: the excess goes back, its reference and where it went named. */
export function RefundExcessDialog(props: DealFormProps) {
  const { t } = useTranslation('admin');
  const { application } = props;
  const amounts = useDealAmounts(application);
  const difference = application.money.difference;
  return (
    <ReferenceDialog
      {...props}
      texts={{
        title: t('applications.deal.resolution.refundExcess.title', { id: labelOf(application) }),
        submit: t('applications.deal.resolution.refundExcess.submit'),
        text: t('applications.deal.resolution.refundExcess.text', {
          difference: difference === null ? '' : amounts.from(difference),
        }),
        reference: t('applications.deal.refundReference'),
        destination: t('applications.deal.refund.destination'),
        second: t('applications.deal.noteOptional'),
        done: t('applications.deal.resolution.refundExcess.done'),
      }}
      second="note"
      secondRequired={false}
      fixed={{ choice: 'refundExcess' }}
      schema={paymentResolutionBodySchema}
      send={(body) => adminApi.resolvePayment(application.id, paymentResolutionBodySchema.parse(body))}
    />
  );
}

/** An ADMIN completes a deal whose payout differs from what is owed, saying why; the difference is booked. */
export function CloseDealDialog(props: DealFormProps) {
  const { application, onClose } = props;
  const { t } = useTranslation('admin');
  const form = useDealForm<'reason'>(props);
  const amounts = useDealAmounts(application);
  const [reason, setReason] = useState('');
  const { money } = application;
  const send = () => {
    const body: CloseDealBody = { reason };
    void form.submit(
      closeDealBodySchema,
      body,
      () => adminApi.closeDeal(application.id, closeDealBodySchema.parse(body)),
      t('applications.deal.resolution.close.done'),
    );
  };
  return (
    <DealDialog
      title={t('applications.deal.resolution.close.title', { id: labelOf(application) })}
      submitLabel={t('applications.deal.resolution.close.submit')}
      busy={form.busy}
      onSubmit={send}
      onClose={onClose}
    >
      <p>
        {t('applications.deal.resolution.close.text', {
          paidOut: amounts.to(money.paidOut),
          owed: money.owed === null ? '' : amounts.to(money.owed),
          difference: money.payoutLeft === null ? '' : amounts.to(money.payoutLeft),
        })}
      </p>
      <NoteField
        label={t('applications.deal.resolution.close.reason')}
        required
        value={reason}
        error={form.errors.reason}
        onChange={(value) => {
          setReason(value);
          form.clear('reason');
        }}
      />
    </DealDialog>
  );
}

/**
 * Staff checked a held payment's funds and release it: the deal is confirmed, or goes on as a wrong
 * payment to resolve (the lifecycle's releaseHold moves); an optional note for the record.
 */
export function ReleaseHoldDialog(props: DealFormProps) {
  const { application, onClose } = props;
  const { t } = useTranslation('admin');
  const form = useDealForm<'note'>(props);
  const [note, setNote] = useState('');
  const send = () => {
    const body: ReleaseHoldBody = note.trim() ? { note } : {};
    void form.submit(
      releaseHoldBodySchema,
      body,
      () => adminApi.releaseHold(application.id, releaseHoldBodySchema.parse(body)),
      t('applications.deal.hold.released'),
    );
  };
  return (
    <DealDialog
      title={t('applications.deal.hold.releaseTitle', { id: labelOf(application) })}
      submitLabel={t('applications.deal.hold.releaseSubmit')}
      busy={form.busy}
      onSubmit={send}
      onClose={onClose}
    >
      <p>{t('applications.deal.hold.releaseText')}</p>
      <NoteField
        label={t('applications.deal.noteOptional')}
        required={false}
        value={note}
        error={form.errors.note}
        onChange={(value) => {
          setNote(value);
          form.clear('note');
        }}
      />
    </DealDialog>
  );
}
