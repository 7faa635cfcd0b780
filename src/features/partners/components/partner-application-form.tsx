import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { preloadToasts, toast } from '@/components/ui/toasts';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { pageTexts, toasts } from '@/content/spec-texts';
import { PrivacyPolicyLink } from '@/components/privacy-policy-link';
import { useFirstAnswerMark, useRendersFirstAnswers } from '@/lib/first-answers';
import { useFocusBackAfterSending } from '@/lib/focus-after-sending';

export type PartnerFormField<Name extends string> = {
  name: Name;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
  optional?: boolean;
  /** Words that stay under the field (the phone consent, src/content/phone-consent.ts). */
  note?: ReactNode;
};

/** An optional box the visitor may tick (the investor form's marketing texts); unticked to start with. */
export type PartnerFormCheckbox<Name extends string> = { name: Name; label: string; details: string };

type Values = Record<string, string | boolean | undefined>;

type PartnerApplicationFormProps<Input extends Values> = {
  fields: readonly PartnerFormField<keyof Input & string>[];
  /** Under the fields, before the button. */
  checkbox?: PartnerFormCheckbox<keyof Input & string>;
  /** The payload schema: it names the problems shown inline, and the submission parses the values with it again. */
  schema: z.ZodType<unknown, Input>;
  mutation: UseMutationResult<{ id: string }, Error, Input>;
  successToast: { title: string; duration: number };
  submitLabel: string;
  /** What the console says when both inserts fail (the spec logs the error). */
  failureLogMessage: string;
};

/**
 * The behaviour both partner forms share (spec sections 4, 5 and 8). The browser's own validation stays off
 * (`noValidate`, as the spec has it), but an application with an empty required field or a malformed e-mail is
 * never sent: each problem is shown under its field, summed up in an announced alert, and focus moves to the
 * first field to fix. While the application is on its way the button is disabled and reads 'Submitting...';
 * success clears the form with the welcome toast, failure keeps the values with the 'Application failed' toast.
 */
