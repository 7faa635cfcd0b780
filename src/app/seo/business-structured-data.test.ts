import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { siteUrl } from '@/config/site';
import { businessStructuredData, businessStructuredDataJson } from './business-structured-data';

type Place = { '@type': string; name: string; containedInPlace?: Place };

describe('the business as JSON-LD', () => {
  const data = JSON.parse(businessStructuredDataJson()) as Record<string, unknown>;

  it('is schema.org JSON-LD for a home-and-construction business, not a general contractor (GCs are its clients)', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('HomeAndConstructionBusiness');
    expect(JSON.stringify(data)).not.toContain('GeneralContractor');
    expect(data.url).toBe(siteUrl('/'));
  });

  it('names, phone, e-mail, address and social profiles come from the business config', () => {
    expect(data).toMatchObject({
      name: business.name,
      telephone: business.phone,
      email: business.email,
      address: { '@type': 'PostalAddress', addressLocality: 'Haddonfield', addressRegion: 'NJ', addressCountry: 'US' },
      sameAs: [business.social.facebook, business.social.instagram],
    });
  });

  it('serves the three counties and their fifteen towns', () => {
    const places = data.areaServed as Place[];
    const counties = places.filter((place) => place['@type'] === 'AdministrativeArea').map((place) => place.name);
    const towns = places.filter((place) => place['@type'] === 'City');
    expect(counties).toEqual(['Camden County, NJ', 'Burlington County, NJ', 'Gloucester County, NJ']);
    expect(towns).toHaveLength(15);
    for (const area of business.serviceAreas) {
      for (const town of area.towns) {
        expect(towns).toContainEqual({
          '@type': 'City',
          name: `${town}, NJ`,
          containedInPlace: { '@type': 'AdministrativeArea', name: `${area.county}, NJ` },
        });
      }
    }
  });

  it('opening hours are the ones the page shows (Mon-Fri 8am-6pm, Sat 9am-2pm)', () => {
    expect(business.hours).toEqual(['Mon-Fri 8am-6pm', 'Sat 9am-2pm']);
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
    ]);
  });

  it('claims no ratings or reviews', () => {
    const text = JSON.stringify(businessStructuredData());
    expect(text).not.toMatch(/aggregateRating|"review"|ratingValue/i);
  });

  it('cannot end its script element early, whatever the config holds', () => {
    expect(businessStructuredDataJson()).not.toContain('<');
  });
});
