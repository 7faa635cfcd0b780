import { createContext, useContext } from 'react';

/**
 * What a control does on a first tap made before the app is up: its answer is shown by the page's entry
 * without React (src/app/answer-before-the-app.ts), from markup the build renders with these same components
 * (scripts/prerender/first-answers.ts), and React takes over once it is up (decision 013, session 2).
 * - `guide`: opens the free-guide dialog;
 * - `carousel`: a testimonial carousel's previous, dot and next buttons move it;
 * - `form-errors`: sending a partner application with every field empty shows what is missing;
 * - `sending-toast`: sending the estimate form shows the browser's own check of its fields, or the loading toast
 *   with the button reading 'Submitting...'.
 */
export type FirstAnswerKind = 'guide' | 'carousel' | 'form-errors' | 'sending-toast';

/** The build's first-answers render: carousels show the slide at this index (one render per slide). */
export type FirstAnswersRenderState = { slide: number };

/**
 * True only in the build's extra render of a page for its first answers: controls say which answer they give
 * (`data-first-answer`) and components that have an answered state (the estimate form sending, a partner form's errors) render it. The pages
 * themselves are rendered and hydrated without it, so none of this reaches their HTML.
 */
export const FirstAnswersRender = createContext<FirstAnswersRenderState | undefined>(undefined);

/** Props that mark a control with the answer it gives, in the build's first-answers render only. */
export function useFirstAnswerMark(kind: FirstAnswerKind): { 'data-first-answer'?: FirstAnswerKind } {
  return useContext(FirstAnswersRender) ? { 'data-first-answer': kind } : {};
}

/** Whether this render shows the answered state (the build's first-answers render). */
export function useRendersFirstAnswers(): boolean {
  return useContext(FirstAnswersRender) !== undefined;
}

/** The slide a carousel starts at: the first, but in the build's render for a later slide's answer. */
export function useFirstAnswerSlide(): number {
  return useContext(FirstAnswersRender)?.slide ?? 0;
}
