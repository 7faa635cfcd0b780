import type { Reply } from './http.ts';
import type { Outcome } from './test-rows.ts';

/**
 * The headers in which proxies and CDNs name the client's address, each given an address of the documentation
 * range (RFC 5737's 203.0.113.0/24, which no visitor has) by the check's call for a request nobody made. The
 * processor reads one of them (VISUALIZER_CLIENT_ADDRESS_HEADER, decision 005); a proxy in front that sets that one
 * replaces the check's value, and a processor with no such proxy takes the check's value as its address.
 */
export const CLIENT_ADDRESS_HEADERS = [
  'cf-connecting-ip',
  'x-forwarded-for',
  'x-real-ip',
  'true-client-ip',
  'x-client-ip',
  'fly-client-ip',
  'fastly-client-ip',
  'do-connecting-ip',
  'x-cluster-client-ip',
  'x-envoy-external-address',
  'x-azure-clientip',
  'x-appengine-user-ip',
] as const;

export type ForgedAddress = { header: (typeof CLIENT_ADDRESS_HEADERS)[number]; address: string };

/** One address a header, so the address counted names the header the processor trusted. */
export const FORGED_ADDRESSES: ForgedAddress[] = CLIENT_ADDRESS_HEADERS.map((header, index) => ({ header, address: `203.0.113.${101 + index}` }));

/** The forged addresses as request headers. */
export const forgedHeaders = (): Record<string, string> => Object.fromEntries(FORGED_ADDRESSES.map(({ header, address }) => [header, address]));

/** What public.deployment_check_throttle_counts answers: this window's and the one before's writes counted for each address asked. */
export type ThrottleCounts = { window_start: string; max_writes: number; counts: Record<string, number>; previous_counts: Record<string, number> };

export function isThrottleCounts(seen: unknown): seen is ThrottleCounts {
  const numbers = (counts: unknown) => typeof counts === 'object' && counts !== null && Object.values(counts).every((hits) => typeof hits === 'number');
  return (
    typeof (seen as ThrottleCounts | null)?.window_start === 'string' &&
    typeof (seen as ThrottleCounts).max_writes === 'number' &&
    numbers((seen as ThrottleCounts).counts) &&
    numbers((seen as ThrottleCounts).previous_counts)
  );
}

/**
 * What the call for a request nobody made added to `address`'s count. When a window began between the two reads, the
 * call was counted in one of the two: what the earlier one gained since the first read, and all of the new one's.
 */
function added(before: ThrottleCounts, after: ThrottleCounts, address: string): number {
  const now = after.counts[address] ?? 0;
  if (before.window_start === after.window_start) return now - (before.counts[address] ?? 0);
  return now + (after.previous_counts[address] ?? 0) - (before.counts[address] ?? 0);
}

/**
 * The line "processor counts each visitor by the address they send from": which address the processor counted the
 * check's call for a request nobody made as (a call whose row never comes is one write of its caller's allowance,
 * and the same address holds its upload slots). `machine`: this machine's address as the project's API counts it
 * (behind Supabase's Cloudflare, the one the check sent from), for the address family the call left from.
 * `refused`: the call got the processor's refusal (so it reached the processor and waited for its row).
 */
