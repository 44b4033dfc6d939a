import {
  ADMIN_APPLICATION_ID_DISPLAY_LENGTH,
  DEAL_NOTE_MAX_LENGTH,
  INSTRUCTIONS_MAX_LENGTH,
  PAYMENT_WINDOW_MINUTES,
} from '@shared/constants';
import type { AdminApplicationDetail } from '@shared/contract/applications';
import {
  confirmPaymentBodySchema,
  type IssueInstructionsBody,
  issueInstructionsBodySchema,
  recordPayoutBodySchema,
  recordRefundBodySchema,
  reversePayoutBodySchema,
} from '@shared/contract/deal';
import { shortId } from '@shared/ids';
import { moveNamed } from '@shared/lifecycle';
import { compare, type DecimalLike, decimal, subtract, unitsText } from '@shared/money';
import { templateText } from '@shared/payment-templates';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { useState } from 'react';
import { adminApi } from '../api/admin-api';
import { statusLabel } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { type PickedTemplate, TemplatePicker } from '../payment-templates/template-picker';
import { DealDialog, schemaFieldErrors } from './deal-dialog';
import { useDealCall } from './use-deal-call';

export interface DealFormProps {
  application: AdminApplicationDetail;
  /** The call succeeded: the detail as the server answered it. */
  onDone: (detail: AdminApplicationDetail) => void;
  /** The call was refused (the deal moved meanwhile…): reload the detail. */
  onRefused: () => void;
  onClose: () => void;
}

export function useDealForm<F extends string>({ onDone, onRefused, onClose }: DealFormProps) {
  const call = useDealCall(onDone, onRefused);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  /** Checks the body with the server's schema, then sends it; the dialog closes unless a field was refused. */
  const submit = async (
    schema: Parameters<typeof schemaFieldErrors>[0],
    body: unknown,
    send: () => Promise<AdminApplicationDetail>,
    success: string,
  ) => {
    const refused = schemaFieldErrors(schema, body);
    if (Object.keys(refused).length > 0) {
      setErrors(refused as Partial<Record<F, string>>);
      return;
    }
    const outcome = await call.run(send, success);
    if (outcome.done) onClose();
    else setErrors(outcome.fieldErrors as Partial<Record<F, string>>);
  };
  const clear = (field: F) => setErrors((current) => ({ ...current, [field]: undefined }));
  return { busy: call.busy, errors, submit, clear };
}

