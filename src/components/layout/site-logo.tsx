import { Link } from 'react-router';
import { business } from '@/config/business';

/** The mark: a house gable over three floor planks, drawn in the brand's wood tones. */
function LogoMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <rect width="40" height="40" rx="9" fill="#3b2416" />
      <path
        d="M8 19 20 9l12 10"
        fill="none"
        stroke="#d9a066"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="10" y="21" width="20" height="3.2" rx="1" fill="#f0d9b5" />
      <rect x="10" y="25.4" width="20" height="3.2" rx="1" fill="#d9a066" />
      <rect x="10" y="29.8" width="20" height="3.2" rx="1" fill="#c08a4f" />
      <path d="M17 21v3.2M24 25.4v3.2M14 29.8V33" stroke="#3b2416" strokeWidth="0.9" />
    </svg>
  );
}

/** The business name with its mark, linking home. `tone` picks the text colour for light or dark grounds. */
export function SiteLogo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link
      to="/"
      className="inline-flex min-h-11 min-w-0 max-w-full items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-oak-500"
    >
      <LogoMark className="h-9 w-9 shrink-0 sm:h-10 sm:w-10" />
      <span className="min-w-0 leading-tight">
        <span
          className={`block truncate font-display text-lg font-bold sm:text-xl ${tone === 'dark' ? 'text-walnut-950' : 'text-cream-50'}`}
        >
          {business.name}
        </span>
        <span
          className={`text-[0.65rem] font-semibold uppercase tracking-[0.1em] ${tone === 'dark' ? 'hidden text-walnut-700 sm:block' : 'block text-oak-200'}`}
        >
          Floors &amp; Millwork · {business.baseTown}
        </span>
      </span>
    </Link>
  );
}
