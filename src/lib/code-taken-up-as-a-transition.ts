import { startTransition, useEffect, useState } from 'react';

/**
 * Code a page takes up once it has come in (the tooltips' hints), read from the module that
 * loads it (`current`, with `subscribe` telling when it changes), and rendered as a transition: React then renders
 * what it changes in slices of a few milliseconds, and a tap meanwhile goes first.
 *
 * Not `useSyncExternalStore`: React renders a change that hook reports at once and in one piece (a store must not
 * tear). On the home page the hints' and the toasts' chunks come in right after hydration, and their one render
 * of every hint and the toasts' region was one task of about 12 ms of CPU: 45 ms on Lighthouse's 4x slower phone,
 * and blocking time as soon as the machine is busy (decision 013, session 4).
 *
 * Every component starts with `beforeItCame`, as the server rendered it (and so as React takes over a prerendered
 * page), and takes the code up right after it has mounted if it is in by then: a server render cannot tell it
 * from a client one here (useSyncExternalStore's server snapshot could, at the price above).
 */
export function useCodeTakenUpAsATransition<T>(
  subscribe: (listener: () => void) => () => unknown,
  current: () => T,
  beforeItCame: T,
): T {
  const [code, setCode] = useState<T>(beforeItCame);
  useEffect(() => {
    const takeUp = () => startTransition(() => setCode(() => current()));
    takeUp();
    const unsubscribe = subscribe(takeUp);
    return () => {
      unsubscribe();
    };
  }, [subscribe, current]);
  return code;
}
