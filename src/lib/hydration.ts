/**
 * Whether React is taking over a prerendered page right now. An effect that reacts to "the page opened" (for
 * example, going to the top) must not fire then: the page opened earlier, and the visitor may already be
 * reading further down by the time the app is up.
 */
let hydrating = false;

export function setHydrating(value: boolean): void {
  hydrating = value;
}

export function isHydrating(): boolean {
  return hydrating;
}
