import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Outcome } from './test-rows.ts';

/**
 * One function of the project's schemas as public.deployment_check_function_bodies answers it: its body's md5
 * (migration 20261201050001) and, since 20261201080001, whether it runs as its owner (security definer), its SET
 * options as Postgres keeps them (pg_proc.proconfig: `search_path=""`) and its owner.
 */
export type FunctionSeen = {
  name: string;
  args: string;
  md5: string;
  definer?: boolean;
  config?: string[];
  owner?: string;
};

/** What the function answers since 20261201080001: the functions, and who owns the lead tables (the migrations' role). */
export type FunctionsSeen = { functions: FunctionSeen[]; tables_owner: string | null };

/**
 * A function as the checkout's migrations leave it: the md5 of its body (what Postgres keeps as prosrc), whether it
 * is security definer, its SET options (normalised by `setting`) and the file that last made or altered it.
 */
export type OwnFunction = { md5: string; file: string; definer: boolean; config: string[]; alteredIn?: string };

/** Words that begin a type of more than one word: an argument starting with one has no name before its type. */
const MULTI_WORD_TYPES = new Set(['double', 'character', 'char', 'timestamp', 'time', 'bit', 'interval', 'national']);

/** Postgres's short names for types, as pg_get_function_identity_arguments prints them (graphile-worker writes `int`). */
const TYPE_ALIASES: Record<string, string> = {
  int: 'integer',
  int4: 'integer',
  int2: 'smallint',
  int8: 'bigint',
  bool: 'boolean',
  float8: 'double precision',
  float4: 'real',
  varchar: 'character varying',
  timestamptz: 'timestamp with time zone',
  timetz: 'time with time zone',
  decimal: 'numeric',
};

/**
 * An argument list reduced to its types, lower case (`site_rows json default '{}'` -> `json`), so that a `drop
 * function f(json)` finds the `create function f(site_rows json)` it drops.
 */
