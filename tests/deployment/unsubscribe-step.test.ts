import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_PATH, unsubscribeLink, verifiedMailboxDigest } from '../../contracts/unsubscribe-link';
import type { Reply, RequestOptions } from '../../scripts/check-deployment/http';
import { PAGE_HEADINGS } from '../../scripts/check-deployment/pages';
import { followUnsubscribeLink, forgedLink, placeholderInbox } from '../../scripts/check-deployment/unsubscribe';

/**
 * check:deployment's unsubscribe line against a processor that gets one thing wrong at a time (check-deployment.test.ts
 * runs it against the real e-mail worker and processor): the database's side is a fake of the two check functions.
 */
const KEY = 'signing key';
const DIGEST = 'd'.repeat(64);

type Processor = {
  /** A click (GET) unsubscribes, as a page that records on load would (and shows its button all the same). */
  getUnsubscribes?: boolean;
  /** A POST is taken whatever its token. */
  takesForged?: boolean;
  /** A POST answers 200 and records nothing here (another database). */
  recordsElsewhere?: boolean;
  /** Run without the owner's VITE_BUSINESS_* settings: its page shows the site's placeholders. */
  placeholderFacts?: boolean;
  /** Where its page's way back to the site leads (its SITE_URL). */
  siteLink?: string;
  /** Run with the owner's older VITE_BUSINESS_* settings: another phone and registration number than the site's. */
  olderFacts?: boolean;
};

