import { Icon } from '@/components/ui/icon';
import { Clock, Lightbulb, Mail, MessageSquareReply, Phone } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { business } from '@/config/business';
import { pageTexts } from '@/content/spec-texts';
import { useFirstAnswerMark } from '@/lib/first-answers';

/** The 'Get in Touch' card: phone, e-mail, hours, the response promise and the free pro tips (the guide). */
export function GetInTouchCard({ onOpenLeadMagnet }: { onOpenLeadMagnet: () => void }) {
  const guideMark = useFirstAnswerMark('guide');
  return (
    <aside aria-labelledby="get-in-touch-title" className="rounded-2xl bg-walnut-900 p-6 text-oak-100 shadow-xl sm:p-8">
      <h3 id="get-in-touch-title" className="font-display text-2xl font-bold text-white">
        {pageTexts.home.contactCardTitle}
      </h3>
      <p className="mt-2 text-sm text-oak-200">Prefer to talk it through? Call or e-mail, and we'll set up a visit.</p>
      <ul className="mt-6 space-y-5">
        <li className="flex gap-3">
          <Icon icon={Phone} aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-oak-400" />
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-oak-200">Phone</p>
            <a
              href={business.phoneHref}
              className="inline-flex min-h-11 items-center text-lg font-bold text-white hover:underline"
            >
              {business.phone}
            </a>
          </div>
        </li>
        <li className="flex gap-3">
          <Icon icon={Mail} aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-oak-400" />
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wider text-oak-200">E-mail</p>
            <a
              href={`mailto:${business.email}`}
              className="inline-flex min-h-11 items-center break-all font-semibold text-white hover:underline"
            >
              {business.email}
            </a>
          </div>
        </li>
        <li className="flex gap-3">
          <Icon icon={Clock} aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-oak-400" />
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-oak-200">Hours</p>
            {business.hours.map((line) => (
              <p key={line} className="text-white">
                {line}
              </p>
            ))}
          </div>
        </li>
        <li className="flex gap-3">
          <Icon icon={MessageSquareReply} aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-oak-400" />
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-oak-200">Response</p>
            <p className="text-white">We reply {business.responsePromise}.</p>
          </div>
        </li>
      </ul>
      <div className="mt-8 rounded-xl bg-walnut-800 p-5">
        <p className="flex items-center gap-2 font-semibold text-white">
          <Icon icon={Lightbulb} aria-hidden="true" className="h-5 w-5 text-oak-400" /> Still deciding on a floor?
        </p>
        <p className="mt-1 text-sm text-oak-200">Our short guide covers what to ask before you buy.</p>
        <Button variant="secondary" className="mt-4 w-full" onClick={onOpenLeadMagnet} {...guideMark}>
          {pageTexts.home.proTipsButton}
        </Button>
      </div>
    </aside>
  );
}
