import { Icon } from '@/components/ui/icon';
import { ArrowRight, HardHat, House, KeyRound, Users } from '@/components/ui/icons';
import { Link } from 'react-router';
import { pageTexts } from '@/content/spec-texts';

const [homeowners, investors, builders, realtors] = pageTexts.home.audienceCards;

const cards = [
  {
    title: homeowners,
    icon: House,
    text: 'One room or the whole house: in-home samples, a clear written quote and a tidy, on-time install.',
  },
  {
    title: investors,
    icon: KeyRound,
    text: 'Durable, buyer-ready floors at volume pricing, with fast turnarounds that keep your flip on schedule.',
    link: { to: '/investors', label: 'Investor program' },
  },
  {
    title: builders,
    icon: HardHat,
    text: 'A dependable flooring and trim sub for new builds and renovations, coordinated with your schedule.',
  },
  {
    title: realtors,
    icon: Users,
    text: 'Pre-listing refreshes that help homes show and sell, and perks for the agents who refer clients.',
    link: { to: '/realtors', label: 'Realtor program' },
  },
] as const;

/** Spec section 2, home page item 5: four audience cards. */
export function AudienceSection() {
  return (
    <section aria-labelledby="audience-title" className="bg-white px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-walnut-600">Who we work with</p>
          <h2 id="audience-title" className="mt-2 font-display text-3xl font-bold text-walnut-950 sm:text-4xl">
            {pageTexts.home.audienceTitle}
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <li
              key={card.title}
              className="flex flex-col rounded-2xl border-t-4 border-oak-400 bg-cream-50 p-6 shadow-sm"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-walnut-900 text-oak-200">
                <Icon icon={card.icon} aria-hidden="true" className="h-6 w-6" />
              </span>
              <h3 className="mt-4 font-display text-xl font-bold text-walnut-950">{card.title}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-walnut-800">{card.text}</p>
              {'link' in card && (
                <Link
                  to={card.link.to}
                  className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-bold text-walnut-900 underline decoration-oak-400 decoration-2 underline-offset-4 hover:text-walnut-700"
                >
                  {card.link.label}
                  <Icon icon={ArrowRight} aria-hidden="true" className="h-4 w-4" />
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
