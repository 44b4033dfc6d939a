import type { PaymentTemplateView } from '@shared/contract/payment-templates';
import { type TemplateFitFacts, templateFits } from '@shared/payment-templates';
import { usePlaceNames } from '@web/lib/geo-names';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { adminApi } from '../api/admin-api';
import { InlineLoading, LoadError } from '../components/load-state';
import { AvailabilityBadge, TemplateBody, TemplateFor } from './template-summary';
import './payment-templates.css';

/** The template a pick hands over: the staff's view of it (`templateText` from shared/payment-templates.ts gives its text). */
export type PickedTemplate = PaymentTemplateView;

interface TemplatePickerProps {
  /** What of the application decides which templates fit: what the client gives, and the city. */
  facts: TemplateFitFacts;
  onPick: (template: PickedTemplate) => void;
  /** The template picked so far, marked as chosen (null with `onAuto`: the system's pick is chosen). */
  pickedId?: string | null;
  /** Offers the system's pick from the pool first (issuing, not reissuing): chosen while nothing is picked. */
  onAuto?: () => void;
}

/**
 * The saved payment templates that fit an application (shared `templateFits`, the rule the server
 * holds the instructions to): card details of the currency paid by card, the offices of the
 * application's city for cash, USDT addresses for USDT, card and office templates for an
 * individual request. Every staff member may list them; picking one hands it to the caller, which
 * starts its instructions from it and sends its id.
 */
export function TemplatePicker({ facts, onPick, pickedId = null, onAuto }: TemplatePickerProps) {
  const { t, language } = useTranslation('admin');
  const placeName = usePlaceNames(language);
  const templates = useResource((signal) => adminApi.paymentTemplates(signal), []);
  const { assetFrom, city } = facts;
  const fitting = templates.data?.filter((template) => templateFits(template, { assetFrom, city }));

  return (
    <fieldset className="template-picker">
      <legend>{t('payments.picker.legend')}</legend>
      {templates.error ? (
        <LoadError title={t('payments.loadError')} error={templates.error} onRetry={templates.reload} />
      ) : !fitting ? (
        <InlineLoading />
      ) : fitting.length === 0 ? (
        <p className="muted">{t('payments.picker.none')}</p>
      ) : (
        <ul className="template-picker__list">
          {onAuto && fitting.some((template) => template.kind !== 'office') && (
            <li>
              <button
                type="button"
                className={`template-picker__option${pickedId === null ? ' template-picker__option--picked' : ''}`}
                aria-pressed={pickedId === null}
                onClick={onAuto}
              >
                <span className="template-picker__label">{t('payments.picker.auto')}</span>
                <span className="muted template-picker__for">{t('payments.picker.autoHint')}</span>
              </button>
            </li>
          )}
          {fitting.map((template) => {
            const picked = template.id === pickedId;
            const paused = template.kind !== 'office' && template.availability === 'paused';
            return (
              <li key={template.id}>
                <button
                  type="button"
                  className={`template-picker__option${picked ? ' template-picker__option--picked' : ''}`}
                  aria-pressed={picked}
                  disabled={paused && !picked}
                  onClick={() => onPick(template)}
                >
                  <span className="template-picker__label">
                    {template.label}
                    {paused && <AvailabilityBadge availability="paused" />}
                  </span>
                  <span className="muted template-picker__for">
                    <TemplateFor template={template} cityName={(key) => placeName(key)} />
                  </span>
                  <TemplateBody template={template} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
