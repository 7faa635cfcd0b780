import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';

type TooltipProps = {
  /** The hint shown after the provider's 700 ms delay (spec section 9). */
  content: ReactNode;
  /** One focusable element (a button or link); it becomes the trigger. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

/**
 * A hint on hover or keyboard focus. Timing comes from the app's TooltipProvider (700 ms open delay, 300 ms
 * skip window). Radix closes it on pointer leave, blur, click (pointer down) and Escape; this wrapper also
 * closes it whenever the page or any container scrolls, so a hint never floats away from its trigger.
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    // Capture phase: a scroll inside any container (not only the window) closes the hint too.
    window.addEventListener('scroll', close, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', close, { capture: true });
  }, [open]);

  return (
    // The hint holds no controls, so the pointer need not reach it: leaving the trigger closes it at once.
    <TooltipPrimitive.Root open={open} onOpenChange={setOpen} disableHoverableContent>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
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
  );
}
