import { describe, expect, it } from 'vitest';
import { THROTTLE_FUNCTION, throttleOutcome } from '../../scripts/check-deployment/throttle';

/** check:deployment's write-throttle line, from what public.deployment_check_throttle answers. */
describe("check:deployment's write throttle line", () => {
  it('passes when the role names the throttle and PostgREST ran it before the request that asked', () => {
    expect(throttleOutcome({ pre_request: THROTTLE_FUNCTION, ran: true }).ok).toBe(true);
  });

  it('fails a role setting that was reset or names another function', () => {
    expect(throttleOutcome({ pre_request: null, ran: false }).detail).toMatch(
      /^the authenticator role's pgrst\.db_pre_request is not set, not private\.throttle_anonymous_writes/,
    );
    expect(throttleOutcome({ pre_request: 'public.noop', ran: false }).detail).toMatch(
      /^the authenticator role's pgrst\.db_pre_request is "public\.noop"/,
    );
  });

  it("fails a PostgREST that does not apply the role's setting (db-config off): the setting is right, the request ran nothing", () => {
    const outcome = throttleOutcome({ pre_request: THROTTLE_FUNCTION, ran: false });
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(/but PostgREST did not run it before this request: .*db-config = false/);
    // A database from before the mark (its migration missing) says nothing of it: not a pass either.
    expect(throttleOutcome({ pre_request: THROTTLE_FUNCTION }).ok).toBe(false);
  });
});
