import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { checkoutFunctionsOf, edgeFunctionsOutcome, projectRefOf } from '../../scripts/check-deployment/edge-functions';
import type { Reply } from '../../scripts/check-deployment/http';

/**
 * check:deployment's line "project runs no edge function but the checkout's" (red-team R5, session 25);
 * check-deployment.test.ts runs it against a fake management API.
 */
const answer = (status: number, body: unknown): Reply => ({
  status,
  headers: {},
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const asked = { token: 'sbp_x', ref: 'abcdefghijklmnopqrst', apiUrl: 'https://api.supabase.com' };

describe('the line on edge functions', () => {
  it("reads the project's reference from its address or SUPABASE_PROJECT_REF, and the checkout deploys none", () => {
    expect(projectRefOf('https://abcdefghijklmnopqrst.supabase.co', undefined)).toBe('abcdefghijklmnopqrst');
    expect(projectRefOf('https://api.haddon-floorworks.com', undefined)).toBeUndefined();
    expect(projectRefOf('https://api.haddon-floorworks.com', ' zyxwvutsrqponmlkjihg ')).toBe('zyxwvutsrqponmlkjihg');
    expect(checkoutFunctionsOf(PROJECT_ROOT)).toEqual([]);
  });

  it('says it could not look, never ok, without a token, a reference or an answer it can read', () => {
    for (const [given, why] of [
      [{ ...asked, token: undefined }, /^could not look: no SUPABASE_ACCESS_TOKEN is set/],
      [{ ...asked, ref: undefined }, /^could not look: SUPABASE_URL is not a <ref>\.supabase\.co address/],
      [{ ...asked, reply: new Error('getaddrinfo ENOTFOUND') }, /did not answer \(getaddrinfo ENOTFOUND\)/],
      [{ ...asked, reply: answer(401, { message: 'Unauthorized' }) }, /refused SUPABASE_ACCESS_TOKEN \(401\)/],
      [{ ...asked, reply: answer(404, { message: 'Not found' }) }, /knows no project abcdefghijklmnopqrst/],
      [{ ...asked, reply: answer(200, '<html>') }, /answered 200 with no list of functions/],
      [{ ...asked, reply: answer(200, { functions: [] }) }, /answered 200 with no list of functions/],
    ] as const) {
      const outcome = edgeFunctionsOutcome(given, []);
      expect(outcome).toMatchObject({ ok: false, skipped: true });
      expect(outcome.detail).toMatch(why);
    }
  });

  it('is ok with none on the project, and names each the checkout does not deploy, verify_jwt off said', () => {
    expect(edgeFunctionsOutcome({ ...asked, reply: answer(200, []) }, [])).toEqual({
      ok: true,
      detail:
        'the management API lists no edge function on project abcdefghijklmnopqrst, and the checkout deploys none',
    });
    const listed = [
      { slug: 'lead-backup', status: 'ACTIVE', verify_jwt: false },
      { slug: 'hello', status: 'ACTIVE', verify_jwt: true },
    ];
    const outcome = edgeFunctionsOutcome({ ...asked, reply: answer(200, listed) }, []);
    expect(outcome.ok).toBe(false);
    expect(outcome.skipped).toBeUndefined();
    expect(outcome.detail).toMatch(
      /^project abcdefghijklmnopqrst runs the edge functions lead-backup \(verify_jwt off: anyone on the internet may call it\), hello, which the checkout does not deploy \(it has no supabase\/functions\/\): each runs with the project's secret key/,
    );
    // One the checkout deploys is its own.
    expect(edgeFunctionsOutcome({ ...asked, reply: answer(200, listed) }, ['hello', 'lead-backup']).ok).toBe(true);
  });
});
