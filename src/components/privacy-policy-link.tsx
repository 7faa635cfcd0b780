import { useId } from 'react';
import { Link } from 'react-router';

/**
 * The link every form's privacy note ends with: what we keep, for how long, and how to have it deleted. It opens
 * in a new tab: the notes sit beside forms half filled in (the visualizer's holds the chosen photo), which leaving
 * the page would throw away.
 */
export function PrivacyPolicyLink({ className = '' }: { className?: string }) {
  const newTabId = useId();
  return (
    <>
      <Link
        to="/privacy"
        target="_blank"
        rel="noopener"
        aria-describedby={newTabId}
        className={`font-semibold underline underline-offset-2 hover:text-walnut-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500 ${className}`}
      >
        Privacy Policy
      </Link>
      <span id={newTabId} className="sr-only">
        Opens in a new tab
      </span>
    </>
  );
}
