import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../local-stack/keys';
import { startMailCatcher, type MailCatcher } from '../../local-stack/mail-catcher';
import { listMigrations } from '../../local-stack/migrations';
import { SITE_ROWS } from '../../scripts/check-deployment/anon-inserts';
import { functionBodiesOutcome, jobQueueSqlOf, ownFunctionsOf, type FunctionsSeen } from '../../scripts/check-deployment/function-bodies';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { ownTriggerShapesOf, triggersOutcome, type TriggersSeen } from '../../scripts/check-deployment/triggers';
import { leadExportsOutcome, ownTriggersOf, type LeadExport } from '../../scripts/check-deployment/lead-exports';
import { ownPoliciesOf, tablePoliciesOutcome, type PolicySeen } from '../../scripts/check-deployment/table-policies';
import { EMAIL_WORKER_ENTRY, PROCESSOR_ENTRY } from '../../local-stack/paths';
import { findFreePort } from '../../local-stack/ports';
import { FIXTURE_DIR } from '../../visualizer-processor/fixtures/make-fixtures';
import { toDataUrl } from '../../visualizer-processor/testing/bad-inputs';
import { eventually } from '../support/eventually';
import { sqlAs, startSupabaseShapedDatabase, type SupabaseShapedDatabase } from '../support/supabase-shaped-database';

/**
 * The migrations as hosted Supabase runs them: on a database prepared as a hosted project is (roles, a `postgres`
 * that is not a superuser, storage's schema and tables owned by supabase_storage_admin; see
 * tests/support/supabase-shaped-database.sql), graphile-worker's schema installed and every file of
 * supabase/migrations applied one per transaction as `postgres`, then PostgREST on top. The local stack runs them
 * as a superuser with no storage schema, so this is where the bucket inserts and the non-superuser path are tested.
 */
let db: SupabaseShapedDatabase;

beforeAll(async () => {
  db = await startSupabaseShapedDatabase({ log: (line) => process.env.STACK_LOG && console.log(line) });
  // The leads of this file all come from 127.0.0.1.
  await sqlAs(db.adminUrl, 'update private.insert_throttle_settings set max_writes = 1000');
});
afterAll(async () => {
  await db?.stop();
});

const unique = () => randomUUID().slice(0, 8);
const asPostgres = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sqlAs<T>(db.postgresUrl, text, values);
const asAdmin = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sqlAs<T>(db.adminUrl, text, values);

