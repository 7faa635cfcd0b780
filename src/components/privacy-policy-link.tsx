import { Link } from 'react-router';

/** The link every form's privacy note ends with: what we keep, for how long, and how to have it deleted. */
export function PrivacyPolicyLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/privacy"
      className={`font-semibold underline underline-offset-2 hover:text-walnut-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500 ${className}`}
    >
      Privacy Policy
    </Link>
  );
}
