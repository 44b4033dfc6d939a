import type { AdminApplicationDetail } from '@shared/contract/applications';
import { type ChainCheck, SYSTEM_ID } from '@shared/contract/deal';
import { shortId } from '@shared/ids';
import { moveNamed, type StaffDealAction } from '@shared/lifecycle';
import { groupedPhone } from '@shared/payout-details';
import { sbpBankName } from '@shared/sbp-banks';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { type ReactNode, useState } from 'react';
import { type Fact, FactList } from '../components/fact-list';
import { ModalSection } from '../components/modal-section';
import { useStaff } from '../components/staff-context';
import { formatDateTime, formatUsdt } from '../lib/format';
import { ChainTransferLines, WaitingTransfers } from './chain-transfers';
import { DeadlineCountdown } from './deadline-countdown';
import {
  ConfirmPaymentDialog,
  InstructionsDialog,
  PayoutDialog,
  RefundDialog,
  ReversePayoutDialog,
} from './deal-forms';
import { MoneyBanner, useMoneyFacts } from './deal-money';
import { HoldFact } from './hold-fact';
import {
  CloseDealDialog,
  RefundExcessDialog,
  ReleaseHoldDialog,
  ResolutionDialog,
} from './payment-resolution-forms';
import { type StatusChange, useStatusMove } from './use-status-move';

/** The status completing at the office moves to (PROCESSING → COMPLETED), as the lifecycle has it. */
const OFFICE_COMPLETION = moveNamed('completeAtOffice').to as 'COMPLETED';

/** Actions that send money back or close otherwise than asked: set apart from the deal's next step. */
const SECONDARY_ACTIONS = new Set<StaffDealAction>([
  'recordRefund',
  'reversePayout',
  'refundExcess',
  'closeWithDifference',
]);

/** A card number in groups of four, as printed on the card; anything else as given. */
function cardText(card: string): string {
  return /^\d+$/.test(card) ? (card.match(/.{1,4}/g) ?? [card]).join(' ') : card;
}

/** Labelled lines of one record (a payment, a payout), each left out when it has no value. */
function Lines({ lines }: { lines: Array<[label: string, value: ReactNode, mono?: boolean]> }) {
  return (
    <span className="deal-lines">
      {lines
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value, mono]) => (
          <span key={label} className="deal-lines__line">
            <span className="muted">{label}:</span> <span className={mono ? 'mono' : undefined}>{value}</span>
          </span>
        ))}
    </span>
  );
}

interface DealPanelProps {
  application: AdminApplicationDetail;
  /** The staff member's own application: shown, never acted on. */
  locked: boolean;
  /** A deal call succeeded: the detail as the server answered it. */
  onDone: (detail: AdminApplicationDetail) => void;
  /** A deal call was refused: reload the detail. */
  onRefused: () => void;
  /** A status-route move (completing at the office), as the status control sends it. */
  onStatus: StatusChange;
}

/**
 * The deal (docs/product.md §4): the instructions with their deadline and countdown, where the
 * client receives (the card or the SBP bank and phone in full, for staff), its USDT as the chain watcher saw it (a transfer
 * waiting for staff said first), the client's payment, staff's or the watcher's confirmation, the
 * payout, a payout that came back and a refund; and the staff actions the lifecycle allows now (deal-actions.ts), each in
 * its dialog.
 */
