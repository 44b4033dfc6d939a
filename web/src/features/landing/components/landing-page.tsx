import { lazy, Suspense } from 'react';
import { Hero } from './hero';
import { PriceTicker, useTickerCoins } from './price-ticker';
import '../landing.css';

// Below the fold: their code loads right after the hero renders, outside the critical path.
const BelowTheFold = lazy(() => import('./below-the-fold'));

export function LandingPage() {
  const coins = useTickerCoins();
  return (
    <>
      <Hero />
      <PriceTicker coins={coins} />
      <Suspense fallback={<div className="landing-placeholder" />}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
