import { isIP } from 'node:net';
import { getDomain } from 'tldts';
import { answerBegunOf, type Reply } from './http.ts';
import { entryOf, isNetworkOnlyHost } from './site.ts';
import type { Outcome } from './test-rows.ts';

/**
 * The site's other name, as visitors type it: the bare domain for a `www.` site, `www.` for a site on the bare
 * domain; none for an address, a name only this network reaches, or another sub-domain (no convention pairs them).
 * The domain is the one the public suffix list says can be registered (a host's own name under its platform's suffix,
 * `floors.netlify.app`, pairs with `www.floors.netlify.app`, which such platforms answer with their not-found page).
 */
export function otherNameOf(site: URL): string | undefined {
  const host = site.hostname.replace(/\.$/, '').toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) || isNetworkOnlyHost(host)) return undefined;
  const domain = getDomain(host, { allowPrivateDomains: true });
  if (!domain) return undefined;
  if (host === domain) return `www.${domain}`;
  if (host === `www.${domain}`) return domain;
  return undefined;
}

/**
 * The line "the site's other name serves no other site" (red-team, session 28). The check asked only the address
 * it was given, so a bare domain still pointing at the old host (a parked page, the previous site with its old forms)
 * while `www.` moved, or one a host redirects to another site, passed: every visitor who types the name without
 * `www.` met it. What the other name answers: a redirect must lead to the site's host, a page must start the site's
 * entry (the same build); no answer at all (not in DNS, refused, a certificate not for it, a not-found page) serves
 * nothing stale, and the line says so rather than fail.
 */
export function otherNameOutcome(site: URL, otherName: string | undefined, reply: Reply | Error | undefined, siteEntry: string | undefined): Outcome {
  if (!otherName) return { ok: true, detail: `${site.hostname} has no bare or www. name to ask (an address, a name of this network, or a sub-domain of another)` };
  const asked = `${site.protocol}//${otherName}${site.port ? `:${site.port}` : ''}/`;
  if (!reply) return { ok: true, detail: `${asked} was not asked` };
  // An answer begun and cut off is no "nothing" (session 33): browsers show, and run the scripts of, what arrived.
  if (reply instanceof Error && answerBegunOf(reply) !== undefined) {
    return {
      ok: false,
      detail: `${asked} began an answer (${answerBegunOf(reply)}) and did not finish it (${reply.message.slice(0, 80)}): browsers show what arrived, and run its scripts, while what it is cannot be read from here; point the name at the site's host and redirect it to ${site.origin}`,
    };
  }
  if (reply instanceof Error) return { ok: true, detail: `${asked} answers nothing (${reply.message.slice(0, 80)}), so it serves no other site; visitors who type it reach no page` };
  const location = String(reply.headers.location ?? '');
  if (reply.status >= 300 && reply.status < 400) {
    const target = location && URL.canParse(location, asked) ? new URL(location, asked) : undefined;
    return target?.hostname === site.hostname
      ? { ok: true, detail: `${asked} redirects to ${target.origin}` }
      : { ok: false, detail: `${asked} redirects to ${location || 'nowhere'}, not to ${site.origin}: visitors who type the name ${otherName.startsWith('www.') ? 'with' : 'without'} www. land elsewhere; redirect it to ${site.origin}` };
  }
  if (reply.status !== 200) return { ok: true, detail: `${asked} answers ${reply.status}, no page, so it serves no other site; visitors who type it reach no page` };
  const entry = entryOf(reply.body, new URL(asked));
  return entry !== undefined && entry === siteEntry
    ? { ok: true, detail: `${asked} serves the same build (${entry})` }
    : {
        ok: false,
        detail: `${asked} serves a page of ${entry ? `another build (${entry}, where ${site.origin} starts ${siteEntry ?? 'nothing'})` : 'another site (it starts none of the build\'s scripts)'}: visitors who type the name ${otherName.startsWith('www.') ? 'with' : 'without'} www. get it, its forms and its phone number (the old host the name still points at, a parked page); point the name at the site's host and redirect it to ${site.origin}`,
      };
}
