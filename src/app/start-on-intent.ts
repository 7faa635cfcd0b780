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
 * What was held before this module arrived (src/app/page-bootstrap.ts, inlined in the page) comes in as `held`.
 *
 * This module must stay tiny and free of React: it is all the JavaScript a page loads before the app.
 */
import type { FirstAnswer } from './answer-before-the-app';
import { INTENT_EVENTS, isIntent, isPlainClick, type HeldInteractions } from './page-bootstrap';

type Replay = () => void;

export function startOnIntent(
  root: HTMLElement,
  start: () => Promise<void>,
  options: {
    now?: boolean;
    held?: HeldInteractions;
    /** Shows a held tap's answer before the app is up (answer-before-the-app.ts), where the control has one. */
    answer?: (control: Element) => FirstAnswer | undefined;
  } = {},
): void {
  let begun = false;
  const replays: Replay[] = [...(options.held?.replays ?? [])];
  const listen = { capture: true, passive: true } as const;

  const begin = (event?: Event) => {
    if (event && !isIntent(event)) return;
    if (begun) return;
    begun = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, begin, listen);
    start()
      .catch((error: unknown) => console.error('The page could not start:', error))
      .finally(async () => {
        document.removeEventListener('click', holdClick, true);
        document.removeEventListener('submit', holdSubmit, true);
        handFieldsToApp(root);
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

/**
 * React keeps what is in a field when it hydrates but starts its own state from the prerendered (empty) value,
 * so text typed before hydration would be shown yet not sent. Each changed field is told to React the way a
 * keystroke would: the value React last saw is set through the element (React tracks that), the typed text is
 * put back behind it, and an input event lets React see the difference. A chosen file is announced likewise.
 */
function handFieldsToApp(root: HTMLElement): void {
  // Read every field first: each change re-renders its form, and React then writes its state into the others.
  const typed: { field: HTMLInputElement | HTMLTextAreaElement; value: string }[] = [];
  const chosenFiles: HTMLInputElement[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && field.type === 'file') {
      if (field.files?.length) chosenFiles.push(field);
    } else if (!(field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))) {
      if (field.value !== field.defaultValue) typed.push({ field, value: field.value });
    }
  }
  for (const { field, value } of typed) tellReactTheValue(field, value);
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
