import { describe, expect, it } from 'vitest';
import { PAGE_CACHE_LIMIT_S, pageKeptTooLong } from '../../scripts/check-deployment/site';

/** Which cache-control answers make a deployed page outlive the next deploy (decision 023). */
describe('pageKeptTooLong', () => {
  const kept = (cacheControl?: string) =>
    pageKeptTooLong(cacheControl === undefined ? {} : { 'cache-control': cacheControl });

  it('lets a page be asked for again: no header, no-cache, or a max-age within the limit', () => {
    expect(kept()).toBeUndefined();
    expect(kept('no-cache')).toBeUndefined();
    expect(kept(`public, max-age=${PAGE_CACHE_LIMIT_S}`)).toBeUndefined();
  });

  it('refuses a max-age or s-maxage over the limit, and says what said so', () => {
    expect(kept('public, max-age=86400')).toEqual({ seconds: 86400, said: 'cache-control: public, max-age=86400' });
    expect(kept('max-age=60, s-maxage=604800')?.seconds).toBe(604800);
  });

  it('counts immutable as for ever only while the page may be kept: with max-age=0 the browser asks again', () => {
    expect(kept('public, max-age=31536000, immutable')?.seconds).toBe(Infinity);
    expect(kept('public, max-age=0, immutable')).toBeUndefined();
  });

  it("refuses a page kept over the limit by the headers a CDN reads in cache-control's place, while cache-control says no-cache", () => {
    expect(pageKeptTooLong({ 'cache-control': 'no-cache', 'cdn-cache-control': 'max-age=31536000' })).toEqual({
      seconds: 31536000,
      said: 'cdn-cache-control: max-age=31536000',
    });
    expect(
      pageKeptTooLong({ 'cache-control': 'public, max-age=0', 'surrogate-control': 'max-age=2592000' })?.said,
    ).toBe('surrogate-control: max-age=2592000');
    expect(
      pageKeptTooLong({
        'cache-control': 'max-age=600',
        'cloudflare-cdn-cache-control': 'max-age=86400',
        'vercel-cdn-cache-control': 'max-age=604800',
      })?.seconds,
    ).toBe(604800);
    expect(pageKeptTooLong({ 'cache-control': 'no-cache', 'cdn-cache-control': 'max-age=300' })).toBeUndefined();
  });

  it('keeps refusing when no-cache or private names header fields: only the fields are held back, the page is kept', () => {
    expect(kept('no-cache="set-cookie", max-age=31536000')).toEqual({
      seconds: 31536000,
      said: 'cache-control: no-cache="set-cookie", max-age=31536000',
    });
    expect(kept('No-Cache="Set-Cookie, X-Visitor", public, s-maxage=86400')?.seconds).toBe(86400);
    expect(kept('private="set-cookie", max-age=604800')?.seconds).toBe(604800);
    expect(kept('private, max-age=604800')?.seconds).toBe(604800);
    expect(kept('no-cache=set-cookie, max-age=604800')?.seconds).toBe(604800);
    // A bare no-cache or any no-store still lets the page be asked for again, wherever it stands.
    expect(kept('max-age=31536000, no-cache')).toBeUndefined();
    expect(kept('no-cache="set-cookie", no-store, max-age=31536000')).toBeUndefined();
    expect(kept('NO-CACHE, max-age=31536000')).toBeUndefined();
  });
});
