import type { Outcome } from './test-rows.ts';

/**
 * A table the API serves with row-level security off, or a view, materialized view or foreign table it serves that
 * reads as its owner, and what a role may do to it (deployment_check_unguarded_tables). `kind` is absent in the
 * answer of a database before migration 20261205002000 (tables only).
 */
export type UnguardedTable = {
  table: string;
  kind?: 'table' | 'view' | 'materialized view' | 'foreign table';
  role: 'anon' | 'authenticated';
  privileges: string[];
};

const WHO = { anon: 'the public key', authenticated: 'a signed-in user' } as const;

/**
 * The line "every table the API serves has row-level security" (red-team, session 29). The lead tables' lines know
 * the lead tables, and the leaks line's copies only tables with a column named like theirs, so a table added later
 * in the dashboard (`create table public.estimates (customer_email text, address text)`: row-level security off,
 * granted to anon and authenticated by hosted Supabase's default privileges) passed while the public key could read,
 * change and empty it. Session 30: a view made there the same way (`create view public.mail_log as select recipient
 * from back_office.outbound_emails`) reads as its owner, past every policy and past back_office being private, and
 * passed too; views, materialized views and foreign tables are named beside the tables. Session 31: in every schema
 * anon or authenticated may use, not only those the API serves, since a function in public reaches them. Session 32:
 * Supabase's own schemas too (extensions, which hosted's GraphQL endpoint serves), for what the project's role made there.
 */
export function unguardedTablesOutcome(found: UnguardedTable[]): Outcome {
  if (found.length === 0) {
    return {
      ok: true,
      detail:
        'no table in public, graphql_public or another schema the public key or a signed-in user may use has row-level security off, and no view, materialized view or foreign table there reads as its owner, while either holds a privilege on it',
    };
  }
  // Outside the schemas the API serves (session 31): reached through any invoker function or view in public.
  const served = (table: string) => !table.includes('.') || table.startsWith('graphql_public.');
  const uses = new Map<string, string[]>();
  for (const { table, kind = 'table', role, privileges } of found) {
    const key = `${kind} ${table}`;
    uses.set(key, [...(uses.get(key) ?? []), `${WHO[role] ?? role} may ${privileges.join(', ')}`]);
  }
  const named = (kind: string) =>
    found
      .filter((entry) => (entry.kind ?? 'table') === kind && served(entry.table))
      .map((entry) => entry.table)
      .filter((table, index, tables) => tables.indexOf(table) === index)
      .map((table) => `${table} (${uses.get(`${kind} ${table}`)!.join('; ')})`);
  const elsewhere = [...uses.keys()].filter((key) => !served(key.slice(key.lastIndexOf(' ') + 1))).map((key) => `the ${key} (${uses.get(key)!.join('; ')})`);
  const tables = named('table');
  const others = (['view', 'materialized view', 'foreign table'] as const).flatMap((kind) => named(kind).map((entry) => `the ${kind} ${entry}`));
  const parts = [
    ...(tables.length > 0
      ? [
          `row-level security is off on ${tables.join(', ')}: the API serves ${tables.length === 1 ? 'it' : 'them'} to anyone with the public key, who may do all that to every row (a table made in the dashboard's SQL editor, which leaves row-level security off while Supabase grants it to anon and authenticated); turn row-level security on (alter table … enable row level security) in a migration, or revoke the grants`,
        ]
      : []),
    ...(others.length > 0
      ? [
          `${others.join(', ')} ${others.length === 1 ? 'reads' : 'read'} as ${others.length === 1 ? 'its' : 'their'} owner, past row-level security and whatever schema ${others.length === 1 ? 'it reads' : 'they read'} from, and the API serves ${others.length === 1 ? 'it' : 'them'} to anyone with the public key (made in the dashboard's SQL editor, which Supabase grants to anon and authenticated); drop ${others.length === 1 ? 'it' : 'them'}, make a view security_invoker (alter view … set (security_invoker = true)), or revoke the grants`,
        ]
      : []),
  ];
  // Hosted Supabase's GraphQL endpoint reflects the schemas on PostgREST's search path, extensions among them (session 32).
  const graphql = found.some((entry) => entry.table.startsWith('extensions.'))
    ? ", and hosted Supabase's GraphQL endpoint (/graphql/v1) serves a table of extensions to the public key itself"
    : '';
  if (elsewhere.length > 0)
    parts.push(
      `${elsewhere.join(', ')} ${elsewhere.length === 1 ? 'is' : 'are'} unguarded in a schema other than public and graphql_public, whose usage is granted: any function or view in public that reads ${elsewhere.length === 1 ? 'it' : 'them'} (an invoker one too, as every new function is, callable by PUBLIC) hands ${elsewhere.length === 1 ? 'it' : 'them'} on${graphql}; revoke the grants and the schema's usage, or turn row-level security on`,
    );
  return { ok: false, detail: parts.join('; and ') };
}
