import { Icon } from '@/components/ui/icon';
import { Loader2 } from '@/components/ui/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { RUG_CHOICES, RUG_CHOICE_LABELS, type RugChoice as RugChoiceValue } from '@contracts/visualizer-webhook';
import type { VisualizerRequest } from '../api/get-visualizer-request';
import { useRequestRugChoice } from '../api/request-floor-correction';
import { useCorrectionRender } from '../api/wait-for-correction';
import { RenderProblem } from './render-problem';

export const rugChoiceTexts = {
  legend: 'Rugs and carpet',
  hint: 'We found rugs or carpet on this floor. Choose whether the new wood goes under them or replaces them.',
  rendering: 'Re-rendering your floor...',
  renderFailed: "We couldn't re-render your floor this time. Please try again.",
  lost: "We couldn't check on your new floor. It may still be on its way.",
  rendered: {
    keep: 'Your floor was re-rendered with your rugs kept.',
    replace: 'Your floor was re-rendered with the carpet and rugs replaced by wood.',
  },
} as const;

type RugChoiceProps = {
  requestId: string;
  correctionToken: string;
  /** The choice the shown render was made with. */
  value: RugChoiceValue;
  /** The shown render's number: after a webhook call without an answer, the row tells whether a newer one comes. */
  renderNumber: number;
  /** While the visitor fixes the floor, the choice waits. */
  disabled: boolean;
  onRenderingChange: (rendering: boolean) => void;
  onRendered: (row: VisualizerRequest) => void;
};

/**
 * "Keep my rugs" or "Replace carpet and rugs too": one radio group. Picking the other choice asks the processor
 * (with the visitor's token, like a fix) for the next render, which lays the same woods on the other floor the
 * first render found; the shown images stay until it is there. A failure says so and goes back to the choice shown.
 */
export function RugChoice({
  requestId,
  correctionToken,
  value,
  renderNumber,
  disabled,
  onRenderingChange,
  onRendered,
}: RugChoiceProps) {
  const [requested, setRequested] = useState<RugChoiceValue | null>(null);
  const [awaiting, setAwaiting] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  const choice = useRequestRugChoice();
  const wait = useCorrectionRender(requestId, awaiting, round);
  const rendering = choice.isPending || wait.phase === 'rendering';
  const hintId = useId();

  useEffect(() => onRenderingChange(rendering), [rendering, onRenderingChange]);

  const rendered = wait.phase === 'rendered' ? wait.row : null;
  useEffect(() => {
    if (!rendered) return;
    setRequested(null);
    setAwaiting(null);
    onRendered(rendered);
  }, [rendered, onRendered]);

  // The choices are disabled while the render is asked for and made, and a browser then lets the focus fall to the
  // page's start. A render that came is shown by the result step (its picture); one refused, failed or lost leaves the
  // visitor on the choice shown again, under which the problem is said.
  const group = useRef<HTMLFieldSetElement>(null);
  const focusedWhenAsked = useRef(false);
  useEffect(() => {
    // A render that came is the result step's to show: the next commit (the wait over, nothing rendering) must not
    // take the focus back from its picture (in Chromium the two scrolls left the picture above the screen at 360 px).
    if (rendered) focusedWhenAsked.current = false;
    if (rendering || rendered || !focusedWhenAsked.current) return;
    focusedWhenAsked.current = false;
    group.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [rendering, rendered]);

  const pick = (rugs: RugChoiceValue) => {
    if (rugs === value && requested === null) return;
    focusedWhenAsked.current = group.current?.contains(document.activeElement) ?? false;
    setRequested(rugs);
    choice.mutate(
      { requestId, correctionToken, rugs, shownRenderNumber: renderNumber },
      {
        onSuccess: ({ renderNumber }) => {
          setRound((current) => current + 1);
          setAwaiting(renderNumber);
        },
        onError: () => setRequested(null),
      },
    );
  };

  const failed = wait.phase === 'failed';
  const problem = choice.isError
    ? choice.error.message
    : failed
      ? rugChoiceTexts.renderFailed
      : wait.phase === 'lost'
        ? rugChoiceTexts.lost
        : null;
  // A failed render shows the choice the images were made with again.
  const checked = failed ? value : (requested ?? value);

  return (
    <div className="space-y-2">
      <fieldset ref={group} className="space-y-2" disabled={disabled || rendering} aria-describedby={hintId}>
        <legend className="mx-auto text-center text-sm font-semibold text-walnut-900">{rugChoiceTexts.legend}</legend>
        <p id={hintId} className="text-center text-sm text-walnut-800">
          {rugChoiceTexts.hint}
        </p>
        <div className="grid gap-2 sm:mx-auto sm:max-w-xl sm:grid-cols-2">
          {RUG_CHOICES.map((rugs) => (
            <label
              key={rugs}
              className="relative inline-flex min-h-11 cursor-pointer items-center justify-center rounded-full border-2 border-walnut-700/25 bg-white px-4 py-1.5 text-center text-sm font-semibold text-walnut-900 transition-colors hover:border-walnut-700 has-checked:border-walnut-900 has-checked:bg-walnut-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-oak-500 has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              <input
                type="radio"
                name="rug-choice"
                value={rugs}
                checked={checked === rugs}
                onChange={() => pick(rugs)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
              />
              {RUG_CHOICE_LABELS[rugs]}
            </label>
          ))}
        </div>
      </fieldset>
      <div role="status" className="text-center">
        {rendering && (
          <p className="inline-flex items-center gap-2 font-semibold text-walnut-900">
            <Icon icon={Loader2} aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
            {rugChoiceTexts.rendering}
          </p>
        )}
      </div>
      {problem && !rendering && (
        <RenderProblem
          problem={problem}
          lost={wait.phase === 'lost'}
          onCheckAgain={() => setRound((current) => current + 1)}
          className="mx-auto max-w-xl"
        />
      )}
    </div>
  );
}
