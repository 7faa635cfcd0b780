import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../local-stack/migrations';
import { expressionShape, ownPoliciesOf, tablePoliciesOutcome } from '../../scripts/check-deployment/table-policies';

/**
 * check:deployment's line "row-level policies are the migrations' own" (session 30), from what
 * public.deployment_check_table_policies answers; check-deployment.test.ts asks it of a real database.
 */
const own = () => ownPoliciesOf(listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })));

describe("check:deployment's table policies line", () => {
  it('reads an expression from a migration and from pg_get_expr as one shape', () => {
    expect(expressionShape("status = 'pending' and original_image_url is null")).toBe(
      expressionShape("((status = 'pending'::text) AND (original_image_url IS NULL))"),
    );
    expect(expressionShape('true')).not.toBe(expressionShape('(id = private.submission_id_header())'));
  });

  it("knows the migrations' ten policies on the lead tables", () => {
    const policies = own();
    expect(policies.size).toBe(10);
    expect(policies.get('floor_visualizer_requests "visitors can start a floor visualizer request"')).toMatchObject({
      command: 'insert',
      permissive: true,
      roles: ['anon'],
      using: null,
      check: expressionShape("status = 'pending' and original_image_url is null and processed_image_url is null"),
    });
  });

  it('names a policy changed, one no migration makes, and one missing', () => {
    const policies = own();
    const seen = [...policies].map(([key, policy]) => {
      const [, table, name] = /^(\S+) "(.*)"$/.exec(key)!;
      return { table: table!, name: name!, command: policy.command, permissive: policy.permissive, roles: policy.roles, using: policy.using, check: policy.check };
    });
    expect(tablePoliciesOutcome(seen, policies)).toEqual({
      ok: true,
      detail: 'the 10 policies the migrations make are in the database as they make them, and no table the API serves has another',
    });
    const changed = seen.map((policy) => (policy.name === 'visitors can start a floor visualizer request' ? { ...policy, check: 'true' } : policy)).filter((policy) => policy.table !== 'leads' || policy.command !== 'select');
    const outcome = tablePoliciesOutcome([...changed, { table: 'estimates', name: 'Enable read access for all users', command: 'select', permissive: true, roles: ['public'], using: 'true', check: null }], policies);
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toBe(
      'floor_visualizer_requests "visitors can start a floor visualizer request" is for insert to anon, with check true, where 20261121000300_floor_visualizer_requests.sql makes it for insert to anon, with check status \'pending\' and original_image_url is null and processed_image_url is null; estimates "Enable read access for all users" (for select to public, using true), which no migration makes; leads "a visitor can read back the id of the guide sign-up they submit" is missing: a policy decides what the public key (or whoever signs up) may read and write past every other line\'s probe; re-make the migrations\' policies as they are (supabase db reset on a copy shows them) and drop the others, or make a change in a migration',
    );
  });
});
