import { cloneElement, useEffect, useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { useCodeTakenUpAsATransition } from '@/lib/code-taken-up-as-a-transition';
import { inATaskOfItsOwn } from '@/lib/next-task';

type TooltipProps = {
  /** The hint shown after a 700 ms delay (spec section 9). */
  content: ReactNode;
  /** One focusable element (a button or link); it becomes the trigger. */
  children: ReactElement<{ ref?: (node: HTMLElement | null) => void }>;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

type HintModule = typeof import('./tooltip-hint');

let hintModule: HintModule | undefined;
let loading: Promise<HintModule> | undefined;
const listeners = new Set<() => void>();

/**
 * The hints' code (Radix Tooltip with floating-ui, about 11 KB brotli) is a chunk of its own, which the page does
 * not need to be interactive: it loads once a page with a hint is up (decision 013).
 */
export function loadTooltipHints(): Promise<HintModule> {
  loading ??= import('./tooltip-hint').then(
    (module) => {
      hintModule = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

let asked = false;
/**
 * Asks for the hints' code once, in a task of its own: not in the one React runs the hydrated page's effects in
 * (src/lib/next-task.ts), and one timer for all of the page's hints (a timer each cost a few ms there).
 */
function loadTooltipHintsSoon(): void {
  if (asked) return;
  asked = true;
  inATaskOfItsOwn(() => {
    loadTooltipHints().catch((error: unknown) => {
      asked = false;
      console.error('The tooltips could not load:', error);
    });
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentHints = () => hintModule;

/**
 * A hint on hover or keyboard focus (700 ms delay, 300 ms skip window; closes on leave, blur, click, scroll and
 * Escape: tooltip-hint.tsx). Until its code is in, the trigger is rendered as it is, as the prerendered page has
 * it (so hydration matches); then it becomes the hint's trigger, keeping focus if it had it.
 */
export function Tooltip({ content, children, side }: TooltipProps) {
  // The server and hydration render the trigger alone; the hint takes over once its code is in.
  const hints = useCodeTakenUpAsATransition(subscribe, currentHints, undefined);
  const plainTrigger = useRef<HTMLElement | null>(null);
  // Whether the trigger alone had focus as React took it out of the page (its ref is let go first).
  const plainTriggerHadFocus = useRef(false);
  const hintTrigger = useRef<HTMLElement | null>(null);

  useEffect(loadTooltipHintsSoon, []);

  // The trigger is a new element once the hint takes over: if the old one had focus, the new one gets it.
  useLayoutEffect(() => {
    if (hints && plainTriggerHadFocus.current && !plainTrigger.current?.isConnected) {
      hintTrigger.current?.focus();
    }
  }, [hints]);

  if (!hints) {
    return cloneElement(children, {
      ref: (node: HTMLElement | null) => {
        if (node) plainTrigger.current = node;
        else
          plainTriggerHadFocus.current =
            plainTrigger.current !== null && document.activeElement === plainTrigger.current;
      },
    });
  }
  return (
    <hints.TooltipHint content={content} side={side} triggerRef={hintTrigger}>
      {children}
    </hints.TooltipHint>
  );
}
