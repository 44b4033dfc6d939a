import { FeatureCards } from './feature-cards';
import { Testimonials } from './testimonials';

export default function BelowTheFold() {
  return (
    <>
      <FeatureCards />
      <Testimonials />
    </>
  );
}
