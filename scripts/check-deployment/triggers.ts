import path from 'node:path';
import { LEAD_TABLES } from './pages.ts';
import type { Outcome } from './test-rows.ts';

/** One trigger as public.deployment_check_triggers answers it (migration 20261201080001). */
export type TriggerSeen = { schema: string; table: string; name: string; enabled: string; definition: string };

/** What public.deployment_check_triggers answers: the triggers, and each role's session_replication_role setting. */
export type TriggersSeen = { triggers: TriggerSeen[]; replication_roles: { role: string; value: string }[] };

/** A trigger as the checkout's migrations leave it: its statement reduced by `triggerShape`, and its file. */
export type OwnTrigger = { shape: string; file: string };

/** The order pg_get_triggerdef prints a trigger's events in. */
const EVENT_ORDER = ['insert', 'delete', 'update', 'truncate'];

/**
 * A `create trigger` statement reduced to what it does, read the same from a migration and from pg_get_triggerdef:
 * its words lower case (string literals as written), without quotes around names, brackets, commas, casts
 * (`'failed'::text`) or the words Postgres adds in printing (`x in ('a', 'b')` is printed `x = ANY (ARRAY['a'::text,
 * 'b'::text])`), tables and functions named with their schema (public when none), its events in Postgres's order,
 * `procedure` read as `function`. So `when (false)` or `after update` for `after insert` is another shape, and the
 * brackets Postgres adds to a `when` are not. (Brackets that change how a `when` groups are not told apart.)
 */
export function triggerShape(statement: string): string {
  const tokens = (
    statement
      .replace(/;\s*$/, '')
      .match(
        /'(?:[^']|'')*'|"[^"]*"|::\s*(?:double precision|character varying|timestamp with(?:out)? time zone|\w+)(?:\[\])?|[\w.$"]+|<>|!=|<=|>=|[^\s\w]/gi,
      ) ?? []
  )
    .map((token) => (token.startsWith("'") ? token : token.replace(/"/g, '').toLowerCase()))
    .map((token) => (token === '!=' ? '<>' : token))
    .filter(
      (token) =>
        !token.startsWith('::') && !['(', ')', ',', '[', ']', 'any', 'array', 'in', '=', 'each'].includes(token),
    );
  if (tokens[0] === 'create' && tokens[1] === 'or' && tokens[2] === 'replace') tokens.splice(1, 2);
  const qualify = (index: number) => {
    if (tokens[index] && !tokens[index]!.includes('.')) tokens[index] = `public.${tokens[index]}`;
  };
  const on = tokens.indexOf('on');
  qualify(on + 1);
  const execute = tokens.lastIndexOf('execute');
  if (tokens[execute + 1] === 'procedure') tokens[execute + 1] = 'function';
  qualify(execute + 2);
  // The events, between the timing and `on`: `insert or update of a b` in Postgres's order.
  const timingEnd = tokens.findIndex((token) => EVENT_ORDER.includes(token));
  if (timingEnd > 0 && on > timingEnd) {
    const events: string[][] = [[]];
    for (const token of tokens.slice(timingEnd, on)) {
      if (token === 'or') events.push([]);
      else events.at(-1)!.push(token);
    }
    events.sort((a, b) => EVENT_ORDER.indexOf(a[0]!) - EVENT_ORDER.indexOf(b[0]!));
    tokens.splice(
      timingEnd,
      on - timingEnd,
      ...events.flatMap((event, index) => (index === 0 ? event : ['or', ...event])),
    );
  }
  return tokens.join(' ');
}

/**
 * Every trigger the checkout's migrations leave, as `schema.table name` -> its shape and file: each `create [or
 * replace] [constraint] trigger` in file order, less each later `drop trigger`. Comments are left out (one may name a
 * trigger).
 */
export function ownTriggerShapesOf(migrations: readonly { file: string; text: string }[]): Map<string, OwnTrigger> {
  const own = new Map<string, OwnTrigger>();
  const name = String.raw`"?(\w+)"?`;
  const table = String.raw`((?:"?\w+"?\.)?"?\w+"?)`;
  const statement = new RegExp(
    String.raw`\b(create(?:\s+or\s+replace)?(?:\s+constraint)?\s+trigger\s+${name}[\s\S]*?\son\s+${table}[\s\S]*?\bexecute\s+(?:function|procedure)\s+[^;]*;|drop\s+trigger\s+(?:if\s+exists\s+)?${name}\s+on\s+${table})`,
    'gi',
  );
  const key = (qualified: string, trigger: string) =>
    `${(qualified.includes('.') ? qualified : `public.${qualified}`).replace(/"/g, '').toLowerCase()} ${trigger.toLowerCase()}`;
  for (const { file, text } of migrations) {
    const code = text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, created, createdName, createdOn, droppedName, droppedOn] of code.matchAll(statement)) {
      if (createdName)
        own.set(key(createdOn!, createdName), { shape: triggerShape(created!), file: path.basename(file) });
      else own.delete(key(droppedOn!, droppedName!));
    }
  }
  return own;
}

