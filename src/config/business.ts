// zod/mini: this config is on every page's critical path, and the mini build is a fraction of the size.
import * as z from 'zod/mini';

/**
 * The business facts, in one typed place. Every page, toast and footer reads them from here, so `{phone}` and
 * `{email}` in the spec are these values. The defaults are plainly placeholders; the owner sets the real ones
 * with VITE_BUSINESS_* variables at build time (README, "Settings").
 */
const businessEnvSchema = z.object({
  VITE_BUSINESS_NAME: z._default(z.string().check(z.trim(), z.minLength(1)), 'Your Flooring Co.'),
  VITE_BUSINESS_PHONE: z._default(z.string().check(z.trim(), z.minLength(1)), '(856) 555-0100'),
  VITE_BUSINESS_EMAIL: z._default(z.email(), 'hello@example.com'),
  VITE_BUSINESS_FACEBOOK_URL: z._default(z.url(), 'https://www.facebook.com/'),
  VITE_BUSINESS_INSTAGRAM_URL: z._default(z.url(), 'https://www.instagram.com/'),
});

const env = businessEnvSchema.parse(import.meta.env);

export type County = { county: string; towns: readonly string[] };

export const business = {
  name: env.VITE_BUSINESS_NAME,
  tagline: 'Expert Floors. Neighborly Service.',
  phone: env.VITE_BUSINESS_PHONE,
  /** The phone number as a tel: link target (digits and a leading + only). */
  phoneHref: `tel:${env.VITE_BUSINESS_PHONE.replace(/[^\d+]/g, '')}`,
  email: env.VITE_BUSINESS_EMAIL,
  baseTown: 'Haddonfield, NJ',
  hours: ['Mon-Fri 8am-6pm', 'Sat 9am-2pm'] as const,
  responsePromise: 'within 1 business day',
  trustPoints: ['Locally Owned', 'Licensed & Insured', 'Fast Turnaround'] as const,
  social: {
    facebook: env.VITE_BUSINESS_FACEBOOK_URL,
    instagram: env.VITE_BUSINESS_INSTAGRAM_URL,
    /** The spec's third, placeholder social link. */
    placeholder: '#',
  },
  services: [
    'LVP Installation',
    'Hardwood Flooring',
    'Carpet & Tile',
    'Commercial Flooring',
    'Floor Refinishing',
    'Custom Wainscoting & Accent Walls',
  ] as const,
  serviceAreas: [
    { county: 'Camden County', towns: ['Haddonfield', 'Cherry Hill', 'Voorhees', 'Collingswood', 'Pennsauken'] },
    { county: 'Burlington County', towns: ['Mount Laurel', 'Moorestown', 'Marlton', 'Medford', 'Burlington'] },
    { county: 'Gloucester County', towns: ['Pitman', 'Woodbury', 'Glassboro', 'Deptford', 'Washington Township'] },
  ] as const satisfies readonly County[],
} as const;

export type Business = typeof business;
