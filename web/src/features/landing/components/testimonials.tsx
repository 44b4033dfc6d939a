import { ChevronLeftIcon, ChevronRightIcon } from '@web/components/ui/icons';
import { formatFixed } from '@web/lib/fixed-number';
import { useTranslation } from '@web/lib/i18n';
import { useId, useState, useSyncExternalStore } from 'react';
import { cardsPerView, needsNavigation, step } from '../lib/carousel';

/** The four static quotes and their ratings (docs/product.md §2). */
export const TESTIMONIALS = [
  { key: 'first', rating: 5 },
  { key: 'second', rating: 4.5 },
  { key: 'third', rating: 5 },
  { key: 'fourth', rating: 4 },
] as const;

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => 1280,
  );
}

function Stars({ rating, label }: { rating: number; label: string }) {
  const id = `star${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <span className="stars" role="img" aria-label={label}>
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.max(0, Math.min(1, rating - index));
        return (
          <svg key={index} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <defs>
              <linearGradient id={`${id}-${index}`}>
                <stop offset={fill} stopColor="currentColor" />
                <stop offset={fill} stopColor="#c4cad4" />
              </linearGradient>
            </defs>
            <path
              fill={`url(#${id}-${index})`}
              d="M10 1.5l2.6 5.5 6 .7-4.5 4.1 1.2 6-5.3-3-5.3 3 1.2-6L1.4 7.7l6-.7L10 1.5z"
            />
          </svg>
        );
      })}
    </span>
  );
}

export function Testimonials() {
  const { t, language } = useTranslation('common');
  const perView = cardsPerView(useViewportWidth());
  const [start, setStart] = useState(0);
  const total = TESTIMONIALS.length;
  const showNavigation = needsNavigation(total, perView);
  const first = Math.min(start, Math.max(0, total - perView));
  const visible = TESTIMONIALS.slice(first, first + perView);

  return (
    <section className="container landing-section" aria-labelledby="testimonials-title">
      <div className="carousel__head">
        <h2 id="testimonials-title" className="landing-section__title">
          {t('landing.testimonials.title')}
        </h2>
        {showNavigation && (
          <div className="carousel__nav">
            <button
              type="button"
              className="icon-btn"
              aria-label={t('landing.testimonials.previous')}
              onClick={() => setStart(step(first, -1, total, perView))}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('landing.testimonials.next')}
              onClick={() => setStart(step(first, 1, total, perView))}
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
      <ul className="carousel" data-per-view={perView} aria-live="polite">
        {visible.map(({ key, rating }) => (
          <li key={key} className="testimonial card">
            <Stars
              rating={rating}
              label={t('landing.testimonials.rating', {
                rating: formatFixed(rating, Number.isInteger(rating) ? 0 : 1, language),
              })}
            />
            <blockquote className="testimonial__quote">
              <p>{t(`landing.testimonials.items.${key}.quote`)}</p>
            </blockquote>
            <p className="testimonial__author">
              <strong>{t(`landing.testimonials.items.${key}.name`)}</strong>
              <span className="muted">{t(`landing.testimonials.items.${key}.city`)}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
