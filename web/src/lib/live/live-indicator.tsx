import { useTranslation } from '../i18n';
import liveStyles from './live.css?inline';
import type { LiveState } from './live-client';

/**
 * The screen's unobtrusive word on its updates: "live" while connected, "reconnecting" while the
 * socket is down (the screen polls meanwhile), nothing when there is no live connection at all.
 */
export function LiveIndicator({ state, className }: { state: LiveState; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span role="status" className={className}>
      {/* Hoisted into <head> once by React, from the chunk of the page that shows the mark. */}
      <style href="live-mark" precedence="default">
        {liveStyles}
      </style>
      {state !== 'off' && (
        <span className={`live-mark live-mark--${state}`} title={t(`live.${state}Hint`)}>
          {t(`live.${state}`)}
        </span>
      )}
    </span>
  );
}
