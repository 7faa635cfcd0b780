import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

const controlClasses =
  'block w-full rounded-md border border-walnut-700/30 bg-white px-3 py-2 text-walnut-950 shadow-sm placeholder:text-walnut-700/50 ' +
  'focus:border-oak-500 focus:outline-none focus:ring-2 focus:ring-oak-400/60 disabled:cursor-not-allowed disabled:bg-oak-100 ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/30';

type FieldChrome = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  /** Words that stay under the field whatever is typed (the phone consent): read with the field, after its message. */
  note?: ReactNode;
};

function FieldFrame({
  id,
  label,
  error,
  hint,
  optional,
  note,
  children,
}: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-walnut-900">
        {label}
        {optional && <span className="font-normal text-walnut-700"> (optional)</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-walnut-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {note && (
        <p id={`${id}-note`} className="text-xs text-walnut-700">
          {note}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode, note?: ReactNode) {
  const message = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return [message, note ? `${id}-note` : undefined].filter(Boolean).join(' ') || undefined;
}

/** A labelled input whose error message is tied to it (aria-invalid, aria-describedby). */
export function TextField({
  label,
  error,
  hint,
  optional,
  note,
  id: givenId,
  ...input
}: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} note={note}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint, note)}
        className={`min-h-11 ${controlClasses}`}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  optional,
  id: givenId,
  className = '',
  ...textarea
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${controlClasses} ${className}`}
        {...textarea}
      />
    </FieldFrame>
  );
}

/**
 * A labelled checkbox, unticked unless the form ticks it, with the words that say what ticking it means under its
 * label (read with the box). The box is 24 px: on a phone the label's tap area is a band 44 px tall across the row,
 * centred on the box (the box, its label's first lines and the start of the words under it); the rest of those
 * words, and any link in them, are not a tap on the box.
 */
export function CheckboxField({
  label,
  details,
  id: givenId,
  ...input
}: { label: ReactNode; details?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className="relative flex gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={details ? `${id}-details` : undefined}
        className="h-6 w-6 shrink-0 rounded border-walnut-700/40 accent-walnut-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500 disabled:cursor-not-allowed"
        {...input}
      />
      <div className="space-y-1">
        <label
          htmlFor={id}
          className="block text-sm font-semibold text-walnut-900 after:absolute after:-top-2.5 after:right-0 after:-left-2.5 after:h-11"
        >
          {label}
        </label>
        {details && (
          <p id={`${id}-details`} className="text-xs text-walnut-700 [&_a]:relative">
            {details}
          </p>
        )}
      </div>
    </div>
  );
}
