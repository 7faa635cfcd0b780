import { business } from '@/config/business';
import { siteUrl } from '@/config/site';
import { SHARE_IMAGES } from './page-head';

const DAY_NAMES = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
} as const;

/**
 * The business as schema.org JSON-LD for local search: a home-and-construction business, with only facts from the
 * business config. Not `GeneralContractor` as well: the business lays floors and builds millwork, a trade a general
 * contractor hires, and the home page courts "Builders / GCs" as clients; schema.org has no narrower type for it.
 * No ratings or reviews: the site has none to show.
 */
export function businessStructuredData() {
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': `${siteUrl('/')}#business`,
    name: business.name,
    description: business.tagline,
    url: siteUrl('/'),
    image: siteUrl(SHARE_IMAGES.home),
    logo: siteUrl('/icons/icon-512.png'),
    telephone: business.phone,
    email: business.email,
    address: {
      '@type': 'PostalAddress',
      addressLocality: business.address.locality,
      addressRegion: business.address.region,
      addressCountry: business.address.country,
    },
    areaServed: business.serviceAreas.flatMap((area) => {
      const county = { '@type': 'AdministrativeArea', name: `${area.county}, ${business.address.region}` };
      return [
        county,
        ...area.towns.map((town) => ({
          '@type': 'City',
          name: `${town}, ${business.address.region}`,
          containedInPlace: county,
        })),
      ];
    }),
    openingHoursSpecification: business.openingHours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.days.map((day) => DAY_NAMES[day]),
      opens: hours.opens,
      closes: hours.closes,
    })),
    sameAs: [business.social.facebook, business.social.instagram],
  };
}

/** The JSON-LD as script text: `<` escaped so no value can close the script element early. */
export function businessStructuredDataJson(): string {
  return JSON.stringify(businessStructuredData()).replace(/</g, '\\u003c');
}
