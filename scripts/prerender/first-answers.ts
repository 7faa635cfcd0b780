/**
 * Each page's answers file (first-answers/<page>.html): what the page's entry shows for a first tap made before
 * the app is up (src/app/answer-before-the-app.ts; decision 013, session 2). Nothing in it is written by hand:
 * it is cut from renders of the same components (src/app/render-page.tsx, `renderFirstAnswers`):
 * - which of the page's buttons give which answer: their places among #root's buttons in a render where the
 *   controls carry `data-first-answer` (the page's own render is the same but for that attribute);
 * - the open free-guide dialog (its overlay and content), where a page has a button that opens it;
 * - each testimonial carousel at each of its slides (its buttons: previous, one per slide, next);
 * - each partner application form as sending it empty leaves it (its problems listed and under each field);
 * - the estimate form's loading toast, as sonner draws it (its region and stylesheet), and its button as the form
 *   draws it while sending (spinner and 'Submitting...'), where the page has that form.
 * The file is one <template> per answer, for the entry to read with the browser's parser.
 */

export const FIRST_ANSWERS_DIR = 'first-answers';

/** The answers file of a page file: index.html -> first-answers/index.html (the entry asks for it by path). */
export function firstAnswersFileOf(pageFile: string): string {
  return `${FIRST_ANSWERS_DIR}/${pageFile}`;
}

const BUTTON_TAG = /<button\b[^>]*>/g;

/** The places (0-based, in document order) of the buttons marked `data-first-answer="<kind>"`, by kind. */
export function markedButtons(pageHtml: string): { count: number; byKind: Map<string, number[]> } {
  const byKind = new Map<string, number[]>();
  const tags = pageHtml.match(BUTTON_TAG) ?? [];
  tags.forEach((tag, index) => {
    const kind = /\sdata-first-answer="([^"]+)"/.exec(tag)?.[1];
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), index]);
  });
  return { count: tags.length, byKind };
}

/** What is inside the button at `index` (its icon and label), up to its closing tag. */
function insideOfButton(pageHtml: string, index: number): string | undefined {
  const tags = [...pageHtml.matchAll(BUTTON_TAG)];
  const tag = tags[index];
  if (!tag) return undefined;
  const rest = pageHtml.slice(tag.index + tag[0].length);
  const end = rest.indexOf('</button>');
  return end < 0 ? rest : rest.slice(0, end);
}

const CAROUSEL_START = /<div role="region" aria-roledescription="carousel"/g;

/** Each carousel's whole markup (its outer <div> with all inside), with where it starts, in document order. */
export function carouselsIn(pageHtml: string): { start: number; end: number; html: string }[] {
  return [...pageHtml.matchAll(CAROUSEL_START)].map((match) => {
    const tags = /<div\b|<\/div>/g;
    tags.lastIndex = match.index;
    let depth = 0;
    for (let tag = tags.exec(pageHtml); tag; tag = tags.exec(pageHtml)) {
      depth += tag[0] === '</div>' ? -1 : 1;
      if (depth === 0) {
        const end = tag.index + tag[0].length;
        return { start: match.index, end, html: pageHtml.slice(match.index, end) };
      }
    }
    throw new Error('A carousel in the prerendered page has no end');
  });
}

/** sonner's loading toast as the build drew it (src/app/render-page.tsx, `renderSendingToast`). */
export type SendingToast = { toaster: string; style: string };

/**
 * The answers file for a page, or undefined when none of its controls answers before the app is up.
 * `answeredPage` is #root's markup rendered for the first answers, `slides` that render once per carousel slide
 * (the first is `answeredPage`), `guideDialog` the open dialog's, `sendingToast` the estimate form's loading toast
 * (needed only where the page has that form).
 */
export function firstAnswersFile(
  answeredPage: string,
  guideDialog: string,
  slides: string[] = [answeredPage],
  sendingToast?: SendingToast,
): string | undefined {
  const { count, byKind } = markedButtons(answeredPage);
  const templates: string[] = [];
  const template = (kind: string, controls: number[], content: string) =>
    `<template data-answer="${kind}" data-controls="${controls.join(' ')}" data-buttons="${count}">${content}</template>`;
  const guideOpeners = byKind.get('guide');
  if (guideOpeners) templates.push(template('guide', guideOpeners, guideDialog));
  // A carousel's buttons are those marked inside it; its slides, the same carousel in each slide's render.
  const buttonStarts = [...answeredPage.matchAll(BUTTON_TAG)].map((match) => match.index);
  const carouselButtons = byKind.get('carousel') ?? [];
  const slidesOfEach = slides.map((page) => carouselsIn(page));
  carouselsIn(answeredPage).forEach((carousel, which) => {
    const controls = carouselButtons.filter((index) => buttonStarts[index]! > carousel.start && buttonStarts[index]! < carousel.end);
    // Slides are one per button between previous and next.
    const markup = slidesOfEach.slice(0, controls.length - 2).map((carousels) => carousels[which]!.html);
    if (controls.length > 2) templates.push(template('carousel', controls, markup.map((html) => `<div data-slide>${html}</div>`).join('')));
  });
  for (const index of byKind.get('form-errors') ?? []) {
    const at = buttonStarts[index]!;
    const start = answeredPage.lastIndexOf('<form', at);
    const end = answeredPage.indexOf('</form>', at);
    if (start >= 0 && end > at) templates.push(template('form-errors', [index], answeredPage.slice(start, end + '</form>'.length)));
  }
  const sendButtons = byKind.get('sending-toast');
  if (sendButtons) {
    if (!sendingToast) throw new Error('The page has the estimate form, but no loading toast was drawn for it');
    // The button as the form draws it while sending (the render shows the form sending): its spinner and label.
    const sending = `<div data-sending-button>${insideOfButton(answeredPage, sendButtons[0]!) ?? ''}</div>`;
    templates.push(template('sending-toast', sendButtons, `<style>${sendingToast.style}</style>${sendingToast.toaster}${sending}`));
  }
  return templates.length ? `${templates.join('\n')}\n` : undefined;
}
