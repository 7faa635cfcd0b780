/**
 * What the site tells visitors about the business that only the owner can make true (README, "What only the owner
 * can make true"; decision 032, session 33). The words are the spec's and stay on the pages whatever `confirmed`
 * says: the flag is the owner's sign-off that the business can back them, set by hand once it can. Nothing in the
 * app imports this list; owner-claims.test.ts fails when a page shows a claim-shaped phrase that is not in it, so a
 * new promise cannot reach the pages without reaching the owner.
 */

/** A prerendered page (src/app/router.tsx's paths, and the not-found page). */
export type ClaimPage =
  '/' | '/realtors' | '/investors' | '/floor-visualizer' | '/privacy' | '/terms' | '/sitemap' | '/404';

export type OwnerClaim = {
  /** The exact words the pages show (text, alt text or meta description), each phrasing once. */
  words: readonly string[];
  /** The pages that show them (the test checks each page shows at least one of the words). */
  pages: readonly ClaimPage[];
  /** Where else the visitor reads them (toasts, e-mails), which the test does not read. */
  elsewhere?: string;
  /** What the owner must be able to back before going live, or else ask the spec's owner to change the words. */
  confirm: string;
  /** The owner's sign-off: set to true once the business can back the words. Hides nothing. */
  confirmed: boolean;
};

