import type { Outcome } from './test-rows.ts';

type PageOutcome = Outcome & { skipped?: boolean };

/**
 * One line's outcome from each page's, for what a host sets page by page: a response header such as HSTS or the
 * content security policy, which an nginx `add_header` in one `location` block drops for that block's pages (it
 * replaces the server block's), as does a `_headers` or `vercel.json` rule written for `/` alone. Judged on the home
 * page only, such a site passed while the pages with the forms could be framed by any site. A page that fails fails
 * the line, else a page that could not be judged makes it `skip`; it is ok only when every page is. Pages with one
 * outcome are named together, and the pages that were fine are named too, so the line shows a rule for some pages.
 */
export function everyPageOutcome(outcomes: ReadonlyMap<string, PageOutcome>): PageOutcome {
  const all = [...outcomes];
  if (all.length === 0) return { ok: false, detail: 'no page could be read (see the page lines above)' };
  const failing = all.filter(([, outcome]) => !outcome.ok && !outcome.skipped);
  const unjudged = all.filter(([, outcome]) => outcome.skipped);
  const fine = all.filter(([, outcome]) => outcome.ok);
  const worst = failing.length > 0 ? failing : unjudged.length > 0 ? unjudged : fine;
  const details = new Map<string, string[]>();
  for (const [page, outcome] of worst) details.set(outcome.detail, [...(details.get(outcome.detail) ?? []), page]);
  if (worst === fine) {
    return { ok: true, detail: `${fine[0]![1].detail} (all ${fine.length} pages)` };
  }
  const outcome = { ok: false, ...(worst === unjudged ? { skipped: true } : {}) };
  // Every page alike: the line reads as it did for one page.
  if (details.size === 1 && worst.length === all.length) return { ...outcome, detail: worst[0]![1].detail };
  const others = all.filter(([page]) => !worst.some(([worstPage]) => worstPage === page)).map(([page]) => page);
  return {
    ...outcome,
    detail: `${[...details].map(([detail, pages]) => `on ${pages.join(', ')}: ${detail}`).join('; ')}${
      others.length > 0
        ? ` (not on ${others.join(', ')}: a host rule for some pages only, such as nginx's add_header in one location block, which replaces the server block's)`
        : ''
    }`,
  };
}
