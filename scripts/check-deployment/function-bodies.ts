import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Outcome } from './test-rows.ts';

/** What public.deployment_check_function_bodies answers (migration 20261201050001): one function of the project's schemas. */
export type FunctionSeen = { name: string; args: string; md5: string };

/** A function as the checkout's migrations leave it: the md5 of its body (what Postgres keeps as prosrc) and its file. */
export type OwnFunction = { md5: string; file: string };

/** Words that begin a type of more than one word: an argument starting with one has no name before its type. */
const MULTI_WORD_TYPES = new Set(['double', 'character', 'char', 'timestamp', 'time', 'bit', 'interval', 'national']);

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
      return words.join(' ');
    })
    .filter(Boolean)
    .join(', ');
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Every function the checkout's migrations leave, as `schema.name` -> argument types -> its last body: each `create
 * [or replace] function schema.name(...) ... as $tag$ body $tag$` in file order, less each later `drop function`.
 * Postgres keeps a dollar-quoted body verbatim (pg_proc.prosrc), comments and blank lines included, so its md5 is
 * the database's md5(prosrc) when nobody changed it. Statements are found with comments blanked out (a comment may
 * name a function); the bodies are cut from the text as written.
 */
export function ownFunctionsOf(
  migrations: readonly { file: string; text: string }[],
): Map<string, Map<string, OwnFunction>> {
  const own = new Map<string, Map<string, OwnFunction>>();
  const name = String.raw`((?:"?\w+"?\.)?"?\w+"?)`;
  const statement = new RegExp(
    String.raw`\b(?:create\s+(?:or\s+replace\s+)?function\s+${name}\s*\(([\s\S]*?)\)\s*(?=returns\b|language\b|security\b|set\b|stable\b|immutable\b|volatile\b|strict\b|as\b)[\s\S]*?\bas\s+\$(\w*)\$|drop\s+function\s+(?:if\s+exists\s+)?${name}\s*\(([\s\S]*?)\)\s*(?:cascade|restrict)?\s*;)`,
    'gi',
  );
  const key = (qualified: string) =>
    (qualified.includes('.') ? qualified : `public.${qualified}`).replace(/"/g, '').toLowerCase();
  for (const { file, text } of migrations) {
    // Same length, so a position in one is the same in the other.
    const blanked = text
      .replace(/--[^\n]*/g, (comment) => ' '.repeat(comment.length))
      .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
    statement.lastIndex = 0;
    for (let found = statement.exec(blanked); found; found = statement.exec(blanked)) {
      const [whole, createdName, createdArgs, tag, droppedName, droppedArgs] = found;
      if (droppedName) {
        own.get(key(droppedName))?.delete(argumentTypes(droppedArgs ?? ''));
        continue;
      }
      const bodyStart = found.index + whole.length;
      const bodyEnd = blanked.indexOf(`$${tag}$`, bodyStart);
      if (bodyEnd < 0) continue;
      const versions = own.get(key(createdName!)) ?? new Map<string, OwnFunction>();
      versions.set(argumentTypes(createdArgs ?? ''), {
        md5: md5(text.slice(bodyStart, bodyEnd)),
        file: path.basename(file),
      });
      own.set(key(createdName!), versions);
      statement.lastIndex = bodyEnd + tag!.length + 2;
    }
  }
  for (const [qualified, versions] of own) if (versions.size === 0) own.delete(qualified);
  return own;
}

/**
 * The line "the database's functions are the migrations' own": each function of the checkout's migrations must be
 * in the database with the body its last migration gives it. Red-team, session 24: the lines trusted the migrations'
 * functions once applied, so one replaced by hand (`create or replace function back_office.follow_up_new_lead()`
 * with a `pg_notify` or an insert elsewhere added: every lead handed on as it arrives; or a deployment_check_
 * function made to answer "nothing found") passed every line. A function of another name is not judged here (the
 * triggers, policies and grants that would reach it are).
 */
export function functionBodiesOutcome(
  seen: readonly FunctionSeen[],
  own: ReadonlyMap<string, ReadonlyMap<string, OwnFunction>>,
): Outcome {
  const changed: string[] = [];
  const files = new Set<string>();
  for (const fn of seen) {
    const versions = own.get(fn.name.toLowerCase());
    if (!versions) continue;
    const args = argumentTypes(fn.args);
    const mine = versions.get(args);
    if (mine?.md5 === fn.md5) continue;
    if (mine) {
      changed.push(`${fn.name}(${args}) has another body than ${mine.file} gives it`);
      files.add(mine.file);
    } else
      changed.push(
        `${fn.name}(${args}) is not one the migrations make (they make ${fn.name}(${[...versions.keys()].join('), (')}))`,
      );
  }
  const seenNames = new Set(seen.map((fn) => `${fn.name.toLowerCase()}(${argumentTypes(fn.args)})`));
  const missing = [...own].flatMap(([qualified, versions]) =>
    [...versions.keys()]
      .filter((args) => !seenNames.has(`${qualified}(${args})`))
      .map((args) => `${qualified}(${args})`),
  );
  if (changed.length === 0 && missing.length === 0) {
    const count = [...own.values()].reduce((sum, versions) => sum + versions.size, 0);
    return {
      ok: true,
      detail: `the ${count} functions the migrations make are in the database with the migrations' bodies`,
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
  return {
    ok: false,
    detail: `${problems.slice(0, 4).join('; ')}${problems.length > 4 ? `; and ${problems.length - 4} more` : ''}: changed by hand, not by a migration of this checkout, so it may do what no file says (hand each lead to someone else as it arrives, or answer this check's own questions falsely, which makes the other lines worth nothing); ${
      files.size > 0
        ? `run its create or replace function from ${[...files]
            .slice(0, 3)
            .map((file) => `supabase/migrations/${file}`)
            .join(', ')} again in the SQL editor`
        : 'apply the migrations again'
    }, and find out who changed it; a change the business means to keep belongs in a migration`,
  };
}
