import type { Outcome } from './test-rows.ts';

/** What PostgREST must run before each request (migration 20261121000400): the write throttle. */
export const THROTTLE_FUNCTION = 'private.throttle_anonymous_writes';

/** What public.deployment_check_throttle answers: the authenticator role's setting, and whether this request ran it. */
export type ThrottleSeen = { pre_request?: unknown; ran?: unknown };

/**
 * Whether PostgREST runs the write throttle before every request: the authenticator role must name it (what PostgREST
 * reads from the database), and the request that asked must have run it (the throttle marks its transaction,
 * migration 20261130190002): a self-hosted PostgREST with db-config off, or one given its own db-pre-request, reads
 * no role setting, and the setting alone passed.
 */
export function throttleOutcome(seen: ThrottleSeen): Outcome {
  const fix = `run alter role authenticator set pgrst.db_pre_request = '${THROTTLE_FUNCTION}'; notify pgrst, 'reload config';`;
  if (seen.pre_request !== THROTTLE_FUNCTION) {
    return {
      ok: false,
      detail: `the authenticator role's pgrst.db_pre_request is ${typeof seen.pre_request === 'string' ? `"${seen.pre_request}"` : 'not set'}, not ${THROTTLE_FUNCTION}: the lead tables take writes without limit or size check, so a script could fill them and the office's inbox; ${fix}`,
    };
  }
  if (seen.ran !== true) {
    return {
      ok: false,
      detail: `the authenticator role's pgrst.db_pre_request is ${THROTTLE_FUNCTION}, but PostgREST did not run it before this request: it does not read its settings from the database (a self-hosted PostgREST with db-config = false, or its own db-pre-request), so the lead tables take writes without limit or size check; set PGRST_DB_CONFIG=true (or PGRST_DB_PRE_REQUEST=${THROTTLE_FUNCTION}) and restart it`,
    };
  }
  return {
    ok: true,
    detail: `the authenticator role's pgrst.db_pre_request is ${THROTTLE_FUNCTION}, and PostgREST ran it before the check's own request`,
  };
}
