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
      detail:
        'no table in public, graphql_public or another schema the public key or a signed-in user may use has row-level security off, and no view, materialized view or foreign table there reads as its owner, while either holds a privilege on it',
    });
  });

  it('names a table of a schema other than public and graphql_public, whose usage is granted, as reached through a function in public (session 31)', () => {
    const outcome = unguardedTablesOutcome([{ table: 'back_office.unsubscribe_signing_key', kind: 'table', role: 'anon', privileges: ['select'] }]);

    expect(outcome).toEqual({
      ok: false,
      detail:
        "the table back_office.unsubscribe_signing_key (the public key may select) is unguarded in a schema other than public and graphql_public, whose usage is granted: any function or view in public that reads it (an invoker one too, as every new function is, callable by PUBLIC) hands it on; revoke the grants and the schema's usage, or turn row-level security on",
    });
  });

  it("says a table of extensions is served by hosted Supabase's GraphQL endpoint too (session 32)", () => {
    const outcome = unguardedTablesOutcome([{ table: 'extensions.staff_notes', kind: 'table', role: 'anon', privileges: ['select'] }]);

    expect(outcome).toEqual({
      ok: false,
      detail:
        "the table extensions.staff_notes (the public key may select) is unguarded in a schema other than public and graphql_public, whose usage is granted: any function or view in public that reads it (an invoker one too, as every new function is, callable by PUBLIC) hands it on, and hosted Supabase's GraphQL endpoint (/graphql/v1) serves a table of extensions to the public key itself; revoke the grants and the schema's usage, or turn row-level security on",
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

  // Session 30: a view made in the dashboard reads as its owner; the answer's `kind` says what each is.
  it('names views, materialized views and foreign tables that read as their owner beside the tables', () => {
    const outcome = unguardedTablesOutcome([
      { table: 'estimates', kind: 'table', role: 'anon', privileges: ['select'] },
      { table: 'mail_log', kind: 'view', role: 'anon', privileges: ['select', 'insert', 'update', 'delete', 'truncate'] },
      { table: 'lead_totals', kind: 'materialized view', role: 'authenticated', privileges: ['select'] },
    ]);

    expect(outcome).toEqual({
      ok: false,
      detail:
        "row-level security is off on estimates (the public key may select): the API serves it to anyone with the public key, who may do all that to every row (a table made in the dashboard's SQL editor, which leaves row-level security off while Supabase grants it to anon and authenticated); turn row-level security on (alter table … enable row level security) in a migration, or revoke the grants; and the view mail_log (the public key may select, insert, update, delete, truncate), the materialized view lead_totals (a signed-in user may select) read as their owner, past row-level security and whatever schema they read from, and the API serves them to anyone with the public key (made in the dashboard's SQL editor, which Supabase grants to anon and authenticated); drop them, make a view security_invoker (alter view … set (security_invoker = true)), or revoke the grants",
    });
  });
});
