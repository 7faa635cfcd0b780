import { Icon } from '@/components/ui/icon';
import { ArrowRight, Camera, Check, Handshake, Percent, Sparkles } from '@/components/ui/icons';
import { Link } from 'react-router';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { pageTexts } from '@/content/spec-texts';
import { siteImages } from '@/content/site-images';

const clientPerks = [
  { icon: Percent, text: 'Exclusive discounts for the clients you refer' },
  { icon: Sparkles, text: 'Fast, clean, professional service that keeps closings on track' },
] as const;

const realtorPerks = [
  { icon: Camera, text: 'Referral perks such as free headshots and studio time' },
  { icon: Handshake, text: 'A trusted vendor who helps you close faster' },
] as const;

/** Spec section 2, home page item 8: client perks, realtor perks and the link to /realtors. */
export function RealtorBanner() {
  return (
    <section aria-labelledby="realtor-banner-title" className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
      <div className="mx-auto grid max-w-7xl overflow-hidden rounded-3xl bg-walnut-900 text-oak-100 shadow-xl lg:grid-cols-[3fr_2fr]">
        <div className="p-6 sm:p-10 lg:p-12">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-oak-400">For real estate agents</p>
          <h2 id="realtor-banner-title" className="mt-2 font-display text-3xl font-bold text-white sm:text-4xl">
            Realtor Referral Program
          </h2>
          <div className="mt-8 grid gap-8 sm:grid-cols-2">
            <div>
              <h3 className="font-display text-lg font-bold text-white">Your clients get</h3>
              <ul className="mt-3 space-y-3">
                {clientPerks.map(({ icon, text }) => (
                  <li key={text} className="flex gap-3 text-sm leading-relaxed">
                    <Icon icon={icon} aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-oak-400" />
                    {text}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="font-display text-lg font-bold text-white">You get</h3>
              <ul className="mt-3 space-y-3">
                {realtorPerks.map(({ icon, text }) => (
                  <li key={text} className="flex gap-3 text-sm leading-relaxed">
                    <Icon icon={icon} aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-oak-400" />
                    {text}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <Link
            to="/realtors"
            className="mt-10 inline-flex items-center gap-2 rounded-md bg-oak-400 px-5 py-3 font-semibold text-walnut-950 transition-colors hover:bg-oak-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-200"
          >
            <Icon icon={Check} aria-hidden="true" className="h-5 w-5" />
            {pageTexts.home.realtorBannerLink}
            <Icon icon={ArrowRight} aria-hidden="true" className="h-5 w-5" />
          </Link>
        </div>
        <div className="relative hidden min-h-64 lg:block">
          <ResponsiveImage
            image={siteImages.partnerRealtor}
            sizes="40vw"
            className="absolute inset-0 h-full w-full object-cover"
          />
        </div>
      </div>
    </section>
  );
}
