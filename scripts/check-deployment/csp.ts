import type { Outcome } from './test-rows.ts';

/**
 * The Content-Security-Policy decision 033 asks each host to send with the pages: it stops other sites from framing
 * them (clickjacking on the forms), a `<base>` or plugin from being slipped in, and forms from posting elsewhere, and
 * restricts none of the scripts, connections, images, frames or workers the site itself needs, so it cannot break it.
 */
export const RECOMMENDED_CSP = "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'";

/** Directives that restrict what the pages themselves load or call: only a browser going through every page tells whether they block part of the site. */
const FETCH_DIRECTIVES = ['default-src', 'script-src', 'script-src-elem', 'script-src-attr', 'style-src', 'style-src-elem', 'style-src-attr', 'img-src', 'font-src', 'frame-src', 'child-src', 'worker-src', 'media-src', 'manifest-src', 'connect-src'];

/** A policy's directives by name, each with its sources (lower-cased names; the first of a repeated directive counts, as in browsers). */
export function parsePolicy(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Whether a source list lets the page call `address` (CSP's source matching, enough for origins: *, scheme, host wildcards, 'self'). */
export function sourcesAllow(sources: string[], address: URL, site: URL): boolean {
  return sources.some((source) => {
    if (source === "'self'") return address.origin === site.origin;
    if (source === '*') return address.protocol === 'https:' || address.protocol === 'http:';
    if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return address.protocol === source.toLowerCase() || (source.toLowerCase() === 'http:' && address.protocol === 'https:');
    const match = source.match(/^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?/i);
    if (!match) return false;
    const [, scheme, wildcard, host, port] = match;
    if (scheme && `${scheme.toLowerCase()}:` !== address.protocol && !(scheme.toLowerCase() === 'http' && address.protocol === 'https:')) return false;
    const hostMatches = wildcard ? address.hostname.endsWith(`.${host!.toLowerCase()}`) : address.hostname === host!.toLowerCase();
    const defaultPort = address.protocol === 'https:' ? '443' : '80';
    const portMatches = port === '*' || (port ?? defaultPort) === (address.port || defaultPort);
    return hostMatches && portMatches;
  });
}

/**
 * The policies a page is held to: each one of the header's (a host's and a CDN's header arrive joined by commas, and a
 * browser enforces every one: a request must pass them all), and each of the page's own `<meta http-equiv>` ones,
 * which browsers enforce too, except for frame-ancestors, report-uri and sandbox (CSP 3, section 3.3).
 */
export function policiesOf(header: string | undefined, html = ''): { text: string; where: string; directives: Map<string, string[]> }[] {
  const policies = String(header ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text, index, all) => ({ text, where: all.length > 1 ? `the header's policy ${index + 1} of ${all.length}` : 'the header', directives: parsePolicy(text) }));
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/\bhttp-equiv\s*=\s*["']?content-security-policy["'\s/>]/i.test(tag)) continue;
    const content = tag.match(/\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i);
    const text = (content?.[1] ?? content?.[2] ?? content?.[3] ?? '').replace(/&#39;|&#x27;|&apos;/gi, "'").replace(/&quot;/gi, '"').replace(/&amp;/gi, '&').trim();
    if (!text) continue;
    const directives = parsePolicy(text);
    for (const ignored of ['frame-ancestors', 'report-uri', 'sandbox']) directives.delete(ignored);
    policies.push({ text, where: "the page's <meta http-equiv> policy", directives });
  }
  return policies;
}

/**
 * The check's line on the pages' Content-Security-Policy (decision 033): none, or one that lets other sites frame the
 * pages, is `skip` (the site works; it is not protected as decided), never a failure; one whose connections leave out
 * the project's API or the processor fails (every form and photo would be blocked); one that restricts more than the
 * check can judge without a browser is `skip`. Every policy the page is held to is judged (`policiesOf`): a second
 * header's `connect-src 'self'` blocks the API however open the first one is.
 */
export function contentSecurityPolicyOutcome(header: string | undefined, site: URL, services: Record<string, string>, html = ''): Outcome & { skipped?: boolean } {
  const advice = `send decision 033's header (README, "Site"): Content-Security-Policy: ${RECOMMENDED_CSP}`;
  const policies = policiesOf(header, html);
  const fromHeader = policies.filter((policy) => !policy.where.includes('<meta'));
  if (policies.length === 0) return { ok: false, skipped: true, detail: `none sent: another site may show these pages in a frame of its own (clickjacking on the forms); ${advice}` };
  for (const { where, directives } of policies) {
    const connect = directives.get('connect-src') ?? directives.get('default-src');
    const blocked = connect ? Object.entries(services).filter(([, address]) => !sourcesAllow(connect, new URL(address), site)) : [];
    if (blocked.length > 0) {
      return {
        ok: false,
        detail: `${policies.length > 1 ? `${where}: ` : ''}its ${directives.has('connect-src') ? 'connect-src' : 'default-src'} (${connect!.join(' ')}) leaves out ${blocked.map(([name, address]) => `${name} ${new URL(address).origin}`).join(', ')}: browsers would block every form or photo sent there${policies.length > 1 ? ' (a browser enforces every policy sent, each on its own: two Content-Security-Policy headers, a host\'s and a CDN\'s, or a <meta> one in the page)' : ''}`,
      };
    }
  }
  // Every header policy must let a frame in for it to show: one that forbids it is enough.
  const guarding = fromHeader.find(({ directives }) => directives.get('frame-ancestors')?.every((source) => source === "'none'" || source === "'self'"));
  if (!guarding) {
    const ancestors = fromHeader.map(({ directives }) => directives.get('frame-ancestors')).find(Boolean);
    return {
      ok: false,
      skipped: true,
      detail: `${fromHeader.length === 0 ? 'only a <meta> policy is sent, whose frame-ancestors browsers ignore, so it' : ancestors ? `its frame-ancestors (${ancestors.join(' ')})` : 'it says no frame-ancestors, so it'} lets other sites frame the pages; ${advice}`,
    };
  }
  const unjudged = FETCH_DIRECTIVES.filter((name) => name !== 'connect-src' && policies.some(({ directives }) => directives.has(name)));
  if (unjudged.length > 0) {
    return {
      ok: false,
      skipped: true,
      detail: `it restricts ${unjudged.join(', ')}: whether that blocks part of the site (its inline loader, the photo's blob: preview, the map's frame, the photo worker) shows only in a browser, which this check is not; go through every page and the visualizer with the browser's console open`,
    };
  }
  const connects = policies.some(({ directives }) => directives.has('connect-src') || directives.has('default-src'));
  return {
    ok: true,
    detail: `frame-ancestors ${guarding.directives.get('frame-ancestors')!.join(' ')}${connects ? ", its connections allow the project's API and the processor" : ''}, and nothing the pages load is restricted${policies.length > 1 ? ` (${policies.length} policies, each judged)` : ''}`,
  };
}
