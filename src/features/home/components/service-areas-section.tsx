import { Icon } from '@/components/ui/icon';
import { MapPin } from '@/components/ui/icons';
import { business } from '@/config/business';
import { ServiceAreaMap } from './service-area-map';

/** Spec section 2, home page item 7: the three counties with their towns, and the map. */
export function ServiceAreasSection() {
  return (
    <section aria-labelledby="service-areas-title" className="px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto grid max-w-7xl gap-10 lg:grid-cols-[2fr_3fr] lg:items-start">
        <div>
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-walnut-600">Service areas</p>
          <h2 id="service-areas-title" className="mt-2 font-display text-3xl font-bold text-walnut-950 sm:text-4xl">
            Proudly Serving South Jersey
          </h2>
          <p className="mt-4 text-lg text-walnut-800">
            From our base in {business.baseTown}, we install floors and millwork across three counties.
          </p>
          <div className="mt-8 grid gap-6 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {business.serviceAreas.map((area) => (
              <div key={area.county}>
                <h3 className="flex items-center gap-2 font-display text-lg font-bold text-walnut-950">
                  <Icon icon={MapPin} aria-hidden="true" className="h-4 w-4 text-oak-500" />
                  {area.county}
                </h3>
                <ul className="mt-3 space-y-1.5 text-walnut-800">
                  {area.towns.map((town) => (
                    <li key={town}>{town}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
        <ServiceAreaMap />
      </div>
    </section>
  );
}