export const ownerClaims = {
  licensedAndInsured: {
    words: ['Licensed & Insured', 'registered in New Jersey and insured'],
    pages: ['/', '/realtors', '/investors'],
    confirm:
      'The business is registered as a New Jersey home improvement contractor and keeps its registration and liability ' +
      'insurance current (the pages show the number and that registration requires the insurance: decision 032, ' +
      "session 33). New Jersey licenses contractors (people) once its new State Board's rules apply (N.J.S.A. " +
      '45:5AAA-1 et seq., P.L. 2023, c. 237), and a registered business must then employ one: until someone it employs ' +
      'holds that licence, the true trust point is "Registered & Insured": ask the spec\'s owner to change it.',
    confirmed: false,
  },
  freeEstimate: {
    words: [
      'Request Free Estimate',
      'Get Your Free Estimate',
      'Free, no-pressure estimates',
      'Free estimates.',
      'free, no-obligation estimates',
      'Asking for an estimate, the guide or a partner program is free',
      'Free estimate form',
      'free estimate form',
    ],
    pages: ['/', '/privacy', '/terms', '/sitemap'],
    elsewhere: 'the visualizer\'s result step ("Get Free Quote")',
    confirm:
      'The estimate is free to anyone who asks, with nothing to buy. If it is given only in the towns served, or on any ' +
      'other condition, say so beside the offer: the FTC\'s guide on "free" (16 CFR 251.1(c)) asks a free offer\'s ' +
      'conditions stated clearly at the outset (decision 032, session 33).',
    confirmed: false,
  },
  freeGuide: {
    words: [
      'Free Flooring Guide',
      'Free flooring guide',
      'Get the free flooring guide',
      'Get Free Pro Tips',
      'the free guide',
    ],
    pages: ['/', '/privacy', '/terms'],
    elsewhere: 'the guide\'s success toast ("Your free flooring guide is on its way") and e-mail',
    confirm:
      'The guide is sent free, with nothing to buy; the toast says it is on its way even when the e-mail limits hold it back (README).',
    confirmed: false,
  },
  freeVisualizer: {
    words: ['Free floor visualizer', 'Free from your South Jersey flooring pros'],
    pages: ['/floor-visualizer'],
    confirm:
      'The floor visualizer costs the visitor nothing and asks for nothing in return beyond the e-mail the form states.',
    confirmed: false,
  },
  responsePromise: {
    words: ['within 1 business day'],
    pages: ['/', '/realtors', '/investors'],
    elsewhere: "the forms' success toasts and the confirmation e-mails (business.responsePromise)",
    confirm:
      'Someone answers every estimate request and partner application within 1 business day, with the hours in business.ts.',
    confirmed: false,
  },
  partnerWelcome: {
    words: ['with program details and your welcome kit', 'with exclusive deals and ambassador program details'],
    pages: ['/realtors', '/investors'],
    elsewhere: "the partner forms' toasts and the welcome e-mails",
    confirm:
      'The realtor welcome kit and the investor deals and ambassador program details are ready before going live, or ' +
      "ask the spec's owner to change the toasts.",
    confirmed: false,
  },
  fastTurnaround: {
    words: [
      'Fast Turnaround',
      'Fast, reliable turnarounds',
      'fast turnarounds',
      'installed fast',
      'Fast, clean, professional service',
      // The realtor welcome e-mail's, which check:deployment reads (session 35).
      'fast, clean, professional service',
      'Fast, Clean, and Professional',
      'Close Faster',
      'close faster',
      'Faster Flips',
    ],
    pages: ['/', '/realtors', '/investors'],
    elsewhere: 'the realtor welcome e-mail ("fast, clean, professional service from a vendor who helps you close faster")',
    confirm:
      'Jobs are scheduled and finished quickly enough that a realtor or investor would call it fast (no figure is promised).',
    confirmed: false,
  },
  onTimeAndPriority: {
    words: ['on-time install', 'priority scheduling', 'Priority scheduling', 'usually in a day or two'],
    pages: ['/', '/investors'],
    confirm:
      'Installs start on the day agreed; investor partners are scheduled ahead of others; an accent wall usually takes a day or two.',
    confirmed: false,
  },
  investorDiscount: {
    words: ['10-25% off retail'],
    pages: ['/investors'],
    elsewhere: 'the investor welcome e-mail',
    confirm:
      'New Jersey asks the basis of the former price ("our regular price", "competitor\'s price") next to a ' +
      'percentage-off claim (N.J.A.C. 13:45A-9.5(a)2), and proof of it (13:45A-9.6: sales or offers at that price in ' +
      'the last 60 or 90 days, or cost plus the usual mark-up): add the basis to `pageTexts.investors` (a spec text ' +
      'changes with the spec) and keep the proof.',
    confirmed: false,
  },
  realtorRewards: {
    words: [
      'Earn Rewards',
      'Every referral earns rewards',
      'Free headshot sessions',
      'earn free headshot sessions',
      'Referral perks such as free headshots and studio time',
    ],
    pages: ['/', '/realtors'],
    elsewhere: 'the realtor welcome e-mail',
    confirm:
      'The rewards exist; say what a referral must be to earn them (a referred client who signs a contract?), and have ' +
      "a lawyer confirm that a realtor may accept them under the Real Estate Commission's rules (N.J.A.C. 11:5). The " +
      'program pages and welcomes tell partners to say they are rewarded when they recommend the business ' +
      "(src/content/referral-disclosure.ts, FTC 16 CFR 255.5); if a partner's post leaves it out, ask them to add it " +
      '(decision 032, session 30).',
    confirmed: false,
  },
  referredClientDiscount: {
    words: ['Exclusive discounts for the clients you refer'],
    pages: ['/'],
    elsewhere: 'the realtor welcome e-mail ("your clients get exclusive discounts")',
    confirm:
      'A referred client gets a discount, and a client who asks will hold the business to it: say what it is on ' +
      '/realtors (decision 040, session 23).',
    confirmed: false,
  },
  howTheBusinessWorks: {
    words: [
      'measured, supplied and installed by a local crew',
      'in-home samples',
      'clear written quotes',
      'a clear written quote',
      'Dust control, floor protection and a swept-clean site at the end of every day.',
      'Designed, built and painted in place by the same crew that lays your floors',
      'We show up when we say, keep the job site clean',
      'Contractor pricing',
      'no surprise change orders',
      'Crews that hit your schedule between trades',
    ],
    pages: ['/', '/realtors', '/investors'],
    confirm:
      'The business works as the pages say (each a promise the Consumer Fraud Act holds it to): its own local crew ' +
      'measures, supplies and installs and builds the millwork; samples and measuring in the home; written quotes; ' +
      'daily clean-up with dust control and floor protection; contractor pricing for investors, without change orders ' +
      'the quote did not foresee.',
    confirmed: false,
  },
  productQualities: {
    words: ['Waterproof, pet-proof', 'to last generations', 'stain-resistant carpet'],
    pages: ['/'],
    confirm: 'The products installed have the qualities the pages give them (N.J.A.C. 13:45A-16.2(a)2).',
    confirmed: false,
  },
  sampleTestimonials: {
    words: ["Sample text, not a real customer's words."],
    pages: ['/', '/realtors', '/investors'],
    confirm:
      "The five sample testimonials are replaced by real customers' and partners' words, used with their permission " +
      "(16 CFR 465.2): src/features/home/content/testimonials.ts and `testimonial` in the partners' content; the " +
      '`sample` mark is left out of the real ones, and the headings ("Sample Testimonials", "A Sample Testimonial") ' +
      'follow it.',
    confirmed: false,
  },
} as const satisfies Record<string, OwnerClaim>;

