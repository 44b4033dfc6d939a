import { ContentSlot } from '@web/components/site-content/content-slot';
import { ButtonLink } from '@web/components/ui/button-link';
import { SvgIcon } from '@web/components/ui/svg-icon';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { useAuthStore } from '@web/stores/auth-store';
import { lazy, memo, Suspense } from 'react';

const QuoteCalculator = lazy(() => import('./quote-calculator'));

/**
 * The quote calculator's seam in the hero: its code loads after the hero has painted,
 * into the box the prerendered page holds for it (`.calc` keeps one height in every state).
 * Memoized without props: the session's arrival re-renders the hero, and an update reaching the
 * boundary before it has hydrated would make React drop its server HTML for the fallback.
 */
const CalculatorSlot = memo(function CalculatorSlot() {
  return (
    <Suspense fallback={<div className="calc card" />}>
      <QuoteCalculator />
    </Suspense>
  );
});

export function Hero() {
  const { t } = useTranslation('common');
  const user = useAuthStore((state) => state.user);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return (
    // Unlabelled: a title staff write (the block) carries no id to name the section by.
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">{t('landing.hero.eyebrow')}</p>
          <ContentSlot block="landing.hero" className="hero__text">
            <h1 className="hero__title">{t('landing.hero.title')}</h1>
            <p className="hero__subtitle">{t('landing.hero.subtitle')}</p>
          </ContentSlot>
          {isAuthenticated ? (
            <div className="hero__welcome">
              <p className="hero__welcome-text">
                {t('landing.hero.welcomeBack', {
                  username: user?.username || t('landing.hero.defaultUsername'),
                })}
              </p>
              <div className="row">
                <ButtonLink to={paths.apply}>{t('landing.hero.createApplication')}</ButtonLink>
              </div>
            </div>
          ) : (
            <div className="row">
              <ButtonLink to={paths.login} variant="on-ink">
                {t('nav.login')}
              </ButtonLink>
              <ButtonLink to={paths.register}>{t('nav.register')}</ButtonLink>
            </div>
          )}
        </div>
        <CalculatorSlot />
        <ul className="hero__points">
          {(['cashAndCard', 'usdt', 'cities'] as const).map((key) => (
            <li key={key}>
              <span className="hero__point-icon">
                <SvgIcon size={16} strokeWidth={2.5}>
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </SvgIcon>
              </span>
              {key === 'cities' ? (
                <ContentSlot block="landing.cities" className="hero__cities">
                  {t('landing.hero.points.cities')}
                </ContentSlot>
              ) : (
                t(`landing.hero.points.${key}`)
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
