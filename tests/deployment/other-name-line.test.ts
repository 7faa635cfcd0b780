import { describe, expect, it } from 'vitest';
import type { Reply } from '../../scripts/check-deployment/http';
import { otherNameOf, otherNameOutcome } from '../../scripts/check-deployment/other-name';

/**
 * check:deployment's line "site's other name serves no other site" (red-team, session 28): the bare domain still
 * pointing at the old host while www. moved, which visitors who type the name without www. get.
 */
const site = new URL('https://www.floors.example');
const page = (entry: string): Reply => ({ status: 200, headers: { 'content-type': 'text/html' }, body: `<!doctype html><h1>Floors</h1><script data-entry="${entry}"></script>` });

describe("the site's other name", () => {
  it('is the bare domain for www., www. for the bare domain, and none for an address, a local name or another sub-domain', () => {
    expect(otherNameOf(site)).toBe('floors.example');
    expect(otherNameOf(new URL('https://floors.co.uk'))).toBe('www.floors.co.uk');
    expect(otherNameOf(new URL('https://floors.netlify.app'))).toBe('www.floors.netlify.app');
    expect(otherNameOf(new URL('https://127.0.0.1:4173'))).toBeUndefined();
    expect(otherNameOf(new URL('http://localhost:5173'))).toBeUndefined();
    expect(otherNameOf(new URL('https://shop.floors.example'))).toBeUndefined();
  });

  it('fails a page of another build or another site there, and a redirect to another host', () => {
    expect(otherNameOutcome(site, 'floors.example', page('/assets/index-0ldBu1ld.js'), '/assets/index-N3w.js')).toEqual({
      ok: false,
      detail:
        "https://floors.example/ serves a page of another build (/assets/index-0ldBu1ld.js, where https://www.floors.example starts /assets/index-N3w.js): visitors who type the name without www. get it, its forms and its phone number (the old host the name still points at, a parked page); point the name at the site's host and redirect it to https://www.floors.example",
    });
    const parked: Reply = { status: 200, headers: {}, body: '<html><h1>This domain is parked</h1></html>' };
    expect(otherNameOutcome(site, 'floors.example', parked, '/assets/index-N3w.js').detail).toMatch(/^https:\/\/floors\.example\/ serves a page of another site \(it starts none of the build's scripts\): /);
    // An answer begun and cut off (session 33): browsers show and run what arrived; the request only failed.
    expect(otherNameOutcome(site, 'floors.example', Object.assign(new Error('aborted'), { answerBegun: 200 }), '/assets/index-N3w.js')).toEqual({
      ok: false,
      detail: "https://floors.example/ began an answer (200) and did not finish it (aborted): browsers show what arrived, and run its scripts, while what it is cannot be read from here; point the name at the site's host and redirect it to https://www.floors.example",
    });
    const away: Reply = { status: 301, headers: { location: 'https://old-floors.example/' }, body: '' };
    expect(otherNameOutcome(site, 'floors.example', away, '/assets/index-N3w.js')).toEqual({
      ok: false,
      detail: 'https://floors.example/ redirects to https://old-floors.example/, not to https://www.floors.example: visitors who type the name without www. land elsewhere; redirect it to https://www.floors.example',
    });
  });

  it('passes a redirect to the site, the same build, and a name that serves nothing, saying which', () => {
    expect(otherNameOutcome(site, 'floors.example', { status: 308, headers: { location: 'https://www.floors.example/' }, body: '' }, '/assets/index-N3w.js')).toEqual({ ok: true, detail: 'https://floors.example/ redirects to https://www.floors.example' });
    expect(otherNameOutcome(site, 'floors.example', page('/assets/index-N3w.js'), '/assets/index-N3w.js')).toEqual({ ok: true, detail: 'https://floors.example/ serves the same build (/assets/index-N3w.js)' });
    expect(otherNameOutcome(site, 'floors.example', new Error('getaddrinfo ENOTFOUND floors.example'), '/assets/index-N3w.js').detail).toBe(
      'https://floors.example/ answers nothing (getaddrinfo ENOTFOUND floors.example), so it serves no other site; visitors who type it reach no page',
    );
    expect(otherNameOutcome(site, 'floors.example', { status: 404, headers: {}, body: 'Not found' }, '/assets/index-N3w.js').ok).toBe(true);
    expect(otherNameOutcome(new URL('https://127.0.0.1:4173'), undefined, undefined, undefined)).toEqual({
      ok: true,
      detail: '127.0.0.1 has no bare or www. name to ask (an address, a name of this network, or a sub-domain of another)',
    });
  });
});
