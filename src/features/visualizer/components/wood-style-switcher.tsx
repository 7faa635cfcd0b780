import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Loader2 } from '@/components/ui/icons';
import { WOOD_STYLES, type WoodStyleId } from '@contracts/wood-styles';

/** A dab of each wood beside its name, so the choices read at a glance (decoration; the name is the label). */
const SWATCHES: Record<WoodStyleId, string> = {
  'natural-white-oak': '#d9bf96',
  'honey-oak': '#c98b45',
  walnut: '#5b3a26',
  'grey-washed-oak': '#a39b90',
  hickory: '#b27a4c',
};

/** What the page says of woods that are not there to pick (decision 025, session 16). */
export const laterStyleTexts = {
  comingName: 'still coming',
  // Not "couldn't be made": past the processor's bound (LATER_STYLES_TIMEOUT_MS) the woods are marked not made while
  // their work goes on, and if it finishes they are added to the row after all (a reload shows them: session 20).
  notMadeName: 'not made in time',
  coming: 'The other woods are on their way.',
  arrived: 'The other woods are ready.',
  late: 'The other woods are taking longer than usual.',
  // Three reads in a row failed: the page could not ask, and the woods may be there already (decision 040).
  unreachable: "We couldn't reach our server to get the other woods.",
  checkAgain: 'Check again',
  notMade: "We couldn't make the other woods in time. The one shown is ready.",
  /**
   * Woods that joined while others are still coming or missing (decision 049: each is shown as it is laid): said in the
   * line under the group, which a screen reader reads out politely, so a wood that can now be picked is heard of
   * without the focus moving.
   */
  ready: (names: readonly string[]) =>
    `${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`} ${names.length === 1 ? 'is' : 'are'} ready.`,
  notMadeOthers: "We couldn't make the other woods in time.",
};

/** Why the page stopped following the woods still coming: their reads ran out, or failed; false while it follows them. */
export type LaterStylesLost = 'late' | 'unreachable' | false;

type WoodStyleSwitcherProps = {
  /** The woods rendered for this photo: these can be picked. */
  styles: readonly WoodStyleId[];
  /** Woods still being laid after the first one: shown, not yet picked. */
  coming?: readonly WoodStyleId[];
  /** Woods that could not be made for this photo. */
  notMade?: readonly WoodStyleId[];
  /** The page stopped following the woods still coming, and why (its reads ran out, or failed). */
  comingLate?: LaterStylesLost;
  /** Reads again for the woods still coming, once the page stopped following them (shown with `comingLate`). */
  onCheckAgain?: () => void;
  value: WoodStyleId;
  onChange: (style: WoodStyleId) => void;
  disabled?: boolean;
};

/**
 * The woods of this photo, as one radio group: a click or a tap picks one, and the arrow keys move through them like
 * any radio group. A wood still coming, or that could not be made, is a disabled choice whose name says so, and a
 * line under the group says it in words (read out when it changes).
 */
export function WoodStyleSwitcher({
  styles,
  coming = [],
  notMade = [],
  comingLate = false,
  onCheckAgain,
  value,
  onChange,
  disabled = false,
}: WoodStyleSwitcherProps) {
  // Once woods were said to be coming, their arrival is said too: an emptied line was silent for a screen reader, and
  // everything under it (the "Fix the floor" button) moved up a line as the visitor may have been about to tap it.
  // So too for woods said not made in time, which the page still listens for (useStylesMadeLate) and adds if they come.
  // The woods once said to be coming or not made: those of them that can be picked now are named while others are
  // still missing (they join one by one, decision 049).
  const [awaited, setAwaited] = useState<readonly WoodStyleId[]>([]);
  const line = useRef<HTMLParagraphElement>(null);
  const missing = [...coming, ...notMade];
  if (missing.some((style) => !awaited.includes(style))) {
    setAwaited([...awaited, ...missing.filter((style) => !awaited.includes(style))]);
  }
  const othersAwaited = awaited.length > 0;
  const readyNames = WOOD_STYLES.filter((style) => awaited.includes(style.id) && styles.includes(style.id)).map(
    (style) => style.label,
  );
  const ready = readyNames.length > 0 ? `${laterStyleTexts.ready(readyNames)} ` : '';
  const note =
    coming.length > 0
      ? comingLate
        ? laterStyleTexts[comingLate]
        : `${ready}${laterStyleTexts.coming}`
      : notMade.length > 0
        ? ready
          ? `${ready}${laterStyleTexts.notMadeOthers}`
          : laterStyleTexts.notMade
        : othersAwaited
          ? laterStyleTexts.arrived
          : '';
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mx-auto text-center text-sm font-semibold text-walnut-900">Wood style</legend>
      <div className="flex flex-wrap justify-center gap-2">
        {WOOD_STYLES.filter(
          (style) => styles.includes(style.id) || coming.includes(style.id) || notMade.includes(style.id),
        ).map((style) => {
          const isComing = !styles.includes(style.id) && coming.includes(style.id);
          const unavailable = !styles.includes(style.id);
          return (
            <label
              key={style.id}
              className="relative inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-walnut-700/25 bg-white px-3 py-1.5 text-sm font-semibold text-walnut-900 transition-colors hover:border-walnut-700 has-checked:border-walnut-900 has-checked:bg-walnut-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-oak-500 has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              <input
                type="radio"
                name="wood-style"
                value={style.id}
                checked={value === style.id}
                disabled={unavailable}
                // The wood's name, and why it cannot be picked yet (the visible words are under the group).
                aria-label={
                  unavailable
                    ? `${style.label} (${isComing ? laterStyleTexts.comingName : laterStyleTexts.notMadeName})`
                    : undefined
                }
                onChange={() => onChange(style.id)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
              />
              {/* No spinner once the page stopped following them: nothing is turning that it would hear of. */}
              {isComing && !comingLate ? (
                <Icon
                  icon={Loader2}
                  aria-hidden="true"
                  className="size-5 animate-spin text-walnut-700 motion-reduce:animate-none"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="size-5 rounded-full ring-2 ring-white"
                  style={{ backgroundColor: SWATCHES[style.id] }}
                />
              )}
              {style.label}
            </label>
          );
        })}
      </div>
      {/* Kept in the accessibility tree while empty, so the words put in it later are announced. */}
      <p ref={line} role="status" tabIndex={-1} className="text-center text-sm text-walnut-700 outline-none">
        {note}
      </p>
      {coming.length > 0 && comingLate && onCheckAgain && (
        <div className="flex justify-center">
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              // The button goes with the late note: the focus goes to the line that says what happens now.
              line.current?.focus();
              onCheckAgain();
            }}
          >
            {laterStyleTexts.checkAgain}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
