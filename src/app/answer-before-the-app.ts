/**
 * Answers a first tap at once, before the app is up (decision 013, session 2). On a slow phone the app is up
 * about two seconds after navigation, and a visitor often taps before that; the tap is held and replayed once
 * React is up (start-on-intent.ts), and this module shows its answer meanwhile, so the visitor sees it within
 * a frame or two instead of a second later:
 * - the free-guide dialog opens (a modal <dialog> holding the open dialog's markup);
 * - the mobile menu opens and closes;
 * - a testimonial carousel moves to the slide asked for (laid over the prerendered one, which keeps its place);
 * - a partner application sent with every field empty shows what is missing (laid over the same way);
 * - the estimate form sent shows the browser's own check of its fields, or sonner's loading toast (its button then
 *   reads 'Submitting...').
 * The markup is not written here: the build renders it from the same React components into the page's answers
 * file (scripts/prerender/first-answers.ts), which this module fetches as soon as the entry runs.
 *
 * React must hydrate the page exactly as prerendered, so nothing is added inside #root: the dialog lives in
 * <body>, and the menu changes only attributes (its button's aria-expanded, its panel's `hidden`, and which of
 * its two icons is `hidden`; it needs nothing from the answers file, so it answers even before that is in), which
 * React's hydration does not compare and which its own answer then sets the same way. When the held tap has been replayed, React's answer replaces this one in the same frame,
 * with what was typed and where focus was. A dialog the visitor closed meanwhile is not replayed.
 *
 * Part of the entry: no React, and small.
 */
import { tellReactTheValue } from './start-on-intent';

/** What start-on-intent.ts needs of an answer given before the app is up. */
export type FirstAnswer = {
  /** False once the visitor has undone it (closed the dialog): the held tap is then not replayed. */
  readonly wanted: boolean;
  /** Called right before the held tap is replayed into the app. */
  beforeReplay?(): void;
  /** Called right after the held tap has been replayed into the app: React's answer takes over from this one. */
  handOver(): void;
};

type Answer = { kind: string; content: DocumentFragment; controls: number[] };
type Answers = { buttons: number; byButton: Map<number, Answer> };

/** The performance mark set once the page's answers are in (the e2e tests and the first-tap bench read it). */
export const FIRST_ANSWERS_READY_MARK = 'first-answers-ready';

/** Where a page's answers file is (scripts/prerender/first-answers.ts writes it): '/' -> /first-answers/index.html. */
export function firstAnswersUrl(pathname: string): string {
  const page = pathname.replace(/\/+$/, '') || '/index';
  return `/first-answers${page}.html`;
}

/** Reads an answers file: one <template data-answer data-controls data-buttons> per answer. */
export function parseAnswers(html: string): Answers {
  const file = document.createElement('template');
  file.innerHTML = html;
  const answers: Answers = { buttons: -1, byButton: new Map() };
  for (const template of file.content.querySelectorAll<HTMLTemplateElement>('template[data-answer]')) {
    answers.buttons = Number(template.dataset.buttons);
    const controls = (template.dataset.controls ?? '').split(' ').filter(Boolean).map(Number);
    const answer = { kind: template.dataset.answer!, content: template.content, controls };
    for (const index of controls) answers.byButton.set(index, answer);
  }
  return answers;
}

/**
 * Fetches the page's answers (and waits for `stylesheet`, without which the answers would show unstyled).
 * `answer` is what start-on-intent.ts calls for each tap it holds: the answer shown, or undefined if this control
 * has none or the answers are not in yet (the tap then simply waits for the app, as before). `ready` settles once
 * the answers are in or could not be had.
 */
