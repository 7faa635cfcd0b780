import { describe, expect, it } from 'vitest';
import { everyPageOutcome } from '../../scripts/check-deployment/every-page';

/** check:deployment's lines on what a host sets page by page (HSTS, the content security policy), from each page's outcome. */
describe('a line judged on every page', () => {
  it('is ok only when every page is, saying so', () => {
    const ok = { ok: true, detail: "frame-ancestors 'none'" };
    expect(
      everyPageOutcome(
        new Map([
          ['/', ok],
          ['/realtors', ok],
        ]),
      ),
    ).toEqual({ ok: true, detail: "frame-ancestors 'none' (all 2 pages)" });
  });

  it('fails when one page fails, naming the pages that do, those not judged and those fine apart', () => {
    const outcome = everyPageOutcome(
      new Map([
        ['/', { ok: true, detail: 'https, max-age=31536000' }],
        ['/realtors', { ok: false, detail: 'no Strict-Transport-Security header' }],
        ['/privacy', { ok: false, skipped: true, detail: 'could not tell' }],
        ['/terms', { ok: false, detail: 'no Strict-Transport-Security header' }],
      ]),
    );

    expect(outcome).toEqual({
      ok: false,
      detail:
        "on /realtors, /terms: no Strict-Transport-Security header; not judged on /privacy: could not tell (fine on /: a host rule for some pages only, such as nginx's add_header in one location block, which replaces the server block's)",
    });
  });

  it('is skip when no page fails but one could not be judged, and reads as one page does when all pages are alike', () => {
    expect(
      everyPageOutcome(
        new Map([
          ['/', { ok: true, detail: 'fine' }],
          ['/realtors', { ok: false, skipped: true, detail: 'none sent' }],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      skipped: true,
      detail: expect.stringMatching(/^on \/realtors: none sent \(fine on \/: /),
    });
    expect(
      everyPageOutcome(
        new Map([
          ['/', { ok: false, skipped: true, detail: 'none sent' }],
          ['/realtors', { ok: false, skipped: true, detail: 'none sent' }],
        ]),
      ),
    ).toEqual({ ok: false, skipped: true, detail: 'none sent' });
    expect(everyPageOutcome(new Map())).toMatchObject({ ok: false });
  });

  it('names the pages that could not be read apart, and is not ok while one was not read', () => {
    const ok = { ok: true, detail: "frame-ancestors 'none'" };
    expect(
      everyPageOutcome(
        new Map([
          ['/', ok],
          ['/realtors', ok],
        ]),
        ['/privacy', '/terms'],
      ),
    ).toEqual({
      ok: false,
      skipped: true,
      detail: "frame-ancestors 'none' on the 2 pages read; not read: /privacy, /terms (see their page lines above)",
    });
    const failing = everyPageOutcome(
      new Map([
        ['/', { ok: true, detail: 'https' }],
        ['/realtors', { ok: false, detail: 'no Strict-Transport-Security header' }],
      ]),
      ['/privacy'],
    );
    expect(failing).toEqual({
      ok: false,
      detail: expect.stringMatching(
        /^on \/realtors: no Strict-Transport-Security header; not read: \/privacy \(see its page line above\) \(fine on \/: /,
      ),
    });
    expect(failing.detail).not.toMatch(/fine on [^:]*\/privacy/);
  });
});
