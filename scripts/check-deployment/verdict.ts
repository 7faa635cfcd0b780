/**
 * How a run of check:deployment ends: its last line and its exit code. Exactly one of three verdicts, each with its
 * own first word on the last line, and only a pass exits 0. A run that is not a pass exits 1 whatever the reason
 * (a failed line, a line that could not run from here, a missing setting, a stop, the check's own error): a caller
 * that tests `$? -ne 1` (as for grep), `$? -eq 0`, `&&` or `||` never takes one for a pass (decision 023, item 20).
 */
export type Verdict = { line: string; code: 0 | 1 };

/** The exit code of every run that is not a pass. */
export const NOT_A_PASS = 1;

const named = (names: readonly string[]) => names.join('; ');

/**
 * The verdict of a run whose every line ran: `failed` and `unchecked` are the names of the lines that failed or could
 * not run; `checked` says what a pass is a pass of (the addresses and the build asked), so a pass copied into a
 * ticket cannot be taken for one of another deployment (red-team, session 28).
 */
export function verdictOf(total: number, failed: readonly string[], unchecked: readonly string[], checked?: string): Verdict {
  if (failed.length > 0) {
    return {
      line: `FAIL: ${failed.length} of ${total} checks failed (${named(failed)})${unchecked.length > 0 ? `, and ${unchecked.length} could not run from here (${named(unchecked)})` : ''}.`,
      code: NOT_A_PASS,
    };
  }
  if (unchecked.length > 0) {
    // First what it is, then why: a reader skimming "no check failed" took it for a pass.
    return {
      line: `NOT CHECKED: ${unchecked.length} of ${total} checks could not run from here (${named(unchecked)}), so the deployment is not known to work; none of the others failed.`,
      code: NOT_A_PASS,
    };
  }
  return { line: `PASS: the deployment passed all ${total} checks${checked ? `: ${checked}` : ''}.`, code: 0 };
}

/** The verdict of a run that could not start or did not finish: `why` says what stopped it. */
export function notCheckedVerdict(why: string): Verdict {
  return { line: `NOT CHECKED: ${why}, so the deployment is not known to work.`, code: NOT_A_PASS };
}