export function answerBeforeTheApp(
  root: HTMLElement,
  stylesheet: Promise<void>,
): { ready: Promise<void>; answer(control: Element): FirstAnswer | undefined } {
  let answers: Answers | undefined;
  const ready = Promise.all([
    fetch(firstAnswersUrl(window.location.pathname)).then((response) => (response.ok ? response.text() : '')),
    stylesheet,
  ])
    .then(([html]) => {
      if (!html) return;
      answers = parseAnswers(html);
      performance.mark(FIRST_ANSWERS_READY_MARK);
    })
    .catch(() => {});
  const menu = menuAnswers();
  const carousels = carouselAnswers();
  return { ready, answer };

  function answer(control: Element): FirstAnswer | undefined {
    if (!(control instanceof HTMLButtonElement)) return undefined;
    // The menu needs nothing from the answers file, so it does not wait for it.
    if (menu.isMenuButton(control)) return menu.toggle(control);
    return answers ? answerNow(control) : answerOnceIn(control);
  }

  /**
   * A tap that came before the answers: its answer shows as soon as they are in, unless the app has taken the
   * tap over by then (start-on-intent.ts replays it) or the control has none.
   */
  function answerOnceIn(control: HTMLButtonElement): FirstAnswer {
    let given: FirstAnswer | undefined;
    let replayed = false;
    void ready.then(() => {
      if (!replayed && answers) given = answerNow(control);
    });
    return {
      get wanted() {
        return given?.wanted ?? true;
      },
      beforeReplay() {
        replayed = true;
        given?.beforeReplay?.();
      },
      handOver() {
        given?.handOver();
      },
    };
  }

  function answerNow(control: HTMLButtonElement): FirstAnswer | undefined {
    if (!answers) return undefined;
    const buttons = root.querySelectorAll('button');
    // Another page than the one the file was rendered for (it would be a build's mix-up): answer nothing.
    if (buttons.length !== answers.buttons) return undefined;
    const index = [...buttons].indexOf(control);
    const given = answers.byButton.get(index);
    if (given?.kind === 'guide') {
      menu.closeFor(control);
      return openDialog(given.content, control);
    }
    if (given?.kind === 'carousel') return carousels.move(control, given, given.controls.indexOf(index));
    if (given?.kind === 'form-errors') return showProblems(control, given.content);
    if (given?.kind === 'sending-toast') return showSending(control, given.content);
    return undefined;
  }
}

/** Once `reactsAnswer()` finds React's answer in the page (checked after every change to it), `then` runs. */
function whenInPage<T>(reactsAnswer: () => T | null | undefined, then: (found: T | undefined) => void): void {
  const found = reactsAnswer();
  if (found) return then(found);
  const observer = new MutationObserver(() => {
    const found = reactsAnswer();
    if (!found) return;
    done();
    then(found);
  });
  // React's answer never came (its chunk failed to load): this one goes, so the two never show together.
  const timer = setTimeout(() => {
    done();
    then(undefined);
  }, 10_000);
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
}

const FOCUSABLE = 'a[href], button, input, textarea, select';

let styleAdded = false;
/** The few rules the answers need beyond the site's stylesheet: the <dialog>'s own backdrop off, the sending button's icon and label. */
function addStyle(): void {
  if (styleAdded) return;
  styleAdded = true;
  const style = document.createElement('style');
  style.textContent =
    'dialog[data-first-answer]::backdrop{background:none}' +
    '[data-first-answer-icon]>svg{display:none}' +
    '[data-first-answer-icon]::before{content:"";width:var(--icon-size);height:var(--icon-size);background:currentColor;' +
    '-webkit-mask:var(--icon) center/contain no-repeat;mask:var(--icon) center/contain no-repeat}' +
    // The estimate form's button while it sends: its own label hidden, the sending one drawn, its icon spinning.
    '[data-first-answer-label]>span{display:none}' +
    '[data-first-answer-label]::after{content:attr(data-first-answer-label)}' +
    '[data-first-answer-label]::before{animation:first-answer-spin 1s linear infinite}' +
    '@keyframes first-answer-spin{to{transform:rotate(360deg)}}';
  document.head.append(style);
}

