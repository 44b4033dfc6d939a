import { FeatureCards } from './feature-cards';
import { OfficeContacts } from './office-contacts';
import { Testimonials } from './testimonials';

export default function BelowTheFold() {
  return (
    <>
      <FeatureCards />
      <Testimonials />
      <OfficeContacts />
    </>
  );
}
