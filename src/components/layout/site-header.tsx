import { Icon } from '@/components/ui/icon';
import { BookOpen, Menu, Phone, X } from '@/components/ui/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { business } from '@/config/business';
import { SiteLogo } from './site-logo';
import { useFirstAnswerMark } from '@/lib/first-answers';

const pageLinks = [
  { to: '/realtors', label: 'Realtors' },
  { to: '/investors', label: 'Investors' },
  { to: '/floor-visualizer', label: 'Floor Visualizer' },
] as const;

type SiteHeaderProps = {
  /** Opens the free-guide modal. Without it (pages that have no modal) the guide button is not shown. */
  onOpenLeadMagnet?: () => void;
};

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:bg-oak-100 hover:text-walnut-950 focus-visible:outline-2 focus-visible:outline-oak-500 ${
    isActive ? 'text-walnut-950 underline decoration-oak-500 decoration-2 underline-offset-8' : 'text-walnut-800'
  }`;

/**
 * The site header: logo, the partner and visualizer pages, a click-to-call phone and the free-guide opener.
 * Below the md breakpoint the page links fold into a menu so a 360 px screen keeps the phone and the logo.
 */
export function SiteHeader({ onOpenLeadMagnet }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const guideMark = useFirstAnswerMark('guide');
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A page change (or a jump to an anchor) closes the menu.
  useEffect(() => setMenuOpen(false), [location.key]);

  return (
    <header
      // Escape closes an open menu from its button or any of its links, and focus goes back to the button
      // (the disclosure pattern keyboard users expect; without it the menu could only be closed by clicking).
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return;
        setMenuOpen(false);
        menuButton.current?.focus();
      }}
      className="sticky top-0 z-40 border-b border-walnut-900/10 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/85"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <SiteLogo />

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {pageLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        {/* On a phone the two 44 px targets touch: a gap between them would take the width the business name needs. */}
        <div className="flex shrink-0 items-center gap-0 sm:gap-2">
          <Tooltip content={`Call us: ${business.hours.join(', ')}`}>
            <a
              href={business.phoneHref}
              className="inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2.5 text-sm font-bold text-walnut-900 hover:bg-oak-100 focus-visible:outline-2 focus-visible:outline-oak-500 sm:px-3"
            >
              <Icon icon={Phone} aria-hidden="true" className="h-5 w-5 text-oak-500" />
              <span className="sr-only sm:not-sr-only">{business.phone}</span>
              <span className="sr-only"> (call us)</span>
            </a>
          </Tooltip>
          {onOpenLeadMagnet && (
            // A wrapper carries the breakpoint: the button's own inline-flex would beat a `hidden` on it.
            <div className="hidden md:block">
              <Button variant="secondary" onClick={onOpenLeadMagnet} {...guideMark}>
                <Icon icon={BookOpen} aria-hidden="true" className="h-4 w-4" />
                Free Flooring Guide
              </Button>
            </div>
          )}
          <button
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-walnut-900 hover:bg-oak-100 focus-visible:outline-2 focus-visible:outline-oak-500 lg:hidden"
          >
            {/* Both icons are always in the markup and the open state is attributes only (these two `hidden`, the
                button's aria-expanded, the panel's `hidden`), so the page's entry can open the menu before the app
                is up without anything from the network, exactly as React then draws it (decision 013, session 30). */}
            <Icon icon={Menu} aria-hidden="true" hidden={menuOpen} className="h-6 w-6" />
            <Icon icon={X} aria-hidden="true" hidden={!menuOpen} className="h-6 w-6" />
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-walnut-900/10 bg-cream-50 lg:hidden">
        <nav aria-label="Main menu" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
          {pageLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
          {onOpenLeadMagnet && (
            <Button
              variant="secondary"
              className="mt-2"
              {...guideMark}
              onClick={() => {
                setMenuOpen(false);
                onOpenLeadMagnet();
              }}
            >
              <Icon icon={BookOpen} aria-hidden="true" className="h-4 w-4" />
              Free Flooring Guide
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