/** The free-guide dialog, open, in a modal <dialog> (focus kept inside, the page behind inert, Escape closes). */
function openDialog(content: DocumentFragment, opener: HTMLElement): FirstAnswer {
  addStyle();
  const dialog = document.createElement('dialog');
  dialog.dataset.firstAnswer = '';
  dialog.style.cssText =
    'position:fixed;inset:0;z-index:50;margin:0;padding:0;border:0;width:100%;height:100%;max-width:none;max-height:none;background:none;color:inherit;overflow:visible';
  dialog.append(content.cloneNode(true));
  const panel = dialog.querySelector<HTMLElement>('[role="dialog"]');
  // The <dialog> is what assistive technology meets, with the panel's role and names. Radix names the panel
  // by its title (an h2) and description (the p after it) only once it has seen them mount, so a render on
  // the server leaves the names out; they are taken from those two here.
  panel?.removeAttribute('role');
  const title = panel?.querySelector('h2[id]');
  const description = title?.nextElementSibling?.matches('p[id]') ? title.nextElementSibling : null;
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  if (title) dialog.setAttribute('aria-labelledby', title.id);
  if (description) dialog.setAttribute('aria-describedby', description.id);
  const answer = {
    wanted: true,
    // The page stops being inert (React's dialog is drawn outside this one), and the tap is replayed on the opener
    // with focus on it, as a tap with the app up has it: that is the control React's dialog gives focus back to on
    // closing. This dialog stays in use until React's is in (its chunk may still be on its way): focus goes back to
    // where it was in it, and what is typed or sent there meanwhile is handed over too.
    beforeReplay() {
      replayed = true;
      // show() moves focus into the dialog on its own: the control the visitor was in is kept.
      const focused = focusedInDialog;
      dialog.close();
      dialog.show();
      opener.focus();
      focusedInDialog = focused;
    },
    handOver,
  };
  let submitted = false;
  let replayed = false;
  // The control last focused in this dialog, to focus its twin in React's.
  let focusedInDialog: HTMLElement | null = null;
  dialog.addEventListener('focusin', (event) => {
    focusedInDialog = event.target as HTMLElement;
  });
  // The page behind does not scroll, as under React's dialog (which locks the body's overflow the same way).
  const body = document.body;
  const overflow = body.style.overflow;
  body.style.overflow = 'hidden';

  const remove = () => {
    dialog.remove();
    body.style.overflow = overflow;
  };
  const close = () => {
    answer.wanted = false;
    remove();
    opener.focus();
  };
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    close();
  });
  // Once the tap is replayed the dialog is no longer modal (React's is drawn outside it), and a dialog that is not
  // modal has no 'cancel' on Escape.
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && replayed) close();
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    // The overlay (what lies around the panel) and the close button close it, as in React's dialog.
    if (!panel?.contains(target) || target.closest('button[aria-label="Close"]')) close();
  });
  dialog.addEventListener('submit', (event) => {
    // Sent by React's form once it is up, with what was typed here.
    event.preventDefault();
    submitted = true;
  });

  document.body.append(dialog);
  dialog.showModal();
  // As Radix does: focus on the first control one can tab to.
  dialog.querySelector<HTMLElement>('input, button')?.focus();

  function handOver() {
    // The tap has been replayed on the opener: focus goes back into this dialog until React's is in.
    if (dialog.isConnected) focusedInDialog?.focus();
    whenInPage(
      () =>
        [...document.querySelectorAll('[role="dialog"]')].find(
          (element) => element !== dialog && !dialog.contains(element),
        ),
      (reacts) => {
        if (!dialog.isConnected) {
          // Closed after the tap was replayed: React's dialog, on its way then, closes too (giving focus back).
          if (reacts && replayed && !answer.wanted)
            reacts.querySelector<HTMLElement>('button[aria-label="Close"]')?.click();
          return;
        }
        const focused = [...dialog.querySelectorAll(FOCUSABLE)].indexOf(focusedInDialog as Element);
        const typed = [...dialog.querySelectorAll<HTMLInputElement>('input[name]')].filter((field) => field.value);
        remove();
        if (!reacts) return;
        for (const field of typed) {
          const theirs = reacts.querySelector<HTMLInputElement>(`input[name="${field.name}"]`);
          if (theirs) tellReactTheValue(theirs, field.value);
        }
        // Focus goes where it was in this dialog, once Radix has moved it into its own (moved sooner, Radix would
        // move it again, to its first control).
        const moveFocus = () =>
          (
            reacts.querySelectorAll<HTMLElement>(FOCUSABLE)[focused] ??
            reacts.querySelector<HTMLElement>('input, button')
          )?.focus();
        if (reacts.contains(document.activeElement)) moveFocus();
        else {
          const timer = setTimeout(() => {
            reacts.removeEventListener('focusin', onFocus);
            moveFocus();
          }, 1000);
          const onFocus = () => {
            clearTimeout(timer);
            moveFocus();
          };
          reacts.addEventListener('focusin', onFocus, { once: true });
        }
        // After React has taken in the typed value (it renders it in a microtask of its own).
        if (submitted) setTimeout(() => reacts.querySelector('form')?.requestSubmit());
      },
    );
  }
  return answer;
}

