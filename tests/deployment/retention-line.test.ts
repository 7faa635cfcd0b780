import { describe, expect, it } from 'vitest';
import { retentionOutcome } from '../../scripts/check-deployment/retention';

/**
 * check:deployment's retention line on what public.deployment_check_retention answers (check-deployment.test.ts runs
 * the schedule that never ran and the failed run against the real stack). Ages are on the database's clock; the
 * schedule's stamps are on the processor's.
 */
describe("check:deployment's retention line", () => {
  it('is ok for an hourly job that ran within the hour', () => {
    expect(retentionOutcome({ scheduled: true, known_for_s: 86_400, last_run_ago_s: 1_200, failed: 0 })).toEqual({ ok: true, detail: 'hourly; last ran 20 min ago, no failed run' });
  });

  it("fails a schedule stamped ahead of the database's clock (a processor's clock ahead) instead of reading a run that is yet to come", () => {
    const outcome = retentionOutcome({ scheduled: true, known_for_s: 86_400, last_run_ago_s: -3 * 3600, failed: 0 });

    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(/^enforce_retention's schedule is stamped 3\.0 h ahead of the database's clock: a processor's clock runs ahead/);
  });

  it('fails a schedule first known in the future, before any run', () => {
    expect(retentionOutcome({ scheduled: true, known_for_s: -1_800, last_run_ago_s: null, failed: 0 }).detail).toMatch(/stamped 0\.5 h ahead/);
  });

  it("takes a few minutes' difference between the clocks", () => {
    expect(retentionOutcome({ scheduled: true, known_for_s: 3_000, last_run_ago_s: -120, failed: 0 }).ok).toBe(true);
  });

  it('fails a job that has not run for two hours', () => {
    expect(retentionOutcome({ scheduled: true, known_for_s: 86_400, last_run_ago_s: 3 * 3600, failed: 0 })).toEqual({
      ok: false,
      detail: "enforce_retention (hourly) last ran 3.0 h ago: is the processor's job runner running?",
    });
  });
});
