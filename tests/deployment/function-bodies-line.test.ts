import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../local-stack/migrations';
import {
  argumentTypes,
  functionBodiesOutcome,
  ownFunctionsOf,
  type FunctionSeen,
} from '../../scripts/check-deployment/function-bodies';

/**
 * check:deployment's line "database functions are the migrations' own" (red-team, session 24); check-deployment.test.ts
 * runs it against the local stack with a lead trigger's function and one of the check's own changed by hand.
 */
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const own = ownFunctionsOf(
  listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })),
);

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
    expect(read.get('private.f')).toEqual(new Map([['', { md5: md5(body), file: '2_b.sql' }]]));
    expect(read.get('public.g')).toEqual(new Map([['json', { md5: md5('select 1'), file: '1_a.sql' }]]));
    expect(
      argumentTypes('in site_rows json default null, "n" integer = 3, double precision, timestamp with time zone'),
    ).toBe('json, integer, double precision, timestamp with time zone');
    // The checkout's: the lead trigger's function, the check's own, and not the dropped deployment_check_anon_inserts().
    expect(own.get('back_office.follow_up_new_lead')?.get('')?.file).toBe('20261122200002_email_outbox.sql');
    expect([...(own.get('public.deployment_check_anon_inserts')?.keys() ?? [])]).toEqual(['json']);
    expect(own.has('public.deployment_check_function_bodies')).toBe(true);
  });

  it("is ok when the database has each with the migrations' body, and names one changed, an overload added and one missing", () => {
    const seen: FunctionSeen[] = [...own].flatMap(([name, versions]) =>
      [...versions].map(([args, fn]) => ({ name, args, md5: fn.md5 })),
    );
    // Functions of names the migrations do not make are not judged here.
    const withOthers = [...seen, { name: 'public.someone_elses', args: '', md5: 'x' }];
    expect(functionBodiesOutcome(withOthers, own)).toEqual({
      ok: true,
      detail: `the ${seen.length} functions the migrations make are in the database with the migrations' bodies`,
    });
    const changed = seen.map((fn) =>
      fn.name === 'back_office.follow_up_new_lead' ? { ...fn, md5: md5('begin perform pg_notify(...); end') } : fn,
    );
    expect(functionBodiesOutcome(changed, own)).toEqual({
      ok: false,
      detail:
        "back_office.follow_up_new_lead() has another body than 20261122200002_email_outbox.sql gives it: changed by hand, not by a migration of this checkout, so it may do what no file says (hand each lead to someone else as it arrives, or answer this check's own questions falsely, which makes the other lines worth nothing); run its create or replace function from supabase/migrations/20261122200002_email_outbox.sql again in the SQL editor, and find out who changed it; a change the business means to keep belongs in a migration",
    });
    const overloaded = [
      ...seen,
      { name: 'public.deployment_check_lead_exports', args: 'everything boolean', md5: 'y' },
    ];
    expect(functionBodiesOutcome(overloaded, own).detail).toMatch(
      /^public\.deployment_check_lead_exports\(boolean\) is not one the migrations make \(they make public\.deployment_check_lead_exports\(\)\): changed by hand/,
    );
    const missing = seen.filter((fn) => fn.name !== 'private.is_email');
    expect(functionBodiesOutcome(missing, own).detail).toMatch(
      /^private\.is_email\(text\) is not in the database: changed by hand/,
    );
  });
});
