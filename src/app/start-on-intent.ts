/**
 * Runs `start` (loading React and hydrating the prerendered page) at once with `now` (what src/main.tsx does since
 * decision 013: the entry arrives once the first screen has painted), else when the visitor first shows a sign of
 * interacting: a pointer that moves, a touch, a key, focus, a scroll or a drag.
 *
 * What the visitor does before the app has taken over is not lost:
 * - a click on a button or a same-site link waits and is replayed once the page is live (so a link still
 *   navigates inside the app);
 * - a form submitted with Enter is submitted again afterwards;
 * - text typed into a field is handed to React as a change, so the app's state holds what the field shows.
 *
 * What was held before this module arrived (src/app/page-bootstrap.ts, inlined in the page) comes in as `held`:
 * it is played again into this module's own holding at once, so such a tap gets its answer before the app too.
 *
 * This module must stay tiny and free of React: it is all the JavaScript a page loads before the app.
 */
import type { FirstAnswer } from './answer-before-the-app';
import { INTENT_EVENTS, isIntent, isPlainClick, type HeldInteractions } from './page-bootstrap';

type Replay = () => void;

export function startOnIntent(
  root: HTMLElement,
  /**
   * Loads and hydrates the app; calls `appHasThePage` as soon as React has hydrated the page, in the same task
   * (what was typed before is handed to React then, before any later keystroke can re-render the form).
   */
  start: (appHasThePage: () => void) => Promise<void>,
  options: {
    now?: boolean;
    held?: HeldInteractions;
    /** Shows a held tap's answer before the app is up (answer-before-the-app.ts), where the control has one. */
    answer?: (control: Element) => FirstAnswer | undefined;
  } = {},
): void {
  let begun = false;
  const replays: Replay[] = [];
  const listen = { capture: true, passive: true } as const;
  // What was typed before React had the page: read in the commit React hydrates it in, told to React right after
  // it (a microtask, once React's commit is over and it handles events as usual).
  let typedBefore: TypedFields | undefined;
  const appHasThePage = () => {
    if (typedBefore) return;
    const typed = (typedBefore = readTypedFields(root));
    queueMicrotask(() => tellReactTheTypedFields(typed));
  };
  const begin = (event?: Event) => {
    if (event && !isIntent(event)) return;
    if (begun) return;
    begun = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, begin, listen);
    start(appHasThePage)
      .catch((error: unknown) => console.error('The page could not start:', error))
      .finally(async () => {
        document.removeEventListener('click', holdClick, true);
        document.removeEventListener('submit', holdSubmit, true);
        // Told already, unless the app did not say when it had the page (or could not start).
        if (!typedBefore) tellReactTheTypedFields((typedBefore = readTypedFields(root)));
        for (const replay of replays.splice(0)) {
          replay();
          // React renders a tap in a microtask of its own; the next one must see its outcome, as a second real tap
          // would (a carousel's "next" twice is two slides on, not one). No frame is painted in between.
          await Promise.resolve();
        }
      });
  };

  function holdClick(event: MouseEvent) {
    if (!isPlainClick(event)) return;
    const control = (event.target as Element | null)?.closest?.('button, a[href]');
    if (!control || !root.contains(control) || !needsApp(control)) return;
    event.preventDefault();
    event.stopPropagation();
    begin();
    const answer = options.answer?.(control);
    replays.push(() => {
      // The visitor undid the answer meanwhile (closed the dialog): React's must not open.
      if (answer && !answer.wanted) return;
      answer?.beforeReplay?.();
      if (control.isConnected) (control as HTMLElement).click();
      answer?.handOver();
    });
  }

  function holdSubmit(event: SubmitEvent) {
    const form = event.target as HTMLFormElement;
    if (!root.contains(form)) return;
    event.preventDefault();
    begin();
    const submitter = event.submitter;
    replays.push(() => {
      if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : undefined);
    });
  }

  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  // A tap the page's bootstrap held (this module was not in yet) is made again now, in order, and held here: it
  // then gets its answer before the app (the menu at once, others once the answers file is in) instead of waiting
  // for the app. Under load the entry can come a second after a tap (decision 013, session 30).
  for (const replay of options.held?.replays ?? []) replay();
  for (const type of INTENT_EVENTS) window.addEventListener(type, begin, listen);
  if (options.now || options.held?.interacted) begin();
}

/** Buttons need the app; so do links to other pages of this site (the app navigates without a reload). */
function needsApp(control: Element): boolean {
  if (control instanceof HTMLButtonElement) return true;
  const link = control as HTMLAnchorElement;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  // A jump within this page works without the app.
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return !(samePage && url.hash !== '');
}

type TypedFields = {
  typed: { field: HTMLInputElement | HTMLTextAreaElement; value: string }[];
  chosenFiles: HTMLInputElement[];
};

/**
 * React keeps what is in a field when it hydrates but starts its own state from the prerendered (empty) value,
 * so text typed before hydration would be shown yet not sent; and the first render React then makes of that
 * form (a keystroke in another field, say) writes its empty state back into the field. So the fields are read
 * as React hydrates them, before any such render, and told to React right after (tellReactTheTypedFields).
 */
function readTypedFields(root: HTMLElement): TypedFields {
  const fields: TypedFields = { typed: [], chosenFiles: [] };
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && field.type === 'file') {
      if (field.files?.length) fields.chosenFiles.push(field);
    } else if (!(field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))) {
      if (field.value !== field.defaultValue) fields.typed.push({ field, value: field.value });
    }
  }
  return fields;
}

/**
 * Tells React each field typed in before it had the page, the way a keystroke would (tellReactTheValue). A field
 * that holds something else by now was typed on with React up, which then saw all of it: it is left alone. One
 * that is empty now was emptied by React's render of its still empty state: it gets back what was typed.
 */
function tellReactTheTypedFields({ typed, chosenFiles }: TypedFields): void {
  for (const { field, value } of typed) {
    if (field.isConnected && (field.value === value || field.value === '')) tellReactTheValue(field, value);
  }
  for (const field of chosenFiles) field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Puts `value` into a field React renders, as a keystroke would: the value React last saw is set through the
 * element (React tracks that), `value` is put back behind it, and an input event lets React see the difference.
 */
export function tellReactTheValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValueBehindReact = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  field.value = field.defaultValue;
  setValueBehindReact?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
