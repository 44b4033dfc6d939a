import type { Language } from '@shared/enums';
import { useTranslation } from '@web/lib/i18n';
import { formatMoment } from '../lib/format';
import type { OrderStep } from '../lib/steps';

/** The deal's steps with when each was reached and by whom (docs/product.md §2 "Order page"). */
export function StatusSteps({ steps, language }: { steps: OrderStep[]; language: Language }) {
  const { t } = useTranslation('profile');
  return (
    <ol className="order-steps">
      {steps.map((step) => (
        <li
          key={step.status}
          className={`order-steps__step order-steps__step--${step.state}`}
          aria-current={step.state === 'current' || step.state === 'ended' ? 'step' : undefined}
        >
          <span className="order-steps__marker" aria-hidden="true" />
          <span className="order-steps__text">
            <span className="order-steps__label">
              {t(`order.steps.labels.${step.status}`, { defaultValue: t('order.steps.labels.unknown') })}
            </span>
            <span className="visually-hidden">, {t(`order.steps.state.${step.state}`)}</span>
            {step.at && (
              <span className="order-steps__when">
                <time dateTime={step.at}>{formatMoment(step.at, language)}</time>
                {step.actor && <>, {t(`order.steps.by.${step.actor}`)}</>}
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
