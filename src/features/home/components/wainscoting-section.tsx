import { Icon } from '@/components/ui/icon';
import { Gem, Paintbrush, TrendingUp, Zap } from '@/components/ui/icons';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { Button } from '@/components/ui/button';
import { pageTexts } from '@/content/spec-texts';
import { siteImages } from '@/content/site-images';

const [geometric, bold, diamond] = pageTexts.home.wainscotingGallery;
const [wow, value, custom] = pageTexts.home.wainscotingBenefits;

const gallery = [
  {
    title: geometric,
    image: siteImages.wainscotModernGeometric,
    description: 'Crisp grids and offset rectangles that give a plain hallway or nursery clean, modern structure.',
  },
  {
    title: bold,
    image: siteImages.wainscotBoldStatement,
    description: 'Floor-to-ceiling board and batten in a deep color, made for living rooms, offices and entries.',
  },
  {
    title: diamond,
    image: siteImages.wainscotElegantDiamond,
    description: 'Classic raised diamonds under a chair rail: timeless in dining rooms and along staircases.',
  },
] as const;

const benefits = [
  { title: wow, icon: Zap, text: 'One accent wall changes how a whole room feels, usually in a day or two.' },
  { title: value, icon: TrendingUp, text: 'Millwork reads as craftsmanship to buyers and photographs beautifully.' },
  {
    title: custom,
    icon: Paintbrush,
    text: 'Pattern, spacing, height and finish are designed for your wall and your trim.',
  },
] as const;

type WainscotingSectionProps = { onRequestQuote: () => void };

/** Spec section 2, home page item 4: three gallery cards, three benefits and 'Request a Quote'. */
export function WainscotingSection({ onRequestQuote }: WainscotingSectionProps) {
  return (
    <section aria-labelledby="wainscoting-title" className="px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <div className="grid gap-6 lg:grid-cols-[1fr_auto] lg:items-end">
          <div className="max-w-2xl">
            <p className="inline-flex items-center gap-2 text-sm font-bold uppercase tracking-[0.2em] text-walnut-600">
              <Icon icon={Gem} aria-hidden="true" className="h-4 w-4" /> Custom millwork
            </p>
            <h2 id="wainscoting-title" className="mt-2 font-display text-3xl font-bold text-walnut-950 sm:text-4xl">
              {pageTexts.home.wainscotingTitle}
            </h2>
            <p className="mt-4 text-lg text-walnut-800">
              Designed, built and painted in place by the same crew that lays your floors, for a finish that looks like
              it was always part of the house.
            </p>
          </div>
          <Button size="lg" onClick={onRequestQuote} className="justify-self-start">
            {pageTexts.home.wainscotingButton}
          </Button>
        </div>

        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {gallery.map(({ title, image, description }) => (
            <li key={title} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-walnut-900/10">
              <ResponsiveImage
                image={image}
                sizes="(min-width: 768px) 33vw, 100vw"
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="p-5">
                <h3 className="font-display text-xl font-bold text-walnut-950">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-walnut-800">{description}</p>
              </div>
            </li>
          ))}
        </ul>

        <ul className="mt-10 grid gap-6 rounded-2xl bg-walnut-900 p-6 text-oak-100 sm:p-8 md:grid-cols-3">
          {benefits.map(({ title, icon, text }) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-oak-400 text-walnut-950">
                <Icon icon={icon} aria-hidden="true" className="h-5 w-5" />
              </span>
              <div>
                <h3 className="font-display text-lg font-bold text-white">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-oak-200">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