export function argumentTypes(args: string): string {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of args) {
    if (character === '(') depth++;
    if (character === ')') depth--;
    if (character === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  return parts
    .map((part) => {
      const words = part
        .replace(/\s+(default\b|=)[\s\S]*$/i, '')
        .replace(/"/g, '')
        .trim()
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean);
      if (['in', 'out', 'inout', 'variadic'].includes(words[0] ?? '')) words.shift();
      if (words.length >= 2 && !MULTI_WORD_TYPES.has(words[0]!)) words.shift();
      const [type, array] = [words.join(' ').replace(/(\[\])+$/, ''), /(\[\])+$/.exec(words.join(' '))?.[0] ?? ''];
      return `${TYPE_ALIASES[type] ?? type}${array}`;
    })
    .filter(Boolean)
    .join(', ');
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * A SET option as one string that reads the same from a migration (`set search_path = ''`, `set search_path to
 * public, pg_temp`) and from pg_proc.proconfig (`search_path=""`, `search_path=public, pg_temp`): the name lower
 * case, the value without quotes, one space after each comma.
 */
export function setting(name: string, value: string): string {
  const plain = value
    .replace(/["']/g, '')
    .split(',')
    .map((part) => part.trim())
    .join(', ');
  return `${name.trim().toLowerCase()}=${plain}`;
}

/** A proconfig entry (`search_path=""`) as `setting` gives it. */
export const settingOf = (entry: string) =>
  setting(entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1));

const SETTING_VALUE = String.raw`(?:'(?:[^']|'')*'|[\w$."-]+)`;
const SET_CLAUSE = new RegExp(
  String.raw`\bset\s+(\w+(?:\.\w+)?)\s*(?:=|\bto\b)\s*(${SETTING_VALUE}(?:\s*,\s*${SETTING_VALUE})*)`,
  'gi',
);

/** What a function's header (and what follows its body up to the `;`) says: security definer, and its SET options. */
function attributesOf(
  clauses: string,
  before: { definer: boolean; config: string[] } = { definer: false, config: [] },
): { definer: boolean; config: string[] } {
  const security = [...clauses.matchAll(/\bsecurity\s+(definer|invoker)\b/gi)].at(-1)?.[1]?.toLowerCase();
  const config = new Map(before.config.map((entry) => [entry.slice(0, entry.indexOf('=')), entry]));
  if (/\breset\s+all\b/i.test(clauses)) config.clear();
  for (const [, name] of clauses.matchAll(/\breset\s+(\w+(?:\.\w+)?)/gi))
    if (name!.toLowerCase() !== 'all') config.delete(name!.toLowerCase());
  for (const [, name, value] of clauses.matchAll(SET_CLAUSE)) config.set(name!.toLowerCase(), setting(name!, value!));
  return { definer: security ? security === 'definer' : before.definer, config: [...config.values()].sort() };
}

/**
 * graphile-worker's own SQL, as the package the checkout installs has it (node_modules/graphile-worker/sql), its
 * schema placeholder read as the library writes it (`"graphile_worker"`): the functions of the job queue every
 * lead's e-mail passes through (add_job, with the lead's fields in its payload), which no migration of the checkout
 * makes (red-team R6, session 25). Throws where the package is not installed: the line must not pass on functions
 * it could not compare.
 */
export function jobQueueSqlOf(root: string): { file: string; text: string; shown: string }[] {
  const folder = path.join(root, 'node_modules', 'graphile-worker', 'sql');
  if (!fs.existsSync(folder)) {
    throw new Error(
      `${folder} is not there, so graphile_worker's functions cannot be compared with the job queue's own; run npm ci in the checkout`,
    );
  }
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({
      file: path.join(folder, name),
      text: fs.readFileSync(path.join(folder, name), 'utf8').replace(/:GRAPHILE_WORKER_SCHEMA\b/g, '"graphile_worker"'),
      shown: `node_modules/graphile-worker/sql/${name}`,
    }));
}

/**
 * Every function the checkout's migrations leave, as `schema.name` -> argument types -> its last body: each `create
 * [or replace] function schema.name(...) ... as $tag$ body $tag$` in file order, less each later `drop function`;
 * with the attributes its header (or the clauses after its body) and each later `alter function` give it.
 * Postgres keeps a dollar-quoted body verbatim (pg_proc.prosrc), comments and blank lines included, so its md5 is
 * the database's md5(prosrc) when nobody changed it. Statements are found with comments blanked out (a comment may
 * name a function); the bodies are cut from the text as written.
 */
export function ownFunctionsOf(
  migrations: readonly { file: string; text: string; shown?: string }[],
): Map<string, Map<string, OwnFunction>> {
  const own = new Map<string, Map<string, OwnFunction>>();
  const name = String.raw`((?:"?\w+"?\.)?"?\w+"?)`;
  const statement = new RegExp(
    String.raw`\b(?:create\s+(?:or\s+replace\s+)?function\s+${name}\s*\(([\s\S]*?)\)\s*(?=returns\b|language\b|security\b|set\b|stable\b|immutable\b|volatile\b|strict\b|as\b)([\s\S]*?)\bas\s+\$(\w*)\$|drop\s+function\s+(?:if\s+exists\s+)?${name}\s*(?:\(([\s\S]*?)\))?\s*(?:cascade|restrict)?\s*;|alter\s+function\s+${name}\s*\(([\s\S]*?)\)([^;]*);)`,
    'gi',
  );
  const key = (qualified: string) =>
    (qualified.includes('.') ? qualified : `public.${qualified}`).replace(/"/g, '').toLowerCase();
  for (const { file, text, shown } of migrations) {
    // Same length, so a position in one is the same in the other.
    const blanked = text
      .replace(/--[^\n]*/g, (comment) => ' '.repeat(comment.length))
      .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
    statement.lastIndex = 0;
    for (let found = statement.exec(blanked); found; found = statement.exec(blanked)) {
      const [
        whole,
        createdName,
        createdArgs,
        header,
        tag,
        droppedName,
        droppedArgs,
        alteredName,
        alteredArgs,
        actions,
      ] = found;
      if (droppedName) {
        // `drop function f;` (no argument list) drops the one function of that name.
        if (droppedArgs === undefined) own.delete(key(droppedName));
        else own.get(key(droppedName))?.delete(argumentTypes(droppedArgs));
        continue;
      }
      if (alteredName) {
        const altered = own.get(key(alteredName))?.get(argumentTypes(alteredArgs ?? ''));
        if (altered) Object.assign(altered, attributesOf(actions ?? '', altered), { alteredIn: path.basename(file) });
        continue;
      }
      const bodyStart = found.index + whole.length;
      const bodyEnd = blanked.indexOf(`$${tag}$`, bodyStart);
      if (bodyEnd < 0) continue;
      // `$$ language sql security definer;` is allowed too: the clauses after the body, up to the statement's end.
      const afterBody = bodyEnd + tag!.length + 2;
      const statementEnd = blanked.indexOf(';', afterBody);
      const trailing = blanked.slice(afterBody, statementEnd < 0 ? undefined : statementEnd);
      const versions = own.get(key(createdName!)) ?? new Map<string, OwnFunction>();
      versions.set(argumentTypes(createdArgs ?? ''), {
        md5: md5(text.slice(bodyStart, bodyEnd)),
        file: shown ?? path.basename(file),
        ...attributesOf(`${header ?? ''} ${trailing}`),
      });
      own.set(key(createdName!), versions);
      statement.lastIndex = afterBody;
    }
  }
  for (const [qualified, versions] of own) if (versions.size === 0) own.delete(qualified);
  return own;
}

/** A function's SET options as a migration writes them: `search_path = ''`, or "no SET option". */
const describeConfig = (config: readonly string[]) =>
  config.length === 0
    ? 'no SET option'
    : config
        .map((entry) => {
          const [name, value] = [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)];
          return `${name} = ${value === '' ? "''" : value}`;
        })
        .join(', ');

/**
 * The line "the database's functions are the migrations' own": each function of the checkout's migrations must be
 * in the database with the body its last migration gives it. Red-team, session 24: the lines trusted the migrations'
 * functions once applied, so one replaced by hand (`create or replace function back_office.follow_up_new_lead()`
 * with a `pg_notify` or an insert elsewhere added: every lead handed on as it arrives; or a deployment_check_
 * function made to answer "nothing found") passed every line. A function of another name is not judged here (the
 * triggers, policies and grants that would reach it are). Session 25: and with the attributes the migrations give it
 * (security definer or not, its SET options: `alter function ... security invoker` or `... set search_path = public`
 * left the body as it was), owned by the role that owns the lead tables (a security definer function runs as its
 * owner: `alter function ... owner to` another role gives it that role's rights).
 */
export function functionBodiesOutcome(
  seen: FunctionsSeen,
  own: ReadonlyMap<string, ReadonlyMap<string, OwnFunction>>,
): Outcome {
  const changed: string[] = [];
  const files = new Set<string>();
  const owners: string[] = [];
  const tablesOwner = seen.tables_owner ?? undefined;
  for (const fn of seen.functions) {
    const versions = own.get(fn.name.toLowerCase());
    if (!versions) continue;
    const args = argumentTypes(fn.args);
    const mine = versions.get(args);
    if (!mine) {
      changed.push(
        `${fn.name}(${args}) is not one the migrations make (they make ${fn.name}(${[...versions.keys()].join('), (')}))`,
      );
      continue;
    }
    const from = mine.alteredIn ? `${mine.file} and ${mine.alteredIn}` : mine.file;
    if (mine.md5 !== fn.md5) {
      changed.push(`${fn.name}(${args}) has another body than ${mine.file} gives it`);
      files.add(mine.file);
    }
    if (fn.definer !== mine.definer) {
      changed.push(
        fn.definer
          ? `${fn.name}(${args}) runs as its owner (security definer), where ${from} makes it run as its caller`
          : `${fn.name}(${args}) runs as its caller (security invoker), where ${from} makes it run as its owner (security definer)`,
      );
      files.add(mine.file);
    }
    const config = (fn.config ?? []).map(settingOf).sort();
    if (config.join('\n') !== mine.config.join('\n')) {
      changed.push(
        `${fn.name}(${args}) has ${describeConfig(config)}, where ${from} gives it ${describeConfig(mine.config)}`,
      );
      files.add(mine.file);
    }
    if (tablesOwner && fn.owner !== tablesOwner) {
      changed.push(`${fn.name}(${args}) is owned by ${fn.owner}, not by ${tablesOwner}, who owns the lead tables`);
      owners.push(`alter function ${fn.name}(${args}) owner to ${tablesOwner};`);
    }
  }
  const seenNames = new Set(seen.functions.map((fn) => `${fn.name.toLowerCase()}(${argumentTypes(fn.args)})`));
  const missing = [...own].flatMap(([qualified, versions]) =>
    [...versions.keys()]
      .filter((args) => !seenNames.has(`${qualified}(${args})`))
      .map((args) => `${qualified}(${args})`),
  );
  const count = [...own.values()].reduce((sum, versions) => sum + versions.size, 0);
  if (changed.length === 0 && missing.length === 0) {
    return {
      ok: true,
      detail: `the ${count} functions the migrations make are in the database with the migrations' bodies, security and SET options, owned by ${tablesOwner ?? "the lead tables' owner"}`,
    };
  }
  const problems = [
    ...changed,
    ...(missing.length > 0
      ? [
          `${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''} ${missing.length === 1 ? 'is' : 'are'} not in the database`,
        ]
      : []),
  ];
  const remedies = [
    ...(files.size > 0
      ? [
          `run its create or replace function from ${[...files]
            .slice(0, 3)
            .map((file) =>
              file.includes('/')
                ? `${file} (with :GRAPHILE_WORKER_SCHEMA read as graphile_worker)`
                : `supabase/migrations/${file}`,
            )
            .join(', ')} again in the SQL editor`,
        ]
      : []),
    ...(owners.length > 0 ? [`give it back (${owners.slice(0, 2).join(' ')}${owners.length > 2 ? ' ...' : ''})`] : []),
    ...(missing.length > 0 || (files.size === 0 && owners.length === 0) ? ['apply the migrations again'] : []),
  ];
  return {
    ok: false,
    detail: `${problems.slice(0, 4).join('; ')}${problems.length > 4 ? `; and ${problems.length - 4} more` : ''}: changed by hand, not by a migration of this checkout, so it may do what no file says (hand each lead to someone else as it arrives; run with rights the migrations never gave it, past row-level security, or find another schema's table or function under a name it uses; or answer this check's own questions falsely, which makes the other lines worth nothing); ${remedies.join(', and ')}, and find out who changed it; a change the business means to keep belongs in a migration`,
  };
}
