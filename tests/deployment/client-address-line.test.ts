import { describe, expect, it } from 'vitest';
import type { Reply } from '../../scripts/check-deployment/http';
import { FORGED_ADDRESSES, rowlessCountOutcome, simplePostOutcome, type ThrottleCounts } from '../../scripts/check-deployment/client-address';

/**
 * check:deployment's two webhook lines of session 27, from what the deployment did: which address the throttle counted
 * the check's call for a request nobody made as, and what a foreign page's plain-text post got. The whole check runs
 * against a right and a wrong processor in check-deployment.test.ts.
 */
const WINDOW = '2026-12-01T23:00:00+00:00';
const counts = (counted: Record<string, number>, window = WINDOW, max_writes = 20, previous: Record<string, number> = {}): ThrottleCounts => ({ window_start: window, max_writes, counts: counted, previous_counts: previous });
const forged = (header: string) => FORGED_ADDRESSES.find((address) => address.header === header)!.address;

describe("check:deployment's line on the address the processor counts", () => {
  it('passes when the call was counted as this machine, whatever the headers said', () => {
    const outcome = rowlessCountOutcome({ before: counts({ '198.51.100.20': 3 }), after: counts({ '198.51.100.20': 4 }), machine: '198.51.100.20', refused: true });
    expect(outcome).toEqual({ ok: true, detail: expect.stringMatching(/^it counted the check's call as 198\.51\.100\.20, the address this machine sends from as the project's API sees it, and none of the addresses the check wrote in 12 client-address headers/) });
  });

  it('fails a processor that counted an address the check wrote, naming the header it believed', () => {
    const address = forged('x-real-ip');
    const outcome = rowlessCountOutcome({ before: counts({ [address]: 0 }), after: counts({ [address]: 1 }), machine: '198.51.100.20', refused: true });
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(new RegExp(`^it counted the check's call as ${address.replaceAll('.', '\\.')}, the address the check wrote in its x-real-ip header: the processor believes an address a visitor writes`));
    expect(outcome.detail).toMatch(/set the processor's VISUALIZER_CLIENT_ADDRESS_HEADER/);
  });

  it("fails a processor that counted neither (a proxy's address, or no count), and a window that began between the reads is read whole", () => {
    const outcome = rowlessCountOutcome({ before: counts({ '198.51.100.20': 3 }), after: counts({ '198.51.100.20': 3 }), machine: '198.51.100.20', refused: true });
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(/^it counted the check's call neither as this machine's address \(198\.51\.100\.20, as the project's API sees it\) nor as an address the check wrote: either a proxy in front/);
    // A new window began between the reads: the call is in the new one (its count of 1), or the earlier one gained it.
    const NEXT = '2026-12-01T23:10:00+00:00';
    expect(rowlessCountOutcome({ before: counts({ '198.51.100.20': 3 }), after: counts({ '198.51.100.20': 1 }, NEXT, 20, { '198.51.100.20': 3 }), machine: '198.51.100.20', refused: true }).ok).toBe(true);
    expect(rowlessCountOutcome({ before: counts({ '198.51.100.20': 3 }), after: counts({}, NEXT, 20, { '198.51.100.20': 4 }), machine: '198.51.100.20', refused: true }).ok).toBe(true);
    expect(rowlessCountOutcome({ before: counts({ '198.51.100.20': 3 }), after: counts({}, NEXT, 20, { '198.51.100.20': 3 }), machine: '198.51.100.20', refused: true }).ok).toBe(false);
  });

  it('says it could not tell when this machine was already past its allowance, as the processor then counts nothing', () => {
    const outcome = rowlessCountOutcome({ before: counts({ '198.51.100.20': 21 }), after: counts({ '198.51.100.20': 21 }), machine: '198.51.100.20', refused: true });
    expect(outcome).toMatchObject({ ok: false, skipped: true });
    expect(outcome.detail).toMatch(/past its write allowance of 20 .*run the check again in 10 minutes$/);
  });
});

const reply = (status: number, headers: Record<string, string> = {}, body = '{"error":"The request must be sent as JSON (Content-Type: application/json)."}'): Reply => ({ status, headers, body });
const FOREIGN = 'https://deployment-check.invalid';
const SITE = 'https://www.floors.example';

describe("check:deployment's line on a foreign page's plain-text post", () => {
  it('passes 415 answers that allow no other origin', () => {
    const outcome = simplePostOutcome([{ contentType: 'text/plain;charset=UTF-8', reply: reply(415) }, { contentType: undefined, reply: reply(415, { vary: 'Origin' }) }], FOREIGN, SITE);
    expect(outcome).toEqual({
      ok: true,
      detail: `a POST of text/plain from ${FOREIGN} and a POST with no Content-Type from ${FOREIGN} were refused (415) before being read, and their answers let no other origin read them`,
    });
  });

  it('fails a post read as a call (a processor or a proxy that takes any body as JSON)', () => {
    const outcome = simplePostOutcome([{ contentType: 'text/plain;charset=UTF-8', reply: reply(409, {}, '{"error":"This visualizer request cannot be processed."}') }], FOREIGN, SITE);
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(/^a POST of text\/plain from https:\/\/deployment-check\.invalid answered 409 \(.*\), not 415: it was read as a photo call, so a page on any other site can make its visitors' browsers post photos/);
  });

  it('fails a 415 whose answer lets the foreign page read it', () => {
    for (const allowed of ['*', FOREIGN]) {
      const outcome = simplePostOutcome([{ contentType: undefined, reply: reply(415, { 'access-control-allow-origin': allowed }) }], FOREIGN, SITE);
      expect(outcome.detail).toBe(
        `a POST with no Content-Type from ${FOREIGN} was refused (415), but its answer lets that page read it (access-control-allow-origin: ${allowed}): any site's page may read what the processor answers its visitors; set ALLOWED_ORIGINS to ${SITE}`,
      );
    }
  });

  it('fails when no answer came, rather than passing on nothing', () => {
    expect(simplePostOutcome([{ contentType: undefined, reply: new Error('no answer within 20 s') }], FOREIGN, SITE).ok).toBe(false);
  });
});
