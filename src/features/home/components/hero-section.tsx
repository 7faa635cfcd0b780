import { Icon } from '@/components/ui/icon';
import { BookOpen, Clock, MapPin, ShieldCheck, House, ArrowRight } from '@/components/ui/icons';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { business } from '@/config/business';
import { pageTexts } from '@/content/spec-texts';
import { siteImages } from '@/content/site-images';
import { useFirstAnswerMark } from '@/lib/first-answers';

const trustIcons = [House, ShieldCheck, Clock] as const;
const trustHints = [
  `Owned and run from ${business.baseTown}: you deal with the people who do the work.`,
  // What "Licensed & Insured" (the spec's words) stands on that the site can show: the State's registration, which
  // it grants only with liability insurance (N.J.S.A. 56:8-142; decision 040).
  `${business.registrationLine}. New Jersey registers only contractors with liability insurance.`,
  `Estimates scheduled fast and answers ${business.responsePromise}.`,
] as const;

type HeroSectionProps = { onRequestEstimate: () => void; onOpenLeadMagnet: () => void };

/** Spec section 2, home page item 1: the tagline, the trust points, the estimate button and the guide opener. */
export function HeroSection({ onRequestEstimate, onOpenLeadMagnet }: HeroSectionProps) {
  const guideMark = useFirstAnswerMark('guide');
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-walnut-950">
      <ResponsiveImage
        image={siteImages.heroRoom}
        sizes="100vw"
        priority
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-walnut-950/95 via-walnut-950/75 to-walnut-950/20"
      />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8 lg:py-36">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-oak-200 ring-1 ring-white/20 backdrop-blur">
            <Icon icon={MapPin} aria-hidden="true" className="h-4 w-4" />
            Flooring &amp; custom millwork in South Jersey
          </p>
          <h1 id="hero-title" className="mt-6 font-display text-4xl font-bold leading-tight text-white sm:text-6xl">
            {business.tagline}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-oak-100 sm:text-xl">
            Hardwood, luxury vinyl plank, carpet, tile and custom wainscoting, measured, supplied and installed by a
            local crew from {business.baseTown}.
          </p>
          <ul className="mt-8 flex flex-wrap gap-3" aria-label="Why neighbors trust us">
            {business.trustPoints.map((point, index) => {
              const icon = trustIcons[index] ?? ShieldCheck;
              return (
                <li key={point}>
                  <Tooltip content={trustHints[index]}>
                    <button
                      type="button"
                      className="inline-flex min-h-11 items-center gap-2 rounded-full bg-walnut-950/60 px-4 py-2 text-sm font-semibold text-white ring-1 ring-oak-400/50 backdrop-blur hover:bg-walnut-950/80 focus-visible:outline-2 focus-visible:outline-oak-400"
                    >
                      <Icon icon={icon} aria-hidden="true" className="h-4 w-4 text-oak-400" />
                      {point}
                    </button>
                  </Tooltip>
                </li>
              );
            })}
          </ul>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button variant="secondary" size="lg" onClick={onRequestEstimate}>
              {pageTexts.home.heroButton}
              <Icon icon={ArrowRight} aria-hidden="true" className="h-5 w-5" />
            </Button>
            <Button
              variant="ghost"
              size="lg"
              onClick={onOpenLeadMagnet}
              {...guideMark}
              className="text-white ring-2 ring-white/60 hover:bg-white hover:text-walnut-950"
            >
              <Icon icon={BookOpen} aria-hidden="true" className="h-5 w-5" />
              Free Flooring Guide
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