export function rowlessCountOutcome(seen: { before: ThrottleCounts; after: ThrottleCounts; machine: string | undefined; refused: boolean }): Outcome & { skipped?: boolean } {
  const { before, after, machine, refused } = seen;
  const trusted = FORGED_ADDRESSES.filter(({ address }) => added(before, after, address) > 0);
  if (trusted.length > 0) {
    return {
      ok: false,
      detail: `it counted the check's call as ${trusted.map(({ address, header }) => `${address}, the address the check wrote in its ${header} header`).join(', and as ')}: the processor believes an address a visitor writes, so one script can take fresh upload slots under made-up addresses and spend any visitor's write allowance; set the processor's VISUALIZER_CLIENT_ADDRESS_HEADER to the header the proxy in front of it sets itself (Cloudflare's cf-connecting-ip), or to nothing when no proxy is in front (decision 005)`,
    };
  }
  if (!machine || machine === 'unknown') {
    return {
      ok: false,
      detail: `none of the addresses the check wrote in ${FORGED_ADDRESSES.length} client-address headers was counted, but the project's API could not say this machine's address (${machine ?? 'no answer'}), so whom the processor counted is not known; see the throttle line at the end`,
    };
  }
  if (added(before, after, machine) > 0) {
    return {
      ok: true,
      detail: `it counted the check's call as ${machine}, the address this machine sends from as the project's API sees it, and none of the addresses the check wrote in ${FORGED_ADDRESSES.length} client-address headers (${CLIENT_ADDRESS_HEADERS.slice(0, 3).join(', ')}...)`,
    };
  }
  // Past its allowance the processor does not wait for a row, nor count the call (decision 025, session 22).
  if (before.window_start === after.window_start && (before.counts[machine] ?? 0) > before.max_writes) {
    return {
      ok: false,
      skipped: true,
      detail: `this machine (${machine}) is past its write allowance of ${before.max_writes} for this 10-minute window (earlier runs of the check?), so the processor counts none of its calls and whom it counts is not known; run the check again in 10 minutes`,
    };
  }
  return {
    ok: false,
    detail: `it counted the check's call neither as this machine's address (${machine}, as the project's API sees it) nor as an address the check wrote${refused ? '' : ' (and the call did not get the processor\'s refusal: see the line above)'}: either a proxy in front of the processor gives it the proxy's own address, so every visitor shares two upload slots and one write allowance (set VISUALIZER_CLIENT_ADDRESS_HEADER to the header that proxy sets), or the processor counts nothing (deploy this checkout's), or this machine reaches the processor and the API from two addresses (run the check from another network)`,
  };
}

/** How the check sends its simple requests: what a browser's fetch sends for a string body, and for a Blob with no type. */
export const SIMPLE_POST_TYPES = ['text/plain;charset=UTF-8', undefined] as const;

/**
 * The line "webhook refuses a plain-text post from another site": a page on any site can make its visitors'
 * browsers POST to the webhook without asking first (a CORS "simple" request: text/plain, a form's encodings or no
 * type, which the preflight lines never see), so the processor must refuse every call not sent as JSON, 415, before
 * reading it, and its answer must let no other origin read it. `replies`: each content type sent and what came back.
 */
export function simplePostOutcome(
  replies: { contentType: string | undefined; reply: Reply | Error }[],
  foreignOrigin: string,
  siteOrigin: string,
): Outcome {
  const sent = (contentType: string | undefined) => `a POST ${contentType ? `of ${contentType.split(';')[0]}` : 'with no Content-Type'} from ${foreignOrigin}`;
  for (const { contentType, reply } of replies) {
    if (reply instanceof Error) return { ok: false, detail: `${sent(contentType)} got no answer (${reply.message}), so whether other sites' pages can post photos is not known` };
    if (reply.status !== 415) {
      return {
        ok: false,
        detail: `${sent(contentType)} answered ${reply.status} (${reply.body.replace(/\s+/g, ' ').trim().slice(0, 80)}), not 415: it was read as a photo call, so a page on any other site can make its visitors' browsers post photos (browsers send such a post without asking the processor first); deploy this checkout's processor, which refuses any call not sent as JSON, and let nothing in front of it change the Content-Type`,
      };
    }
    const allowed = reply.headers['access-control-allow-origin'];
    if (allowed === '*' || allowed === foreignOrigin) {
      return {
        ok: false,
        detail: `${sent(contentType)} was refused (415), but its answer lets that page read it (access-control-allow-origin: ${allowed}): any site's page may read what the processor answers its visitors; set ALLOWED_ORIGINS to ${siteOrigin}`,
      };
    }
  }
  return {
    ok: true,
    detail: `${replies.map(({ contentType }) => sent(contentType)).join(' and ')} were refused (415) before being read, and their answers let no other origin read them`,
  };
}
