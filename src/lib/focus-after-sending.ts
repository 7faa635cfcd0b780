import { useEffect, useRef, type RefObject } from 'react';

/**
 * While a form sends, its controls are disabled, and the browser drops keyboard focus to the page itself: the
 * next Tab would start again at "Skip to content". Once the form is enabled again (after its render, since a
 * disabled button cannot take focus), focus goes back to `target`, unless the visitor has moved it elsewhere.
 */
export function useFocusBackAfterSending(sending: boolean, target: RefObject<HTMLElement | null>) {
  const wasSending = useRef(false);
  useEffect(() => {
    const lostFocus = document.activeElement === null || document.activeElement === document.body;
    if (wasSending.current && !sending && lostFocus) target.current?.focus();
    wasSending.current = sending;
  }, [sending, target]);
}
