import { SelectField } from '@web/components/ui/field';
import { SwapIcon } from '@web/components/ui/icons';
import {
  giveOptions,
  type OpenKinds,
  receiveOptions,
  type StandardForm,
  selectAssetFrom,
  selectAssetTo,
  swapAssets,
} from '@web/lib/exchange-form';
import { useAssetLabel } from '@web/lib/quote-format';

interface AssetPairFieldsProps {
  form: StandardForm;
  localCurrency: string | null;
  /** Which kinds are open now (working hours): closed ones leave the options. */
  open: OpenKinds;
  labels: { give: string; receive: string; swap: string };
  /** The screen's block name: it styles `{block}__pair` and `{block}__swap`. */
  block: string;
  onChange: (next: StandardForm) => void;
}

/**
 * Give, swap and receive under the pair rules of lib/exchange-form, for the apply form and the
 * landing calculator alike: every change answers the whole form with a valid pair.
 */
export function AssetPairFields({
  form,
  localCurrency,
  open,
  labels,
  block,
  onChange,
}: AssetPairFieldsProps) {
  const assetLabel = useAssetLabel();
  const assetOption = (key: string) => ({ value: key, label: assetLabel(key) });
  return (
    <div className={`${block}__pair`}>
      <SelectField
        label={labels.give}
        name="assetFrom"
        options={giveOptions(localCurrency, open).map(assetOption)}
        value={form.assetFrom}
        onChange={(event) => onChange(selectAssetFrom(form, event.target.value, localCurrency, open))}
      />
      <button
        type="button"
        className={`icon-btn ${block}__swap`}
        aria-label={labels.swap}
        title={labels.swap}
        onClick={() => onChange(swapAssets(form, localCurrency, open))}
      >
        <SwapIcon />
      </button>
      <SelectField
        label={labels.receive}
        name="assetTo"
        options={receiveOptions(form.assetFrom, localCurrency, open).map(assetOption)}
        value={form.assetTo}
        onChange={(event) => onChange(selectAssetTo(form, event.target.value, localCurrency, open))}
      />
    </div>
  );
}
