import { checkedSettings } from './checked-settings.ts';
import { REGISTRATION_LABEL } from './contractor-registration.ts';
import { businessEnvSchema, type BusinessSettings } from './settings.ts';

export type County = { county: string; towns: readonly string[] };

type Day = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';
/** One run of days with the same hours, in 24-hour `HH:MM` (what schema.org's opening hours take). */
export type OpeningHours = { days: readonly Day[]; opens: string; closes: string };

const address = { locality: 'Haddonfield', region: 'NJ', country: 'US' } as const;

const openingHours = [
  { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], opens: '08:00', closes: '18:00' },
  { days: ['Sat'], opens: '09:00', closes: '14:00' },
] as const satisfies readonly OpeningHours[];

/** '08:00' -> '8am', '14:30' -> '2:30pm'. */
function shortTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${suffix}`;
}

/** The hours as the spec shows them: 'Mon-Fri 8am-6pm'. */
export function describeHours({ days, opens, closes }: OpeningHours): string {
  const span = days.length > 1 ? `${days[0]}-${days[days.length - 1]}` : days[0];
  return `${span} ${shortTime(opens)}-${shortTime(closes)}`;
}

export type BusinessEnv = Record<string, unknown>;

/**
 * The facts from a given environment. The back-office workers (e-mails, the guide PDF) pass `process.env`; the
 * site's `business` below comes from the same settings, so both say the same name, phone and hours.
 */
export function readBusinessFacts(source: BusinessEnv) {
  return businessFactsFrom(businessEnvSchema().parse(source));
}

/** The facts from settings already checked. */
function businessFactsFrom(env: BusinessSettings) {
  return {
    name: env.VITE_BUSINESS_NAME,
    tagline: 'Expert Floors. Neighborly Service.',
    phone: env.VITE_BUSINESS_PHONE,
    /** The phone number as a tel: link target (digits and a leading + only). */
    phoneHref: `tel:${env.VITE_BUSINESS_PHONE.replace(/[^\d+]/g, '')}`,
    email: env.VITE_BUSINESS_EMAIL,
    address,
    /** The postal address on one line, as every e-mail's footer carries it. */
    postalAddress: env.VITE_BUSINESS_POSTAL_ADDRESS,
    baseTown: `${address.locality}, ${address.region}`,
    /** The New Jersey home improvement contractor registration number (N.J.A.C. 13:45A-17.11(d)2, decision 031). */
    registrationNumber: env.VITE_BUSINESS_NJ_HIC_REGISTRATION,
    /** The number as every page's footer and every e-mail show it. */
    registrationLine: `${REGISTRATION_LABEL} ${env.VITE_BUSINESS_NJ_HIC_REGISTRATION}`,
    openingHours,
    hours: openingHours.map(describeHours),
    responsePromise: 'within 1 business day',
    trustPoints: ['Locally Owned', 'Licensed & Insured', 'Fast Turnaround'] as const,
    social: {
      facebook: env.VITE_BUSINESS_FACEBOOK_URL,
      instagram: env.VITE_BUSINESS_INSTAGRAM_URL,
      // The spec's third, placeholder social link has no address: the footer shows it as words (site-footer.tsx).
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
}

/**
 * The business facts, in one typed place. Every page, toast and footer reads them from here, so `{phone}` and
 * `{email}` in the spec are these values. The defaults are plainly placeholders; the owner sets the real ones
 * with VITE_BUSINESS_* variables at build time (README, "Settings"; the schema is in settings.ts).
 */
export const business = businessFactsFrom(checkedSettings.business);

export type Business = ReturnType<typeof readBusinessFacts>;
