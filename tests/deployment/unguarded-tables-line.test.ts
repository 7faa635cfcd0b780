import { describe, expect, it } from 'vitest';
import { unguardedTablesOutcome } from '../../scripts/check-deployment/unguarded-tables';

/**
 * check:deployment's line "every table the API serves has row-level security" (red-team, session 29), from what
 * public.deployment_check_unguarded_tables answers; check-deployment.test.ts asks it of a real database.
 */
describe("check:deployment's unguarded tables line", () => {
  it('passes when no table the API serves is without row-level security for anon or authenticated', () => {
    expect(unguardedTablesOutcome([])).toEqual({
      ok: true,
      detail: 'no table in public or graphql_public has row-level security off while the public key or a signed-in user holds a privilege on it',
    });
  });

  it('names each table once, with what the public key and a signed-in user may do to it', () => {
    const outcome = unguardedTablesOutcome([
      { table: 'estimates', role: 'anon', privileges: ['select', 'insert', 'update', 'delete', 'truncate'] },
      { table: 'estimates', role: 'authenticated', privileges: ['select'] },
      { table: 'graphql_public.notes', role: 'authenticated', privileges: ['update'] },
    ]);

    expect(outcome).toEqual({
      ok: false,
      detail:
        "row-level security is off on estimates (the public key may select, insert, update, delete, truncate; a signed-in user may select), graphql_public.notes (a signed-in user may update): the API serves them to anyone with the public key, who may do all that to every row (a table made in the dashboard's SQL editor, which leaves row-level security off while Supabase grants it to anon and authenticated); turn row-level security on (alter table … enable row level security) in a migration, or revoke the grants",
    });
  });
});
