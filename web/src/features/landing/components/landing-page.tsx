import { lazy, Suspense } from 'react';
import { Hero } from './hero';
import { LivePriceTicker } from './price-ticker';
import '../landing.css';

// Below the fold: their code loads right after the hero renders, outside the critical path.
const BelowTheFold = lazy(() => import('./below-the-fold'));

export function LandingPage() {
  return (
    <>
      <Hero />
      <LivePriceTicker />
      <Suspense fallback={<div className="landing-placeholder" />}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