/**
 * The mobile menu: its button's taps open and close it; Escape closes it and puts focus back on the button. Its
 * open state is attributes only and all of it is in the page (the button's aria-expanded, the panel's `hidden`,
 * and which of the button's two icons is `hidden`), so it answers at once, without waiting for the answers file
 * (decision 013, session 30), and React's menu, opened by the replayed tap, sets the same attributes: there is
 * nothing to hand over.
 */
function menuAnswers() {
  const answers: FirstAnswer[] = [];
  let open: HTMLButtonElement | undefined;
  let handedOver = false;

  const panelOf = (button: Element) => document.getElementById(button.getAttribute('aria-controls') ?? '');
  const show = (button: HTMLButtonElement, opened: boolean) => {
    button.setAttribute('aria-expanded', String(opened));
    const panel = panelOf(button);
    if (panel) panel.hidden = !opened;
    const [menuIcon, closeIcon] = button.querySelectorAll('svg');
    menuIcon?.toggleAttribute('hidden', opened);
    closeIcon?.toggleAttribute('hidden', !opened);
    open = opened ? button : undefined;
  };

  document.addEventListener('keydown', (event) => {
    // Once the app has the menu, its header closes it (site-header.tsx).
    if (event.key !== 'Escape' || !open || handedOver || !open.closest('header')?.contains(document.activeElement))
      return;
    const button = open;
    show(button, false);
    // Closed before the app was up: none of the menu's taps is replayed, so React's menu stays closed too.
    for (const answer of answers) (answer as { wanted: boolean }).wanted = false;
    button.focus();
  });

  return {
    /** The header's button that shows and hides a panel of the header. */
    isMenuButton(control: HTMLButtonElement): boolean {
      const header = control.closest('header');
      return !!header && !!panelOf(control) && header.contains(panelOf(control));
    },
    toggle(button: HTMLButtonElement): FirstAnswer {
      show(button, open !== button);
      const answer: FirstAnswer = {
        wanted: true,
        handOver() {
          handedOver = true;
        },
      };
      answers.push(answer);
      return answer;
    },
    /** A control in the open menu opens the dialog: React's does the same and closes the menu. */
    closeFor(control: Element) {
      if (open && panelOf(open)?.contains(control)) show(open, false);
    },
  };
}

/**
 * The testimonial carousels: previous, a slide's dot and next move it as React's does (next wraps from the last
 * to the first, previous the other way). A slide other than the first is the build's render of the carousel at
 * that slide, laid over the prerendered carousel, which stays in place, unseen, at that slide's height (so the
 * page below moves as it will with React's); the overlay's buttons work the prerendered ones.
 */
function carouselAnswers() {
  const shown = new Map<Answer, { at: number; overlay?: HTMLElement; region: HTMLElement; handingOver: boolean }>();

  const show = (answer: Answer, state: { at: number; overlay?: HTMLElement; region: HTMLElement }) => {
    const { region } = state;
    const hadFocus = state.overlay?.contains(document.activeElement) || region.contains(document.activeElement);
    const focusedButton = [...(state.overlay ?? region).querySelectorAll('button')].indexOf(
      document.activeElement as HTMLButtonElement,
    );
    state.overlay?.remove();
    state.overlay = undefined;
    region.removeAttribute('style');
    if (state.at === 0) {
      if (hadFocus && focusedButton >= 0) region.querySelectorAll('button')[focusedButton]?.focus();
      return;
    }
    const slide = answer.content.querySelectorAll('[data-slide]')[state.at];
    if (!slide) return;
    const overlay = layOver(region, slide.childNodes);
    if (hadFocus && focusedButton >= 0) overlay.querySelectorAll('button')[focusedButton]?.focus();
    state.overlay = overlay;
  };

  return {
    /** `position`: the control's place among the carousel's buttons (previous, one per slide, next). */
    move(control: HTMLButtonElement, answer: Answer, position: number): FirstAnswer | undefined {
      const region = control.closest<HTMLElement>('[aria-roledescription="carousel"]');
      const count = answer.content.querySelectorAll('[data-slide]').length;
      if (!region || count === 0) return undefined;
      const state = shown.get(answer) ?? { at: 0, region, handingOver: false };
      shown.set(answer, state);
      const last = answer.controls.length - 1;
      const to = position === 0 ? state.at - 1 : position === last ? state.at + 1 : position - 1;
      state.at = ((to % count) + count) % count;
      show(answer, state);
      return {
        wanted: true,
        handOver() {
          if (state.handingOver) return;
          state.handingOver = true;
          // Every tap is replayed: React's carousel ends on the same slide, and then this one goes.
          whenInPage(
            () => region.querySelector(`[aria-roledescription="slide"][aria-label^="${state.at + 1} of"]`),
            () => {
              state.at = 0;
              const focusedButton = [...(state.overlay?.querySelectorAll('button') ?? [])].indexOf(
                document.activeElement as HTMLButtonElement,
              );
              state.overlay?.remove();
              state.overlay = undefined;
              region.removeAttribute('style');
              if (focusedButton >= 0) region.querySelectorAll('button')[focusedButton]?.focus();
            },
          );
        },
      };
    },
  };
}

