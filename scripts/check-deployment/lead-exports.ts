import type { Outcome } from './test-rows.ts';

/** What public.deployment_check_lead_exports answers (migration 20261201010001): one thing that may pass leads on. */
export type LeadExport = {
  kind: 'trigger' | 'rule' | 'publication' | 'cron';
  name: string;
  table: string;
  runs?: string;
  network?: boolean;
};

/**
 * The triggers the checkout's migrations leave on the lead tables, as `<table> <name>` -> the function it runs
 * (`schema.name`): each `create trigger <name> ... on [public.]<table> ... execute function|procedure <function>(`
 * in file order, less each later `drop trigger [if exists] <name> on [public.]<table>`. What the project makes is
 * known by its files; a trigger made in the dashboard (a database webhook) is not in them, and neither is one of the
 * migrations' names re-made to run another function (session 24).
 */
export function ownTriggersOf(migrationTexts: readonly string[]): Map<string, string> {
  const own = new Map<string, string>();
  const name = String.raw`"?(\w+)"?`;
  const table = String.raw`(?:"?public"?\.)?"?(\w+)"?`;
  const runs = String.raw`((?:"?\w+"?\.)?"?\w+"?)`;
  const statement = new RegExp(
    String.raw`\b(create(?:\s+or\s+replace)?(?:\s+constraint)?\s+trigger\s+${name}[\s\S]*?\son\s+${table}[\s\S]*?\bexecute\s+(?:function|procedure)\s+${runs}\s*\(|drop\s+trigger\s+(?:if\s+exists\s+)?${name}\s+on\s+${table})`,
    'gi',
  );
  for (const text of migrationTexts) {
    // Comments may name triggers ("-- create triggers that call ..."): read the statements only.
    const code = text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, , createdName, createdOn, createdRuns, droppedName, droppedOn] of code.matchAll(statement)) {
      if (createdName) {
        const fn = createdRuns!.replace(/"/g, '').toLowerCase();
        own.set(`${createdOn!.toLowerCase()} ${createdName.toLowerCase()}`, fn.includes('.') ? fn : `public.${fn}`);
      } else own.delete(`${droppedOn!.toLowerCase()} ${droppedName!.toLowerCase()}`);
    }
  }
  return own;
}

const describe = (found: LeadExport, ownTriggers: ReadonlyMap<string, string>): string => {
  switch (found.kind) {
    case 'trigger':
      return `trigger "${found.name}" on ${found.table} (runs ${found.runs}${ownTriggers.has(`${found.table.toLowerCase()} ${found.name.toLowerCase()}`) ? `, where the migrations' trigger of that name runs ${ownTriggers.get(`${found.table.toLowerCase()} ${found.name.toLowerCase()}`)}` : ''}${found.runs?.startsWith('supabase_functions.') ? ': a database webhook, which posts each row to an address' : found.network ? ', which calls out of the database' : ''})`;
    case 'rule':
      return `rule "${found.name}" on ${found.table}`;
    case 'publication':
      return `publication "${found.name}" of ${found.table} (a subscriber elsewhere receives every row)`;
    case 'cron':
      return `pg_cron job "${found.name}" reading ${found.table}`;
  }
};

/**
 * The line "nothing in the database sends leads elsewhere": every trigger, rule, publication and pg_cron job on the
 * lead tables that the checkout's migrations do not make. Left from session 22: a database webhook (a trigger running
 * supabase_functions.http_request) or a trigger copying each lead into another table, made in the dashboard, passed
 * every line, while each lead went to a company the privacy page does not name. Whether one is the business's own
 * cannot be told from the database; what the project means to have is in its migrations.
 */
export function leadExportsOutcome(found: readonly LeadExport[], ownTriggers: ReadonlyMap<string, string>): Outcome {
  const ownRuns = (item: LeadExport) => ownTriggers.get(`${item.table.toLowerCase()} ${item.name.toLowerCase()}`);
  const others = found.filter((item) => !(item.kind === 'trigger' && ownRuns(item) === item.runs?.toLowerCase()));
  if (others.length === 0) {
    const triggers = found.filter((item) => item.kind === 'trigger').length;
    return {
      ok: true,
      detail: `the lead tables' ${triggers} triggers are the migrations' own, and no rule, publication (but Realtime's) or pg_cron job reads them`,
    };
  }
  const first = others[0]!;
  const drop =
    first.kind === 'trigger'
      ? `drop trigger "${first.name}" on public.${first.table};`
      : first.kind === 'rule'
        ? `drop rule "${first.name}" on public.${first.table};`
        : first.kind === 'publication'
          ? `alter publication "${first.name}" drop table public.${first.table};`
          : `select cron.unschedule('${first.name}');`;
  return {
    ok: false,
    detail: `${others.map((item) => describe(item, ownTriggers)).join(', ')}: not made by the checkout's migrations, so each may hand visitors' leads to someone the privacy page does not name (a database webhook or copy made in the dashboard); if it is not the business's, remove it (${drop}); if it is, put it in a migration of the checkout and name its company on the privacy page`,
  };
}
