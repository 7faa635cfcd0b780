import type { Outcome } from './test-rows.ts';

/** One row-level policy as public.deployment_check_table_policies answers it (migration 20261205002000). */
export type PolicySeen = {
  table: string;
  name: string;
  command: string;
  permissive: boolean;
  roles: string[];
  using: string | null;
  check: string | null;
};

/** A policy as the checkout's migrations make it, its expressions reduced by `expressionShape`. */
export type OwnPolicy = { command: string; permissive: boolean; roles: string[]; using: string | null; check: string | null; file: string };

/**
 * An expression reduced to its words, read the same from a migration and from pg_get_expr: lower case (string
 * literals as written), without quotes around names, brackets, casts (`'pending'::text`) or the `=` Postgres prints
 * around `in` lists, so `status = 'pending' and guide_sent` and `((status = 'pending'::text) AND guide_sent)` are one
 * shape, and `using (true)` for `using (id = private.submission_id_header())` another. (Brackets that change how an
 * expression groups are not told apart, as for the triggers.)
 */
export function expressionShape(expression: string | null): string | null {
  if (expression === null) return null;
  const tokens =
    expression.match(
      /'(?:[^']|'')*'|"[^"]*"|::\s*(?:double precision|character varying|timestamp with(?:out)? time zone|\w+)(?:\[\])?|[\w.$"]+|<>|!=|<=|>=|[^\s\w]/gi,
    ) ?? [];
  return tokens
    .map((token) => (token.startsWith("'") ? token : token.replace(/"/g, '').toLowerCase()))
    .map((token) => (token === '!=' ? '<>' : token))
    .filter((token) => !token.startsWith('::') && !['(', ')', ',', '[', ']', 'any', 'array', 'in', '='].includes(token))
    .join(' ');
}

/** The text inside the brackets that open at `open` (a `(`), with strings and nested brackets stepped over. */
function bracketed(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === "'") {
      index = text.indexOf("'", index + 1);
      while (text[index + 1] === "'") index = text.indexOf("'", index + 2);
      if (index < 0) break;
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return text.slice(open + 1, index);
  }
  return text.slice(open + 1);
}

/** A name as Postgres keeps it: at most 63 bytes (NAMEDATALEN), cut at a character; four read-back policies are longer. */
function identifier(name: string): string {
  let kept = name;
  while (Buffer.byteLength(kept, 'utf8') > 63) kept = kept.slice(0, -1);
  return kept;
}

/**
 * Every policy the checkout's migrations leave on the tables of public and graphql_public, as `table "name"` (the
 * table without `public.`): each `create policy` in file order, less each later `drop policy`. The project has no
 * `alter policy`; one in a migration is taken as re-making the policy with what it names.
 */
export function ownPoliciesOf(migrations: readonly { file: string; text: string }[]): Map<string, OwnPolicy> {
  const own = new Map<string, OwnPolicy>();
  const key = (table: string, name: string) => `${table.replace(/"/g, '').replace(/^public\./i, '').toLowerCase()} "${name}"`;
  const statement = /\b(create|drop|alter)\s+policy\s+(?:if\s+exists\s+)?("(?:[^"]|"")+"|\w+)\s+on\s+((?:"?\w+"?\.)?"?\w+"?)([^;]*);/gi;
  for (const { file, text } of migrations) {
    const code = text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const match of code.matchAll(statement)) {
      const [, verb, quoted, table, rest] = match as unknown as [string, string, string, string, string];
      const name = identifier(quoted.startsWith('"') ? quoted.slice(1, -1).replace(/""/g, '"') : quoted.toLowerCase());
      // Supabase's own schemas are not the line's (storage's policies are the storage line's); every other one is,
      // as deployment_check_table_policies reads every schema anon or authenticated may use (session 31).
      if (!/^"?(auth|storage|realtime|extensions|graphql|vault|cron|net|supabase_functions|supabase_migrations)"?\./i.test(table)) {
        if (verb.toLowerCase() === 'drop') {
          own.delete(key(table, name));
          continue;
        }
        const body = rest ?? '';
        const using = /\busing\s*\(/i.exec(body);
        const check = /\bwith\s+check\s*\(/i.exec(body);
        const before = own.get(key(table, name));
        const command = /\bfor\s+(all|select|insert|update|delete)\b/i.exec(body)?.[1]?.toLowerCase();
        const roles = /\bto\s+([\w\s,"]+?)(?=\s+using\b|\s+with\s+check\b|$)/i.exec(body)?.[1];
        own.set(key(table, name), {
          command: command ?? before?.command ?? 'all',
          permissive: /\bas\s+restrictive\b/i.test(body) ? false : (before?.permissive ?? true),
          roles: roles ? roles.split(',').map((role) => role.trim().replace(/"/g, '').toLowerCase()).sort() : (before?.roles ?? ['public']),
          using: using ? expressionShape(bracketed(body, using.index + using[0].length - 1)) : (before?.using ?? null),
          check: check ? expressionShape(bracketed(body, check.index + check[0].length - 1)) : (before?.check ?? null),
          file,
        });
      }
    }
  }
  return own;
}

const describe = (policy: { command: string; permissive: boolean; roles: string[]; using: string | null; check: string | null }) =>
  `${policy.permissive ? '' : 'restrictive, '}for ${policy.command} to ${policy.roles.join(', ')}${policy.using !== null ? `, using ${policy.using}` : ''}${policy.check !== null ? `, with check ${policy.check}` : ''}`;

/**
 * The line "row-level policies are the migrations' own" (session 30): the lead tables' lines try what anon may read
 * and insert with the rows they plant, but a policy changed in the dashboard (the visualizer's insert policy given
 * `with check (true)`, so a visitor may store a row that says it is already rendered, with image links of their
 * choosing), or one on a table added later with row-level security on (the dashboard's template "Enable read access
 * for all users", `using (true)`), passed every line. Each policy on a table the API serves must be one the
 * migrations make, as they make it (command, roles, permissive, and both expressions by `expressionShape`), and each
 * of theirs must be there.
 */
export function tablePoliciesOutcome(seen: PolicySeen[], own: Map<string, OwnPolicy>): Outcome {
  const problems: string[] = [];
  const found = new Set<string>();
  for (const policy of seen) {
    const key = `${policy.table} "${policy.name}"`;
    found.add(key);
    const shape = { ...policy, roles: [...policy.roles].sort(), using: expressionShape(policy.using), check: expressionShape(policy.check) };
    const mine = own.get(key);
    if (!mine) problems.push(`${key} (${describe(shape)}), which no migration makes`);
    else if (describe(shape) !== describe(mine))
      problems.push(`${key} is ${describe(shape)}, where ${mine.file.split('/').pop()} makes it ${describe(mine)}`);
  }
  const missing = [...own.keys()].filter((key) => !found.has(key));
  if (missing.length > 0) problems.push(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`);
  if (problems.length === 0)
    return { ok: true, detail: `the ${own.size} policies the migrations make are in the database as they make them, and no table the API serves has another` };
  return {
    ok: false,
    detail: `${problems.join('; ')}: a policy decides what the public key (or whoever signs up) may read and write past every other line's probe; re-make the migrations' policies as they are (supabase db reset on a copy shows them) and drop the others, or make a change in a migration`,
  };
}
