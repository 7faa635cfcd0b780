import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../local-stack/migrations';
import { PROJECT_ROOT } from '../../local-stack/paths';
import {
  argumentTypes,
  functionBodiesOutcome,
  jobQueueSqlOf,
  ownFunctionsOf,
  type FunctionSeen,
  type FunctionsSeen,
} from '../../scripts/check-deployment/function-bodies';

/**
 * check:deployment's line "database functions are the migrations' own" (red-team, session 24); check-deployment.test.ts
 * runs it against the local stack with a lead trigger's function and one of the check's own changed by hand.
 */
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const own = ownFunctionsOf(
  listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })),
);

/** Every function the migrations make, seen in the database as they make it. */
function functionsAsMigrated(): FunctionSeen[] {
  return [...own].flatMap(([name, versions]) =>
    [...versions].map(([args, fn]) => ({
      name,
      args,
      md5: fn.md5,
      definer: fn.definer,
      config: ['search_path=""'],
      owner: 'postgres',
    })),
  );
}

describe("the line on the database's functions", () => {
  it("reads each function's last body as written, less those a later migration drops, and not from comments", () => {
    const body = `\nbegin\n  -- a comment is part of the body Postgres keeps\n  return new;\nend;\n`;
    const read = ownFunctionsOf([
      {
        file: '/m/1_a.sql',
        text: `-- create function private.all_leads() ... in a comment\ncreate function private.f() returns trigger language plpgsql as $$old$$;\ncreate function public.g(site_rows json default '{}') returns json language sql as $body$select 1$body$;\ncreate function public.g() returns json language sql as $$select 2$$;`,
      },
      {
        file: '/m/2_b.sql',
        text: `create or replace function private.f()\nreturns trigger\nlanguage plpgsql\nas $$${body}$$;\ndrop function public.g();`,
      },
    ]);
    expect([...read.keys()]).toEqual(['private.f', 'public.g']);
    expect(read.get('private.f')).toEqual(
      new Map([['', { md5: md5(body), file: '2_b.sql', definer: false, config: [] }]]),
    );
    expect(read.get('public.g')).toEqual(
      new Map([['json', { md5: md5('select 1'), file: '1_a.sql', definer: false, config: [] }]]),
    );
    expect(
      argumentTypes('in site_rows json default null, "n" integer = 3, double precision, timestamp with time zone'),
    ).toBe('json, integer, double precision, timestamp with time zone');
    // The checkout's: the lead trigger's function, the check's own, and not the dropped deployment_check_anon_inserts().
    expect(own.get('back_office.follow_up_new_lead')?.get('')?.file).toBe('20261122200002_email_outbox.sql');
    expect([...(own.get('public.deployment_check_anon_inserts')?.keys() ?? [])]).toEqual(['json']);
    expect(own.has('public.deployment_check_function_bodies')).toBe(true);
  });

  it("reads each function's security and SET options from its header, the clauses after its body and a later alter function (session 25)", () => {
    const read = ownFunctionsOf([
      {
        file: '/m/1_a.sql',
        text: `create function private.f() returns trigger language plpgsql security definer set search_path = '' as $$select 1$$;
create function public.g(n integer) returns json as $body$select 2$body$ language sql security definer set search_path to public, pg_temp set statement_timeout = '5s';
create function public.h() returns json language sql set search_path = '' as $$select 3$$;`,
      },
      {
        file: '/m/2_b.sql',
        text: `alter function public.h() security definer set search_path = private;\nalter function public.g(integer) reset statement_timeout;`,
      },
    ]);
    expect(read.get('private.f')?.get('')).toMatchObject({ definer: true, config: ['search_path='] });
    expect(read.get('public.g')?.get('integer')).toMatchObject({
      definer: true,
      config: ['search_path=public, pg_temp'],
      file: '1_a.sql',
      alteredIn: '2_b.sql',
    });
    expect(read.get('public.h')?.get('')).toMatchObject({
      definer: true,
      config: ['search_path=private'],
      file: '1_a.sql',
    });
    // Every function of the checkout's migrations sets its search path to '' (checked by the migrations' review too).
    for (const [qualified, versions] of own) {
      for (const [args, fn] of versions) expect(fn.config, `${qualified}(${args})`).toEqual(['search_path=']);
    }
    expect(own.get('back_office.follow_up_new_lead')?.get('')?.definer).toBe(true);
    expect(own.get('public.deployment_check_anon_inserts')?.get('json')?.definer).toBe(false);
  });

  it("reads graphile-worker's own SQL as the package installs it: its last functions, their types as Postgres prints them (session 25)", () => {
    // `drop function f;` drops the one function of that name; `int` and `timestamptz` are printed integer and
    // timestamp with time zone by pg_get_function_identity_arguments.
    const read = ownFunctionsOf([
      {
        file: '/q/000001.sql',
        text: `create function "q".f(n int, at timestamptz = now(), ids int8[]) returns int language sql as $$select 1$$;\ncreate function q.g() returns int language sql as $$select 2$$;\ndrop function "q".g;`,
      },
    ]);
    expect([...read.keys()]).toEqual(['q.f']);
    expect([...read.get('q.f')!.keys()]).toEqual(['integer, timestamp with time zone, bigint[]']);
    const queue = ownFunctionsOf(jobQueueSqlOf(PROJECT_ROOT));
    expect([...queue.keys()].sort()).toEqual([
      'graphile_worker.add_job',
      'graphile_worker.add_jobs',
      'graphile_worker.complete_jobs',
      'graphile_worker.force_unlock_workers',
      'graphile_worker.permanently_fail_jobs',
      'graphile_worker.remove_job',
      'graphile_worker.reschedule_jobs',
    ]);
    expect([...queue.get('graphile_worker.add_job')!.keys()]).toEqual([
      'text, json, text, timestamp with time zone, integer, text, integer, text[], text',
    ]);
    expect(
      queue
        .get('graphile_worker.add_job')!
        .get('text, json, text, timestamp with time zone, integer, text, integer, text[], text')!.file,
    ).toMatch(/^node_modules\/graphile-worker\/sql\/\d+\.sql$/);
  });

  it("is ok when the database has each with the migrations' body and attributes, and names one changed, an overload added and one missing", () => {
    const functions = functionsAsMigrated();
    const seen = (list: FunctionSeen[]): FunctionsSeen => ({ functions: list, tables_owner: 'postgres' });
    // Functions of names the migrations do not make are not judged here.
    const withOthers = [
      ...functions,
      { name: 'public.someone_elses', args: '', md5: 'x', definer: true, config: [], owner: 'x' },
    ];
    expect(functionBodiesOutcome(seen(withOthers), own)).toEqual({
      ok: true,
      detail: `the ${functions.length} functions the migrations make are in the database with the migrations' bodies, security and SET options, owned by postgres`,
    });
    const changed = functions.map((fn) =>
      fn.name === 'back_office.follow_up_new_lead' ? { ...fn, md5: md5('begin perform pg_notify(...); end') } : fn,
    );
    expect(functionBodiesOutcome(seen(changed), own)).toEqual({
      ok: false,
      detail:
        "back_office.follow_up_new_lead() has another body than 20261122200002_email_outbox.sql gives it: changed by hand, not by a migration of this checkout, so it may do what no file says (hand each lead to someone else as it arrives; run with rights the migrations never gave it, past row-level security, or find another schema's table or function under a name it uses; or answer this check's own questions falsely, which makes the other lines worth nothing); run its create or replace function from supabase/migrations/20261122200002_email_outbox.sql again in the SQL editor, and find out who changed it; a change the business means to keep belongs in a migration",
    });
    const overloaded = [
      ...functions,
      {
        name: 'public.deployment_check_lead_exports',
        args: 'everything boolean',
        md5: 'y',
        definer: true,
        config: [],
        owner: 'postgres',
      },
    ];
    expect(functionBodiesOutcome(seen(overloaded), own).detail).toMatch(
      /^public\.deployment_check_lead_exports\(boolean\) is not one the migrations make \(they make public\.deployment_check_lead_exports\(\)\): changed by hand/,
    );
    const missing = functions.filter((fn) => fn.name !== 'private.is_email');
    expect(functionBodiesOutcome(seen(missing), own).detail).toMatch(
      /^private\.is_email\(text\) is not in the database: changed by hand/,
    );
  });

  it("names a function turned invoker or definer, its search path changed, and one owned by another role than the lead tables' (session 25)", () => {
    const functions = functionsAsMigrated();
    const altered = functions.map((fn) =>
      fn.name === 'back_office.follow_up_new_lead'
        ? { ...fn, definer: false }
        : fn.name === 'public.deployment_check_anon_inserts'
          ? { ...fn, definer: true }
          : fn.name === 'private.is_email'
            ? { ...fn, config: ['search_path=public, pg_catalog'] }
            : fn.name === 'private.refuse_second_row_of_a_request'
              ? { ...fn, config: [] }
              : fn,
    );
    const outcome = functionBodiesOutcome({ functions: altered, tables_owner: 'postgres' }, own);
    expect(outcome.ok).toBe(false);
    for (const problem of [
      'back_office.follow_up_new_lead() runs as its caller (security invoker), where 20261122200002_email_outbox.sql makes it run as its owner (security definer)',
      'public.deployment_check_anon_inserts(json) runs as its owner (security definer), where 20261201010002_deployment_check_anon_inserts_site_rows.sql makes it run as its caller',
      'private.is_email(text) has search_path = public, pg_catalog, where',
      "private.refuse_second_row_of_a_request() has no SET option, where 20261122100010_one_row_per_anonymous_request.sql gives it search_path = ''",
    ]) {
      expect(outcome.detail, problem).toContain(problem);
    }
    expect(outcome.detail).toMatch(/makes it run as its caller: changed by hand, not by a migration of this checkout/);
    const owned = functionBodiesOutcome(
      {
        functions: functions.map((fn) =>
          fn.name === 'back_office.queue_email' ? { ...fn, owner: 'supabase_admin' } : fn,
        ),
        tables_owner: 'postgres',
      },
      own,
    );
    expect(owned.detail).toMatch(
      /^back_office\.queue_email\([^)]*\) is owned by supabase_admin, not by postgres, who owns the lead tables: changed by hand, .*; give it back \(alter function back_office\.queue_email\([^)]*\) owner to postgres;\), and find out who changed it/,
    );
  });
});
