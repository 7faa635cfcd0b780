import type { Outcome } from './test-rows.ts';

type PageOutcome = Outcome & { skipped?: boolean };

/** Why a line names host rules for some pages only, when some pages were fine and others not. */
const SOME_PAGES_ONLY =
  "a host rule for some pages only, such as nginx's add_header in one location block, which replaces the server block's";

/**
 * One line's outcome from each page's, for what a host sets page by page: a response header such as HSTS or the
 * content security policy, which an nginx `add_header` in one `location` block drops for that block's pages (it
 * replaces the server block's), as does a `_headers` or `vercel.json` rule written for `/` alone. Judged on the home
 * page only, such a site passed while the pages with the forms could be framed by any site. A page that fails fails
 * the line, else a page that could not be judged, or one that could not be read (`unread`, which its own line
 * explains), makes it `skip`; it is ok only when every page is. The detail names each kind apart: the pages that
 * fail, those not judged and why, those not read, and the pages that were fine (so the line shows a rule for some
 * pages); a page is never counted among the fine ones unless it was judged fine.
 */
export function everyPageOutcome(
  outcomes: ReadonlyMap<string, PageOutcome>,
  unread: readonly string[] = [],
): PageOutcome {
  const all = [...outcomes];
  if (all.length === 0) return { ok: false, detail: 'no page could be read (see the page lines above)' };
  const failing = all.filter(([, outcome]) => !outcome.ok && !outcome.skipped);
  const unjudged = all.filter(([, outcome]) => outcome.skipped);
  const fine = all.filter(([, outcome]) => outcome.ok);
  const notRead =
    unread.length > 0
      ? `not read: ${unread.join(', ')} (see ${unread.length === 1 ? 'its page line' : 'their page lines'} above)`
      : '';
  if (failing.length === 0 && unjudged.length === 0) {
    if (unread.length === 0) return { ok: true, detail: `${fine[0]![1].detail} (all ${fine.length} pages)` };
    return { ok: false, skipped: true, detail: `${fine[0]![1].detail} on the ${fine.length} pages read; ${notRead}` };
  }
  const grouped = (pages: typeof all) => {
    const details = new Map<string, string[]>();
    for (const [page, outcome] of pages) details.set(outcome.detail, [...(details.get(outcome.detail) ?? []), page]);
    return [...details];
  };
  const outcome = { ok: false, ...(failing.length === 0 ? { skipped: true } : {}) };
  // Every page alike: the line reads as it did for one page.
  const worst = failing.length > 0 ? failing : unjudged;
  if (worst.length === all.length && unread.length === 0 && grouped(worst).length === 1)
    return { ...outcome, detail: worst[0]![1].detail };
  const parts = [
    ...grouped(failing).map(([detail, pages]) => `on ${pages.join(', ')}: ${detail}`),
    // Beside a failure, a page not judged is named as such: it is neither one that fails nor one that is fine.
    ...grouped(unjudged).map(
      ([detail, pages]) => `${failing.length > 0 ? 'not judged on' : 'on'} ${pages.join(', ')}: ${detail}`,
    ),
    ...(notRead ? [notRead] : []),
  ];
  return {
    ...outcome,
    detail: `${parts.join('; ')}${fine.length > 0 ? ` (fine on ${fine.map(([page]) => page).join(', ')}: ${SOME_PAGES_ONLY})` : ''}`,
  };
}