/**
 * Lays `markup` (the build's render of `region` in its answered state) over `region`, which stays in place,
 * unseen, at the overlay's height, so the page below moves as it will with React's answer. A tap on one of the
 * overlay's buttons is a tap on the same button of `region` (held, answered, replayed). Undone by removing the
 * overlay and `region`'s style attribute (it has none of its own).
 */
function layOver(region: HTMLElement, markup: Iterable<Node>): HTMLElement {
  const overlay = document.createElement('div');
  overlay.dataset.firstAnswer = '';
  overlay.append(...[...markup].map((node) => node.cloneNode(true)));
  const box = region.getBoundingClientRect();
  const inherited = getComputedStyle(region);
  overlay.style.cssText = `position:absolute;left:${box.left + scrollX}px;top:${box.top + scrollY}px;width:${box.width}px;color:${inherited.color};font:${inherited.font};text-align:${inherited.textAlign}`;
  document.body.append(overlay);
  region.style.visibility = 'hidden';
  region.style.height = `${overlay.getBoundingClientRect().height}px`;
  const theirs = [...region.querySelectorAll('button')];
  overlay.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    const index = button ? [...overlay.querySelectorAll('button')].indexOf(button) : -1;
    if (index < 0) return;
    event.preventDefault();
    theirs[index]?.click();
  });
  return overlay;
}

/**
 * A partner application sent with every field empty: the form as React shows it then (the problems summed up in
 * its alert and under each field, focus on the first field to fix). A form with anything typed waits for the app:
 * the build rendered the empty form's problems only.
 */
const formsAnswered = new WeakSet<HTMLFormElement>();

/** A tick box or a radio button, whose `value` ("on") says nothing about whether the visitor chose it. */
const isBox = (field: HTMLInputElement | HTMLTextAreaElement): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the visitor has put anything in a field: text typed, or a box ticked. */
const filledIn = (field: HTMLInputElement | HTMLTextAreaElement) => (isBox(field) ? field.checked : field.value !== '');

