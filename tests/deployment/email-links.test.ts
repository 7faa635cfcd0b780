import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HEADINGS } from '../../scripts/check-deployment/pages';
import { linkProblem } from '../../scripts/check-deployment/unsubscribe';

/**
 * check:deployment follows the links the e-mail worker puts in its e-mails (its SITE_URL) as a visitor's click does:
 * a host that serves the site's pages, with the ways a SITE_URL goes wrong beside it (check-deployment.test.ts runs
 * the real e-mail worker against the real site).
 */
const ENTRY = '/assets/index-Build1.js';
const page = (heading: string, entry = ENTRY) => `<!doctype html><h1>${heading}</h1><script data-entry="${entry}">/* loader */</script>`;

let server: http.Server;
let origin: string;
let port: number;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    // The bare domain's or http's redirect, as hosts send it; and a loop.
    if (path.startsWith('/old/')) return response.writeHead(301, { location: `${origin}/${path.slice('/old/'.length)}` }).end();
    if (path.startsWith('/loop/')) return response.writeHead(302, { location: path }).end();
    if (path === '/realtors') return response.writeHead(200, { 'content-type': 'text/html' }).end(page(PAGE_HEADINGS['/realtors']));
    if (path === '/floor-visualizer') return response.writeHead(200, { 'content-type': 'text/html' }).end(page(PAGE_HEADINGS['/floor-visualizer']));
    // Staging's build of the same site.
    if (path === '/staging/realtors') return response.writeHead(200, { 'content-type': 'text/html' }).end(page(PAGE_HEADINGS['/realtors'], '/assets/index-Staging.js'));
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Page not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("check:deployment follows the e-mails' links to the site", () => {
  it("passes a link that opens the page, directly or through the host's redirects, its fragment left to the browser", async () => {
    const site = new URL(origin);

    expect(await linkProblem(`${origin}/realtors`, '/realtors', site, ENTRY)).toBeUndefined();
    expect(await linkProblem(`${origin}/old/floor-visualizer#result=00000000-0000-4000-8000-000000000000`, '/floor-visualizer', site, ENTRY)).toBeUndefined();
  });

  it('fails a SITE_URL with a wrong path: the link answers 404', async () => {
    const problem = await linkProblem(`${origin}/app/realtors`, '/realtors', new URL(origin), ENTRY);

    expect(problem).toBe(`${origin}/app/realtors answers 404 "Page not found", not the page /realtors`);
  });

  it("fails a plain http link on an https site, even when that address answers with the page", async () => {
    // The site is the https address of the same host; the e-mails link to its http:// address, which serves pages too.
    const problem = await linkProblem(`${origin}/realtors`, '/realtors', new URL(`https://127.0.0.1:${port + 1}`), ENTRY);

    expect(problem).toBe(`${origin}/realtors opens over plain http, not https`);
  });

  it("fails a link to another host name (a developer's machine, staging), and one to another build", async () => {
    expect(await linkProblem(`http://localhost:${port}/realtors`, '/realtors', new URL(origin), ENTRY)).toBe(`http://localhost:${port}/realtors is not on 127.0.0.1`);
    expect(await linkProblem(`${origin}/staging/realtors`, '/realtors', new URL(origin), ENTRY)).toBe(
      `${origin}/staging/realtors is another build than the site's (it starts /assets/index-Staging.js, the site ${ENTRY})`,
    );
  });

  it('fails a link nothing answers on, and a redirect loop', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });

    expect(await linkProblem(`http://127.0.0.1:${closed}/realtors`, '/realtors', new URL(origin), ENTRY)).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${closed}/realtors does not open \\(.*ECONNREFUSED.*\\)$`),
    );
    expect(await linkProblem(`${origin}/loop/realtors`, '/realtors', new URL(origin), ENTRY)).toBe(`${origin}/loop/realtors still redirects after 5 hops (a loop?)`);
  });
});
