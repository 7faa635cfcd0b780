import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { BackToHomeLink } from '@/components/layout/back-to-home-link';
import { LEGAL_PAGES_LAST_CHANGED } from '@/config/data-retention';
import { scrollToElement } from '@/lib/scroll-to-element';

/** '2026-11-25' -> 'November 25, 2026', the same on the server and in every browser (no time zone shift). */
export function formatLegalDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

/** The frame the privacy notice and the terms share: header, a readable column, the date of the last change, footer. */
export function LegalPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  useArriveAtSection();
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-cream-50">
        <article className="mx-auto max-w-3xl px-4 pb-16 pt-6 sm:px-6 lg:px-8">
          <BackToHomeLink />
          <h1 className="mt-4 font-display text-4xl font-bold text-walnut-950 sm:text-5xl">{title}</h1>
          <p className="mt-3 text-sm text-walnut-700">
            In effect from: <time dateTime={LEGAL_PAGES_LAST_CHANGED}>{formatLegalDate(LEGAL_PAGES_LAST_CHANGED)}</time>
          </p>
          <div className="mt-6 text-lg leading-relaxed text-walnut-900">{lead}</div>
          <div className="legal-text mt-4 space-y-4 leading-relaxed text-walnut-900">{children}</div>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}

/**
 * A link from another page to one of these sections (the footer's "Accessibility"): the router scrolls there but
 * leaves the focus on nothing, so a keyboard or screen-reader visitor would start again at the top of the page. The
 * section's heading takes the focus. Only after a link (PUSH): a page loaded with the fragment was scrolled there by
 * the browser, which also starts Tab there, and this page hydrates on the first touch, when the visitor may have
 * scrolled away.
 */
function useArriveAtSection() {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'PUSH' && hash.length > 1) scrollToElement(hash.slice(1));
  }, [hash, key, navigationType]);
}

/** A section of a legal page: a heading the contents can be skimmed by, and its paragraphs. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 pt-6">
      <h2 id={id} className="font-display text-2xl font-bold text-walnut-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const legalLinkClasses =
  'font-semibold text-walnut-900 underline underline-offset-2 hover:text-walnut-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500';
