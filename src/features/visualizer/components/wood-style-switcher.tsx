import { WOOD_STYLES, type WoodStyleId } from '@contracts/wood-styles';

/** A dab of each wood beside its name, so the choices read at a glance (decoration; the name is the label). */
const SWATCHES: Record<WoodStyleId, string> = {
  'natural-white-oak': '#d9bf96',
  'honey-oak': '#c98b45',
  walnut: '#5b3a26',
  'grey-washed-oak': '#a39b90',
  hickory: '#b27a4c',
};

type WoodStyleSwitcherProps = {
  styles: readonly WoodStyleId[];
  value: WoodStyleId;
  onChange: (style: WoodStyleId) => void;
  disabled?: boolean;
};

/**
 * The woods rendered for this photo, as one radio group: a click or a tap picks one, and the arrow keys move
 * through them like any radio group.
 */
export function WoodStyleSwitcher({ styles, value, onChange, disabled = false }: WoodStyleSwitcherProps) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mx-auto text-center text-sm font-semibold text-walnut-900">Wood style</legend>
      <div className="flex flex-wrap justify-center gap-2">
        {WOOD_STYLES.filter((style) => styles.includes(style.id)).map((style) => (
          <label
            key={style.id}
            className="relative inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-walnut-700/25 bg-white px-3 py-1.5 text-sm font-semibold text-walnut-900 transition-colors hover:border-walnut-700 has-checked:border-walnut-900 has-checked:bg-walnut-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-oak-500 has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name="wood-style"
              value={style.id}
              checked={value === style.id}
              onChange={() => onChange(style.id)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
            />
            <span aria-hidden="true" className="size-5 rounded-full ring-2 ring-white" style={{ backgroundColor: SWATCHES[style.id] }} />
            {style.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