export function PartnerApplicationForm<Input extends Values>({
  fields,
  checkbox,
  schema,
  mutation,
  successToast,
  submitLabel,
  failureLogMessage,
}: PartnerApplicationFormProps<Input>) {
  const formId = useId();
  const fieldId = (name: string) => `${formId}-${name}`;
  const emptyValues = () =>
    Object.fromEntries([
      ...fields.map((field) => [field.name, '']),
      ...(checkbox ? [[checkbox.name, false]] : []),
    ]) as Input;
  const [values, setValues] = useState<Input>(emptyValues);
  // The build's first-answers render shows what sending the empty form shows (the page's answer before the app
  // is up); the page itself starts without problems.
  const rendersFirstAnswers = useRendersFirstAnswers();
  const [errors, setErrors] = useState<Problems<Input>>(() =>
    rendersFirstAnswers ? (problemsOf(schema, emptyValues()) ?? {}) : {},
  );
  // The summary is in the alert region from a refusal until the visitor works on a field, then beside it, the same on
  // screen: left in it, each message cleared by typing changed the region, and a screen reader read the whole summary
  // again ("Please fix 3 fields ...", then 2, then 1) over every field's first keystroke.
  const [announcing, setAnnouncing] = useState(rendersFirstAnswers);
  const submitButton = useRef<HTMLButtonElement>(null);
  const mark = useFirstAnswerMark('form-errors');
  useFocusBackAfterSending(mutation.isPending, submitButton);
  // From the first Enter or tap until the answer: `mutation.isPending` turns true only after a render, and a second
  // tap before it would store the application (and e-mail it) twice.
  const sending = useRef(false);

  const problems = fields.filter((field) => errors[field.name]);
  // Each refused application moves focus to the first field to fix once its message is under it, so a screen
  // reader reads the message with the field. Only a new refusal moves focus, not a message cleared by typing.
  const [refusals, setRefusals] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (refusals === 0 || !problems[0]) return;
    // The summary first, then the field: focus alone scrolls the field just under the sticky header in Safari and
    // Firefox (Chromium centres it), and the summary's links above it under the header, where they cannot be read or
    // tapped. Focused without its own scroll, so every browser shows the same; the field still scrolls into view if
    // a long summary pushed it below the screen.
    summary.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    const firstProblem = document.getElementById(fieldId(problems[0].name));
    firstProblem?.focus({ preventScroll: true });
    if (firstProblem && firstProblem.getBoundingClientRect().bottom > window.innerHeight)
      firstProblem.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }, [refusals]);

  function change(name: keyof Input & string, value: string | boolean) {
    setValues((current) => ({ ...current, [name]: value }));
    setAnnouncing(false);
    // A field's message goes as soon as the visitor works on it; the next submit checks it again.
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest as typeof errors);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || mutation.isPending) return;

    const found = problemsOf(schema, values);
    if (found) {
      setErrors(found);
      setAnnouncing(true);
      setRefusals((count) => count + 1);
      return;
    }

    setErrors({});
    sending.current = true;
    mutation.mutate(values, {
      onSuccess: () => {
        setValues(emptyValues());
        toast.success(successToast.title, { duration: successToast.duration });
      },
      onError: (error) => {
        console.error(failureLogMessage, error);
        toast.error(toasts.partnerFailure.title, {
          description: toasts.partnerFailure.description,
          duration: toasts.partnerFailure.duration,
        });
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  }

  const summaryBox = problems.length > 0 && (
    <div className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">
        {problems.length === 1
          ? 'Please fix 1 field before sending your application:'
          : `Please fix ${problems.length} fields before sending your application:`}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((field) => (
          <li key={field.name}>
            <a
              href={`#${fieldId(field.name)}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(fieldId(field.name))?.focus();
              }}
              className="underline underline-offset-2 hover:text-red-900"
            >
              {field.label}: {errors[field.name]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <form noValidate onSubmit={submit} onFocus={preloadToasts} aria-busy={mutation.isPending} className="space-y-5">
      <div ref={summary}>
        <div role="alert" aria-atomic="true">
          {announcing && summaryBox}
        </div>
        {!announcing && summaryBox}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.name} className={field.optional ? 'sm:col-span-2' : undefined}>
            <TextField
              id={fieldId(field.name)}
              name={field.name}
              label={field.label}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              hint={field.hint}
              note={field.note}
              optional={field.optional}
              required={!field.optional}
              value={String(values[field.name] ?? '')}
              onChange={(event) => change(field.name, event.target.value)}
              error={errors[field.name]}
            />
          </div>
        ))}
      </div>

      {checkbox && (
        <CheckboxField
          id={fieldId(checkbox.name)}
          name={checkbox.name}
          label={checkbox.label}
          details={checkbox.details}
          checked={values[checkbox.name] === true}
          onChange={(event) => change(checkbox.name, event.target.checked)}
        />
      )}

      <Button ref={submitButton} type="submit" size="lg" disabled={mutation.isPending} className="w-full" {...mark}>
        {mutation.isPending ? pageTexts.submitting : submitLabel}
      </Button>
      <p className="text-center text-xs text-walnut-700">
        We only use your details to contact you about the program. We never sell them or share them for anyone else's
        use. <PrivacyPolicyLink />
      </p>
    </form>
  );
}

type Problems<Input extends Values> = Partial<Record<keyof Input, string>>;

/** What the schema finds wrong with `values`, the first message per field; undefined when they may be sent. */
function problemsOf<Input extends Values>(
  schema: z.ZodType<unknown, Input>,
  values: Input,
): Problems<Input> | undefined {
  const checked = schema.safeParse(values);
  if (checked.success) return undefined;
  const found: Problems<Input> = {};
  for (const issue of checked.error.issues) found[issue.path[0] as keyof Input] ??= issue.message;
  return found;
}
