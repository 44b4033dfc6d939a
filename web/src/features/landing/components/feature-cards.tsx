import { ContentSlot } from '@web/components/site-content/content-slot';
import { SvgIcon } from '@web/components/ui/svg-icon';
import { useTranslation } from '@web/lib/i18n';
import type { ReactNode } from 'react';

const FEATURES = ['security', 'fast', 'rates', 'support', 'friendly'] as const;

const ICONS: Record<(typeof FEATURES)[number], ReactNode> = {
  security: <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3zM9 12l2 2 4-4" />,
  fast: <path d="M13 2L4 14h7l-1 8 9-12h-7l1-8z" />,
  rates: <path d="M4 19h16M6 16l4-5 3 3 5-7M15 7h3v3" />,
  support: <path d="M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1v-5zM20 13h-3v6h2a1 1 0 0 0 1-1v-5z" />,
  friendly: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8.5 14a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />,
};

/** The five feature cards of the landing page (docs/product.md §1), or the text staff wrote in their place. */
export function FeatureCards() {
  const { t } = useTranslation('common');
  return (
    <section className="container landing-section" aria-labelledby="features-title">
      <h2 id="features-title" className="landing-section__title">
        {t('landing.features.title')}
      </h2>
      <ContentSlot block="landing.features" className="features-text">
        <ul className="features">
          {FEATURES.map((key) => (
            <li key={key} className="feature card">
              <span className="feature__icon">
                <SvgIcon size={24}>{ICONS[key]}</SvgIcon>
              </span>
              <h3 className="feature__title">{t(`landing.features.items.${key}.title`)}</h3>
              <p className="feature__text">{t(`landing.features.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </ContentSlot>
    </section>
  );
}
