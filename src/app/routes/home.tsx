import { startTransition, useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { business } from '@/config/business';
import { CONTACT_SECTION_ID, ContactSection } from '@/features/contact/components/contact-section';
import { HomeSections } from '@/features/home/components/home-sections';
import { scrollToElement } from '@/lib/scroll-to-element';
import { siteImages } from '@/content/site-images';
import { businessStructuredDataJson } from '../seo/business-structured-data';
import { PageHead, SHARE_IMAGES } from '../seo/page-head';

// The modal (Radix Dialog, focus trap, scroll lock, the sign-up form) is a chunk of its own, which the page does
// not need to hydrate: it loads while the app hydrates (the route's preloadForFirstTap) and is mounted, closed,
// once it is in. Not React.lazy: a lazy component that suspends when it is opened is revealed no sooner than
// 300 ms later (React throttles what replaces a Suspense fallback), and the first tap must paint sooner.
export const loadLeadMagnetDialog = () => import('@/features/lead-magnet/components/lead-magnet-dialog');
type LeadMagnetDialogComponent = Awaited<ReturnType<typeof loadLeadMagnetDialog>>['LeadMagnetDialog'];

/** The home page (spec section 2): the modal, the header, sections 1 to 9 and the footer, in that order. */
export function HomeRoute() {
  const leadMagnet = useRef<LeadMagnetHandle>(null);
  // The modal's state lives in <LeadMagnet>, and this callback never changes: opening the modal re-renders the
  // modal alone, not the whole page (on a slow phone that re-render was most of the opening tap's wait).
  const openLeadMagnet = useCallback(() => leadMagnet.current?.open(), []);

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
      <LeadMagnet ref={leadMagnet} />
      <SiteHeader onOpenLeadMagnet={openLeadMagnet} />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <HomeSections onRequestEstimate={() => scrollToElement(CONTACT_SECTION_ID)} onOpenLeadMagnet={openLeadMagnet} />
        <ContactSection onOpenLeadMagnet={openLeadMagnet} />
      </main>
      <SiteFooter onOpenLeadMagnet={openLeadMagnet} />
    </>
  );
}

type LeadMagnetHandle = { open(): void };

/** The lead-magnet modal, once its chunk is in, with its open state. */
function LeadMagnet({ ref }: { ref: Ref<LeadMagnetHandle> }) {
  const [open, setOpen] = useState(false);
  // The control it was opened from, to give focus back to: the one that had focus when asked to open (a tap's
  // button; the tap held before the app was up is replayed with its button focused, answer-before-the-app.ts).
  // Read then rather than when the modal has mounted: by then focus may be in the first answer's dialog.
  const openedFrom = useRef<HTMLElement | null>(null);
  const [LeadMagnetDialog, setLeadMagnetDialog] = useState<LeadMagnetDialogComponent>();
  // Counts the loads begun: one when the page is up, and again on opening the modal if that one failed (offline).
  const [loadAttempt, setLoadAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadLeadMagnetDialog().then(
      // As a transition: it comes in right after hydration, and mounting it in one piece was a long task on a
      // slow phone (decision 013, session 4). An opening asked for meanwhile is rendered with it.
      (module) => current && startTransition(() => setLeadMagnetDialog(() => module.LeadMagnetDialog)),
      (error: unknown) => console.error('The free-guide dialog could not load:', error),
    );
    return () => {
      current = false;
    };
  }, [loadAttempt]);
  useImperativeHandle(
    ref,
    () => ({
      open() {
        openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpen(true);
        if (!LeadMagnetDialog) setLoadAttempt((attempt) => attempt + 1);
      },
    }),
    [LeadMagnetDialog],
  );

  return LeadMagnetDialog ? <LeadMagnetDialog open={open} onOpenChange={setOpen} openedFrom={openedFrom} /> : null;
}
