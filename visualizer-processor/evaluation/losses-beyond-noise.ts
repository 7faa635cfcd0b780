import type { VisitorJudgement } from './visitor-view.ts';

/** A photo's judgement from one input (the file, a nudge of it, an upload), with the photo's id. */
export type JudgedPhoto = Pick<VisitorJudgement, 'believable' | 'precision'> & { id: string };

/** Precision must fall by more than this below every reference to count as lost. */
export const PRECISION_LOSS = 0.01;

/**
 * The photos an input loses beyond the engine's own noise (issue 35, decision 025): a photo the file and every
 * reference (invisible nudges of the file) render believably but this input does not, and a photo whose precision
 * from this input is more than `PRECISION_LOSS` below that of every reference. A photo whose references disagree
 * among themselves is inside the noise for believability, and for precision down to the lowest of them.
 * `input` and each of `references` hold the same photos in the same order.
 */
export function lossesBeyondNoise(
  input: readonly JudgedPhoto[],
  references: readonly (readonly JudgedPhoto[])[],
): { believability: string[]; precision: string[] } {
  for (const reference of references) {
    if (reference.length !== input.length || reference.some((photo, i) => photo.id !== input[i]!.id))
      throw new Error('Every reference must judge the same photos as the input, in the same order');
  }
  const believability: string[] = [];
  const precision: string[] = [];
  input.forEach((photo, i) => {
    if (!photo.believable && references.every((reference) => reference[i]!.believable)) believability.push(photo.id);
    if (photo.precision < Math.min(...references.map((reference) => reference[i]!.precision)) - PRECISION_LOSS)
      precision.push(photo.id);
  });
  return { believability, precision };
}
