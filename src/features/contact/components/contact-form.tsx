import { Icon } from '@/components/ui/icon';
import { Loader2, Send } from '@/components/ui/icons';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ExternalToast } from 'sonner';
import { preloadToasts, toast } from '@/components/ui/toasts';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { phoneConsent } from '@/content/phone-consent';
import { pageTexts, toasts } from '@/content/spec-texts';
import type { ContactRequestInput } from '../api/create-contact-request';
import { PrivacyPolicyLink } from '@/components/privacy-policy-link';
import { useFirstAnswerMark, useRendersFirstAnswers } from '@/lib/first-answers';
import { useFocusBackAfterSending } from '@/lib/focus-after-sending';
import { inATaskOfItsOwn } from '@/lib/next-task';

type Field = keyof ContactRequestInput;

/**
 * The request's schema (zod) and the code that sends it: a chunk the form loads once it is on screen, so the page
 * does not load it before it is interactive (decision 013). A first submission finds it in, and a very early one
 * waits for it.
 */
const loadContactRequest = () => import('../api/create-contact-request');
type ContactRequestModule = Awaited<ReturnType<typeof loadContactRequest>>;

/**
 * The loading toast and the answer's toast share one id: the answer's replaces the loading one where it stands. With
 * two, "Sending your message..." and its spinner stayed beside "Message received!" for the rest of its 2 s (spec
 * section 8's duration), saying the message was still being sent (session 21). The words and durations are the spec's.
 */
export const SENDING_TOAST_ID = 'estimate-sending';

/**
 * The loading toast (spec section 8), shown once the request has passed the form's checks. The build renders the
 * same toast for a request sent before the app is up (decision 013, session 3).
 */
export function sendingToast(): [title: string, options: ExternalToast] {
  return [
    toasts.contactLoading.title,
    {
      id: SENDING_TOAST_ID,
      description: toasts.contactLoading.description,
      duration: toasts.contactLoading.duration,
      icon: <Icon icon={Loader2} aria-hidden="true" className="h-4 w-4 animate-spin" />,
    },
  ];
}

/** The answer's toast in the loading toast's place: the spinner is the loading toast's own (sonner keeps what is not given). */
const inSendingToastsPlace = { id: SENDING_TOAST_ID, icon: undefined } as const satisfies ExternalToast;

const emptyForm: ContactRequestInput = { name: '', email: '', phone: '', message: '' };
const fieldOrder: Field[] = ['name', 'phone', 'email', 'message'];

/**
 * The 'Get Your Free Estimate' form (spec sections 2, 4, 5 and 8). The browser checks the required fields and
 * the email/tel shapes; the schema trims. While sending, every control is disabled and the button reads
 * 'Submitting...'; success empties the form, failure keeps what the visitor typed and logs the error. What the
 * browser cannot check and the database would refuse (a name that is only invisible characters or starts like a
 * spreadsheet formula, a phone with letters) is said under the field, and nothing is sent.
 */
export function ContactForm() {
  const formId = useId();
  const fieldId = (field: Field) => `${formId}-${field}`;
  const [values, setValues] = useState<ContactRequestInput>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Each refused submission moves focus to the first field to fix once its message is under it, so a screen
  // reader reads the message with the field.
  const [refusals, setRefusals] = useState(0);
  useLayoutEffect(() => {
    const first = fieldOrder.find((field) => errors[field]);
    if (refusals > 0 && first) document.getElementById(fieldId(first))?.focus();
    // Only a new refusal moves focus; clearing a message as the visitor types must not.
  }, [refusals]);
  // Its own sending state, not React Query's: the home page then loads no React Query before it is interactive.
  // The build's first-answers render draws the form sending: the page's answer before the app is up labels the
  // button as this render does ('Submitting...', spec section 4).
  const [pending, setPending] = useState(useRendersFirstAnswers());
  const sendMark = useFirstAnswerMark('sending-toast');
  const submitButton = useRef<HTMLButtonElement>(null);
  // From the first Enter or tap until the answer: a second tap before the disabled button has rendered, or while
  // the request's code is still loading on a slow phone, would otherwise store the request (and e-mail it) twice.
  const sending = useRef(false);
  useFocusBackAfterSending(pending, submitButton);
  // Not in the task React runs the hydrated page's effects in (src/lib/next-task.ts).
  useEffect(
    () =>
      inATaskOfItsOwn(() => {
        loadContactRequest().catch(() => {
          // Offline, say: the submission tries again and says so if it still cannot.
        });
      }),
    [],
  );

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    loadContactRequest().then(
      ({ contactRequestSchema }) => checkAndSend(contactRequestSchema.safeParse(values)),
      (error: unknown) => {
        sending.current = false;
        failed(error);
      },
    );
  }

  function failed(error: unknown) {
    console.error('Contact request failed:', error);
    toast.error(toasts.contactFailure.title, {
      ...inSendingToastsPlace,
      description: toasts.contactFailure.description,
      duration: toasts.contactFailure.duration,
    });
  }

  function checkAndSend(checked: ReturnType<ContactRequestModule['contactRequestSchema']['safeParse']>) {
    if (!checked.success) {
      sending.current = false;
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    toast(...sendingToast());
    setPending(true);
    loadContactRequest()
      .then(({ createContactRequest }) => createContactRequest(values))
      .then(() => {
        toast.success(toasts.contactSuccess.title, {
          ...inSendingToastsPlace,
          description: toasts.contactSuccess.description,
          duration: toasts.contactSuccess.duration,
        });
        setValues(emptyForm);
      }, failed)
      .finally(() => {
        sending.current = false;
        setPending(false);
      });
  }

  return (
    <form onSubmit={handleSubmit} onFocus={preloadToasts} aria-labelledby="estimate-form-title" className="space-y-5">
      <h3 id="estimate-form-title" className="font-display text-2xl font-bold text-walnut-950">
        {pageTexts.home.contactFormTitle}
      </h3>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          id={fieldId('name')}
          error={errors.name}
          value={values.name}
          onChange={update('name')}
          disabled={pending}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          id={fieldId('phone')}
          error={errors.phone}
          note={phoneConsent.callsAndTexts}
          value={values.phone}
          onChange={update('phone')}
          disabled={pending}
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        id={fieldId('email')}
        error={errors.email}
        value={values.email}
        onChange={update('email')}
        disabled={pending}
      />
      <TextAreaField
        label="Tell us about your project"
        name="message"
        required
        rows={5}
        placeholder="Rooms, approximate square footage, the floor you have now and what you'd like instead..."
        id={fieldId('message')}
        error={errors.message}
        value={values.message}
        onChange={update('message')}
        disabled={pending}
        className="min-h-[120px]"
      />
      <Button ref={submitButton} type="submit" size="lg" className="w-full sm:w-auto" disabled={pending} {...sendMark}>
        {pending ? (
          <>
            <Icon icon={Loader2} aria-hidden="true" className="h-5 w-5 animate-spin" />
            {pageTexts.submitting}
          </>
        ) : (
          <>
            <Icon icon={Send} aria-hidden="true" className="h-5 w-5" />
            {/* In an element of its own: the page's answer before the app is up hides it while the request is held. */}
            <span>Send My Request</span>
          </>
        )}
      </Button>
      <p className="text-xs text-walnut-700">
        We use your details only to answer you about your project. We never sell them or share them for anyone else's
        use. <PrivacyPolicyLink />
      </p>
    </form>
  );
}