function showProblems(submit: HTMLButtonElement, content: DocumentFragment): FirstAnswer | undefined {
  const form = submit.form;
  // An unticked box (the investor form's marketing texts) leaves the form empty: its value is "on" all the same.
  if (!form || [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some(filledIn)) {
    return undefined;
  }
  if (formsAnswered.has(form)) return { wanted: true, handOver() {} };
  formsAnswered.add(form);
  const overlay = layOver(form, content.cloneNode(true).childNodes);
  overlay.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  // Sent again from the overlay: React's form gets the same (held) submission.
  overlay.addEventListener('submit', (event) => event.preventDefault());
  return {
    wanted: true,
    handOver() {
      whenInPage(
        () => (form.querySelector('[role="alert"]')?.textContent ? form : undefined),
        () => {
          const focused = [...overlay.querySelectorAll('input, textarea')].indexOf(document.activeElement as Element);
          const typed = [...overlay.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')];
          overlay.remove();
          form.removeAttribute('style');
          const fields = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')];
          typed.forEach((field, index) => {
            const real = fields[index];
            if (!real) return;
            // A box ticked on the overlay is ticked on React's form the way a visitor does it, so React hears it.
            if (isBox(field)) {
              if (isBox(real) && field.checked !== real.checked) real.click();
            } else if (field.value) tellReactTheValue(real, field.value);
          });
          if (focused >= 0) fields[focused]?.focus();
        },
      );
    },
  };
}

/**
 * The estimate form sent before the app is up. What the browser checks itself (the required fields, the e-mail's
 * shape) is checked as with the app up: its message shows at the first field to fix, and the tap is not replayed,
 * as nothing would be sent. A form that passes shows the loading toast, sonner's own as the build drew it
 * (`content`: its stylesheet and its region with the toast), and its fields and button are disabled and the button
 * reads 'Submitting...', as React's form does while it sends. The held tap is replayed once the app is up, so
 * React's form checks the request with its own rules and sends it, once; its toast then takes the place of this one
 * (drawn over it, the same), or, if those rules refuse what the browser let through (a name of spaces only, say), its
 * field errors show and this toast goes.
 */
function showSending(submit: HTMLButtonElement, content: DocumentFragment): FirstAnswer | undefined {
  const form = submit.form;
  const drawn = content.querySelector('section');
  if (!form || !drawn) return undefined;
  if (!form.reportValidity()) return { wanted: false, handOver() {} };

  const style = content.querySelector('style');
  if (style && !document.head.querySelector('style[data-first-answer]')) {
    const added = style.cloneNode(true) as HTMLStyleElement;
    added.dataset.firstAnswer = '';
    document.head.append(added);
  }
  const toaster = drawn.cloneNode(true) as HTMLElement;
  const toast = toaster.querySelector<HTMLElement>('[data-sonner-toast]');
  toast?.remove();
  // The live region first, then the toast into it, so screen readers announce it (as sonner does); it slides in as
  // sonner's does, from its state before mounting.
  document.body.append(toaster);
  if (toast) {
    toast.dataset.mounted = 'false';
    requestAnimationFrame(() => {
      toaster.querySelector('ol')?.append(toast);
      requestAnimationFrame(() => (toast.dataset.mounted = 'true'));
    });
    toast.querySelector('[data-close-button]')?.addEventListener('click', () => toaster.remove());
  }

  const disabled = [
    ...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLButtonElement>('input, textarea, button'),
  ].filter((control) => !control.disabled);
  for (const control of disabled) control.disabled = true;
  const relabelled = labelAsSending(submit, content.querySelector('[data-sending-button]'));
  return {
    wanted: true,
    // React's form has them enabled, its button labelled as prerendered, until it sends: the replayed tap must reach
    // its button, and React's hydration has kept the button's own label and icon, which it then replaces itself.
    beforeReplay() {
      for (const control of disabled) control.disabled = false;
      relabelled?.undo();
    },
    handOver() {
      whenInPage(
        () =>
          [...document.querySelectorAll('[data-sonner-toast]')].find((theirs) => !toaster.contains(theirs)) ??
          form.querySelector('[aria-invalid="true"]'),
        (reacts) => {
          // React's form refused the request (or never answered): its errors show, and this toast goes at once.
          if (!reacts?.hasAttribute('data-sonner-toast')) return toaster.remove();
          // React's toast slides in where this one is (which lies above it): this one goes once it is in.
          const gone = () => toaster.remove();
          reacts.addEventListener('transitionend', gone, { once: true });
          setTimeout(gone, SONNER_ENTRY_MS);
        },
      );
    },
  };
}

/**
 * The estimate form's button, while the request is held, reads as React's does while it sends (spec section 4:
 * 'Submitting...', with its spinner), from the build's render of it (`drawn`). Only attributes change, as for
 * the menu: React hydrates the button's own label (a <span>) and icon, hidden meanwhile, and the stylesheet draws
 * the sending ones; the label is its accessible name too.
 */
function labelAsSending(button: HTMLButtonElement, drawn: Element | null): { undo(): void } | undefined {
  const label = drawn?.textContent?.trim();
  const spinner = drawn?.querySelector('svg');
  if (!label || !spinner) return undefined;
  addStyle();
  const size = button.querySelector('svg')?.getBoundingClientRect().width || 20;
  const svg = new XMLSerializer().serializeToString(spinner);
  button.style.setProperty('--icon', `url("data:image/svg+xml,${encodeURIComponent(svg)}")`);
  button.style.setProperty('--icon-size', `${size}px`);
  button.dataset.firstAnswerIcon = '';
  button.dataset.firstAnswerLabel = label;
  button.setAttribute('aria-label', label);
  return {
    undo() {
      button.removeAttribute('data-first-answer-icon');
      button.removeAttribute('data-first-answer-label');
      button.removeAttribute('aria-label');
      for (const property of ['--icon', '--icon-size']) button.style.removeProperty(property);
      if (!button.getAttribute('style')) button.removeAttribute('style');
    },
  };
}

/** Longer than sonner's toast takes to slide in (0.4 s). */
const SONNER_ENTRY_MS = 600;
