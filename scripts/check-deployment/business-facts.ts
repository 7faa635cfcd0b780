import { businessEnvSchema } from '../../src/config/settings.ts';

/**
 * The business's contact facts a page shows (its footer's phone and e-mail links, the NJ registration number) that an
 * e-mail does not: the site and the e-mail worker each read VITE_BUSINESS_* from their own host, so after the owner
 * changes the phone and rebuilds the site, a worker left with the old settings gives every visitor the old number.
 * The placeholders are judged apart (placeholderFactsOf); this compares the owner's own facts between the two.
 */
export function factsTheEmailLacks(pageHtml: string, emailHtml: string): string[] {
  return factsLacking(pageHtml, emailHtml, ['phone', 'e-mail address', 'registration number']);
}

/** A business fact the site's pages show and another of the deployment's pages must show too. */
export type BusinessFact = 'phone' | 'e-mail address' | 'registration number';

/**
 * The facts of `facts` the site's page shows and `otherHtml` does not, as 'the phone 8565550142': the site and each
 * service read VITE_BUSINESS_* from their own host. The unsubscribe page (the processor's) gives the phone and the
 * registration number, not the e-mail address; an e-mail gives all three.
 */
export function factsLacking(pageHtml: string, otherHtml: string, facts: readonly BusinessFact[]): string[] {
  const lacking: string[] = [];
  const digits = (text: string) => text.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  // A page showing a placeholder fails its own line; the other is not held to it.
  const placeholder = businessEnvSchema().parse({});
  const placeholders = new Set([
    digits(placeholder.VITE_BUSINESS_PHONE),
    placeholder.VITE_BUSINESS_EMAIL.toLowerCase(),
    placeholder.VITE_BUSINESS_NJ_HIC_REGISTRATION,
  ]);
  const phone = pageHtml.match(/href="tel:([^"]+)"/i)?.[1];
  // Phone numbers as an e-mail or page writes them: (856) 555-0142, 856-555-0142, 856.555.0142, +1 856 555 0142.
  const otherPhones = new Set(
    [...otherHtml.matchAll(/(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}/g)].map(([found]) => digits(found)),
  );
  if (facts.includes('phone') && phone && !placeholders.has(digits(phone)) && !otherPhones.has(digits(phone)))
    lacking.push(`the phone ${decodeURIComponent(phone)}`);
  const address = pageHtml.match(/href="mailto:([^"?]+)/i)?.[1];
  if (
    facts.includes('e-mail address') &&
    address &&
    !placeholders.has(decodeURIComponent(address).toLowerCase()) &&
    !otherHtml.toLowerCase().includes(decodeURIComponent(address).toLowerCase())
  )
    lacking.push(`the e-mail address ${decodeURIComponent(address)}`);
  const registration = pageHtml.match(/13VH\d{8}/)?.[0];
  if (facts.includes('registration number') && registration && !placeholders.has(registration) && !otherHtml.includes(registration))
    lacking.push(`the registration number ${registration}`);
  return lacking;
}