/** The site the check is run against: its home page, the build that starts ENTRY; any other path is not found. */
let SITE: URL;
const ENTRY = '/assets/index-Build1.js';
let siteServer: http.Server;
beforeAll(async () => {
  siteServer = http.createServer((request, response) => {
    if (request.url === '/') {
      return response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><h1>${PAGE_HEADINGS['/']}</h1><script data-entry="${ENTRY}">/* loader */</script>`);
    }
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Page not found</h1>');
  });
  await new Promise<void>((resolve) => siteServer.listen(0, '127.0.0.1', resolve));
  SITE = new URL(`http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`);
});
afterAll(async () => {
  siteServer.closeAllConnections();
  await new Promise((resolve) => siteServer.close(resolve));
});

let server: http.Server | undefined;
afterEach(async () => {
  if (!server) return;
  // The check's requests keep their connections open (Node's keep-alive agent): close them too.
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** The database's side: what the worker made, and whether the test mailbox is unsubscribed. */
async function deployment(processor: Processor, headers?: { list?: string | null; post?: string | null }) {
  const database = { unsubscribedAt: null as string | null };
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const token = new URL(request.url ?? '/', 'http://x').searchParams.get('token');
      const genuine = verifiedMailboxDigest(KEY, token) === DIGEST;
      if (!genuine && !(request.method === 'POST' && processor.takesForged)) return response.writeHead(400).end('This unsubscribe link does not work');
      if (request.method === 'GET') {
        if (processor.getUnsubscribes) database.unsubscribedAt = new Date().toISOString();
        const [name, registration] = processor.placeholderFacts ? ['Your Flooring Co.', '13VH00000000'] : ['Haddon Floors', processor.olderFacts ? '13VH07654321' : '13VH01234567'];
        const phone = processor.placeholderFacts ? '(856) 555-0100' : processor.olderFacts ? '(856) 555-0199' : '(856) 555-0142';
        return response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<p>${name}</p><form method="post"><button>Unsubscribe</button></form><p><a href="${processor.siteLink ?? SITE.origin}">Go to the ${name} website</a></p><footer><a class="phone" href="tel:${phone.replace(/[^\d+]/g, '')}">${phone}</a> NJ Home Improvement Contractor Reg. No. ${registration}</footer>`,
          );
      }
      if (!processor.recordsElsewhere) database.unsubscribedAt = new Date().toISOString();
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>You are unsubscribed</h1>');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const link = unsubscribeLink(`http://127.0.0.1:${(server!.address() as AddressInfo).port}${UNSUBSCRIBE_PATH}`, KEY, DIGEST);
  const startedAt = new Date(Date.now() - 1000).toISOString();
  const rest = async (pathAndQuery: string, _key: string, _init?: RequestOptions): Promise<Reply> => {
    const answer = (body: unknown): Reply => ({ status: 200, headers: {}, body: JSON.stringify(body) });
    if (pathAndQuery === 'rpc/deployment_check_unsubscribe_start') return answer({ unsubscribed_at: null, started_at: startedAt });
    return answer({
      list_unsubscribe: headers && 'list' in headers ? headers.list : `<${link}>`,
      list_unsubscribe_post: headers && 'post' in headers ? headers.post : 'List-Unsubscribe=One-Click',
      made: true,
      job_waiting: false,
      job_error: null,
      unsubscribed_at: database.unsubscribedAt,
      now: new Date().toISOString(),
    });
  };
  return { rest, link };
}

describe("check:deployment's unsubscribe line", () => {
  it('is ok when the link opens a page, a forged link is refused and one click unsubscribes the address', async () => {
    const { rest } = await deployment({});

    const outcome = await followUnsubscribeLink(rest, 'service key', SITE, ENTRY);

    expect(outcome.detail).toMatch(/opens its page without unsubscribing, a forged one is refused \(400\), and one click unsubscribed.*; the page names the business and its link back opens the site's home page$/);
    expect(outcome.ok).toBe(true);
  });

  it("fails a page that shows the settings' placeholders or has no way back to the site, after the address's unsubscribe went through as in a passing run", async () => {
    const { rest } = await deployment({ placeholderFacts: true, siteLink: 'mailto:office@haddonfloors.example' });

    const outcome = await followUnsubscribeLink(rest, 'service key', SITE, ENTRY);

    expect(outcome).toEqual({
      ok: false,
      detail: expect.stringMatching(
        new RegExp(
          `works, but its page shows the placeholder VITE_BUSINESS_NAME Your Flooring Co\\., VITE_BUSINESS_PHONE \\(856\\) 555-0100, VITE_BUSINESS_NJ_HIC_REGISTRATION 13VH00000000: the processor runs without the owner's VITE_BUSINESS_\\* settings .*; its page has no link back to ${SITE.origin}: set the processor's SITE_URL to ${SITE.origin}$`,
        ),
      ),
    });
  });

  it("fails a page that gives another phone and registration number than the site's pages (the processor's host kept older settings)", async () => {
    // The site's home page as served: its footer's phone link and registration number (src/components/layout/site-footer.tsx).
    const homePage = `<h1>${PAGE_HEADINGS['/']}</h1><footer><a href="tel:+18565550142">(856) 555-0142</a><a href="mailto:office@haddonfloors.example">office@haddonfloors.example</a><p>NJ Home Improvement Contractor Reg. No. 13VH01234567</p></footer>`;
    const { rest } = await deployment({ olderFacts: true });

    const outcome = await followUnsubscribeLink(rest, 'service key', SITE, ENTRY, homePage);

    expect(outcome).toEqual({
      ok: false,
      detail: expect.stringMatching(
        /works, but its page does not give the phone \+18565550142, the registration number 13VH01234567, as the site's pages do: the processor runs with other VITE_BUSINESS_\* settings than the site was built with; give its host the site's$/,
      ),
    });
    // The same page with the site's facts passes.
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    const current = await deployment({});
    expect((await followUnsubscribeLink(current.rest, 'service key', SITE, ENTRY, homePage)).ok).toBe(true);
  });

  it("fails a link back on the site's host that does not open its home page: a wrong path, another host name for this machine, another port", async () => {
    // Each passed when host names were compared: the path, the port and the name were never looked at.
    for (const [siteLink, problem] of [
      [`${SITE.origin}/app`, `${SITE.origin}/app answers 404 "Page not found", not the page /`],
      [`http://localhost:${SITE.port}`, `http://localhost:${SITE.port} is not on 127.0.0.1`],
      [`http://127.0.0.1:${Number(SITE.port) === 65535 ? 65534 : Number(SITE.port) + 1}/`, undefined],
    ] as const) {
      const { rest } = await deployment({ siteLink });

      const outcome = await followUnsubscribeLink(rest, 'service key', SITE, ENTRY);

      expect(outcome.ok, siteLink).toBe(false);
      expect(outcome.detail).toContain(`but its page's link back to the site is ${siteLink} (SITE_URL), and `);
      if (problem) expect(outcome.detail).toContain(`and ${problem}: set the processor's SITE_URL to ${SITE.origin}`);
      await new Promise((resolve) => {
        server!.closeAllConnections();
        server!.close(resolve);
      });
      server = undefined;
    }
  });

  it('fails a link whose click unsubscribes at once (link scanners would unsubscribe visitors)', async () => {
    const { rest } = await deployment({ getUnsubscribes: true });

    const outcome = await followUnsubscribeLink(rest, 'service key', SITE, ENTRY);

    expect(outcome).toEqual({ ok: false, detail: expect.stringMatching(/unsubscribed the address at once: link scanners and previews would unsubscribe visitors$/) });
  });

  it('fails an endpoint that takes a forged signature', async () => {
    const { rest } = await deployment({ takesForged: true });

    const outcome = await followUnsubscribeLink(rest, 'service key', SITE, ENTRY);

    expect(outcome).toEqual({ ok: false, detail: expect.stringMatching(/took a link with a forged signature \(200\): anyone could unsubscribe any address$/) });
  });

  it("fails an endpoint that answers 200 but records nothing in this deployment's database", async () => {
    const { rest } = await deployment({ recordsElsewhere: true });

    const outcome = await followUnsubscribeLink(rest, 'service key', SITE, ENTRY);

    expect(outcome).toEqual({ ok: false, detail: expect.stringMatching(/answered the one-click POST with 200, but this deployment's database has no unsubscribe for the address/) });
  });

  it('fails an e-mail without the one-click headers', async () => {
    const { rest } = await deployment({}, { post: null });

    const outcome = await followUnsubscribeLink(rest, 'service key', SITE, ENTRY);

    expect(outcome).toEqual({ ok: false, detail: expect.stringMatching(/carries List-Unsubscribe-Post: none, not a one-click unsubscribe/) });
  });

  it('forges by altering one character of the signature, which the processor then refuses', () => {
    const link = unsubscribeLink('https://processor.example/unsubscribe', KEY, DIGEST);
    const forged = new URL(forgedLink(link)).searchParams.get('token');

    expect(forged).not.toBe(new URL(link).searchParams.get('token'));
    expect(forged!.split('.')[0]).toBe(DIGEST);
    expect(verifiedMailboxDigest(KEY, forged)).toBeNull();
  });

  it("takes the settings' placeholder and the example domains for an inbox nobody reads, and not the owner's", () => {
    expect(['hello@example.com', 'Office@Example.org', 'staff@mail.example.net', 'leads@floors.example', 'x@y.invalid'].filter(placeholderInbox)).toHaveLength(5);
    expect(['office@haddon-floorworks.com', 'owner@gmail.com', 'me@example.company.com'].filter(placeholderInbox)).toEqual([]);
  });
});
