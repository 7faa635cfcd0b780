import { describe, expect, it } from 'vitest';
import { carouselsIn, firstAnswersFile, markedButtons } from '../../scripts/prerender/first-answers';
import { firstAnswersUrl, parseAnswers } from './answer-before-the-app';
import { renderFirstAnswers, renderPage, renderSendingToast } from './render-page';

/** The page's own buttons as the browser sees them in #root, before the app is up. */
async function buttonsOf(path: string): Promise<HTMLButtonElement[]> {
  const { html } = await renderPage(path);
  const page = new DOMParser().parseFromString(
    `<!doctype html><html><body><div id="root">${html}</div></body></html>`,
    'text/html',
  );
  return [...page.getElementById('root')!.querySelectorAll('button')];
}

/** The home page's answers file, as the build writes it. */
async function homeAnswers(): Promise<ReturnType<typeof parseAnswers>> {
  const { answeredPage, slides, guideDialog } = await renderFirstAnswers('/');
  return parseAnswers(firstAnswersFile(answeredPage, guideDialog, slides, await renderSendingToast())!);
}

describe('first answers (decision 013, session 2)', () => {
  it('asks for the answers file of the page it is on', () => {
    expect(firstAnswersUrl('/')).toBe('/first-answers/index.html');
    expect(firstAnswersUrl('/realtors')).toBe('/first-answers/realtors.html');
    expect(firstAnswersUrl('/realtors/')).toBe('/first-answers/realtors.html');
  });

  it("finds the home page's guide openers and estimate form's button among the page's own buttons", async () => {
    const answers = await homeAnswers();
    const buttons = await buttonsOf('/');
    expect(answers.buttons).toBe(buttons.length);
    const answerOf = (text: string) =>
      buttons.flatMap((button, index) => (button.textContent === text ? [answers.byButton.get(index)?.kind] : []));
    expect(answerOf('Get Free Pro Tips')).toEqual(['guide']);
    expect(answerOf('Free Flooring Guide')).toEqual(['guide', 'guide', 'guide']);
    expect(answerOf('Get the free flooring guide')).toEqual(['guide']);
    // The menu answers from the page's own markup (decision 013, session 30): nothing of it is in the file.
    expect(answerOf('Menu')).toEqual([undefined]);
    expect(answerOf('Send My Request')).toEqual(['sending-toast']);
  });

  it('carries the open dialog with its title, description and e-mail field', async () => {
    const answers = await homeAnswers();
    const kinds = new Map([...answers.byButton.values()].map((answer) => [answer.kind, answer.content]));
    const dialog = kinds.get('guide')!;
    expect(dialog.querySelector('[role="dialog"] h2')?.textContent).toBe('Free Flooring Guide');
    expect(dialog.querySelector('h2 + p')?.textContent).toBe(
      '5 Pro Tips to Choose the Right Floors (And Save Money Doing It)',
    );
    expect(dialog.querySelector('input[name="email"][type="email"]')).not.toBeNull();
    expect(dialog.querySelector('button[aria-label="Close"]')).not.toBeNull();
  });

  it("gives a partner page its form's problems when sent empty, as the form itself says them", async () => {
    const { answeredPage, slides, guideDialog } = await renderFirstAnswers('/realtors');
    const answers = parseAnswers(firstAnswersFile(answeredPage, guideDialog, slides)!);
    expect([...answers.byButton.values()].map((answer) => answer.kind)).toEqual(['form-errors']);
    const buttons = await buttonsOf('/realtors');
    const form = answers.byButton.get(buttons.findIndex((button) => button.textContent === 'Submit Application'))!;
    expect(form.kind).toBe('form-errors');
    expect(form.content.querySelector('form [role="alert"]')?.textContent).toMatch(
      /^Please fix 4 fields before sending your application:/,
    );
    expect(form.content.querySelectorAll('form [aria-invalid="true"]')).toHaveLength(4);
    // The page's own form starts without problems.
    const { html } = await renderPage('/realtors');
    expect(html).not.toContain('Please fix');
  });

  it('gives the dialog ids of its own: it joins the page beside the prerendered markup', async () => {
    const { guideDialog } = await renderFirstAnswers('/');
    const { html } = await renderPage('/');
    const ids = (markup: string) => [...markup.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    const pageIds = new Set(ids(html));
    expect(ids(guideDialog).length).toBeGreaterThan(2);
    expect(ids(guideDialog).filter((id) => pageIds.has(id))).toEqual([]);
  });

  it('reads marks from the opening tags of buttons only', () => {
    const marked = markedButtons(
      '<button>a</button><button data-first-answer="carousel">b</button><div data-first-answer="guide"></div>',
    );
    expect(marked.count).toBe(2);
    expect([...marked.byKind]).toEqual([['carousel', [1]]]);
  });

  it("carries the home page's carousel at each of its slides, for its previous, dot and next buttons", async () => {
    const answers = await homeAnswers();
    const buttons = await buttonsOf('/');
    const carousel = answers.byButton.get(buttons.findIndex((button) => button.textContent === 'Next testimonial'))!;
    expect(carousel.kind).toBe('carousel');
    expect(
      carousel.controls.map((index) => buttons[index]!.textContent || buttons[index]!.getAttribute('aria-label')),
    ).toEqual([
      'Previous testimonial',
      'Show testimonial 1 of 3',
      'Show testimonial 2 of 3',
      'Show testimonial 3 of 3',
      'Next testimonial',
    ]);
    const shown = [...carousel.content.querySelectorAll('[data-slide] [aria-roledescription="slide"]')];
    expect(shown.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(new Set(shown.map((slide) => slide.textContent)).size).toBe(3);
  });

  it("carries the estimate form's loading toast as sonner draws it, with sonner's stylesheet (session 3)", async () => {
    const answers = await homeAnswers();
    const toast = [...answers.byButton.values()].find((answer) => answer.kind === 'sending-toast')!.content;
    const region = toast.querySelector('section[aria-live="polite"]')!;
    expect(region.querySelector('[data-sonner-toast] [data-title]')?.textContent).toBe('Sending your message...');
    expect(region.querySelector('[data-sonner-toast] [data-description]')?.textContent).toBe(
      'Please wait while we process your request.',
    );
    expect(region.querySelector('[data-sonner-toast] [data-icon] svg')?.getAttribute('class')).toMatch(/animate-spin/);
    expect(region.querySelector('button[aria-label="Close toast"]')).not.toBeNull();
    expect(toast.querySelector('style')?.textContent).toContain('[data-sonner-toaster]');
    // The form's button as the form draws it while sending (spec section 4), for the page to label its own with.
    const button = toast.querySelector('[data-sending-button]')!;
    expect(button.textContent).toBe('Submitting...');
    expect(button.querySelector('svg')?.getAttribute('class')).toMatch(/animate-spin/);
    // The partner pages have no estimate form: no toast to carry.
    const { answeredPage, slides, guideDialog } = await renderFirstAnswers('/realtors');
    expect(firstAnswersFile(answeredPage, guideDialog, slides)).not.toContain('data-sonner-toast');
  });

  it('cuts a carousel out whole, nested <div>s and all', () => {
    const page =
      '<p>x</p><div role="region" aria-roledescription="carousel"><div><div>a</div></div><div>b</div></div><div>after</div>';
    expect(carouselsIn(page).map((carousel) => carousel.html)).toEqual([
      '<div role="region" aria-roledescription="carousel"><div><div>a</div></div><div>b</div></div>',
    ]);
  });
});
