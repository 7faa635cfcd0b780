import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { ArrowLeft } from '@/components/ui/icons';

/** The "Back to Home" link above a reading page's title (the legal pages, the sitemap). */
export function BackToHomeLink() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-11 items-center gap-2 rounded-md py-1 text-sm font-semibold text-walnut-700 hover:text-walnut-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500"
    >
      <Icon icon={ArrowLeft} aria-hidden="true" className="h-4 w-4" />
      Back to Home
    </Link>
  );
}
