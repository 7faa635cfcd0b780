import { useSyncExternalStore } from 'react';

/** Marks the element that shows the year, so the app can read which year the prerendered page shows. */
const YEAR_ATTRIBUTE = 'data-current-year';

const thisYear = () => new Date().getFullYear();
const neverChanges = () => () => {};

/** The year the prerendered page shows (on the server: this year, which is what it renders). */
function yearOnThePrerenderedPage(): number {
  if (typeof document === 'undefined') return thisYear();
  const shown = Number(document.querySelector(`[${YEAR_ATTRIBUTE}]`)?.getAttribute(YEAR_ATTRIBUTE));
  return Number.isInteger(shown) && shown > 0 ? shown : thisYear();
}

/**
 * This year, for the copyright line (spec section 2: "a copyright with the current year"). A page prerendered last
 * year shows last year's; rendering this year's while React takes the page over would not match it, and React would
 * throw the prerendered page away and render it all again. So the app takes the page over with the year it shows,
 * then moves on to this year.
 */
export function useCurrentYear(): { year: number; yearAttributes: Record<typeof YEAR_ATTRIBUTE, number> } {
  const year = useSyncExternalStore(neverChanges, thisYear, yearOnThePrerenderedPage);
  return { year, yearAttributes: { [YEAR_ATTRIBUTE]: year } };
}
