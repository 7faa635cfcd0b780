import type { ReactNode } from 'react';
import type { LucideIconData } from 'lucide-react';
import { Icon } from '@/components/ui/icon';
import { Clock, ImageOff, Loader2, WifiOff } from '@/components/ui/icons';
import { Link } from 'react-router';
import { PrivacyPolicyLink } from '@/components/privacy-policy-link';
import { Button, buttonClasses } from '@/components/ui/button';
import { dataRetention } from '@/config/data-retention';
import { pageTexts } from '@/content/spec-texts';

/**
 * What a result link (an e-mail's "See your result") shows when it cannot show the pictures. `unreachable`: the
 * read failed (offline, the API down or failing), so whether the result still exists is not known.
 */
export type SavedResultState = 'loading' | 'expired' | 'missing' | 'unreachable';

/**
 * The result step opened from a result link, while the request is read, once its images have been deleted by the
 * retention job, or when there is no such result: a clear sentence and the ways on, never a broken image.
 */
export function SavedResultNotice({
  state,
  onTryAnother,
  onTryAgain,
}: {
  state: SavedResultState;
  onTryAnother: () => void;
  onTryAgain: () => void;
}) {
  if (state === 'loading') {
    return (
      <section
        aria-labelledby="saved-result-title"
        className="flex flex-col items-center gap-3 py-10 text-center"
        role="status"
      >
        <Icon icon={Loader2} aria-hidden="true" className="size-8 animate-spin text-walnut-700" />
        <h2 id="saved-result-title" className="font-display text-2xl font-bold text-walnut-950 focus:outline-none">
          Loading your result...
        </h2>
      </section>
    );
  }
  if (state === 'unreachable') {
    return (
      <NoticeFrame icon={WifiOff} title="We couldn't load this result">
        <p className="text-walnut-800">
          We could not reach our server, so we can't show your result right now. Check your connection and try again in
          a moment.
        </p>
        <div className="flex flex-col gap-3 pt-2 sm:flex-row">
          <Button size="lg" onClick={onTryAgain}>
            Try again
          </Button>
          <Button size="lg" variant="outline" onClick={onTryAnother}>
            {pageTexts.visualizer.tryAnother}
          </Button>
        </div>
      </NoticeFrame>
    );
  }
  const expired = state === 'expired';
  return (
    <NoticeFrame
      icon={expired ? Clock : ImageOff}
      title={expired ? 'This result has expired' : "We couldn't find this result"}
    >
      <p className="text-walnut-800">
        {expired
          ? `We delete room photos and the floors drawn on them ${dataRetention.visualizerImagesDays} days after they are sent, so this one is gone. Upload your photo again to see it with a new floor.`
          : // No row is also what a request deleted leaves: on the visitor's request, or by the retention job once its
            // time is up (src/config/data-retention.ts). "The link may be incomplete" alone was said of those too.
            'The link may be incomplete, or the request has been deleted. Upload a photo of your room to see it with a new floor.'}
      </p>
      {expired && (
        <p className="text-sm text-walnut-700">
          Why we don't keep photos longer: <PrivacyPolicyLink />
        </p>
      )}
      <div className="flex flex-col gap-3 pt-2 sm:flex-row">
        <Button size="lg" onClick={onTryAnother}>
          {pageTexts.visualizer.tryAnother}
        </Button>
        <Link to="/#contact" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          {pageTexts.visualizer.quoteLink}
        </Link>
      </div>
    </NoticeFrame>
  );
}

/** The frame every notice but the loading one shares: a round icon, the heading the section is named by, then what follows. */
function NoticeFrame({ icon, title, children }: { icon: LucideIconData; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="saved-result-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-8 text-center"
    >
      <span
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full bg-oak-100 text-walnut-800"
      >
        <Icon icon={icon} className="size-8" />
      </span>
      <h2 id="saved-result-title" className="font-display text-2xl font-bold text-walnut-950 focus:outline-none">
        {title}
      </h2>
      {children}
    </section>
  );
}
