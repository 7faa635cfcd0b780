import * as Dialog from '@radix-ui/react-dialog';
import { Icon } from '@/components/ui/icon';
import { BookOpen, CheckCircle2, Lock, X } from '@/components/ui/icons';
import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { preloadToasts, toast } from '@/components/ui/toasts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { business } from '@/config/business';
import { pageTexts, toasts } from '@/content/spec-texts';
import { PrivacyPolicyLink } from '@/components/privacy-policy-link';
import { useFocusBackAfterSending } from '@/lib/focus-after-sending';

/** Spec section 9: after a successful sign-up the modal closes itself 1.5 seconds later. */
export const LEAD_MODAL_CLOSE_DELAY_MS = 1500;

const benefits = [
  'Which floor suits kids, pets, basements and busy kitchens',
  'Where to spend and where to save on material and install',
  'The questions to ask any installer before you sign',
] as const;

/**
 * The sign-up's schema (zod) and the code that sends it: a chunk loaded once the modal is mounted (after the app
 * is up), so the page does not load it before it is interactive (decision 013).
 */
const loadGuideLead = () => import('../api/create-guide-lead');
type GuideLeadModule = Awaited<ReturnType<typeof loadGuideLead>>;

type LeadMagnetDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Rendered where it stands rather than in a portal: the build renders the open dialog so for the page's
   * answer before the app is up (scripts/prerender/first-answers.ts); a portal renders nothing on the server.
   */
  inPlace?: boolean;
  /**
   * The control the modal was opened from, to give focus back to on closing (it opens from several controls and
   * has no Dialog.Trigger). Read when it closes; without it, whatever had focus when the modal opened.
   */
  openedFrom?: { readonly current: HTMLElement | null };
};

/**
 * The free-guide modal (spec section 2, "Lead-magnet modal"). On success the exact toast shows for 5 s and the
 * form gives way to the Thank You panel; 1.5 s later the modal closes and the email is cleared. The panel stays
 * for the rest of the visit, so opening the modal again shows it (with a way to send the guide elsewhere).
 */