/** What each of the migrations' triggers on the lead tables is there for, by the end of its name. */
const PURPOSES: [RegExp, string][] = [
  [/^follow_up_/, "queues the office's and the visitor's e-mails"],
  [
    /_one_row_per_request$/,
    'holds each request to one row (with the throttle, what keeps a script from filling the tables)',
  ],
  [/_spreadsheet_safe_text$/, "keeps visitors' text from running as a formula in the office's spreadsheet"],
  [/_stamp_phone_consent$/, 'stamps which consent words the visitor agreed to'],
  [/^skip_emails_of_deployment_check_rows$/, "keeps this check's marked rows from e-mailing anyone"],
];
const purposeOf = (trigger: string) => PURPOSES.find(([pattern]) => pattern.test(trigger))?.[1];

/**
 * The line "database triggers are the migrations' own and fire": each trigger of the checkout's migrations must be
 * in the database as its migration makes it and fire (tgenabled O, or A), no role may have its sessions set to
 * session_replication_role = replica (which fires no ordinary trigger), and no other trigger may be on a table of
 * the project's schemas or graphile_worker's (the lead tables' own other triggers are the line "nothing in the
 * database sends leads elsewhere"'s). Red-team, session 25: `alter table public.contacts disable trigger
 * follow_up_new_contact` (the office never hears of a lead), a trigger re-made under its name `after update`, or
 * `alter role authenticator set session_replication_role = replica` passed every line, the trigger being there.
 */
export function triggersOutcome(seen: TriggersSeen, own: ReadonlyMap<string, OwnTrigger>): Outcome {
  const byKey = new Map(
    seen.triggers.map((trigger) => [`${trigger.schema}.${trigger.table} ${trigger.name}`.toLowerCase(), trigger]),
  );
  const problems: string[] = [];
  const remedies: string[] = [];
  const files = new Set<string>();
  for (const [key, mine] of [...own].sort(([a], [b]) => a.localeCompare(b))) {
    const [table, name] = key.split(' ') as [string, string];
    const trigger = byKey.get(key);
    const purpose = purposeOf(name);
    const what = `trigger ${name} on ${table}${purpose ? ` (it ${purpose})` : ''}`;
    if (!trigger) {
      problems.push(`${what} is not in the database`);
      files.add(mine.file);
      continue;
    }
    if (triggerShape(trigger.definition) !== mine.shape) {
      problems.push(`${what} is "${trigger.definition}", not as ${mine.file} makes it`);
      files.add(mine.file);
    }
    if (trigger.enabled === 'D' || trigger.enabled === 'R') {
      problems.push(
        `${what} ${trigger.enabled === 'D' ? 'is disabled (alter table ... disable trigger)' : "fires only on a replica (alter table ... enable replica trigger), never for a visitor's row"}`,
      );
      remedies.push(`alter table ${table} enable trigger ${name};`);
    }
  }
  const others = seen.triggers.filter(
    (trigger) =>
      !own.has(`${trigger.schema}.${trigger.table} ${trigger.name}`.toLowerCase()) &&
      !(trigger.schema === 'public' && (LEAD_TABLES as readonly string[]).includes(trigger.table)),
  );
  for (const trigger of others) {
    problems.push(
      `trigger ${trigger.name} on ${trigger.schema}.${trigger.table} ("${trigger.definition}") is not one the migrations make`,
    );
    remedies.push(`drop trigger ${trigger.name} on ${trigger.schema}.${trigger.table};`);
  }
  const replicas = seen.replication_roles.filter(
    (setting) => setting.value.replace(/["']/g, '').trim().toLowerCase() !== 'origin',
  );
  for (const setting of replicas) {
    problems.push(
      `${setting.role === 'every role' ? "every role's sessions are" : `role ${setting.role}'s sessions are`} set to session_replication_role = ${setting.value}, so none of the migrations' triggers fires in them${['authenticator', 'anon', 'every role'].includes(setting.role) ? " (PostgREST's are: every visitor's row)" : ''}`,
    );
    remedies.push(
      setting.role === 'every role'
        ? 'alter database postgres reset session_replication_role;'
        : `alter role ${setting.role} reset session_replication_role;`,
    );
  }
  if (problems.length === 0) {
    return {
      ok: true,
      detail: `the ${own.size} triggers the migrations make are in the database as they make them and fire, no other is on the project's tables, and no role's sessions are set to skip triggers`,
    };
  }
  const fixes = [
    ...(files.size > 0
      ? [
          `run its create trigger from ${[...files]
            .slice(0, 3)
            .map((file) => `supabase/migrations/${file}`)
            .join(', ')} again (after drop trigger if exists)`,
        ]
      : []),
    ...(remedies.length > 0 ? [`${remedies.slice(0, 3).join(' ')}${remedies.length > 3 ? ' ...' : ''}`] : []),
  ];
  return {
    ok: false,
    detail: `${problems.slice(0, 4).join('; ')}${problems.length > 4 ? `; and ${problems.length - 4} more` : ''}: changed by hand, not by a migration of this checkout; what the migrations make the database do with each visitor's row as it arrives (queue the office's e-mails, refuse a second row of one request, keep text spreadsheet-safe, stamp the phone consent) does not happen, or something no file says does, while every other line sees a trigger of that name; ${fixes.map((fix) => fix.replace(/;$/, '')).join('; ')}; and find out who changed it`,
  };
}
