import type { Outcome } from './test-rows.ts';

/**
 * The schemas the API may serve: `public` (supabase/config.toml's `[api] schemas`) and `graphql_public`, which hosted
 * Supabase serves beside it by default. They are the schemas the lines on row-level security, views, policies and
 * definer functions read (deployment_check_unguarded_tables, _table_policies, _anon_leaks).
 */
export const SERVED_SCHEMAS = ['public', 'graphql_public'] as const;

/** A schema no project has, asked for with Accept-Profile so that PostgREST refuses it and names those it serves. */
export const NO_SUCH_SCHEMA = 'deployment_check_no_such_schema';

/**
 * The schemas PostgREST names when it refuses a profile (406, PGRST106): "The schema must be one of the following:
 * public, graphql_public" in its message (PostgREST 12, hosted Supabase's), or "Only the following schemas are
 * exposed: …" in its hint (later versions). Undefined for any other answer.
 */
export function servedSchemasOf(status: number, body: string): string[] | undefined {
  if (status !== 406) return undefined;
  let answer: { code?: unknown; message?: unknown; hint?: unknown };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return undefined;
  }
  if (answer === null || typeof answer !== 'object' || answer.code !== 'PGRST106') return undefined;
  for (const text of [answer.message, answer.hint]) {
    const list = typeof text === 'string' ? /(?:one of the following|schemas are exposed):\s*(.+?)\.?\s*$/i.exec(text)?.[1] : undefined;
    if (list) return list.split(',').map((schema) => schema.trim()).filter(Boolean);
  }
  return undefined;
}

/**
 * The line "the API serves no schema but public and graphql_public" (session 31). Every line that judges what the
 * public key may reach in the database (row-level security, views that read as their owner, policies, definer
 * functions) reads `public` and `graphql_public`, what PostgREST serves unless told otherwise. A schema added to the
 * dashboard's "Exposed schemas", or `alter role authenticator set pgrst.db_schemas = 'public, staff'` (Supabase's own
 * help for PGRST106 gives it), hands the public key whatever anon may use there, a table without row-level security
 * or a view over the office's tables, and passed every line. Asked with the public key, as a visitor would.
 */
export function exposedSchemasOutcome(reply: { status: number; body: string }): Outcome {
  const served = servedSchemasOf(reply.status, reply.body);
  if (!served) {
    return {
      ok: false,
      detail: `asked for the schema ${NO_SUCH_SCHEMA}, the API answered ${reply.status} ${reply.body.replace(/\s+/g, ' ').slice(0, 120)}, not PostgREST's refusal naming the schemas it serves (406, PGRST106), so which schemas the public key reaches is not known (something in front of the API that drops Accept-Profile?)`,
    };
  }
  const others = served.filter((schema) => !(SERVED_SCHEMAS as readonly string[]).includes(schema));
  if (others.length === 0) return { ok: true, detail: `it serves ${served.join(', ')}, the schemas the lines on row-level security, views, policies and functions read` };
  return {
    ok: false,
    detail: `it also serves ${others.join(', ')} (${served.join(', ')} in all): whatever anon may use there (a table without row-level security, a view that reads as its owner, a policy, a function) is open to anyone with the public key, and no line reads ${others.length === 1 ? 'that schema' : 'those schemas'}; take ${others.length === 1 ? 'it' : 'them'} out of the dashboard's Exposed schemas (Data API settings; a setting made with alter role authenticator set pgrst.db_schemas goes with alter role authenticator reset pgrst.db_schemas, then notify pgrst, 'reload config'), and serve what the site needs from public, in a migration`,
  };
}
