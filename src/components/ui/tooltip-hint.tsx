import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { useEffect, useState, useSyncExternalStore, type ReactElement, type ReactNode, type Ref } from 'react';

/** Tooltip timing from spec section 9: 700 ms to open, 300 ms to skip the delay between tooltips. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/*
 * The skip window, shared by every hint on the page. Each hint has a Radix provider of its own (their code loads
 * after the page is up, so no provider can wrap the app: tooltip.tsx), so they share this instead of Radix's: while a
 * hint is open, and for 300 ms after the last one closed, the next opens without the delay.
 */
let openHints = 0;
let skippingTheDelay = false;
let skipWindowTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setSkippingTheDelay(skipping: boolean) {
  if (skipping === skippingTheDelay) return;
  skippingTheDelay = skipping;
  listeners.forEach((listener) => listener());
}

function hintOpened() {
  openHints++;
  clearTimeout(skipWindowTimer);
  setSkippingTheDelay(true);
}

function hintClosed() {
  openHints = Math.max(0, openHints - 1);
  if (openHints > 0) return;
  clearTimeout(skipWindowTimer);
  skipWindowTimer = setTimeout(() => setSkippingTheDelay(false), TOOLTIP_SKIP_DELAY_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

type TooltipHintProps = {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** The trigger element, once rendered. */
  triggerRef?: Ref<HTMLElement>;
};

/**
 * A hint on hover or keyboard focus (use it through tooltip.tsx). Radix closes it on pointer leave, blur, click
 * (pointer down) and Escape; this wrapper also closes it whenever the page or any container scrolls, so a hint
 * never floats away from its trigger.
 */
export function TooltipHint({ content, children, side = 'top', triggerRef }: TooltipHintProps) {
  const [open, setOpen] = useState(false);
  const skipping = useSyncExternalStore(
    subscribe,
    () => skippingTheDelay,
    () => false,
  );

  useEffect(() => {
    if (!open) return;
    hintOpened();
    const close = () => setOpen(false);
    // Capture phase: a scroll inside any container (not only the window) closes the hint too.
    window.addEventListener('scroll', close, { capture: true, passive: true });
    return () => {
      window.removeEventListener('scroll', close, { capture: true });
      hintClosed();
    };
  }, [open]);

  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {/* The hint holds no controls, so the pointer need not reach it: leaving the trigger closes it at once. */}
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen} disableHoverableContent>
        <TooltipPrimitive.Trigger
          asChild
          ref={triggerRef as Ref<HTMLButtonElement>}
          // Inside the skip window the hint opens at once, as Radix's own provider would have it (touch opens none).
          onPointerMove={(event) => {
            if (skipping && event.pointerType !== 'touch') setOpen(true);
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-md bg-walnut-950 px-3 py-1.5 text-sm text-cream-50 shadow-lg"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-walnut-950" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
