import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerClaims } from '../../src/config/owner-claims';
import {
  emailClaimProblems,
  ownerClaimsOutcome,
  readClaimsOfPages,
  textsOfHtml,
  type ClaimsSeen,
} from '../../scripts/check-deployment/owner-claims';

/**
 * check:deployment's "pages make no claim the owner has not confirmed" (session 34): the words are read from the
 * pages as Chromium gets them, before and after their code runs; check-deployment.test.ts runs the line against the
 * real stack's build.
 */
const confirmedList = Object.fromEntries(
  Object.entries(ownerClaims).map(([id, claim]) => [id, { ...claim, confirmed: true }]),
);

/** A page whose HTML says nothing claim-shaped and whose script writes a claim once it runs, or only for iPhones. */
let server: http.Server;
let site: URL;
beforeAll(async () => {
  server = http.createServer((incoming, outgoing) => {
    const iPhone = /iPhone/.test(incoming.headers['user-agent'] ?? '');
    const body =
      incoming.url === '/split'
        ? '<!doctype html><title>Floors</title><h1>Floors</h1><p>We answer within <b>1 business\n day</b>.</p>'
        : incoming.url === '/written'
          ? `<!doctype html><title>Floors</title><h1>Floors</h1><p>Call us.</p><script>addEventListener('load', () => setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p>Best prices in South Jersey</p>'), 200))</script>`
          : `<!doctype html><title>Floors</title><h1>Floors</h1><p>Call us.${iPhone ? ' Licensed &amp; Insured' : ''}</p>`;
    outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  site = new URL(`http://127.0.0.1:${address.port}/`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('pages make no claim the owner has not confirmed', () => {
  it("reads the words a page's code writes once it runs, words a host serves iPhones only, and a claim split across elements", async () => {
    const seen = await readClaimsOfPages(site, [
      { path: '/written', page: '/written' },
      { path: '/plain', page: '/plain' },
      { path: '/split', page: '/split' },
    ]);
    const outcome = ownerClaimsOutcome(seen, confirmedList);

    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toContain(
      `"Best" in "Floors Call us. Best prices in South Jersey" on /written (once its code ran), which no claim of the list has`,
    );
    // The list confirms it: the iPhone's words pass; unconfirmed, they fail, named with who got them.
    expect(outcome.detail).not.toContain('/plain');
    const unconfirmed = ownerClaimsOutcome(seen, ownerClaims);
    expect(unconfirmed.detail).toContain(
      `"Licensed & Insured" (licensedAndInsured, not confirmed) on /plain (as served to an iPhone's Safari)`,
    );
    // A claim split across elements and lines reads as it shows.
    expect(unconfirmed.detail).toContain('"within 1 business day" (responsePromise, not confirmed) on /split;');
  }, 120_000);

  it('passes pages whose claims the owner has confirmed, and says what it did not read', () => {
    const seen: ClaimsSeen[] = [
      {
        page: '/',
        who: 'desktop Chrome',
        served: ['Licensed & Insured', 'Free estimates.'],
        rendered: ['Licensed & Insured'],
      },
    ];

    expect(ownerClaimsOutcome(seen, confirmedList)).toEqual({
      ok: true,
      detail:
        "the 1 pages, as served and once their code ran, in Chromium as desktop Chrome, an Android phone's Chrome, an iPhone's Safari, show only claims the owner has confirmed in src/config/owner-claims.ts (2 of 14) and no claim-shaped phrase the list lacks; not read: words shown only after a visitor acts (a form's toast, the guide's Thank You panel, the visualizer's later steps) and the e-mails (the e-mail line reads one, the realtor welcome)",
    });
    expect(ownerClaimsOutcome(seen, ownerClaims).ok).toBe(false);
  });

  it('judges the HTML alone when no browser starts here, and then never passes', () => {
    const served = [
      {
        page: '/',
        who: 'desktop Chrome',
        served: textsOfHtml('<h1>Floors</h1><p title="x">Expert floors.</p><script>"Licensed & Insured"</script>'),
        rendered: [],
      },
    ];
    expect(ownerClaimsOutcome(served, ownerClaims, 'no Chromium')).toMatchObject({ ok: false, skipped: true });
    const claiming = [
      { page: '/', who: 'desktop Chrome', served: textsOfHtml('<p>Licensed &amp; Insured</p>'), rendered: [] },
    ];
    const failed = ownerClaimsOutcome(claiming, ownerClaims, 'no Chromium');
    expect([failed.ok, failed.skipped]).toEqual([false, undefined]);
  });
});

describe("an e-mail's claims (session 35)", () => {
  // The realtor welcome as the e-mail worker writes it (compose-email.ts), with a business name from the worker's host.
  const email = (name: string) =>
    `<p>And your clients get exclusive discounts and fast, clean, professional service from a vendor who helps you close faster.</p><p style="color:#666">${name} &middot; 1 Test Avenue, Haddonfield, NJ 08033</p>`;

  it("holds an e-mail's words to the owner's list: a listed claim not confirmed, and a promise no claim lists (a business name with a tagline)", () => {
    expect(emailClaimProblems(email('Haddon Floorworks'), confirmedList)).toEqual([]);
    expect(emailClaimProblems(email('Haddon Floorworks'), ownerClaims)).toEqual(['"fast, clean, professional service" (fastTurnaround, not confirmed)']);
    expect(emailClaimProblems(email('Haddon Floorworks, lifetime warranty'), confirmedList)).toEqual([
      expect.stringMatching(/^"warranty" in "[^"]*Haddon Floorworks, lifetime warranty[^"]*", which no claim of the list has$/),
    ]);
  });
});
