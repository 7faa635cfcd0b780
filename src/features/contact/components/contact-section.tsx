import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTexts } from '@/content/spec-texts';
import { scrollToElement } from '@/lib/scroll-to-element';
import { ContactForm } from './contact-form';
import { GetInTouchCard } from './get-in-touch-card';

/** The element id the hero and 'Request a Quote' scroll to (spec section 2, item 9). */
export const CONTACT_SECTION_ID = 'contact-section';

/** The anchors that mean "the contact section": the visualizer's 'Get Free Quote' links to /#contact. */
const CONTACT_HASHES = new Set(['#contact', `#${CONTACT_SECTION_ID}`]);

/**
 * Spec section 2, home page item 9: the estimate form beside the 'Get in Touch' card. Arriving at /#contact,
 * whether by a fresh load or a client-side link from another page, scrolls here and moves focus here.
 */
export function ContactSection({ onOpenLeadMagnet }: { onOpenLeadMagnet: () => void }) {
  const location = useLocation();

  useEffect(() => {
    if (CONTACT_HASHES.has(location.hash)) scrollToElement(CONTACT_SECTION_ID);
  }, [location.hash, location.key]);

  return (
    <section
      id={CONTACT_SECTION_ID}
      aria-labelledby="contact-title"
      className="bg-oak-100 px-4 py-16 focus:outline-none sm:px-6 sm:py-24 lg:px-8"
    >
      {/* The visualizer's 'Get Free Quote' links to /#contact: this anchor makes that land here too. */}
      <span id="contact" className="block" aria-hidden="true" />
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-walnut-600">Free, no-pressure estimates</p>
          <h2 id="contact-title" className="mt-2 font-display text-3xl font-bold text-walnut-950 sm:text-4xl">
            {pageTexts.home.contactTitle}
          </h2>
          <p className="mt-4 text-lg text-walnut-800">
            Tell us about your rooms and we'll come measure, bring samples, and give you a clear written price.
          </p>
        </div>
        <div className="mt-12 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-walnut-900/5 sm:p-8">
            <ContactForm />
          </div>
          <GetInTouchCard onOpenLeadMagnet={onOpenLeadMagnet} />
        </div>
      </div>
    </section>
  );
}
