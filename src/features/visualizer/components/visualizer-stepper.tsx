import { Icon } from '@/components/ui/icon';
import { Check } from '@/components/ui/icons';

export type VisualizerStep = 'upload' | 'info' | 'processing' | 'result';

export const VISUALIZER_STEPS: readonly { step: VisualizerStep; label: string }[] = [
  { step: 'upload', label: 'Upload' },
  { step: 'info', label: 'Your info' },
  { step: 'processing', label: 'Processing' },
  { step: 'result', label: 'Result' },
];

/**
 * The four steps, with the current one marked for assistive technology (aria-current="step"). `null`: the page does
 * not know where the visitor is (a result link being read, or naming no result it can find), so no step is marked
 * done or current.
 */
export function VisualizerStepper({ current }: { current: VisualizerStep | null }) {
  const currentIndex = VISUALIZER_STEPS.findIndex(({ step }) => step === current);
  return (
    <nav aria-label="Progress">
      <ol className="flex items-center gap-1 sm:gap-2">
        {VISUALIZER_STEPS.map(({ step, label }, index) => {
          const done = index < currentIndex;
          const active = index === currentIndex;
          return (
            <li
              key={step}
              className="flex flex-1 items-center gap-1 sm:gap-2 last:flex-none"
              aria-current={active ? 'step' : undefined}
            >
              <span className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={[
                    'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
                    done ? 'border-walnut-800 bg-walnut-800 text-white' : '',
                    active ? 'border-oak-500 bg-oak-400 text-walnut-950' : '',
                    !done && !active ? 'border-walnut-700/30 bg-white text-walnut-700' : '',
                  ].join(' ')}
                >
                  {done ? <Icon icon={Check} className="size-4" /> : index + 1}
                </span>
                <span
                  className={[
                    'text-xs font-semibold sm:text-sm',
                    active ? 'text-walnut-950' : 'text-walnut-700',
                    active ? '' : 'sr-only sm:not-sr-only',
                  ].join(' ')}
                >
                  {label}
                  {done && <span className="sr-only"> (done)</span>}
                </span>
              </span>
              {index < VISUALIZER_STEPS.length - 1 && (
                <span
                  aria-hidden="true"
                  className={`h-0.5 flex-1 rounded ${done ? 'bg-walnut-800' : 'bg-walnut-700/20'}`}
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
