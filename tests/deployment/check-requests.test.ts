import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { ACCEPTS_ZSTD, answerBegunOf, request } from '../../scripts/check-deployment/http';
import { createSiteReader } from '../../scripts/check-deployment/site';
import { askAsBrowsersLoad } from '../../scripts/check-deployment/subresources';

/**
 * check:deployment's requests, as a host in front of the site or the processor sees them: a front that answers a
 * client without a browser's User-Agent (Node sends none) with a healthy page, and browsers with another, would show
 * the check what no visitor sees.
 */
let front: http.Server;
let url: string;
beforeAll(async () => {
  front = http.createServer((incoming, outgoing) => {
    const browser = /Mozilla\/5\.0 .*Chrome\//.test(incoming.headers['user-agent'] ?? '');
    outgoing
      .writeHead(browser ? 503 : 200, { 'content-type': 'text/plain' })
      .end(browser ? 'down for visitors' : 'all well');
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
});

describe("check:deployment's requests", () => {
  it('ask for the compressed copy a browser gets and read it decoded, so a stale .br beside a fresh file is what the check sees too', async () => {
    // nginx's brotli_static: the .br file beside the page, from an earlier upload, to any client that accepts br.
    const stale = zlib.brotliCompressSync(Buffer.from('<h1>Earlier build</h1>'));
    const gzipped = zlib.gzipSync(Buffer.from('<h1>Gzipped</h1>'));
    const host = http.createServer((incoming, outgoing) => {
      const accepts = String(incoming.headers['accept-encoding'] ?? '');
      if (incoming.url === '/gzip' && accepts.includes('gzip')) outgoing.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipped);
      else if (incoming.url === '/broken') outgoing.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end('<h1>not brotli</h1>');
      else if (accepts.includes('br')) outgoing.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end(stale);
      else outgoing.writeHead(200, { 'content-type': 'text/html' }).end('<h1>This build</h1>');
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      expect((await request(`${origin}/`)).body).toBe('<h1>Earlier build</h1>');
      expect((await request(`${origin}/gzip`)).body).toBe('<h1>Gzipped</h1>');
      // A body a browser cannot decode either is no answer to judge.
      await expect(request(`${origin}/broken`)).rejects.toThrow('GET /broken: a body that does not decode as its content-encoding (br)');
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });

  it('ask for zstd as Chrome does where Node can decode it, and say why not where it cannot', async () => {
    const zstdCompress = (zlib as unknown as { zstdCompressSync?: (body: Buffer) => Buffer }).zstdCompressSync;
    let asked = '';
    const host = http.createServer((incoming, outgoing) => {
      asked = String(incoming.headers['accept-encoding'] ?? '');
      // A stale .zst copy, served to whoever says zstd (Chrome) and, below, to a client that did not.
      const stale = zstdCompress ? zstdCompress(Buffer.from('<h1>Earlier build</h1>')) : Buffer.from('(zstd frame)');
      if (asked.includes('zstd') || incoming.url === '/unasked') outgoing.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'zstd' }).end(stale);
      else outgoing.writeHead(200, { 'content-type': 'text/html' }).end('<h1>This build</h1>');
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      if (ACCEPTS_ZSTD) {
        expect((await request(`${origin}/`)).body).toBe('<h1>Earlier build</h1>');
        expect(asked).toContain('zstd');
      } else {
        expect((await request(`${origin}/`)).body).toBe('<h1>This build</h1>');
        expect(asked).not.toContain('zstd');
        await expect(request(`${origin}/unasked`)).rejects.toThrow(`which the check does not ask for because Node ${process.version} cannot decode it (Node 22.15 or later can: run the check there)`);
      }
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });

  it("are sent as a visitor's browser sends them, so a front that tells the check apart by its User-Agent shows it what visitors get", async () => {
    const reply = await request(url);

    expect([reply.status, reply.body]).toEqual([503, 'down for visitors']);
  });

  it("ask for a page as a browser opens one, fetch metadata and client hints included, so a front keyed on them shows the check the visitors' page", async () => {
    // An edge rule that serves the page only to a script's request (no sec-fetch-mode: navigate), and visitors a
    // placeholder; and one that tells Chrome from a client without its client hints.
    const host = http.createServer((incoming, outgoing) => {
      const navigation = incoming.headers['sec-fetch-mode'] === 'navigate' && incoming.headers['sec-fetch-dest'] === 'document';
      const chrome = String(incoming.headers['sec-ch-ua'] ?? '').includes('Google Chrome');
      outgoing.writeHead(200, { 'content-type': 'text/html' }).end(navigation && chrome ? '<h1>Maintenance</h1>' : '<h1>Expert Floors. Neighborly Service.</h1>');
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const read = createSiteReader(new URL(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`));
      expect((await read('/', { as: 'page' })).body).toBe('<h1>Maintenance</h1>');
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });

  it("ask for a page's own files as each browser loads them from the page, so a rule keyed on a phone, the fetch metadata or the Referer shows the check what visitors run (session 28)", async () => {
    // An edge rule that adds a collector to a script only for an iPhone's Safari loading it as a page's script.
    const host = http.createServer((incoming, outgoing) => {
      const loaded = incoming.headers['sec-fetch-dest'] === 'script' && incoming.headers['sec-fetch-mode'] === 'cors' && String(incoming.headers.referer).endsWith('/realtors');
      const iPhone = /iPhone.*Safari\//.test(String(incoming.headers['user-agent'])) && incoming.headers['sec-ch-ua'] === undefined;
      outgoing.writeHead(200, { 'content-type': 'text/javascript' }).end(loaded && iPhone ? 'build();collect()' : 'build()');
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const site = new URL(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
      const answers = await askAsBrowsersLoad(site, new Map([['/assets/index-abc.js', { kind: 'script' as const, page: '/realtors' }]]), 'seen=1');
      expect(answers.map(({ who, reply }) => [who, reply instanceof Error ? reply.message : reply.body])).toEqual([
        ['desktop Chrome', 'build()'],
        ["Android's Chrome", 'build()'],
        ["an iPhone's Safari", 'build();collect()'],
        // Its user agent names the app, not Safari: the rule above leaves it out.
        ["Instagram's browser on an iPhone", 'build()'],
        ['desktop Chrome on a second visit (with the cookies the pages set)', 'build()'],
      ]);
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });

  it('are not sent at all when the secret key would cross the network readable: SUPABASE_URL plain http on a public address (session 28)', async () => {
    let asked = 0;
    const siteHost = http.createServer((_incoming, outgoing) => {
      asked++;
      outgoing.writeHead(404).end();
    });
    await new Promise<void>((resolve) => siteHost.listen(0, '127.0.0.1', resolve));
    try {
      const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/check-deployment/main.ts', `http://127.0.0.1:${(siteHost.address() as AddressInfo).port}/`], {
        cwd: PROJECT_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          SUPABASE_URL: 'http://abcdefghijklmnopqrst.supabase.co',
          SUPABASE_ANON_KEY: 'sb_publishable_0123456789abcdef',
          SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_0123456789abcdef',
          VITE_VISUALIZER_WEBHOOK_URL: 'https://processor.floors.example',
        },
      }).then(
        (done) => ({ code: 0, stdout: done.stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
      expect([result.code, result.stdout.trim().split('\n').at(-1)]).toEqual([
        1,
        'NOT CHECKED: the check did not start (SUPABASE_URL http://abcdefghijklmnopqrst.supabase.co is plain http on a public address: the check would send the secret key readable to every network on the way; give the https address), so the deployment is not known to work.',
      ]);
      expect(asked).toBe(0);
    } finally {
      siteHost.closeAllConnections();
      await new Promise((resolve) => siteHost.close(resolve));
    }
  }, 60_000);

  it('say, when they fail, whether an answer had begun (cut off after its headers) or none came (refused), which a line reading a failure as "serves nothing" must tell apart (session 33)', async () => {
    const host = http.createServer((_incoming, outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'text/html', 'content-length': '1000' });
      outgoing.write('<!doctype html><head><script type="module" src="/assets/index-0ld.js"></script>', () => outgoing.destroy());
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const port = (host.address() as AddressInfo).port;
    try {
      const cutOff = await request(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
      expect(cutOff).toBeInstanceOf(Error);
      expect(answerBegunOf(cutOff)).toBe(200);
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
    // Nothing listens there any more: refused, no answer begun.
    const refused = await request(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(answerBegunOf(refused)).toBeUndefined();
  });

  it('still send the headers a line gives them', async () => {
    const reply = await request(url, { headers: { 'user-agent': 'curl/8' } });

    expect(reply.status).toBe(200);
  });
});
