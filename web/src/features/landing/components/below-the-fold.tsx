import { ContentSlot } from '@web/components/site-content/content-slot';
import { FeatureCards } from './feature-cards';
import { OfficeContacts } from './office-contacts';
import { Testimonials } from './testimonials';

export default function BelowTheFold() {
  return (
    <>
      <FeatureCards />
      {/* The exchange's news as an ADMIN writes it (Admin → Pages); empty, and hidden, until they do. */}
      <ContentSlot block="landing.news" className="container landing-section landing-news">
        {null}
      </ContentSlot>
      <Testimonials />
      <OfficeContacts />
    </>
  );
}
