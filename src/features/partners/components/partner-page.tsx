import { Icon } from '@/components/ui/icon';
import { ArrowLeft, Check } from '@/components/ui/icons';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { TestimonialCard } from '@/components/testimonial-card';
import { Button } from '@/components/ui/button';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { business } from '@/config/business';
import { isHydrating } from '@/lib/hydration';
import { scrollToElement } from '@/lib/scroll-to-element';
import type { PartnerProgram } from '../content/partner-program';

/** Beside the trust points: the registration, and the insurance registration requires (as the home hero's hint). */
const registrationHint = `${business.registrationLine}. New Jersey registers only contractors with liability insurance.`;

/** The catalogue keeps the spec's own lower-case wording; a list line starts with a capital. */
const asListLine = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The partner page layout both programs share (spec section 2): back link, hero with a button down to the
 * form, three benefits, the program's perks, a testimonial and the application card holding `form`.
 */
export function PartnerPage({ program, form }: { program: PartnerProgram; form: ReactNode }) {
  const { hero, why, perks, testimonial, application } = program;

  // The spec opens the page at the top, whatever the scroll position before. The router's <ScrollRestoration>
  // puts a reloaded page back where it was, in a second render just after this one mounts, so the page goes to
  // the top again once that has happened. 'instant' overrides the stylesheet's smooth scrolling (and stops
  // the router's smooth restore), which would otherwise animate the jump. A prerendered page opens at the top
  // by itself (the page says so before the app loads); hydrating it later must not move the visitor.
  useEffect(() => {
    if (isHydrating()) return;
    const toTop = () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    toTop();
    const afterRestore = window.setTimeout(toTop, 0);
    return () => window.clearTimeout(afterRestore);
  }, []);

  return (
    <>
      <SiteHeader />

      <main id="main">
        <section aria-labelledby="partner-hero-title" className="relative overflow-hidden bg-walnut-950 text-cream-50">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_15%_20%,rgba(217,160,102,0.18),transparent_55%)]"
          />
          <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pb-14 pt-6 sm:px-6 lg:grid-cols-2 lg:gap-14 lg:px-8 lg:pb-20">
            <div className="lg:col-span-2">
              <Link
                to="/"
                className="inline-flex min-h-11 items-center gap-2 rounded-md py-1 text-sm font-semibold text-oak-200 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-400"
              >
                <Icon icon={ArrowLeft} aria-hidden="true" className="h-4 w-4" />
                Back to Home
              </Link>
            </div>
            <div>
              <p className="text-sm font-semibold uppercase tracking-[0.18em] text-oak-400">{hero.eyebrow}</p>
              <h1
                id="partner-hero-title"
                className="mt-3 font-display text-4xl font-bold leading-tight text-balance text-white sm:text-5xl"
              >
                {hero.title}
              </h1>
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-oak-100">{hero.lead}</p>
              <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium text-oak-200">
                {business.trustPoints.map((point) => (
                  <li key={point} className="inline-flex items-center gap-1.5">
                    <Icon icon={Check} aria-hidden="true" className="h-4 w-4 text-oak-400" />
                    {point}
                  </li>
                ))}
              </ul>
              {/* The home page's hero says this in the trust point's hint; here the points are plain text, so it is
                  said beside them: what the spec's "Licensed & Insured" stands on (N.J.A.C. 13:45A-17.11(d)2,
                  N.J.S.A. 56:8-142; decisions 040 and 032, session 33). */}
              <p className="mt-2 text-sm text-oak-200">{registrationHint}</p>
              <Button
                variant="secondary"
                size="lg"
                className="mt-8 w-full sm:w-auto"
                onClick={() => scrollToElement(application.id)}
              >
                {hero.button}
              </Button>
            </div>
            <ResponsiveImage
              image={hero.image}
              sizes="(min-width: 1024px) 50vw, 100vw"
              priority
              className="aspect-[4/3] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10"
            />
          </div>
        </section>

        <section aria-labelledby="partner-why-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
          <div className="mx-auto max-w-2xl text-center">
            <h2
              id="partner-why-title"
              className="font-display text-3xl font-bold text-balance text-walnut-950 sm:text-4xl"
            >
              {why.title}
            </h2>
            <p className="mt-3 text-lg text-walnut-700">{why.intro}</p>
          </div>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {why.benefits.map(({ icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-walnut-900/10 bg-white p-6 shadow-sm">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-oak-100 text-walnut-800">
                  <Icon icon={icon} aria-hidden="true" className="h-6 w-6" />
                </span>
                <h3 className="mt-4 font-display text-xl font-semibold text-walnut-950">{title}</h3>
                <p className="mt-2 leading-relaxed text-walnut-700">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="partner-perks-title" className="bg-oak-100">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
            <div className="mx-auto max-w-2xl text-center">
              <h2
                id="partner-perks-title"
                className="font-display text-3xl font-bold text-balance text-walnut-950 sm:text-4xl"
              >
                {perks.title}
              </h2>
              <p className="mt-3 text-lg text-walnut-700">{perks.intro}</p>
            </div>
            <ul
              className={`mt-10 grid gap-4 ${perks.items.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2 lg:grid-cols-4'}`}
            >
              {perks.items.map(({ icon, text }) => (
                <li
                  key={text}
                  className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm sm:flex-col sm:p-6 sm:text-center"
                >
                  <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-walnut-900 text-oak-400">
                    <Icon icon={icon} aria-hidden="true" className="h-6 w-6" />
                  </span>
                  <span className="font-semibold text-walnut-900 sm:text-lg">{asListLine(text)}</span>
                </li>
              ))}
            </ul>
            {perks.disclosure && (
              <p className="mx-auto mt-8 max-w-2xl text-center text-walnut-800">{perks.disclosure}</p>
            )}
          </div>
        </section>

        <section aria-labelledby="partner-testimonial-title" className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:py-20">
          <h2
            id="partner-testimonial-title"
            className="mb-8 text-center font-display text-3xl font-bold text-balance text-walnut-950 sm:text-4xl"
          >
            {/* A sample's heading says it is one: "What Our Partners Say" contradicted the card's note (16 CFR 465.2). */}
            {testimonial.sample ? 'A Sample Testimonial' : 'What Our Partners Say'}
          </h2>
          <TestimonialCard {...testimonial} />
        </section>

        <div className="bg-walnut-900 px-4 py-16 sm:px-6 lg:py-20">
          <section
            id={application.id}
            aria-labelledby={`${application.id}-title`}
            className="mx-auto max-w-2xl rounded-2xl bg-cream-50 p-6 shadow-2xl focus:outline-none sm:p-10"
          >
            <h2 id={`${application.id}-title`} className="font-display text-3xl font-bold text-walnut-950">
              {application.title}
            </h2>
            <p className="mt-2 mb-8 text-walnut-700">{application.intro}</p>
            {form}
          </section>
        </div>
      </main>

      <SiteFooter />
    </>
  );
}