export function DealPanel({ application: a, locked, onDone, onRefused, onStatus }: DealPanelProps) {
  const { t, language } = useTranslation('admin');
  const staff = useStaff();
  const [open, setOpen] = useState<StaffDealAction | null>(null);
  const office = useStatusMove(a.id, a.status, onStatus, a);
  const by = (id: string) =>
    id === staff.id
      ? t('applications.deal.byYou')
      : id === SYSTEM_ID
        ? t('applications.deal.bySystem')
        : shortId(id, 8);
  // The system confirms a transaction it read on chain (the watcher's match, a client's hash).
  const confirmedBy = (record: NonNullable<AdminApplicationDetail['paymentConfirmation']>) =>
    record.by === SYSTEM_ID && record.txHash ? t('applications.deal.bySystemOnChain') : by(record.by);
  // The server's reading of a USDT hash on chain: its state, and why when it did not match (both
  // amounts, when another amount was sent).
  const chainText = (check: ChainCheck | undefined) => {
    if (!check) return null;
    if (check.reason === 'wrongAmount' && check.sent && check.due)
      return t('applications.deal.chain.wrongAmountOf', {
        sent: formatUsdt(check.sent, language),
        due: formatUsdt(check.due, language),
      });
    return [
      t(`applications.deal.chain.${check.state}`),
      ...(check.reason ? [t(`applications.deal.chain.reason.${check.reason}`)] : []),
    ].join(': ');
  };
  const when = (iso: string) => formatDateTime(iso, language);
  const moneyFacts = useMoneyFacts(a, (lines) => <Lines lines={lines} />, by);
  const none = (text: string) => <span className="muted">{text}</span>;

  const facts: Fact[] = [];
  if (a.instructions) {
    const instructions = a.instructions;
    facts.push(
      [
        t('applications.deal.instructions'),
        <span key="text" className="pre-wrap">
          {instructions.text}
        </span>,
      ],
      [t('applications.deal.issuedAt'), when(instructions.issuedAt)],
      [
        t('applications.deal.deadline'),
        <span key="deadline" className="deal-lines">
          <span>{when(instructions.deadline)}</span>
          {a.status === 'WAITING_PAYMENT' && <DeadlineCountdown deadline={instructions.deadline} />}
        </span>,
      ],
    );
    if (instructions.crypto) {
      facts.push([
        t('applications.deal.sendUsdt'),
        <Lines
          key="crypto"
          lines={[
            [t('applications.deal.amount'), `${instructions.crypto.amount} USDT`],
            [t('applications.deal.address'), instructions.crypto.address, true],
          ]}
        />,
      ]);
    }
    if (instructions.templateId) {
      const name = a.templateNames[instructions.templateId];
      facts.push([
        t('applications.deal.template'),
        name ?? (
          <span key="template" className="mono">
            {shortId(instructions.templateId, 8)}
          </span>
        ),
      ]);
    }
  } else {
    facts.push([t('applications.deal.instructions'), none(t('applications.deal.notIssued'))]);
  }
  facts.push([
    t('applications.deal.payoutDetails'),
    a.payoutKind === 'none' ? (
      t('applications.deal.payoutCash')
    ) : a.payoutDetails === null ? (
      none(t('applications.deal.payoutMissing'))
    ) : a.payoutDetails.kind === 'card' ? (
      <Lines key="card" lines={[[t('applications.deal.card'), cardText(a.payoutDetails.card), true]]} />
    ) : a.payoutDetails.kind === 'sbp' ? (
      <Lines
        key="sbp"
        lines={[
          [t('applications.deal.sbpBank'), sbpBankName(a.payoutDetails.bank, language)],
          [t('applications.deal.sbpPhone'), groupedPhone(a.payoutDetails.phone), true],
        ]}
      />
    ) : (
      <Lines
        key="address"
        lines={[
          [t('applications.deal.address'), a.payoutDetails.address, true],
          [
            t('applications.deal.blacklist'),
            t(`applications.deal.${a.payoutDetails.screened ? 'screened' : 'notScreened'}`),
          ],
        ]}
      />
    ),
  ]);
  if (a.chainTransfers.length > 0)
    facts.push([
      t('applications.deal.onChain.fact'),
      <ChainTransferLines
        key="chain"
        transfers={a.chainTransfers}
        attach={locked ? null : { applicationId: a.id, onAttached: onRefused }}
      />,
    ]);
  facts.push([
    t('applications.deal.clientPaid'),
    a.clientPaid ? (
      <Lines
        key="paid"
        lines={[
          [t('applications.deal.at'), when(a.clientPaid.at)],
          [t('applications.deal.txHash'), a.clientPaid.txHash, true],
          [t('applications.deal.receipt'), a.clientPaid.receiptId, true],
          [t('applications.deal.chainCheck'), chainText(a.clientPaid.chainCheck)],
        ]}
      />
    ) : (
      none(
        t(
          a.chainTransfers.length > 0
            ? 'applications.deal.onChain.notReported'
            : 'applications.deal.notReported',
        ),
      )
    ),
  ]);
  const staffRecord = (
    record: NonNullable<AdminApplicationDetail['payout']>,
    extra: Array<[string, ReactNode, boolean?]>,
    byWhom = by(record.by),
  ) => (
    <Lines
      lines={[[t('applications.deal.at'), when(record.at)], [t('applications.deal.by'), byWhom], ...extra]}
    />
  );
  if (a.hold)
    facts.push([t('applications.deal.hold.fact'), <HoldFact key="hold" hold={a.hold} by={by} when={when} />]);
  if (a.payerCard) {
    const card = a.payerCard;
    facts.push([
      t('applications.deal.payerCard.fact'),
      <span key="payer-card">
        {card.bank} •••• {card.last4}, {card.holder}{' '}
        <Badge tone={card.verified ? 'success' : card.verificationRequired ? 'warning' : 'neutral'}>
          {t(
            card.verified ? 'applications.deal.payerCard.verified' : 'applications.deal.payerCard.unverified',
          )}
        </Badge>
        {card.verificationRequired && !card.verified && (
          <span className="muted"> {t('applications.deal.payerCard.waiting')}</span>
        )}
      </span>,
    ]);
  }
  if (a.paymentConfirmation) {
    const confirmation = a.paymentConfirmation;
    facts.push([
      t('applications.deal.paymentConfirmed'),
      staffRecord(
        confirmation,
        [
          [t('applications.deal.txHash'), confirmation.txHash, true],
          [t('applications.deal.note'), confirmation.note],
          [
            t('applications.deal.payerCard.payerName'),
            confirmation.payerName ? (
              <span key="payer-name">
                {confirmation.payerName}{' '}
                {confirmation.payerNameMismatch && (
                  <Badge tone="danger">{t('applications.deal.payerCard.mismatch')}</Badge>
                )}
              </span>
            ) : null,
          ],
        ],
        confirmedBy(confirmation),
      ),
    ]);
  }
  // Before the payout: a deal paid out again after the reversal shows them in the order they happened.
  if (a.payoutReversal) {
    const reversal = a.payoutReversal;
    facts.push([
      t('applications.deal.reversal.fact'),
      <Lines
        key="reversal"
        lines={[
          [t('applications.deal.at'), when(reversal.at)],
          [t('applications.deal.by'), by(reversal.by)],
          [t('applications.deal.reversal.reference'), reversal.reference],
          [
            t('applications.deal.reversal.reason'),
            <span key="reason" className="pre-wrap">
              {reversal.reason}
            </span>,
          ],
          [t('applications.deal.reversal.payoutTxHash'), reversal.payout.txHash, true],
          [t('applications.deal.reversal.payoutNote'), reversal.payout.note],
        ]}
      />,
    ]);
  }
  if (a.payout) {
    facts.push([
      t('applications.deal.payout.fact'),
      staffRecord(a.payout, [
        [t('applications.deal.txHash'), a.payout.txHash, true],
        [t('applications.deal.note'), a.payout.note],
        [t('applications.deal.chainCheck'), chainText(a.payout.chainCheck)],
      ]),
    ]);
  }
  if (a.refund) {
    // The refund's reference is kept as its record's note (functions/domain/applications/staff-deal.ts).
    facts.push([
      t('applications.deal.refund.fact'),
      staffRecord(a.refund, [
        [t('applications.deal.txHash'), a.refund.txHash, true],
        [t('applications.deal.refundReference'), a.refund.note],
      ]),
    ]);
  }

  facts.push(...moneyFacts);

  // What the server says this staff member may do now (the lifecycle's guards, shared/lifecycle.ts).
  const actions = locked ? [] : a.allowedActions;
  const start = (action: StaffDealAction) => {
    if (action === 'completeAtOffice') office.choose(OFFICE_COMPLETION);
    else setOpen(action);
  };
  const formProps = { application: a, onDone, onRefused, onClose: () => setOpen(null) };

  return (
    <ModalSection id="deal-title" title={t('applications.deal.title')}>
      <WaitingTransfers transfers={a.chainTransfers} due={a.instructions?.crypto?.amount ?? null} />
      <MoneyBanner application={a} />
      <FactList facts={facts} />
      {actions.length > 0 && (
        <div className="deal-actions">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={SECONDARY_ACTIONS.has(action) ? 'secondary' : undefined}
              loading={action === 'completeAtOffice' && office.busy}
              onClick={() => start(action)}
            >
              {t(`applications.deal.actions.${action}`)}
            </Button>
          ))}
        </div>
      )}
      {(open === 'issueInstructions' || open === 'reissueInstructions') && (
        <InstructionsDialog {...formProps} reissue={open === 'reissueInstructions'} />
      )}
      {open === 'confirmPayment' && <ConfirmPaymentDialog {...formProps} />}
      {open === 'recordPayout' && <PayoutDialog {...formProps} />}
      {open === 'recordRefund' && <RefundDialog {...formProps} />}
      {open === 'reversePayout' && <ReversePayoutDialog {...formProps} />}
      {(open === 'recalculate' || open === 'awaitTopUp' || open === 'offerRequote') && (
        <ResolutionDialog {...formProps} choice={open} />
      )}
      {open === 'refundExcess' && <RefundExcessDialog {...formProps} />}
      {open === 'closeWithDifference' && <CloseDealDialog {...formProps} />}
      {open === 'releaseHold' && <ReleaseHoldDialog {...formProps} />}
      {office.dialogs}
    </ModalSection>
  );
}