export function LeadMagnetDialog({ open, onOpenChange, inPlace = false, openedFrom }: LeadMagnetDialogProps) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  // Each refused address moves focus to the field once its message is under it, so the message is read with it.
  const [refusals, setRefusals] = useState(0);
  // "Send it to another email" gives way to the form: focus goes to its field, not to the modal's frame, where the
  // button's removal left it (a keyboard visitor then had to find the field; a screen reader said only the modal's
  // name; journeys3, session 34).
  const [anotherAddress, setAnotherAddress] = useState(0);
  const emailFieldId = useId();
  useLayoutEffect(() => {
    if (refusals > 0 || anotherAddress > 0) document.getElementById(emailFieldId)?.focus();
  }, [refusals, anotherAddress, emailFieldId]);
  const [guideSent, setGuideSent] = useState(false);
  // Its own sending state, not React Query's: the home page then loads no React Query before it is interactive.
  const [pending, setPending] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const thankYouHeading = useRef<HTMLHeadingElement>(null);
  // After a failed sign-up; a successful one moves focus to the Thank You heading instead.
  const submitButton = useRef<HTMLButtonElement>(null);
  useFocusBackAfterSending(pending, submitButton);
  // From the first Enter or tap until the answer: a second tap before the disabled button has rendered, or while
  // the sign-up's code is still loading on a slow phone, would otherwise store the lead (and send the guide) twice.
  const sending = useRef(false);
  // What had focus when the modal opened: where focus goes back to if the opener is not known.
  const focusedOnOpening = useRef<HTMLElement | null>(null);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => {
    loadGuideLead().catch(() => {
      // Offline, say: the sign-up tries again and says so if it still cannot.
    });
  }, []);
  useEffect(() => {
    if (open) preloadToasts();
  }, [open]);
  // The form (and the focused button) gives way to the panel: keep keyboard and screen-reader focus in the modal.
  useEffect(() => {
    if (guideSent && open) thankYouHeading.current?.focus();
  }, [guideSent, open]);

  usePageScrollLock(open && !inPlace);
  const Layer = inPlace ? Fragment : Dialog.Portal;

  function handleOpenChange(next: boolean) {
    clearTimeout(closeTimer.current);
    // Closed by the visitor within the 1.5 s after a sign-up: the email goes as it does when the modal closes itself,
    // or "Send it to another email" would offer the address the guide was just sent to.
    if (!next && guideSent) setEmail('');
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    loadGuideLead().then(
      ({ guideLeadSchema }) => checkAndSend(guideLeadSchema.safeParse({ email })),
      (error: unknown) => {
        sending.current = false;
        failed(error);
      },
    );
  }

  function failed(error: unknown) {
    console.error('Free guide sign-up failed:', error);
    toast.error(toasts.leadFailure.title, {
      description: toasts.leadFailure.description,
      duration: toasts.leadFailure.duration,
    });
  }

  // The browser checks the e-mail's shape loosely; what the database would still refuse is said here.
  function checkAndSend(checked: ReturnType<GuideLeadModule['guideLeadSchema']['safeParse']>) {
    if (!checked.success) {
      sending.current = false;
      setEmailError(checked.error.issues[0]?.message);
      setRefusals((count) => count + 1);
      return;
    }
    setEmailError(undefined);
    setPending(true);
    loadGuideLead()
      .then(({ createGuideLead }) => createGuideLead({ email }))
      .then(() => {
        toast.success(toasts.leadSuccess.title, {
          description: toasts.leadSuccess.description,
          duration: toasts.leadSuccess.duration,
        });
        setGuideSent(true);
        closeTimer.current = setTimeout(() => {
          onOpenChange(false);
          setEmail('');
        }, LEAD_MODAL_CLOSE_DELAY_MS);
      }, failed)
      .finally(() => {
        sending.current = false;
        setPending(false);
      });
  }

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Layer>
        {/* No backdrop blur: blurring the whole page behind made the modal's first frame take 80 ms longer to show
            on the desktop (decision 013); a slightly darker shade sets the modal apart instead. A plain element, not
            Radix's Overlay: that one locks the page's scrolling with a stylesheet that sets a custom property on
            <body>, which every element inherits, so the tap that opens the modal restyled the whole page (647
            elements, about 90 ms of a phone's 240 ms to the dialog; issue 35). A tap on it still closes the modal
            (it is outside the content), and usePageScrollLock keeps the page behind still. */}
        {open && (
          <div aria-hidden="true" style={{ pointerEvents: 'auto' }} className="fixed inset-0 z-50 bg-walnut-950/75" />
        )}
        <Dialog.Content
          // A toast is not the page behind: on a phone the error toast lies over the modal's top, and a tap on its x (or
          // a swipe to dismiss it) closed the modal the visitor had just been told to try again in (session 33).
          onInteractOutside={(event) => {
            if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) event.preventDefault();
          }}
          onOpenAutoFocus={() => {
            focusedOnOpening.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const opener = openedFrom?.current ?? focusedOnOpening.current;
            if (opener?.isConnected && !opener.closest('[hidden]')) {
              event.preventDefault();
              opener.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-cream-50 shadow-2xl focus:outline-none"
        >
          <div className="relative bg-walnut-900 px-6 pb-6 pt-7 text-cream-50">
            <div
              className="absolute inset-0 opacity-20 [background:repeating-linear-gradient(90deg,transparent_0_46px,rgba(0,0,0,.5)_46px_48px)]"
              aria-hidden="true"
            />
            <div className="relative">
              <span className="inline-flex items-center gap-2 rounded-full bg-oak-400 px-3 py-1 text-xs font-bold uppercase tracking-wider text-walnut-950">
                {/* Nothing downloads here: the guide comes as a PDF attached to an e-mail (email-worker, 'guide'). */}
                <Icon icon={BookOpen} aria-hidden="true" className="h-3.5 w-3.5" /> Free PDF by e-mail
              </span>
              <Dialog.Title className="mt-3 font-display text-3xl font-bold">{pageTexts.leadMagnet.title}</Dialog.Title>
              <Dialog.Description className="mt-2 text-oak-200">{pageTexts.leadMagnet.guideName}</Dialog.Description>
            </div>
          </div>

          {guideSent ? (
            <div role="status" className="space-y-4 px-6 py-8 text-center">
              <Icon icon={CheckCircle2} aria-hidden="true" className="mx-auto h-12 w-12 text-green-700" />
              <h3
                ref={thankYouHeading}
                tabIndex={-1}
                className="font-display text-2xl font-bold text-walnut-950 focus:outline-none"
              >
                {pageTexts.leadMagnet.thankYouTitle}
              </h3>
              {/* The queue sends the guide to a mailbox once a day at most, a mailbox a few e-mails a day in all
                  (visitor_email_limits: 3), and never after an unsubscribe (decision 024; the limit in all said
                  since session 21: an estimate and two visualizer results the same day left no guide, and no word why), nor to an
                  address a mail server refused as unknown (migration 20261210300000, decision 032 session 35). */}
              <p className="text-walnut-800">
                Your guide is on its way. Check your inbox (and spam folder) in the next few minutes. We send it to an
                address once a day at most, with only a few of our e-mails a day in all, and not to one that has
                unsubscribed from our e-mails or that a mail server told us does not exist; if it doesn&apos;t arrive,
                call us at{' '}
                <a
                  href={business.phoneHref}
                  className="font-semibold whitespace-nowrap text-walnut-900 underline underline-offset-2"
                >
                  {business.phone}
                </a>
                .
              </p>
              <Button
                variant="outline"
                onClick={() => {
                  setGuideSent(false);
                  setAnotherAddress((count) => count + 1);
                }}
              >
                Send it to another email
              </Button>
            </div>
          ) : (
            <form onSubmit={handleSubmit} className="space-y-5 px-6 py-6">
              <ul className="space-y-2.5">
                {benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-2.5 text-walnut-900">
                    <Icon icon={CheckCircle2} aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-oak-500" />
                    {benefit}
                  </li>
                ))}
              </ul>
              <TextField
                id={emailFieldId}
                label="Email address"
                type="email"
                name="email"
                autoComplete="email"
                required
                placeholder="you@example.com"
                value={email}
                error={emailError}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setEmailError(undefined);
                }}
                disabled={pending}
              />
              <Button
                ref={submitButton}
                type="submit"
                variant="primary"
                size="lg"
                className="w-full"
                disabled={pending}
              >
                {pending ? pageTexts.submitting : pageTexts.leadMagnet.submitButton}
              </Button>
              <p className="text-center text-xs text-walnut-700">
                <Icon icon={Lock} aria-hidden="true" className="mr-1.5 inline h-3.5 w-3.5 align-[-2px]" />
                We respect your privacy. Your information is never sold or shared for anyone else's use.{' '}
                <PrivacyPolicyLink />
              </p>
            </form>
          )}

          <Dialog.Close asChild>
            <button
              type="button"
              aria-label="Close"
              className="absolute right-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-oak-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-oak-400"
            >
              <Icon icon={X} aria-hidden="true" className="h-5 w-5" />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Layer>
    </Dialog.Root>
  );
}

/**
 * While the modal is open the page behind it does not scroll: `overflow: hidden` on <html> (the viewport's own), a
 * property no element inherits, so only the root is restyled; on a desktop, `scrollbar-gutter: stable` keeps the
 * room of the scrollbar it hides, so the page does not shift sideways. Not on <body>: the page's answer before the
 * app (src/app/answer-before-the-app.ts) locks and restores that one while React's dialog takes over from it.
 */
function usePageScrollLock(locked: boolean) {
  useLayoutEffect(() => {
    if (!locked) return;
    const root = document.documentElement.style;
    const before = { overflow: root.overflow, scrollbarGutter: root.scrollbarGutter };
    // Only where the scrollbar takes room (a desktop's): changing the gutter relays the whole page out.
    if (window.innerWidth > document.documentElement.clientWidth) root.scrollbarGutter = 'stable';
    root.overflow = 'hidden';
    return () => {
      root.overflow = before.overflow;
      root.scrollbarGutter = before.scrollbarGutter;
    };
  }, [locked]);
}
