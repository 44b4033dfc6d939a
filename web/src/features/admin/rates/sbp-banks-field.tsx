import { SBP_BANK_IDS, SBP_BANKS, type SbpBankId } from '@shared/sbp-banks';
import { useTranslation } from '@web/lib/i18n';

/**
 * The edit form's choice of the SBP banks a card-RUB payout also pays to, one checkbox each in the
 * product's list order; none chosen: SBP is not offered.
 */
export function SbpBanksField({
  id,
  banks,
  error,
  onChange,
}: {
  id: string;
  banks: readonly SbpBankId[];
  error?: string;
  onChange: (banks: SbpBankId[]) => void;
}) {
  const { t, language } = useTranslation('admin');
  const toggle = (bank: SbpBankId, on: boolean) =>
    onChange(SBP_BANK_IDS.filter((each) => (each === bank ? on : banks.includes(each))));
  return (
    <fieldset className="rate-edit__market" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="rate-edit__label">{t('rates.edit.sbpBanks')}</legend>
      <div className="rate-edit__sources">
        {SBP_BANKS.map((bank) => (
          <label key={bank.id} className="rate-edit__check">
            <input
              type="checkbox"
              className="checkbox-input"
              checked={banks.includes(bank.id)}
              onChange={(event) => toggle(bank.id, event.target.checked)}
            />
            {bank[language]}
          </label>
        ))}
      </div>
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </fieldset>
  );
}
