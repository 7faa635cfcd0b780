import { AudienceSection } from './audience-section';
import { HeroSection } from './hero-section';
import { RealtorBanner } from './realtor-banner';
import { ServiceAreasSection } from './service-areas-section';
import { SolutionsSection } from './solutions-section';
import { TestimonialsSection } from './testimonials-section';
import { WainscotingSection } from './wainscoting-section';
import { WhyUsSection } from './why-us-section';

type HomeSectionsProps = {
  /** Takes the visitor to the estimate form (the contact section, which the page composes after these). */
  onRequestEstimate: () => void;
  onOpenLeadMagnet: () => void;
};

/** Spec section 2, home page items 1 to 8, in order. */
export function HomeSections({ onRequestEstimate, onOpenLeadMagnet }: HomeSectionsProps) {
  return (
    <>
      <HeroSection onRequestEstimate={onRequestEstimate} onOpenLeadMagnet={onOpenLeadMagnet} />
      <WhyUsSection />
      <SolutionsSection />
      <WainscotingSection onRequestQuote={onRequestEstimate} />
      <AudienceSection />
      <TestimonialsSection />
      <ServiceAreasSection />
      <RealtorBanner />
    </>
  );
}
