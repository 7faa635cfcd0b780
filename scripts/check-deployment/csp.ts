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
 * The check's line on the pages' Content-Security-Policy header (decision 033): none, or one that lets other sites
 * frame the pages, is `skip` (the site works; it is not protected as decided), never a failure; one whose connections
 * leave out the project's API or the processor fails (every form and photo would be blocked); one that restricts
 * more than the check can judge without a browser is `skip`.
 */
export function contentSecurityPolicyOutcome(header: string | undefined, site: URL, services: Record<string, string>): Outcome & { skipped?: boolean } {
  const advice = `send decision 033's header (README, "Site"): Content-Security-Policy: ${RECOMMENDED_CSP}`;
  if (!header?.trim()) return { ok: false, skipped: true, detail: `none sent: another site may show these pages in a frame of its own (clickjacking on the forms); ${advice}` };
  const policy = parsePolicy(header);
  const connect = policy.get('connect-src') ?? policy.get('default-src');
  const blocked = connect ? Object.entries(services).filter(([, address]) => !sourcesAllow(connect, new URL(address), site)) : [];
  if (blocked.length > 0) {
    return {
      ok: false,
      detail: `its ${policy.has('connect-src') ? 'connect-src' : 'default-src'} (${connect!.join(' ')}) leaves out ${blocked.map(([name, address]) => `${name} ${new URL(address).origin}`).join(', ')}: browsers would block every form or photo sent there`,
    };
  }
  const ancestors = policy.get('frame-ancestors');
  if (!ancestors || !ancestors.every((source) => source === "'none'" || source === "'self'")) {
    return { ok: false, skipped: true, detail: `${ancestors ? `its frame-ancestors (${ancestors.join(' ')})` : 'it says no frame-ancestors, so it'} lets other sites frame the pages; ${advice}` };
  }
  const unjudged = FETCH_DIRECTIVES.filter((name) => policy.has(name) && name !== 'connect-src');
  if (unjudged.length > 0) {
    return {
      ok: false,
      skipped: true,
      detail: `it restricts ${unjudged.join(', ')}: whether that blocks part of the site (its inline loader, the photo's blob: preview, the map's frame, the photo worker) shows only in a browser, which this check is not; go through every page and the visualizer with the browser's console open`,
    };
  }
  return { ok: true, detail: `frame-ancestors ${ancestors.join(' ')}${policy.has('connect-src') || policy.has('default-src') ? ", its connections allow the project's API and the processor" : ''}, and nothing the pages load is restricted` };
}
