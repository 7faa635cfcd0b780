import { describe, expect, it } from 'vitest';
import { contentSecurityPolicyOutcome, RECOMMENDED_CSP, sourcesAllow } from '../../scripts/check-deployment/csp';

/** check:deployment's line on the pages' Content-Security-Policy (decision 033); check-deployment.test.ts sends the recommended one. */
const site = new URL('https://www.floors.example');
const services = { SUPABASE_URL: 'https://ref.supabase.co', VITE_VISUALIZER_WEBHOOK_URL: 'https://processor.floors.example/' };

describe('the content security policy line', () => {
  it('is ok with the recommended policy, and with one whose connections allow the API and the processor', () => {
    expect(contentSecurityPolicyOutcome(RECOMMENDED_CSP, site, services)).toEqual({ ok: true, detail: "frame-ancestors 'none', and nothing the pages load is restricted" });
    expect(contentSecurityPolicyOutcome(`${RECOMMENDED_CSP}; connect-src 'self' https://*.supabase.co https://processor.floors.example`, site, services).ok).toBe(true);
  });

  it('skips, never fails, when no policy is sent or it lets other sites frame the pages', () => {
    for (const header of [undefined, '', "object-src 'none'", "frame-ancestors *; object-src 'none'", "frame-ancestors 'self' https://partner.example"]) {
      const outcome = contentSecurityPolicyOutcome(header, site, services);
      expect([header, outcome.ok, outcome.skipped]).toEqual([header, false, true]);
      expect(outcome.detail).toContain(RECOMMENDED_CSP);
    }
  });

  it("fails a policy whose connections leave out the project's API or the processor: every form or photo would be blocked", () => {
    expect(contentSecurityPolicyOutcome(`${RECOMMENDED_CSP}; connect-src 'self' https://ref.supabase.co`, site, services)).toEqual({
      ok: false,
      detail: "its connect-src ('self' https://ref.supabase.co) leaves out VITE_VISUALIZER_WEBHOOK_URL https://processor.floors.example: browsers would block every form or photo sent there",
    });
    // default-src stands for connect-src when that is not given; it leaves out both.
    expect(contentSecurityPolicyOutcome(`default-src 'self'; ${RECOMMENDED_CSP}`, site, services)).toMatchObject({ ok: false, detail: expect.stringMatching(/^its default-src \('self'\) leaves out SUPABASE_URL https:\/\/ref\.supabase\.co, VITE_VISUALIZER_WEBHOOK_URL/) });
  });

  it('skips a policy that restricts what it cannot judge without a browser (scripts, images, frames)', () => {
    const outcome = contentSecurityPolicyOutcome(`${RECOMMENDED_CSP}; script-src 'self'; img-src 'self' blob:; connect-src *`, site, services);

    expect(outcome).toMatchObject({ ok: false, skipped: true, detail: expect.stringMatching(/^it restricts script-src, img-src: whether that blocks part of the site/) });
  });

  it('judges every policy the page is held to: a second header (a CDN\'s beside the host\'s) or a <meta> one in the page', () => {
    // Node joins a repeated header with ", "; browsers enforce each policy on its own, so the API must pass both.
    expect(contentSecurityPolicyOutcome(`${RECOMMENDED_CSP}, connect-src 'self'`, site, services)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^the header's policy 2 of 2: its connect-src \('self'\) leaves out SUPABASE_URL https:\/\/ref\.supabase\.co, VITE_VISUALIZER_WEBHOOK_URL/),
    });
    const meta = `<head><meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;"></head>`;
    expect(contentSecurityPolicyOutcome(RECOMMENDED_CSP, site, services, meta)).toMatchObject({ ok: false, detail: expect.stringMatching(/^the page's <meta http-equiv> policy: its default-src \('self'\) leaves out SUPABASE_URL/) });
    // Two policies that both let the services through, one guarding frames: ok, each judged.
    expect(contentSecurityPolicyOutcome(`${RECOMMENDED_CSP}, upgrade-insecure-requests`, site, services)).toEqual({ ok: true, detail: "frame-ancestors 'none', and nothing the pages load is restricted (2 policies, each judged)" });
    // A <meta> policy's frame-ancestors is ignored by browsers: it does not stand for the header's.
    expect(contentSecurityPolicyOutcome(undefined, site, services, `<meta content="frame-ancestors 'none'" http-equiv=content-security-policy>`)).toMatchObject({ ok: false, skipped: true, detail: expect.stringMatching(/^only a <meta> policy is sent, whose frame-ancestors browsers ignore/) });
    // Report-only enforces nothing, and a meta tag of another kind is no policy.
    expect(contentSecurityPolicyOutcome(RECOMMENDED_CSP, site, services, `<meta http-equiv="Content-Security-Policy-Report-Only" content="connect-src 'none'"><meta name="x" content="connect-src 'none'">`).ok).toBe(true);
  });

  it("matches sources as browsers do for origins: 'self', *, schemes, host wildcards and ports", () => {
    const api = new URL('https://ref.supabase.co/rest/v1/');
    expect(['*', 'https:', 'https://*.supabase.co', 'ref.supabase.co', 'https://ref.supabase.co:443', 'http://ref.supabase.co'].map((source) => sourcesAllow([source], api, site))).toEqual([true, true, true, true, true, true]);
    expect(["'self'", 'wss:', 'https://*.supabase.com', 'https://ref.supabase.co:8443', 'https://supabase.co'].map((source) => sourcesAllow([source], api, site))).toEqual([false, false, false, false, false]);
    expect(sourcesAllow(["'self'"], new URL('https://www.floors.example/x'), site)).toBe(true);
  });
});
