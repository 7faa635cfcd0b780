import { Icon } from '@/components/ui/icon';
import { BadgeDollarSign, Handshake, House, ShieldCheck, Sparkles } from '@/components/ui/icons';
import { business } from '@/config/business';
import { pageTexts } from '@/content/spec-texts';

const details = [
  // The spec's "Locally Owned & Operated" and base town, no more: where the business was founded and where its people
  // live are the owner's facts, which the site has not been given (decision 032, session 33).
  { icon: House, text: `Owned and run from ${business.baseTown}, where our name rides on every floor.` },
  { icon: Sparkles, text: 'Dust control, floor protection and a swept-clean site at the end of every day.' },
  {
    icon: Handshake,
    text: 'Volume pricing, reliable schedules and straight answers for flips, rentals and new builds.',
  },
  // Registration, and the insurance it requires (N.J.S.A. 56:8-142): what the spec's "Licensed & Insured" can show.
  {
    icon: ShieldCheck,
    text: 'Registered in New Jersey as a home improvement contractor, with the liability insurance registration requires.',
  },
  { icon: BadgeDollarSign, text: 'From budget-smart vinyl to site-finished hardwood, with clear written quotes.' },
] as const;

/** Spec section 2, home page item 2: why the company, five points verbatim. */
export function WhyUsSection() {
  return (
    <section aria-labelledby="why-us-title" className="px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <div className="max-w-2xl">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-walnut-600">Why choose us</p>
          <h2 id="why-us-title" className="mt-2 font-display text-3xl font-bold text-walnut-950 sm:text-4xl">
            Why {business.name}
          </h2>
          <p className="mt-4 text-lg text-walnut-800">
            Good floors come down to careful prep, honest advice and a crew that respects your home.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {pageTexts.home.whyUsPoints.map((point, index) => {
            const { icon, text } = details[index] ?? details[0];
            return (
              <li key={point} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-walnut-900/5">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-oak-100 text-walnut-800">
                  <Icon icon={icon} aria-hidden="true" className="h-6 w-6" />
                </span>
                <h3 className="mt-4 font-display text-lg font-bold text-walnut-950">{point}</h3>
                <p className="mt-2 text-sm leading-relaxed text-walnut-800">{text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
