import type { Outcome } from './test-rows.ts';

/** A table the API serves with row-level security off, and what a role may do to it (deployment_check_unguarded_tables). */
export type UnguardedTable = { table: string; role: 'anon' | 'authenticated'; privileges: string[] };

const WHO = { anon: 'the public key', authenticated: 'a signed-in user' } as const;

/**
 * The line "every table the API serves has row-level security" (red-team, session 29). The lead tables' lines know
 * the lead tables, and the leaks line's copies only tables with a column named like theirs, so a table added later
 * in the dashboard (`create table public.estimates (customer_email text, address text)`: row-level security off,
 * granted to anon and authenticated by hosted Supabase's default privileges) passed while the public key could read,
 * change and empty it.
 */
export function unguardedTablesOutcome(found: UnguardedTable[]): Outcome {
  if (found.length === 0) {
    return { ok: true, detail: 'no table in public or graphql_public has row-level security off while the public key or a signed-in user holds a privilege on it' };
  }
  const byTable = new Map<string, string[]>();
  for (const { table, role, privileges } of found) byTable.set(table, [...(byTable.get(table) ?? []), `${WHO[role] ?? role} may ${privileges.join(', ')}`]);
  const named = [...byTable].map(([table, uses]) => `${table} (${uses.join('; ')})`);
  return {
    ok: false,
    detail: `row-level security is off on ${named.join(', ')}: the API serves ${byTable.size === 1 ? 'it' : 'them'} to anyone with the public key, who may do all that to every row (a table made in the dashboard's SQL editor, which leaves row-level security off while Supabase grants it to anon and authenticated); turn row-level security on (alter table … enable row level security) in a migration, or revoke the grants`,
  };
}
