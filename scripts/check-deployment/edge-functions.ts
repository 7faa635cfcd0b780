import fs from 'node:fs';
import path from 'node:path';
import type { Reply } from './http.ts';
import type { Outcome } from './test-rows.ts';

/** Supabase's management API; SUPABASE_MANAGEMENT_API_URL replaces it (a test's fake one). */
export const MANAGEMENT_API_URL = 'https://api.supabase.com';

/** One edge function as GET /v1/projects/{ref}/functions answers it (the fields the line reads). */
export type EdgeFunctionSeen = { slug: string; name?: string; status?: string; verify_jwt?: boolean };

/**
 * The project's reference: SUPABASE_PROJECT_REF if set, else the first label of a `<ref>.supabase.co` address (a
 * custom domain or a self-hosted project has none to read).
 */
export function projectRefOf(supabaseUrl: string, given: string | undefined): string | undefined {
  if (given?.trim()) return given.trim();
  const match = /^([a-z0-9]{20})\.supabase\.(?:co|in)$/i.exec(new URL(supabaseUrl).hostname);
  return match?.[1]?.toLowerCase();
}

/** The edge functions the checkout deploys: each folder of supabase/functions/ but `_shared` and the like. */
export function checkoutFunctionsOf(root: string): string[] {
  const folder = path.join(root, 'supabase', 'functions');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/** Why the line could not look, said plainly: never "ok", so the last line says the deployment was not all checked. */
const couldNotLook = (why: string): Outcome & { skipped: true } => ({
  ok: false,
  skipped: true,
  detail: `could not look: ${why}; an edge function runs with the project's secret key (Supabase gives it SUPABASE_SERVICE_ROLE_KEY), and one deployed with verify_jwt off answers anyone, so one the business does not know of may hand out every lead`,
});

/**
 * The line "the project runs no edge function but the checkout's" (red-team R5, sessions 24 and 25). The checkout
 * deploys none (no supabase/functions/; config.toml has no [functions.*]), so each edge function on the project is
 * someone else's: it gets the service key injected, and with verify_jwt off anyone may call it (a "backup" or
 * "export" function left by a freelancer answers every lead to whoever knows its name). /functions/v1/<name> cannot
 * list them; only the management API can, with a personal access token (SUPABASE_ACCESS_TOKEN), which the check
 * does not need otherwise: without one the line says it could not look.
 */
export function edgeFunctionsOutcome(
  asked: { token?: string; ref?: string; apiUrl: string; reply?: Reply | Error },
  checkoutFunctions: readonly string[],
): Outcome & { skipped?: boolean } {
  if (!asked.token) {
    return couldNotLook(
      "no SUPABASE_ACCESS_TOKEN is set, and only the management API lists a project's edge functions (a personal access token, from the dashboard's Account > Access Tokens; give it to the check as you give it the secret key)",
    );
  }
  if (!asked.ref) {
    return couldNotLook(
      "SUPABASE_URL is not a <ref>.supabase.co address (a custom domain?), so the project's reference is not known; set SUPABASE_PROJECT_REF (the dashboard's Project Settings > General)",
    );
  }
  const { reply } = asked;
  if (!reply || reply instanceof Error) {
    return couldNotLook(`the management API (${asked.apiUrl}) did not answer (${reply?.message ?? 'no reply'})`);
  }
  if (reply.status === 401 || reply.status === 403) {
    return couldNotLook(
      `the management API refused SUPABASE_ACCESS_TOKEN (${reply.status}): an expired or revoked token, or one of an account that is not a member of project ${asked.ref}`,
    );
  }
  if (reply.status === 404)
    return couldNotLook(`the management API knows no project ${asked.ref} for this token (${reply.status})`);
  let found: unknown;
  try {
    found = reply.status === 200 ? JSON.parse(reply.body) : undefined;
  } catch {
    found = undefined;
  }
  if (!Array.isArray(found) || found.some((fn) => typeof (fn as EdgeFunctionSeen | null)?.slug !== 'string')) {
    return couldNotLook(
      `the management API answered ${reply.status} with no list of functions: ${reply.body.slice(0, 120)}`,
    );
  }
  const others = (found as EdgeFunctionSeen[]).filter((fn) => !checkoutFunctions.includes(fn.slug));
  if (others.length === 0) {
    return {
      ok: true,
      detail:
        checkoutFunctions.length === 0
          ? `the management API lists no edge function on project ${asked.ref}, and the checkout deploys none`
          : `project ${asked.ref} runs only the checkout's edge functions (${checkoutFunctions.join(', ')})`,
    };
  }
  const named = others.map(
    (fn) =>
      `${fn.slug}${fn.verify_jwt === false ? ' (verify_jwt off: anyone on the internet may call it)' : ''}${fn.status && fn.status !== 'ACTIVE' ? ` (${fn.status.toLowerCase()})` : ''}`,
  );
  return {
    ok: false,
    detail: `project ${asked.ref} runs the edge function${others.length === 1 ? '' : 's'} ${named.join(', ')}, which the checkout does not deploy (${checkoutFunctions.length === 0 ? 'it has no supabase/functions/' : `it deploys ${checkoutFunctions.join(', ')}`}): each runs with the project's secret key, so it may read every lead and hand it to whoever calls it or to a company the privacy page does not name; if it is not the business's, delete it (supabase functions delete ${others[0]!.slug}, or the dashboard's Edge Functions) and rotate the secret key; if it is, put it in supabase/functions/ of the checkout`,
  };
}
