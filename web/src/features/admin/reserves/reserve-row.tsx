import { currencyDecimals } from '@shared/assets';
import type { PutReservesBody, ReserveView } from '@shared/contract/reserves';
import { useTranslation } from '@web/lib/i18n';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { PencilIcon } from '../components/admin-icons';
import { IconButton } from '../components/icon-button';
import { CellInput, Changed, SaveOrCancel, useRowEdit } from '../components/row-editing';
import { adminHref } from '../lib/admin-paths';
import { formatNumber } from '../lib/format';
import { ReserveState } from './reserve-state';
import { checkReserveDraft, type ReserveDraft, type ReserveErrors } from './reserve-validation';

/** One currency's reserve: held amount and alert level edited in place, its state, its last change. */
export function ReserveRow({
  reserve,
  onSaved,
}: {
  reserve: ReserveView;
  onSaved: (reserves: ReserveView[]) => void;
}) {
  const { t, language } = useTranslation('admin');
  const { draft, setDraft, saving, send } = useRowEdit<ReserveDraft, PutReservesBody>(async (change) => {
    const answer = await adminApi.saveReserves(change);
    onSaved(answer.data.reserves);
  }, t('reserves.saved'));
  const [errors, setErrors] = useState<ReserveErrors>({});
  const decimals = currencyDecimals(reserve.code);

  const start = () => {
    setErrors({});
    setDraft({ amount: String(reserve.amount), alertLevel: String(reserve.alertLevel) });
  };

  const save = async () => {
    if (!draft) return;
    const checked = checkReserveDraft(reserve.code, draft, t('reserves.errors.number'));
    setErrors(checked.errors);
    if (!checked.value) return;
    await send({ reserves: [checked.value] }, (fields) =>
      setErrors({ amount: fields.amount, alertLevel: fields.alertLevel }),
    );
  };

  const input = (field: keyof ReserveDraft, label: string) =>
    draft && (
      <CellInput
        value={draft[field]}
        label={label}
        error={errors[field]}
        errorId={`reserve-${reserve.code}-${field}`}
        onChange={(value) => setDraft({ ...draft, [field]: value })}
        onSave={save}
        onCancel={() => setDraft(null)}
      />
    );

  return (
    <tr>
      <th scope="row">{reserve.code}</th>
      <td className="num nowrap">
        {draft && !reserve.booked
          ? input('amount', t('reserves.amountOf', { code: reserve.code }))
          : `${formatNumber(reserve.amount, language, decimals)} ${reserve.code}`}
        {reserve.booked && (
          <div>
            <Link to={adminHref('ledger')}>{t('reserves.inAccounts')}</Link>
          </div>
        )}
      </td>
      <td className="num nowrap">
        {draft
          ? input('alertLevel', t('reserves.alertLevelOf', { code: reserve.code }))
          : `${formatNumber(reserve.alertLevel, language, decimals)} ${reserve.code}`}
      </td>
      <td>
        <ReserveState reserve={reserve} />
      </td>
      <td>
        <Changed at={reserve.updatedAt} by={reserve.updatedBy} name={reserve.updatedByName} />
      </td>
      <td>
        <div className="row-actions">
          {draft ? (
            <SaveOrCancel saving={saving} onSave={save} onCancel={() => setDraft(null)} />
          ) : (
            <IconButton
              icon={<PencilIcon />}
              label={t('reserves.editOf', { code: reserve.code })}
              onClick={start}
            />
          )}
        </div>
      </td>
    </tr>
  );
}