export type OwnerClaimId = keyof typeof ownerClaims;

/** The claims the owner has not signed off yet. */
export function unconfirmedClaims(): OwnerClaimId[] {
  return (Object.keys(ownerClaims) as OwnerClaimId[]).filter((id) => !ownerClaims[id].confirmed);
}

/**
 * The shapes of a claim the business must be able to back (decision 032, session 33): a percentage, "free", a
 * guarantee or warranty, a licence, insurance or certification, a superlative, speed and time promises. Small on
 * purpose: a phrase it misses is still the owner's (README), but one it finds must be in src/config/owner-claims.ts.
 */
export const CLAIM_SHAPED =
  /\d[\d.,]*\s*%|#\s?1\b|\bfree\b|\bguarantee\w*|\bwarrant(?:y|ies)\b|\blicensed\b|\binsured\b|\bbonded\b|\bcertified\b|\bbest\b|\bfast\w*|\bquick\w*|\bwithin\b[^.;]{0,30}?\b(?:minutes?|hours?|days?|weeks?)\b|\b(?:same|next)[- ]day\b|\bon[- ]time\b|\bpriority\b|\bin a day or two\b/gi;

/** Phrases of that shape that promise nothing the owner must back, each with why. */
export const NOT_CLAIMS: readonly { words: string; why: string }[] = [
  { words: 'show their best', why: 'what the floors do for a listing, no comparison' },
  { words: 'Good light gives the best result', why: 'advice for the photo' },
  { words: 'a photo of the room without people is best', why: 'advice for the photo (privacy policy)' },
  { words: 'usually within a few weeks', why: "the database host's backups, in the privacy policy (README, privacy)" },
  {
    words: 'free of charge',
    why: 'privacy requests, the privacy policy\'s promise that staff keep (README, "Other requests")',
  },
  { words: 'the same day', why: 'the e-mail limits described in the privacy policy (decision 024)' },
  {
    words: 'within 10 business days',
    why: 'the opt-out period the privacy policy states (CAN-SPAM allows 10 business days), which staff keep (README, "E-mail")',
  },
  {
    words: 'within 45 days',
    why: 'the privacy law\'s period to answer a request, which staff keep (README, "Other requests")',
  },
  {
    words: 'within those 45 days',
    why: 'the same period, said again where it may be extended (README, "Other requests")',
  },
];

const listedWords = [
  ...Object.values(ownerClaims).flatMap((claim) => claim.words),
  ...NOT_CLAIMS.map(({ words }) => words),
];

/** The claim-shaped phrases of a text that no listed words cover. */
export function unlistedClaims(text: string): string[] {
  const covered: [number, number][] = [];
  for (const words of listedWords) {
    for (let at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + 1)) covered.push([at, at + words.length]);
  }
  return [...text.matchAll(CLAIM_SHAPED)]
    .filter(({ index, 0: match }) => !covered.some(([from, to]) => index >= from && index + match.length <= to))
    .map(({ index, 0: match }) => `"${match}" in "${text.slice(Math.max(0, index - 60), index + match.length + 60)}"`);
}