export function labelOf(application: AdminApplicationDetail): string {
  return shortId(application.id, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
}

/** The note a confirmation, payout or refund keeps (optional), or a reversal's reason (required). */
export function NoteField({
  value,
  error,
  label,
  required,
  onChange,
}: {
  value: string;
  error: string | undefined;
  label: string;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TextAreaField
      label={label}
      value={value}
      error={error}
      rows={3}
      maxLength={DEAL_NOTE_MAX_LENGTH}
      required={required}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface InstructionsDialogProps extends DealFormProps {
  /** Issuing again in WAITING_PAYMENT: the current text to start from; the deadline only moves later. */
  reissue: boolean;
}

/**
 * Issue the payment instructions (PROCESSING → WAITING_PAYMENT, the payment window starts) or
 * issue them again (WAITING_PAYMENT): the text, prefilled from a picked template, and the window's
 * minutes; left empty, the server takes the setting paymentWindowMinutes (a MANAGER may not read
 * the settings, so the form does not guess it).
 */
export function InstructionsDialog(props: InstructionsDialogProps) {
  const { application, reissue, onClose } = props;
  const { t, language } = useTranslation('admin');
  const form = useDealForm<'text' | 'paymentWindowMinutes' | 'templateId'>(props);
  const [text, setText] = useState(reissue ? (application.instructions?.text ?? '') : '');
  const [templateId, setTemplateId] = useState<string | null>(
    reissue ? (application.instructions?.templateId ?? null) : null,
  );
  const [minutes, setMinutes] = useState('');

  /** A picked template starts the text (its details, or for USDT the address) and is sent by id. */
  const pick = (template: PickedTemplate) => {
    setTemplateId(template.id);
    setText(templateText(template));
    form.clear('text');
    form.clear('templateId');
  };

  const send = () => {
    const body: IssueInstructionsBody = {
      text,
      ...(templateId ? { templateId } : {}),
      ...(minutes.trim() !== '' ? { paymentWindowMinutes: Number(minutes) } : {}),
    };
    void form.submit(
      issueInstructionsBodySchema,
      body,
      () => adminApi.issueInstructions(application.id, issueInstructionsBodySchema.parse(body)),
      t(reissue ? 'applications.deal.reissued' : 'applications.deal.issued'),
    );
  };

  const key = reissue ? 'reissue' : 'issue';
  return (
    <DealDialog
      title={t(`applications.deal.${key}.title`, { id: labelOf(application) })}
      submitLabel={t(`applications.deal.${key}.submit`)}
      busy={form.busy}
      onSubmit={send}
      onClose={onClose}
    >
      {reissue && application.instructions && (
        <p className="muted">
          {t('applications.deal.reissue.current', {
            deadline: formatDateTime(application.instructions.deadline, language),
          })}
        </p>
      )}
      <div className="deal-template">
        <TemplatePicker
          facts={{ assetFrom: application.assetFrom, city: application.city }}
          pickedId={templateId}
          onPick={pick}
          onAuto={reissue ? undefined : () => setTemplateId(null)}
        />
        {form.errors.templateId && <p className="field__error">{form.errors.templateId}</p>}
      </div>
      <TextAreaField
        label={t('applications.deal.instructionsText')}
        hint={t('applications.deal.instructionsHint')}
        value={text}
        error={form.errors.text}
        rows={6}
        maxLength={INSTRUCTIONS_MAX_LENGTH}
        onChange={(event) => {
          setText(event.target.value);
          form.clear('text');
        }}
      />
      <TextField
        label={t('applications.deal.windowMinutes')}
        hint={t('applications.deal.windowHint', {
          min: PAYMENT_WINDOW_MINUTES.min,
          max: PAYMENT_WINDOW_MINUTES.max,
        })}
        type="number"
        inputMode="numeric"
        min={PAYMENT_WINDOW_MINUTES.min}
        max={PAYMENT_WINDOW_MINUTES.max}
        step={1}
        value={minutes}
        error={form.errors.paymentWindowMinutes}
        onChange={(event) => {
          setMinutes(event.target.value);
          form.clear('paymentWindowMinutes');
        }}
      />
    </DealDialog>
  );
}

/** A positive amount as the text a field starts with; empty when nothing is left. */
function positiveText(amount: DecimalLike): string {
  const exact = decimal(amount);
  return compare(exact, 0) > 0 ? unitsText(exact.units, exact.scale) : '';
}

/**
 * The amount of money that moved, as staff enter it (card and cash: what arrived; a payout's part),
 * pre-filled; sent only when given, so an emptied field leaves the server's own figure.
 */
function AmountField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A typed amount as the server reads it: a decimal point for a comma, as a Russian keyboard types it. */
const amountBody = (amount: string) => {
  const typed = amount.trim().replace(',', '.');
  return typed ? { amount: typed } : {};
};

/**
 * The client's money arrived (WAITING_PAYMENT or PAID → CONFIRMED, or a part of it): card and cash,
 * the amount that arrived, pre-filled with what is still asked; USDT, the chain's amount of the
 * client's transaction is recorded, so there is no field. An optional note.
 */
export function ConfirmPaymentDialog(props: DealFormProps) {
  const { application, onClose } = props;
  const { t } = useTranslation('admin');
  const form = useDealForm<'note' | 'amount'>(props);
  const { money } = application;
  const paysUsdt = application.currencyFrom === 'USDT';
  const [note, setNote] = useState('');
  const [payerName, setPayerName] = useState('');
  const [amount, setAmount] = useState(() =>
    money.asked === null ? '' : positiveText(subtract(money.asked, money.received)),
  );
  const send = () => {
    const body = {
      ...(paysUsdt ? {} : amountBody(amount)),
      ...(note.trim() ? { note } : {}),
      ...(payerName.trim() ? { payerName } : {}),
      seenReceived: money.received,
    };
    void form.submit(
      confirmPaymentBodySchema,
      body,
      () => adminApi.confirmPayment(application.id, confirmPaymentBodySchema.parse(body)),
      t('applications.deal.confirmed'),
    );
  };
  return (
    <DealDialog
      title={t('applications.deal.confirm.title', { id: labelOf(application) })}
      submitLabel={t('applications.deal.confirm.submit')}
      busy={form.busy}
      onSubmit={send}
      onClose={onClose}
    >
      <p>{t('applications.deal.confirm.text')}</p>
      {paysUsdt ? (
        <p className="muted">{t('applications.deal.confirm.chainAmount')}</p>
      ) : (
        <AmountField
          label={t('applications.deal.confirm.amount', { currency: application.currencyFrom ?? '' })}
          hint={t('applications.deal.confirm.amountHint')}
          value={amount}
          error={form.errors.amount}
          onChange={(value) => {
            setAmount(value);
            form.clear('amount');
          }}
        />
      )}
      {application.payerCard && (
        <TextField
          label={t('applications.deal.confirm.payerName')}
          hint={t('applications.deal.confirm.payerNameHint', { holder: application.payerCard.holder })}
          value={payerName}
          onChange={(event) => setPayerName(event.target.value)}
        />
      )}
      <NoteField
        label={t('applications.deal.noteOptional')}
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

/**
 * The office pays out (CONFIRMED → EXCHANGING, or a further part while EXCHANGING): the amount sent,
 * pre-filled with what is left to pay out, and the payout's transaction hash or a note (a cash
 * handover, a bank reference), one of them; a hash the shared schema refuses is never sent.
 */
export function PayoutDialog(props: DealFormProps) {
  const { application, onClose } = props;
  const { t } = useTranslation('admin');
  const form = useDealForm<'txHash' | 'note' | 'amount'>(props);
  const [txHash, setTxHash] = useState('');
  const [note, setNote] = useState('');
  const left = application.money.payoutLeft;
  const [amount, setAmount] = useState(() => (left === null ? '' : positiveText(left)));
  const send = () => {
    const body = {
      ...amountBody(amount),
      ...(txHash.trim() ? { txHash } : {}),
      ...(note.trim() ? { note } : {}),
      seenPaidOut: application.money.paidOut,
    };
    void form.submit(
      recordPayoutBodySchema,
      body,
      () => adminApi.recordPayout(application.id, recordPayoutBodySchema.parse(body)),
      t('applications.deal.paidOut'),
    );
  };
  return (
    <DealDialog
      title={t('applications.deal.payout.title', { id: labelOf(application) })}
      submitLabel={t('applications.deal.payout.submit')}
      busy={form.busy}
      onSubmit={send}
      onClose={onClose}
    >
      <p>{t('applications.deal.payout.text')}</p>
      {left !== null && (
        <AmountField
          label={t('applications.deal.payout.amount', { currency: application.currencyTo ?? '' })}
          hint={t('applications.deal.payout.amountHint')}
          value={amount}
          error={form.errors.amount}
          onChange={(value) => {
            setAmount(value);
            form.clear('amount');
          }}
        />
      )}
      <TextField
        label={t('applications.deal.txHash')}
        className="mono"
        autoComplete="off"
        spellCheck={false}
        value={txHash}
        error={form.errors.txHash}
        onChange={(event) => {
          setTxHash(event.target.value);
          form.clear('txHash');
        }}
      />
      <NoteField
        label={t('applications.deal.note')}
        value={note}
        error={form.errors.note}
        onChange={(value) => {
          setNote(value);
          form.clear('note');
          form.clear('txHash');
        }}
      />
    </DealDialog>
  );
}

type ReferenceBody<Second extends string> = { reference: string; destination?: string } & Partial<
  Record<Second, string>
>;

/**
 * A record of money that moved on the deal, with its reference (required) and a text: a refund of
 * the client's payment or of its excess (a note, optional, and where it went: `destination`'s
 * label) or a payout that came back (the reason, required).
 */
export function ReferenceDialog<Second extends 'note' | 'reason'>(
  props: DealFormProps & {
    texts: {
      title: string;
      submit: string;
      text: string;
      reference: string;
      destination?: string;
      /** A USDT refund's network fee kept (its label): the field is shown only with it. */
      fee?: string;
      second: string;
      done: string;
    };
    /** Where the money went, as the dialog opens (a held payment's sender). */
    initialDestination?: string;
    second: Second;
    secondRequired: boolean;
    /** What the body always holds besides the fields (a resolution's `choice`). */
    fixed?: Record<string, string>;
    schema: Parameters<typeof schemaFieldErrors>[0];
    send: (body: ReferenceBody<Second>) => Promise<AdminApplicationDetail>;
  },
) {
  const { texts, second, onClose } = props;
  const form = useDealForm<'reference' | 'destination' | 'networkFee' | Second>(props);
  const [reference, setReference] = useState('');
  const [destination, setDestination] = useState(props.initialDestination ?? '');
  const [fee, setFee] = useState('');
  const [text, setText] = useState('');
  const submit = () => {
    const body = {
      ...props.fixed,
      reference,
      ...(texts.destination && destination.trim() ? { destination } : {}),
      ...(texts.fee && fee.trim() ? { networkFee: fee.trim() } : {}),
      ...(props.secondRequired || text.trim() ? { [second]: text } : {}),
    } as ReferenceBody<Second>;
    void form.submit(props.schema, body, () => props.send(body), texts.done);
  };
  return (
    <DealDialog
      title={texts.title}
      submitLabel={texts.submit}
      busy={form.busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <p>{texts.text}</p>
      <TextField
        label={texts.reference}
        autoComplete="off"
        required
        maxLength={200}
        value={reference}
        error={form.errors.reference}
        onChange={(event) => {
          setReference(event.target.value);
          form.clear('reference');
        }}
      />
      {texts.destination && (
        <TextField
          label={texts.destination}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={destination}
          error={form.errors.destination}
          onChange={(event) => {
            setDestination(event.target.value);
            form.clear('destination');
          }}
        />
      )}
      {texts.fee && (
        <TextField
          label={texts.fee}
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          value={fee}
          error={form.errors.networkFee}
          onChange={(event) => {
            setFee(event.target.value);
            form.clear('networkFee');
          }}
        />
      )}
      <NoteField
        label={texts.second}
        required={props.secondRequired}
        value={text}
        error={form.errors[second]}
        onChange={(value) => {
          setText(value);
          form.clear(second);
        }}
      />
    </DealDialog>
  );
}

/** The client's payment was returned on a deal that ended without completing: its reference, where it went and a note. */
export function RefundDialog(props: DealFormProps) {
  const { t } = useTranslation('admin');
  const { application } = props;
  const id = application.id;
  // USDT goes back over the chain, whose fee the office may keep of it (a held payment's refund).
  const paysUsdt = Boolean(application.instructions?.crypto) || application.currencyFrom === 'USDT';
  return (
    <ReferenceDialog
      {...props}
      texts={{
        title: t('applications.deal.refund.title', { id: labelOf(application) }),
        submit: t('applications.deal.refund.submit'),
        text: t('applications.deal.refund.text'),
        reference: t('applications.deal.refundReference'),
        destination: t('applications.deal.refund.destination'),
        ...(paysUsdt ? { fee: t('applications.deal.refund.networkFee') } : {}),
        second: t('applications.deal.noteOptional'),
        done: t('applications.deal.refunded'),
      }}
      initialDestination={application.hold?.sender}
      second="note"
      secondRequired={false}
      schema={recordRefundBodySchema}
      send={(body) => adminApi.recordRefund(id, recordRefundBodySchema.parse(body))}
    />
  );
}

/** The status a reversed payout brings the deal back to (EXCHANGING → CONFIRMED), as the lifecycle has it. */
const REVERSED_TO = moveNamed('reversePayout').to;

/**
 * An ADMIN records that the payout came back (a returned card payment, USDT sent back): its
 * reference and the reason, both required. The deal is back to CONFIRMED, to be paid out again or
 * rejected and refunded; the server allows it once per deal.
 */
export function ReversePayoutDialog(props: DealFormProps) {
  const { t } = useTranslation('admin');
  const id = props.application.id;
  return (
    <ReferenceDialog
      {...props}
      texts={{
        title: t('applications.deal.reversal.title', { id: labelOf(props.application) }),
        submit: t('applications.deal.reversal.submit'),
        text: t('applications.deal.reversal.text', { status: statusLabel(t, REVERSED_TO) }),
        reference: t('applications.deal.reversal.reference'),
        second: t('applications.deal.reversal.reason'),
        done: t('applications.deal.reversed'),
      }}
      second="reason"
      secondRequired
      schema={reversePayoutBodySchema}
      send={(body) => adminApi.reversePayout(id, reversePayoutBodySchema.parse(body))}
    />
  );
}
