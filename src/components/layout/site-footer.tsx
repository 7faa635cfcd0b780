import { Icon } from '@/components/ui/icon';
import { Mail, MapPin, Phone } from '@/components/ui/icons';
import { Link } from 'react-router';
import { Tooltip } from '@/components/ui/tooltip';
import { business } from '@/config/business';
import { pageTexts } from '@/content/spec-texts';
import { SiteLogo } from './site-logo';
import { FacebookIcon, InstagramIcon } from './social-icons';
import { useCurrentYear } from '@/lib/current-year';
import { useId } from 'react';
import { useFirstAnswerMark } from '@/lib/first-answers';

type SiteFooterProps = {
  /** When given, the footer offers the free flooring guide too (the home page has the modal). */
  onOpenLeadMagnet?: () => void;
};

/**
 * Where the spec's three legal links (once placeholders) go: three pages of the site. "Sitemap" is the page a person
 * reads (it opened /sitemap.xml, the search engines' file, shown as raw XML; the page links that file).
 */
const legalLinkTargets: Record<(typeof pageTexts.home.footerLinks)[number], string> = {
  'Privacy Policy': '/privacy',
  'Terms of Service': '/terms',
  Sitemap: '/sitemap',
};

/** The Terms' accessibility statement (terms-page.tsx, `LegalSection` id `terms-accessibility`). */
export const ACCESSIBILITY_STATEMENT = '/terms#terms-accessibility';

const socialLinks = [
  { label: 'Facebook', href: business.social.facebook, Glyph: FacebookIcon },
  { label: 'Instagram', href: business.social.instagram, Glyph: InstagramIcon },
] as const;

/**
 * The spec's third social link is a placeholder until the owner has a reviews page (reviews, for a local trade). It
 * is shown as what it is, words and no link: as a link to "#" it looked like a way somewhere and, pressed, only
 * jumped to the top of the page (decision 032, session 31). Once there is a page, it becomes a link beside the others.
 */
const PLACEHOLDER_SOCIAL_LABEL = 'Reviews (coming soon)';

/**
 * Spec section 2, home page item 10: logo, tagline, social links, the services, contact info, a copyright
 * with the current year and the legal links; and the business's New Jersey contractor registration number, which
 * the State asks every advertisement to show. Shared by every page.
 */
export function SiteFooter({ onOpenLeadMagnet }: SiteFooterProps) {
  const guideMark = useFirstAnswerMark('guide');
  const newTabId = useId();
  const { year, yearAttributes } = useCurrentYear();
  return (
    <footer className="bg-walnut-950 text-oak-100">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <SiteLogo tone="light" />
          <p className="font-display text-lg italic text-oak-200">{business.tagline}</p>
          <ul className="flex flex-wrap gap-3" aria-label="Social media">
            {socialLinks.map(({ label, href, Glyph }) => (
              <li key={label}>
                <Tooltip content={label}>
                  <a
                    href={href}
                    aria-label={label}
                    {...(href.startsWith('http')
                      ? { target: '_blank', rel: 'noopener noreferrer', 'aria-describedby': newTabId }
                      : {})}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-walnut-800 text-oak-100 transition-colors hover:bg-oak-500 hover:text-walnut-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-400"
                  >
                    <Glyph className="h-5 w-5" />
                  </a>
                </Tooltip>
              </li>
            ))}
            {/* Words only, in the hero badge's own classes: the home page has a few dozen bytes to spare in its first TCP
                window (decisions 011 and 013), and a star's path or new classes cost the bootstrap its chunk names. */}
            <li className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-oak-200 ring-1 ring-white/20 backdrop-blur">
              {PLACEHOLDER_SOCIAL_LABEL}
            </li>
          </ul>
          {/* Said as the forms' Privacy Policy link and the map's larger-map link say it: a visitor who is taken away
              from the site unawares has to find their way back. */}
          <span id={newTabId} className="sr-only">
            Opens in a new tab
          </span>
        </div>

        <div>
          <h2 className="font-display text-lg font-semibold text-white">Services</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {business.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="font-display text-lg font-semibold text-white">Contact</h2>
          {/* Each line as high as a fingertip (44 px): the phone and e-mail are links a visitor taps. */}
          <ul className="mt-2 text-sm">
            <li className="flex min-h-11 items-center gap-2">
              <Icon icon={MapPin} aria-hidden="true" className="h-4 w-4 shrink-0 text-oak-400" />
              {business.baseTown}
            </li>
            <li>
              <a
                href={business.phoneHref}
                className="flex min-h-11 items-center gap-2 hover:text-white hover:underline"
              >
                <Icon icon={Phone} aria-hidden="true" className="h-4 w-4 shrink-0 text-oak-400" />
                {business.phone}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${business.email}`}
                className="flex min-h-11 items-center gap-2 break-all hover:text-white hover:underline"
              >
                <Icon icon={Mail} aria-hidden="true" className="h-4 w-4 shrink-0 text-oak-400" />
                {business.email}
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="font-display text-lg font-semibold text-white">Hours</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {business.hours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-oak-200">We respond {business.responsePromise}.</p>
          {onOpenLeadMagnet && (
            <button
              type="button"
              onClick={onOpenLeadMagnet}
              {...guideMark}
              className="mt-2 min-h-11 text-sm font-semibold text-oak-400 underline underline-offset-4 hover:text-white focus-visible:outline-2 focus-visible:outline-oak-400"
            >
              Get the free flooring guide
            </button>
          )}
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-oak-200 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <div className="space-y-1">
            <p {...yearAttributes}>
              © {year} {business.name.replace(/\.$/, '')}. All rights reserved.
            </p>
            {/* N.J.A.C. 13:45A-17.11(d)2: the registration number on every advertisement, so on every page (decision 031). */}
            <p>{business.registrationLine}</p>
          </div>
          <ul className="flex flex-wrap gap-x-5" aria-label="Legal">
            {pageTexts.home.footerLinks.map((label) => {
              const target = legalLinkTargets[label];
              const className = 'inline-flex min-h-11 items-center hover:text-white hover:underline';
              return (
                <li key={label}>
                  <Link to={target} className={className}>
                    {label}
                  </Link>
                </li>
              );
            })}
            {/* Not one of the spec's three: the accessibility statement (the Terms' last section but one, decision
                032) is what a visitor who cannot use a part of the site looks for, and under "Terms of Service"
                nobody would find it. */}
            <li>
              <Link
                to={ACCESSIBILITY_STATEMENT}
                className="inline-flex min-h-11 items-center hover:text-white hover:underline"
              >
                Accessibility
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
