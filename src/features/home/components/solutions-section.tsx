import { Icon } from '@/components/ui/icon';
import { Building2, Grid2x2, Layers, TreePine } from '@/components/ui/icons';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { pageTexts } from '@/content/spec-texts';
import { siteImages } from '@/content/site-images';

const [lvp, hardwood, carpetTile, commercial] = pageTexts.home.solutionCards;

const cards = [
  {
    title: lvp,
    icon: Layers,
    image: siteImages.serviceLuxuryVinylPlank,
    description: 'Waterproof, pet-proof and realistic wood looks for kitchens, basements and busy family rooms.',
  },
  {
    title: hardwood,
    icon: TreePine,
    image: siteImages.serviceHardwood,
    description: 'Solid and engineered oak, maple and hickory, installed, sanded and refinished to last generations.',
  },
  {
    title: carpetTile,
    icon: Grid2x2,
    image: siteImages.serviceCarpetTile,
    description:
      'Soft, stain-resistant carpet for bedrooms and durable porcelain and ceramic tile for baths and entries.',
  },
  {
    title: commercial,
    icon: Building2,
    image: siteImages.serviceCommercial,
    description: 'Offices, retail and rental turnovers, scheduled around your hours with minimal downtime.',
  },
] as const;

/** Spec section 2, home page item 3: four cards, each with an image, an icon and a description. */
export function SolutionsSection() {
  return (
    <section aria-labelledby="solutions-title" className="bg-white px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-walnut-600">What we install</p>
          <h2 id="solutions-title" className="mt-2 font-display text-3xl font-bold text-walnut-950 sm:text-4xl">
            {pageTexts.home.solutionsTitle}
          </h2>
          <p className="mt-4 text-lg text-walnut-800">
            We bring samples to your home, measure every room and help you pick the floor that fits how you live.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ title, icon, image, description }) => (
            <li
              key={title}
              className="group overflow-hidden rounded-2xl bg-cream-50 shadow-sm ring-1 ring-walnut-900/10 transition-shadow hover:shadow-lg"
            >
              <div className="relative aspect-[4/3] overflow-hidden">
                <ResponsiveImage
                  image={image}
                  sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                  className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
                />
                <span className="absolute bottom-3 left-3 inline-flex h-11 w-11 items-center justify-center rounded-xl bg-walnut-900 text-oak-200 shadow-lg">
                  <Icon icon={icon} aria-hidden="true" className="h-5 w-5" />
                </span>
              </div>
              <div className="p-5">
                <h3 className="font-display text-xl font-bold text-walnut-950">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-walnut-800">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
