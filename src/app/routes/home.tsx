import { lazy, Suspense, useState } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { business } from '@/config/business';
import { CONTACT_SECTION_ID, ContactSection } from '@/features/contact/components/contact-section';
import { HomeSections } from '@/features/home/components/home-sections';
import { scrollToElement } from '@/lib/scroll-to-element';
import { siteImages } from '@/content/site-images';
import { businessStructuredDataJson } from '../seo/business-structured-data';
import { PageHead, SHARE_IMAGES } from '../seo/page-head';

// The modal (Radix Dialog, focus trap, scroll lock, the sign-up form) loads the first time someone opens it.
const LeadMagnetDialog = lazy(async () => ({
  default: (await import('@/features/lead-magnet/components/lead-magnet-dialog')).LeadMagnetDialog,
}));

/** The home page (spec section 2): the modal, the header, sections 1 to 9 and the footer, in that order. */
export function HomeRoute() {
  const [leadMagnetOpen, setLeadMagnetOpen] = useState(false);
  const [leadMagnetWanted, setLeadMagnetWanted] = useState(false);
  const openLeadMagnet = () => {
    setLeadMagnetWanted(true);
    setLeadMagnetOpen(true);
  };

  return (
    <>
      <PageHead
        title={`${business.name} | Flooring & Custom Millwork in ${business.baseTown}`}
        description={`${business.tagline} Hardwood, LVP, carpet, tile and custom wainscoting across Camden, Burlington and Gloucester counties. Free estimates.`}
        path="/"
        image={SHARE_IMAGES.home}
        imageAlt={siteImages.heroRoom.alt}
      />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: businessStructuredDataJson() }} />
      {leadMagnetWanted && (
        <Suspense fallback={null}>
          <LeadMagnetDialog open={leadMagnetOpen} onOpenChange={setLeadMagnetOpen} />
        </Suspense>
      )}
      <SiteHeader onOpenLeadMagnet={openLeadMagnet} />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <HomeSections onRequestEstimate={() => scrollToElement(CONTACT_SECTION_ID)} onOpenLeadMagnet={openLeadMagnet} />
        <ContactSection onOpenLeadMagnet={openLeadMagnet} />
      </main>
      <SiteFooter onOpenLeadMagnet={openLeadMagnet} />
    </>
  );
}