function rest(key: string, table: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${db.url}/rest/v1/${table}`, {
    ...init,
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
}

const LEAD_ROWS: Record<string, () => Record<string, unknown>> = {
  contacts: () => ({ name: 'Pat', email: `pat.${unique()}@example.com`, phone: '856-555-0142', message: 'Hall floor' }),
  leads: () => ({ email: `g.${unique()}@example.com`, lead_source: 'free_flooring_guide', guide_sent: true }),
  realtors: () => ({ name: 'R', email: `r.${unique()}@example.com`, phone: '856-555-0143', brokerage: 'B', instagram: '@r' }),
  investors: () => ({ name: 'I', email: `i.${unique()}@example.com`, phone: '856-555-0144', company: 'C', investment_focus: 'Rentals' }),
  floor_visualizer_requests: () => ({ customer_name: 'V', email: `v.${unique()}@example.com` }),
};

describe('a Supabase-shaped database', () => {
  it('is prepared as hosted: postgres is no superuser but may create roles and bypass RLS; storage belongs to supabase_storage_admin', async () => {
    const [postgres] = await asAdmin('select rolsuper, rolcreaterole, rolbypassrls from pg_roles where rolname = $1', ['postgres']);
    expect(postgres).toEqual({ rolsuper: false, rolcreaterole: true, rolbypassrls: true });
    const roles = await asAdmin<{ rolname: string }>(
      "select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', 'supabase_admin', 'supabase_storage_admin') order by 1",
    );
    expect(roles.map((role) => role.rolname)).toEqual(['anon', 'authenticated', 'authenticator', 'service_role', 'supabase_admin', 'supabase_storage_admin']);
    const [storage] = await asAdmin("select nspowner::regrole::text as owner from pg_namespace where nspname = 'storage'");
    expect(storage).toEqual({ owner: 'supabase_storage_admin' });
    const columns = await asAdmin<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = 'storage' and table_name = 'buckets' order by ordinal_position",
    );
    expect(columns.map((column) => column.column_name)).toEqual([
      'id', 'name', 'owner', 'created_at', 'updated_at', 'public', 'avif_autodetection', 'file_size_limit', 'allowed_mime_types', 'owner_id', 'type',
    ]);
  });

  it('takes every migration of supabase/migrations, one transaction each, as postgres, after graphile-worker', async () => {
    expect(db.applied.map((migration) => migration.version)).toEqual(listMigrations().map((migration) => migration.version));
    const [queue] = await asAdmin("select nspowner::regrole::text as owner from pg_namespace where nspname = 'graphile_worker'");
    expect(queue).toEqual({ owner: 'postgres' });
    // Everything the migrations made is postgres's, as after `supabase db push`.
    const foreign = await asAdmin(
      `select c.oid::regclass::text as relation, c.relowner::regrole::text as owner from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'private', 'back_office') and c.relowner <> 'postgres'::regrole`,
    );
    expect(foreign).toEqual([]);
  });

  it('the migrations alter reserved roles only for PostgREST settings (all that supautils lets postgres do to them)', () => {
    for (const migration of listMigrations()) {
      const sql = fs.readFileSync(migration.file, 'utf8').replace(/--.*$/gm, '');
      for (const statement of sql.match(/\balter\s+role\s+[^;]*/gi) ?? []) {
        expect(statement, path.basename(migration.file)).toMatch(/^alter\s+role\s+authenticator\s+set\s+pgrst\./i);
      }
      expect(sql, path.basename(migration.file)).not.toMatch(/\b(create\s+role|alter\s+\w+\s+[^;]*owner\s+to\s+supabase_|create\s+extension)\b/i);
    }
  });

  it('has both buckets, floor-visualizer and floor-visualizer-uploads, private, with their limits', async () => {
    const buckets = await asPostgres('select id, name, public, file_size_limit::int as limit, allowed_mime_types from storage.buckets order by id');
    expect(buckets).toEqual([
      { id: 'floor-visualizer', name: 'floor-visualizer', public: false, limit: 10485760, allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] },
      { id: 'floor-visualizer-uploads', name: 'floor-visualizer-uploads', public: false, limit: 10485760, allowed_mime_types: null },
    ]);
  });

  it('PostgREST reads the throttle from the database (pgrst.db_pre_request set by postgres)', async () => {
    const settings = await asAdmin<{ setting: string[] }>(
      "select setconfig as setting from pg_db_role_setting where setrole = 'authenticator'::regrole",
    );
    expect(settings.flatMap((row) => row.setting)).toContain('pgrst.db_pre_request=private.throttle_anonymous_writes');
    await rest(db.anonKey, 'contacts', { method: 'POST', headers: { Prefer: 'return=minimal' }, body: JSON.stringify(LEAD_ROWS.contacts!()) });
    const hits = await asAdmin<{ client_address: string }>('select client_address from private.insert_throttle_hits');
    expect(hits.map((hit) => hit.client_address)).toContain('127.0.0.1');
    // check:deployment asks PostgREST itself: the throttle marks the request it ran before; outside PostgREST, no mark.
    const asked = await rest(db.serviceRoleKey, 'rpc/deployment_check_throttle');
    expect(await asked.json()).toEqual({ pre_request: 'private.throttle_anonymous_writes', ran: true });
    const [direct] = await asAdmin<{ seen: { ran: boolean } }>('select public.deployment_check_throttle() as seen');
    expect(direct!.seen.ran).toBe(false);
  });

  it("check:deployment's storage policy function names each policy for anon or authenticated, on any bucket and on the buckets' list (session 30), and no other", async () => {
    // None of the migrations' own: only the service key uses the buckets.
    const none = await rest(db.serviceRoleKey, 'rpc/deployment_check_storage_policies');
    expect([none.status, await none.json()]).toEqual([200, []]);
    // What a dashboard's templates and a hurried fix add, made as Storage's owner (as the dashboard does).
    const policies = [
      `create policy "Authenticated users can read" on storage.objects for select to authenticated using (bucket_id = 'floor-visualizer')`,
      `create policy "Anyone uploads" on storage.objects for insert with check (true)`,
      `create policy "Avatars are public" on storage.objects for select using (bucket_id = 'avatars')`,
      `create policy "Only the service" on storage.objects for all to service_role using (bucket_id = 'floor-visualizer-uploads')`,
      `create policy "Not this" on storage.objects as restrictive for select to authenticated using (bucket_id = 'floor-visualizer')`,
      // A bucket added later and its policy, from the dashboard's template "Give anon users access to the folder".
      `create policy "Anon reads exports" on storage.objects for select to anon using (bucket_id = 'exports')`,
      `create policy "Anyone lists buckets" on storage.buckets for select to anon using (true)`,
    ];
    onTestFinished(async () => {
      for (const name of ['Authenticated users can read', 'Anyone uploads', 'Avatars are public', 'Only the service', 'Not this', 'Anon reads exports']) await asAdmin(`drop policy if exists "${name}" on storage.objects`);
      await asAdmin('drop policy if exists "Anyone lists buckets" on storage.buckets');
    });
    for (const policy of policies) await asAdmin(policy);

    const found = await rest(db.serviceRoleKey, 'rpc/deployment_check_storage_policies');
    expect(await found.json()).toEqual([
      { name: 'Anon reads exports', table: 'objects', command: 'select', roles: ['anon'] },
      { name: 'Anyone uploads', table: 'objects', command: 'insert', roles: ['public'] },
      { name: 'Authenticated users can read', table: 'objects', command: 'select', roles: ['authenticated'] },
      { name: 'Avatars are public', table: 'objects', command: 'select', roles: ['public'] },
      { name: 'Anyone lists buckets', table: 'buckets', command: 'select', roles: ['anon'] },
    ]);
    expect((await rest(db.anonKey, 'rpc/deployment_check_storage_policies')).status).toBe(401);
  });

  it("check:deployment's unguarded tables function finds none of the migrations' tables, and names one made in public as the dashboard makes it (session 29)", async () => {
    const unguarded = async () => (await rest(db.serviceRoleKey, 'rpc/deployment_check_unguarded_tables')).json();
    expect(await unguarded()).toEqual([]);
    onTestFinished(() => asPostgres('drop table if exists public.estimates').then(() => undefined));
    // As postgres, whose default privileges on a hosted project grant a new table in public to anon and authenticated.
    await asPostgres('create table public.estimates (customer_email text, address text)');
    expect(await unguarded()).toEqual([
      { table: 'estimates', kind: 'table', role: 'anon', privileges: ['select', 'insert', 'update', 'delete', 'truncate'] },
      { table: 'estimates', kind: 'table', role: 'authenticated', privileges: ['select', 'insert', 'update', 'delete', 'truncate'] },
    ]);
    // A view made there reads as its owner (session 30); one made security_invoker reads as the caller, and is not named.
    onTestFinished(() => asPostgres('drop view if exists public.mail_log; drop view if exists public.my_mail').then(() => undefined));
    await asPostgres('create view public.mail_log as select recipient, kind from back_office.outbound_emails');
    await asPostgres('create view public.my_mail with (security_invoker = true) as select recipient from back_office.outbound_emails');
    expect((await unguarded()).filter((entry: { kind: string }) => entry.kind === 'view')).toEqual([
      { table: 'mail_log', kind: 'view', role: 'anon', privileges: ['select', 'insert', 'update', 'delete', 'truncate'] },
      { table: 'mail_log', kind: 'view', role: 'authenticated', privileges: ['select', 'insert', 'update', 'delete', 'truncate'] },
    ]);
    // Session 32: extensions, which anon may use and hosted's GraphQL endpoint serves: a table the project's role makes
    // there is named; one of Supabase's own roles' is not (nor an extension's, which pg_depend marks).
    // Hosted grants postgres every right on extensions (supabase/postgres, migration 10000000000000_demote-postgres).
    await asAdmin('grant create on schema extensions to postgres');
    onTestFinished(() => asAdmin('drop table if exists extensions.staff_notes; drop table if exists extensions.supabase_own; revoke create on schema extensions from postgres').then(() => undefined));
    await asPostgres('create table extensions.staff_notes (customer_email text, note text); grant select on extensions.staff_notes to anon');
    await asAdmin('create table extensions.supabase_own (note text); grant select on extensions.supabase_own to anon');
    expect((await unguarded()).filter((entry: { table: string }) => entry.table.startsWith('extensions.'))).toEqual([
      { table: 'extensions.staff_notes', kind: 'table', role: 'anon', privileges: ['select'] },
    ]);
    expect((await rest(db.anonKey, 'rpc/deployment_check_unguarded_tables')).status).toBe(401);
  });

  it("check:deployment's table policies function answers the migrations' ten policies as the line reads them, and a policy changed there (session 30)", async () => {
    const seen = async () => (await (await rest(db.serviceRoleKey, 'rpc/deployment_check_table_policies')).json()) as PolicySeen[];
    const own = ownPoliciesOf(listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })));
    expect(tablePoliciesOutcome(await seen(), own)).toEqual({
      ok: true,
      detail: 'the 10 policies the migrations make are in the database as they make them, and no table the API serves has another',
    });
    onTestFinished(() =>
      asPostgres(`alter policy "visitors can sign up for the free guide" on public.leads with check (lead_source = 'free_flooring_guide')`).then(() => undefined),
    );
    await asPostgres(`alter policy "visitors can sign up for the free guide" on public.leads with check (true)`);
    expect(tablePoliciesOutcome(await seen(), own).detail).toMatch(/^leads "visitors can sign up for the free guide" is for insert to anon, with check true, where /);
    expect((await rest(db.anonKey, 'rpc/deployment_check_table_policies')).status).toBe(401);
  });

  it("check:deployment's leaks function finds nothing in the migrations as applied there, nor in Supabase's own schemas, and finds the owner's definer function outside public", async () => {
    const leaks = async () => {
      const reply = await rest(db.serviceRoleKey, 'rpc/deployment_check_anon_leaks');
      return [reply.status, await reply.json()];
    };
    expect(await leaks()).toEqual([200, { views: [], functions: [], copies: [], reads: [] }]);
    // Supabase puts security definer functions anon may call in its own schemas (extensions' grant_pg_*_access): not
    // the owner's, not named. One the owner adds to private (anon may use it, for the throttle) is.
    onTestFinished(async () => {
      await asAdmin('drop function if exists extensions.grant_pg_example_access(); drop function if exists private.all_contacts()');
    });
    await asAdmin(`create function extensions.grant_pg_example_access() returns void language sql security definer set search_path = '' as 'select'`);
    await asPostgres(`create function private.all_contacts() returns setof public.contacts language sql stable security definer set search_path = '' as 'select * from public.contacts'`);
    expect(await leaks()).toEqual([200, { views: [], functions: ['private.all_contacts()'], copies: [], reads: [] }]);
    // Session 32: one the owner adds to extensions (anon may use it, and hosted's GraphQL endpoint serves it) is too.
    // Hosted grants postgres every right on extensions (supabase/postgres, migration 10000000000000_demote-postgres).
    await asAdmin('grant create on schema extensions to postgres');
    onTestFinished(async () => {
      await asAdmin('drop function if exists extensions.all_contacts(); revoke create on schema extensions from postgres');
    });
    await asPostgres(`create function extensions.all_contacts() returns setof public.contacts language sql stable security definer set search_path = '' as 'select * from public.contacts'`);
    const [status, found] = (await leaks()) as [number, { functions: string[] }];
    expect([status, { ...found, functions: [...found.functions].sort() }]).toEqual([
      200,
      { views: [], functions: ['extensions.all_contacts()', 'private.all_contacts()'], copies: [], reads: [] },
    ]);
  });

  it("check:deployment's signed-in function finds nothing in the migrations as applied there, nor Supabase's own functions, and names a definer function the owner grants to authenticated only (red-team, session 28)", async () => {
    const signedIn = async () => {
      const reply = await rest(db.serviceRoleKey, 'rpc/deployment_check_signed_in_access');
      return [reply.status, await reply.json()];
    };
    expect(await signedIn()).toEqual([200, {}]);
    onTestFinished(async () => {
      await asAdmin('drop function if exists extensions.grant_pg_example_access(); drop function if exists public.staff_export(); drop function if exists public.open_export()');
    });
    // Supabase's own (an extension's helper, granted to authenticated) is not named; a staff page's function is; one
    // anon may call too is the leaks line's, not named twice.
    await asAdmin(`create function extensions.grant_pg_example_access() returns void language sql security definer set search_path = '' as 'select';
                   revoke all on function extensions.grant_pg_example_access() from public; grant execute on function extensions.grant_pg_example_access() to authenticated`);
    await asPostgres(`create function public.staff_export() returns setof public.contacts language sql stable security definer set search_path = '' as 'select * from public.contacts';
                      revoke all on function public.staff_export() from public, anon;
                      grant execute on function public.staff_export() to authenticated;
                      create function public.open_export() returns setof public.contacts language sql stable security definer set search_path = '' as 'select * from public.contacts'`);
    expect(await signedIn()).toEqual([200, { 'function staff_export()': ['call'] }]);
    // Session 32: the same function made in extensions (Supabase's schema, which signed-in users may use) is named too.
    await asAdmin('grant create on schema extensions to postgres');
    onTestFinished(async () => {
      await asAdmin('drop function if exists extensions.staff_export(); revoke create on schema extensions from postgres');
    });
    await asPostgres(`create function extensions.staff_export() returns setof public.contacts language sql stable security definer set search_path = '' as 'select * from public.contacts';
                      revoke all on function extensions.staff_export() from public, anon;
                      grant execute on function extensions.staff_export() to authenticated`);
    expect(await signedIn()).toEqual([200, { 'function staff_export()': ['call'], 'function extensions.staff_export()': ['call'] }]);
    expect((await rest(db.anonKey, 'rpc/deployment_check_signed_in_access')).status).toBe(401);
  });

  it("check:deployment's leaks function finds the owner's definer function in graphql_public, which PostgREST exposes beside public on hosted, but not pg_graphql's own entry point (red-team, session 22)", async () => {
    const leaks = async () => (await (await rest(db.serviceRoleKey, 'rpc/deployment_check_anon_leaks')).json()) as { functions: string[] };
    onTestFinished(async () => {
      await asAdmin('drop schema if exists graphql_public cascade');
    });
    // As hosted has it: the schema, anon's USAGE, and pg_graphql's entry point (an invoker function; made definer
    // here, so that leaving it out by name is what is tested).
    await asAdmin(`create schema if not exists graphql_public;
                   grant usage on schema graphql_public to anon, authenticated, service_role;
                   create or replace function graphql_public.graphql(query text default null) returns jsonb language sql security definer as 'select null::jsonb';
                   grant execute on function graphql_public.graphql(text) to anon;
                   grant all on schema graphql_public to postgres;`);
    await asPostgres(`create function graphql_public.all_contacts() returns setof public.contacts language sql stable security definer set search_path = '' as 'select * from public.contacts'`);
    expect((await leaks()).functions).toEqual(['graphql_public.all_contacts()']);
  });

  it("check:deployment's lead exports function names a database webhook made as the dashboard makes it and a publication, and nothing of the migrations' own there (session 23)", async () => {
    const exports = async () => {
      const reply = await rest(db.serviceRoleKey, 'rpc/deployment_check_lead_exports');
      expect(reply.status).toBe(200);
      return (await reply.json()) as LeadExport[];
    };
    const own = ownTriggersOf(listMigrations().map((migration) => fs.readFileSync(migration.file, 'utf8')));
    expect(leadExportsOutcome(await exports(), own).ok).toBe(true);
    onTestFinished(async () => {
      await asPostgres('drop trigger if exists crm_webhook on public.contacts; drop publication if exists crm_sync');
      await asAdmin('drop schema if exists supabase_functions cascade');
    });
    // As hosted has it: supabase_functions belongs to the platform, postgres may run its http_request (a stub here).
    await asAdmin(`create schema supabase_functions;
                   create function supabase_functions.http_request() returns trigger language plpgsql as 'begin return new; end';
                   grant usage on schema supabase_functions to postgres;
                   grant execute on function supabase_functions.http_request() to postgres;`);
    await asPostgres(`create trigger crm_webhook after insert on public.contacts for each row
                        execute function supabase_functions.http_request('https://hooks.example/crm', 'POST', '{}', '{}', '1000');
                      create publication crm_sync for table public.investors;`);
    expect((await exports()).filter((found) => !(found.kind === 'trigger' && own.has(`${found.table} ${found.name}`)))).toEqual([
      { kind: 'trigger', name: 'crm_webhook', table: 'contacts', runs: 'supabase_functions.http_request', network: true },
      { kind: 'publication', name: 'crm_sync', table: 'investors' },
    ]);
    expect((await rest(db.anonKey, 'rpc/deployment_check_lead_exports')).status).toBe(401);
  });

  it("check:deployment's function bodies function answers each of the migrations' functions with its migration's body, and one the owner changes in the SQL editor with another (session 24)", async () => {
    const bodies = async () => {
      const reply = await rest(db.serviceRoleKey, 'rpc/deployment_check_function_bodies');
      expect(reply.status).toBe(200);
      return (await reply.json()) as FunctionsSeen;
    };
    const own = ownFunctionsOf(listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })));
    expect(functionBodiesOutcome(await bodies(), own)).toMatchObject({ ok: true });
    const { definition } = (await asPostgres<{ definition: string }>("select pg_get_functiondef('private.is_email(text)'::regprocedure) as definition"))[0]!;
    onTestFinished(async () => {
      await asPostgres(definition!);
    });
    // The owner, in the dashboard's SQL editor (as postgres), lets one more kind of address through.
    await asPostgres(definition!.replace(/\$function\$\n/, '$function$\n-- edited in the dashboard\n'));
    expect(functionBodiesOutcome(await bodies(), own).detail).toMatch(/^private\.is_email\(text\) has another body than \d+_\w+\.sql gives it: changed by hand/);
    expect((await rest(db.anonKey, 'rpc/deployment_check_function_bodies')).status).toBe(401);
  });

  it("check:deployment's function attributes and triggers functions answer the migrations' own, owned by postgres and firing, and name a function the owner turns invoker and a trigger the owner disables (session 25)", async () => {
    const bodies = async () => (await (await rest(db.serviceRoleKey, 'rpc/deployment_check_function_bodies')).json()) as FunctionsSeen;
    const triggers = async () => {
      const reply = await rest(db.serviceRoleKey, 'rpc/deployment_check_triggers');
      expect(reply.status).toBe(200);
      return (await reply.json()) as TriggersSeen;
    };
    const migrations = listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') }));
    const [ownFunctions, ownTriggers] = [ownFunctionsOf(migrations), ownTriggerShapesOf(migrations)];
    expect(functionBodiesOutcome(await bodies(), ownFunctions)).toMatchObject({ ok: true, detail: expect.stringMatching(/, owned by postgres$/) });
    expect(triggersOutcome(await triggers(), ownTriggers)).toMatchObject({ ok: true });
    onTestFinished(async () => {
      await asPostgres('alter function back_office.follow_up_new_lead() security definer; alter table public.contacts enable trigger follow_up_new_contact');
    });
    // The owner, in the dashboard's SQL editor (as postgres).
    await asPostgres('alter function back_office.follow_up_new_lead() security invoker; alter table public.contacts disable trigger follow_up_new_contact');
    expect(functionBodiesOutcome(await bodies(), ownFunctions).detail).toMatch(/^back_office\.follow_up_new_lead\(\) runs as its caller \(security invoker\), where \d+_\w+\.sql makes it run as its owner/);
    expect(triggersOutcome(await triggers(), ownTriggers).detail).toMatch(/^trigger follow_up_new_contact on public\.contacts \(it queues the office's and the visitor's e-mails\) is disabled/);
    expect((await rest(db.anonKey, 'rpc/deployment_check_triggers')).status).toBe(401);
  });

  it("check:deployment's function bodies function answers graphile_worker's functions as the installed package makes them, and add_job changed by hand with another body (red-team R6, session 25)", async () => {
    const bodies = async () => (await (await rest(db.serviceRoleKey, 'rpc/deployment_check_function_bodies')).json()) as FunctionsSeen;
    const own = ownFunctionsOf([
      ...listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })),
      ...jobQueueSqlOf(PROJECT_ROOT),
    ]);
    expect(functionBodiesOutcome(await bodies(), own)).toMatchObject({ ok: true });
    expect((await bodies()).functions.filter((fn) => fn.name.startsWith('graphile_worker.'))).toHaveLength(7);
    const signature = 'graphile_worker.add_job(text, json, text, timestamp with time zone, integer, text, integer, text[], text)';
    const { definition } = (await asPostgres<{ definition: string }>('select pg_get_functiondef($1::regprocedure) as definition', [signature]))[0]!;
    onTestFinished(async () => {
      await asPostgres(definition!);
    });
    // Every job's payload (a lead's e-mail carries the lead's fields) also told to whoever listens.
    await asPostgres(definition!.replace(/\nbegin\n/i, "\nbegin\n  perform pg_notify('jobs', payload::text);\n"));
    expect(functionBodiesOutcome(await bodies(), own).detail).toMatch(
      /^graphile_worker\.add_job\(text, json, text, timestamp with time zone, integer, text, integer, text\[\], text\) has another body than node_modules\/graphile-worker\/sql\/\d+\.sql gives it: changed by hand.*run its create or replace function from node_modules\/graphile-worker\/sql\/\d+\.sql \(with :GRAPHILE_WORKER_SCHEMA read as graphile_worker\)/,
    );
  });

  describe.each(Object.keys(LEAD_ROWS))('the anon key on %s', (table) => {
    it('inserts a row, cannot read any back; the service key can', async () => {
      const row = LEAD_ROWS[table]!();
      const inserted = await rest(db.anonKey, table, { method: 'POST', headers: { Prefer: 'return=minimal' }, body: JSON.stringify(row) });
      expect(inserted.status, await inserted.clone().text()).toBe(201);
      const read = await rest(db.anonKey, `${table}?select=email`);
      expect(read.status).toBe(401);
      expect((await read.json()).code).toBe('42501');
      const service = await rest(db.serviceRoleKey, `${table}?select=email&email=eq.${encodeURIComponent(String(row.email))}`);
      expect(service.status).toBe(200);
      expect(await service.json()).toEqual([{ email: row.email }]);
    });

    it('is refused an insert with no row in it, as on the local stack (issue 27)', async () => {
      for (const body of ['null', '42', '[]', '"str"', 'true']) {
        const response = await rest(db.anonKey, table, { method: 'POST', headers: { Prefer: 'return=minimal' }, body });
        expect([body, response.status]).toEqual([body, 400]);
        expect(await response.json()).toMatchObject({ message: 'The submission is empty.' });
      }
    });
  });

  it("check:deployment's functions work there: the service key stores and undoes a test lead; the public key may not call them", async () => {
    const lead = await rest(db.serviceRoleKey, 'rpc/deployment_check_test_lead', { method: 'POST', body: '{}' });
    expect(lead.status).toBe(200);
    expect(await lead.json()).toEqual({ emails_queued: 2, jobs_queued: 2, left_behind: 0 });
    expect((await rest(db.anonKey, 'rpc/deployment_check_test_lead', { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await rest(db.anonKey, 'rpc/deployment_check_client_address')).status).toBe(401);
    const address = await rest(db.serviceRoleKey, 'rpc/deployment_check_client_address');
    expect(await address.json()).toBe('127.0.0.1');
  });

  it("check:deployment's throttle counts work there: they show a call the processor counted, for the addresses asked only; the public key may not ask (session 27)", async () => {
    const forged = `203.0.113.${100 + Math.floor(Math.random() * 100)}`;
    const counts = async () => {
      const reply = await rest(db.serviceRoleKey, 'rpc/deployment_check_throttle_counts', { method: 'POST', body: JSON.stringify({ addresses: [forged, '2001:db8:1:2::7'] }) });
      expect(reply.status).toBe(200);
      return (await reply.json()) as { window_start: string; max_writes: number; counts: Record<string, number>; previous_counts: Record<string, number> };
    };
    const before = await counts();
    // As the processor counts a call whose row never came (it connects as the database owner).
    await asPostgres('select private.count_rowless_webhook_call($1)', [forged]);
    await asPostgres('select private.count_rowless_webhook_call($1)', ['2001:db8:1:2::99']);
    const after = await counts();

    expect(Object.keys(after.counts).sort()).toEqual([forged, '2001:db8:1:2::7'].sort());
    expect(after.max_writes).toBe(1000);
    // An IPv6 address is read as the throttle counts it, by its /64: another address of that network was counted.
    const added = (address: string) =>
      after.counts[address]! + (before.window_start === after.window_start ? 0 : after.previous_counts[address]!) - before.counts[address]!;
    expect([added(forged), added('2001:db8:1:2::7')]).toEqual([1, 1]);
    expect((await rest(db.anonKey, 'rpc/deployment_check_throttle_counts', { method: 'POST', body: JSON.stringify({ addresses: [forged] }) })).status).toBe(401);
  });

  it("check:deployment's visitors' inserts work there: the service key's request takes anon's role (PostgREST's authenticator may), every form's row is stored and undone, nothing left; the public key may not call it", async () => {
    const before = await asAdmin<{ rows: string; emails: string }>(
      'select (select count(*) from public.contacts) + (select count(*) from public.realtors) as rows, (select count(*) from back_office.outbound_emails) as emails',
    );
    const reply = await rest(db.serviceRoleKey, 'rpc/deployment_check_anon_inserts', { method: 'POST', body: JSON.stringify({ site_rows: SITE_ROWS }) });
    expect(reply.status).toBe(200);
    const lead = { returned: true, stored: true, email_kept: true, emails_queued: 2, jobs_queued: 2 };
    expect(await reply.json()).toEqual({ contacts: lead, leads: lead, realtors: lead, investors: lead, floor_visualizer_requests: { ...lead, emails_queued: 0, jobs_queued: 0 } });
    expect(
      await asAdmin('select (select count(*) from public.contacts) + (select count(*) from public.realtors) as rows, (select count(*) from back_office.outbound_emails) as emails'),
    ).toEqual(before);
    expect((await rest(db.anonKey, 'rpc/deployment_check_anon_inserts', { method: 'POST', body: JSON.stringify({ site_rows: SITE_ROWS }) })).status).toBe(401);
  });

  it("check:deployment's marked rows: planted and removed by the service key, no e-mail queued for them, refused to the public key", async () => {
    const planted = await rest(db.serviceRoleKey, 'rpc/deployment_check_plant_rows', { method: 'POST', body: '{}' });
    expect(planted.status).toBe(200);
    const ids = (await planted.json()) as Record<string, string>;
    expect(Object.keys(ids).sort()).toEqual(['contacts', 'floor_visualizer_requests', 'investors', 'leads', 'realtors']);
    const emailsFor = () =>
      asPostgres<{ count: number }>('select count(*)::integer as count from back_office.outbound_emails where source_id = any($1::uuid[])', [Object.values(ids)]);
    expect(await emailsFor()).toEqual([{ count: 0 }]);
    // The test photo's row finishing queues nothing either (the visualizer's e-mails are queued on completion).
    await asPostgres(`update public.floor_visualizer_requests set status = 'failed', failure_reason = 'Deployment check' where id = $1`, [ids.floor_visualizer_requests]);
    expect(await emailsFor()).toEqual([{ count: 0 }]);

    // The unsubscribe step: the service key asks the e-mail worker for its link (a job only it runs; none runs here).
    const started = await rest(db.serviceRoleKey, 'rpc/deployment_check_unsubscribe_start', { method: 'POST', body: '{}' });
    expect([started.status, ((await started.json()) as { unsubscribed_at: unknown }).unsubscribed_at]).toEqual([200, null]);
    const state = await rest(db.serviceRoleKey, 'rpc/deployment_check_unsubscribe_state');
    expect(await state.json()).toMatchObject({ made: false, job_waiting: true, job_error: null, unsubscribed_at: null, list_unsubscribe: null });
    expect((await rest(db.anonKey, 'rpc/deployment_check_unsubscribe_start', { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await rest(db.anonKey, 'rpc/deployment_check_unsubscribe_state')).status).toBe(401);

    const removed = await rest(db.serviceRoleKey, 'rpc/deployment_check_remove_rows', { method: 'POST', body: JSON.stringify({ planted: Object.values(ids) }) });
    expect(await removed.json()).toEqual({ visualizer_requests: [ids.floor_visualizer_requests], left_behind: 0, emails: 0, unsubscribes_left: 0 });
    expect(await asPostgres('select id from public.contacts where id = $1', [ids.contacts])).toEqual([]);
    expect(await asPostgres(`select id from graphile_worker.jobs where key = 'deployment-check-unsubscribe-link'`)).toEqual([]);

    expect((await rest(db.anonKey, 'rpc/deployment_check_plant_rows', { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await rest(db.anonKey, 'rpc/deployment_check_remove_rows', { method: 'POST', body: '{"planted":[]}' })).status).toBe(401);
    expect((await rest(db.anonKey, 'rpc/deployment_check_workers')).status).toBe(401);
    expect((await rest(db.serviceRoleKey, 'rpc/deployment_check_workers')).status).toBe(200);
    // As migrated there, no lead table lets the public key change or delete a row.
    const writes = await rest(db.serviceRoleKey, 'rpc/deployment_check_anon_writes');
    expect([writes.status, await writes.json()]).toEqual([200, {}]);
    expect((await rest(db.anonKey, 'rpc/deployment_check_anon_writes')).status).toBe(401);
    const staff = await rest(db.serviceRoleKey, 'rpc/deployment_check_staff_emails');
    expect([staff.status, await staff.json()]).toEqual([200, { failing: 0, latest_reason: null }]);
    expect((await rest(db.anonKey, 'rpc/deployment_check_staff_emails')).status).toBe(401);
    // Nor does a view or a security definer function in the API's schema hand the public key lead rows.
    const leaks = await rest(db.serviceRoleKey, 'rpc/deployment_check_anon_leaks');
    expect([leaks.status, await leaks.json()]).toEqual([200, { views: [], functions: [], copies: [], reads: [] }]);
    expect((await rest(db.anonKey, 'rpc/deployment_check_anon_leaks')).status).toBe(401);
    expect((await rest(db.serviceRoleKey, 'rpc/deployment_check_retention')).status).toBe(200);
    expect((await rest(db.anonKey, 'rpc/deployment_check_retention')).status).toBe(401);
  });

  it('queues the lead e-mails in the visitor insert, through graphile-worker installed by postgres', async () => {
    const row = LEAD_ROWS.contacts!();
    await rest(db.anonKey, 'contacts', { method: 'POST', headers: { Prefer: 'return=minimal' }, body: JSON.stringify(row) });
    const emails = await asPostgres<{ kind: string; queued: boolean }>(
      `select e.kind, exists (select from graphile_worker.jobs j where j.key = 'email:' || e.id) as queued
       from back_office.outbound_emails e join public.contacts c on c.id = e.source_id where c.email = $1 order by kind`,
      [row.email],
    );
    expect(emails).toEqual([
      { kind: 'estimate_confirmation', queued: true },
      { kind: 'staff_contact', queued: true },
    ]);
  });
});

type Service = { child: ChildProcess; output: string[] };

function startService(entry: string, env: Record<string, string>): Service {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return { child, output };
}


describe('the connection budget: postgres limited to 15 connections, two instances of each service', () => {
  const services: Service[] = [];
  let mail: MailCatcher;
  let folder: string;
  const processorPorts: number[] = [];

  beforeAll(async () => {
    // The session pooler's cap for the project, as the database's own limit on the services' login.
    await asAdmin('alter role postgres connection limit 15');
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-budget-'));
    mail = await startMailCatcher({ smtpPort: await findFreePort(), webPort: await findFreePort(), directory: path.join(folder, 'mail') });
    for (let instance = 0; instance < 2; instance++) {
      const port = await findFreePort();
      processorPorts.push(port);
      services.push(
        startService(PROCESSOR_ENTRY, {
          HOST: '127.0.0.1',
          PORT: String(port),
          SUPABASE_URL: db.url,
          DATABASE_URL: db.postgresUrl,
          // Hosted Storage's API (the gateway's stand-in, with the buckets the migrations made), one instance with
          // each key format.
          SUPABASE_SERVICE_ROLE_KEY: instance === 0 ? LOCAL_SERVICE_ROLE_KEY : LOCAL_SECRET_KEY,
          VISUALIZER_STORAGE: 'supabase',
          VISUALIZER_RENDER_STYLES: 'default',
        }),
        startService(EMAIL_WORKER_ENTRY, {
          HOST: '127.0.0.1',
          PORT: '0',
          DATABASE_URL: db.postgresUrl,
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(mail.smtpPort),
          MAIL_FROM: 'Flooring <hello@example.com>',
          STAFF_INBOX: 'office@example.com',
          SITE_URL: 'http://site.test',
          UNSUBSCRIBE_URL: `http://127.0.0.1:${processorPorts[0]}/unsubscribe`,
        }),
      );
    }
    for (const port of processorPorts) {
      await eventually(`the processor on ${port} to be healthy`, async () => ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok ? true : undefined));
    }
    await eventually('both e-mail workers to run', async () =>
      services.filter((service) => service.output.some((line) => line.startsWith('email worker running'))).length === 2 ? true : undefined,
    );
  }, 180_000);

  afterAll(async () => {
    for (const service of services) service.child.kill('SIGTERM');
    await Promise.all(services.map((service) => new Promise((resolve) => (service.child.exitCode === null ? service.child.once('exit', resolve) : resolve(null)))));
    await mail?.stop();
    await asAdmin('alter role postgres connection limit -1').catch(() => undefined);
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('sends every lead e-mail and renders a photo on each processor, within the 15 connections', async () => {
    let peakConnections = 0;
    const sampler = setInterval(() => {
      asAdmin<{ n: number }>("select count(*)::int as n from pg_stat_activity where usename = 'postgres'")
        .then(([row]) => (peakConnections = Math.max(peakConnections, row?.n ?? 0)))
        .catch(() => undefined);
    }, 100);
    onTestFinished(() => clearInterval(sampler));
    const visitors = Array.from({ length: 6 }, () => LEAD_ROWS.contacts!());
    for (const visitor of visitors) {
      const response = await rest(db.anonKey, 'contacts', { method: 'POST', headers: { Prefer: 'return=minimal' }, body: JSON.stringify(visitor) });
      expect(response.status).toBe(201);
    }
    const photo = await readFile(path.join(FIXTURE_DIR, 'room-gps.jpg'));
    const requests = await Promise.all(
      processorPorts.map(async (port) => {
        const id = randomUUID();
        const email = `budget.${unique()}@example.com`;
        const created = await rest(db.anonKey, 'floor_visualizer_requests', {
          method: 'POST',
          headers: { Prefer: 'return=minimal' },
          body: JSON.stringify({ id, customer_name: 'Budget Visitor', email }),
        });
        expect(created.status).toBe(201);
        const reply = await fetch(`http://127.0.0.1:${port}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ requestId: id, name: 'Budget Visitor', email, imageBase64: toDataUrl(photo, 'image/jpeg'), fileName: 'room.jpg' }),
        });
        expect([200, 202]).toContain(reply.status);
        return id;
      }),
    );

    await eventually('every visitor to get a confirmation', async () => {
      const delivered = mail.messages().filter((message) => visitors.some((visitor) => message.envelope.to.includes(String(visitor.email))));
      return delivered.length >= visitors.length ? true : undefined;
    });
    const rendered = await eventually('both renders to complete', async () => {
      const rows = await asAdmin<{ status: string; processed_image_url: string }>(
        'select status, processed_image_url from public.floor_visualizer_requests where id = any($1::uuid[])',
        [requests],
      );
      return rows.every((row) => row.status === 'completed') && rows.length === 2 ? rows : undefined;
    });
    // The bucket the migrations made private: each render opens by its signed link only (decision 022).
    for (const row of rendered) {
      expect(row.processed_image_url).toMatch(/\/storage\/v1\/object\/sign\/floor-visualizer\/.+\?token=/);
      expect((await fetch(row.processed_image_url)).status).toBe(200);
      const publicUrl = row.processed_image_url.replace('/object/sign/', '/object/public/').replace(/\?.*$/, '');
      expect((await fetch(publicUrl)).status).toBe(400);
    }
    // The most the services held at once (sampled while they worked): never over the cap.
    expect(peakConnections).toBeGreaterThan(0);
    expect(peakConnections).toBeLessThanOrEqual(15);
    const refused = services.flatMap((service) => service.output).filter((line) => /too many connections|connection limit/i.test(line));
    expect(refused).toEqual([]);
    if (process.env.BUDGET_LOG) console.log(`peak connections of postgres: ${peakConnections}`);
  }, 240_000);
});
