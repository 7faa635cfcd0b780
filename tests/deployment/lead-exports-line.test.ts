import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../local-stack/migrations';
import { leadExportsOutcome, ownTriggersOf, type LeadExport } from '../../scripts/check-deployment/lead-exports';

/**
 * check:deployment's line "nothing in the database sends leads elsewhere" (left from session 22, done in session 23);
 * check-deployment.test.ts runs it against the local stack with a database webhook and a copying trigger added.
 */
const own = ownTriggersOf(listMigrations().map((migration) => fs.readFileSync(migration.file, 'utf8')));

describe('the line on what in the database may send leads elsewhere', () => {
  it("reads the migrations' own triggers on the lead tables, less those a later migration drops", () => {
    for (const trigger of [
      'contacts one_row_per_request',
      'contacts follow_up_new_contact',
      'leads follow_up_new_guide_lead',
      'floor_visualizer_requests follow_up_finished_visualizer_request',
      'investors refuse_empty_insert',
    ]) {
      const [table, name] = trigger.split(' ');
      expect(
        [...own.keys()].some((known) => known === `${table} ${name}` || known === `${table} ${table}_${name}`),
        trigger,
      ).toBe(true);
    }
    expect(
      ownTriggersOf([
        'create trigger a before insert on public.contacts for each row execute function f();',
        'drop trigger if exists a on public.contacts;',
      ]),
    ).toEqual(new Map());
    // A comment naming triggers is not one.
    expect(ownTriggersOf(['-- create triggers that call add_job on public.leads\nselect 1;'])).toEqual(new Map());
    // Each with the function it runs (session 24).
    expect(own.get('contacts follow_up_new_contact')).toBe('back_office.follow_up_new_lead');
    expect(
      ownTriggersOf(['create trigger "b" after insert on contacts for each row execute procedure f();']),
    ).toEqual(new Map([['contacts b', 'public.f']]));
  });

  it("is ok with the migrations' triggers alone, and names each other trigger, rule, publication and pg_cron job", () => {
    const mine: LeadExport[] = [...own].map(([key, runs]) => ({
      kind: 'trigger',
      table: key.split(' ')[0]!,
      name: key.split(' ')[1]!,
      runs,
    }));
    expect(leadExportsOutcome(mine, own)).toEqual({
      ok: true,
      detail: `the lead tables' ${mine.length} triggers are the migrations' own, and no rule, publication (but Realtime's) or pg_cron job reads them`,
    });
    const outcome = leadExportsOutcome(
      [
        ...mine,
        { kind: 'trigger', name: 'zapier', table: 'contacts', runs: 'supabase_functions.http_request', network: true },
        { kind: 'trigger', name: 'copy_lead', table: 'leads', runs: 'public.copy_lead', network: false },
        { kind: 'rule', name: 'also_keep', table: 'realtors' },
        { kind: 'publication', name: 'crm_sync', table: 'investors' },
        { kind: 'cron', name: 'nightly_export', table: 'contacts' },
      ],
      own,
    );
    expect(outcome).toEqual({
      ok: false,
      detail:
        'trigger "zapier" on contacts (runs supabase_functions.http_request: a database webhook, which posts each row to an address), trigger "copy_lead" on leads (runs public.copy_lead), rule "also_keep" on realtors, publication "crm_sync" of investors (a subscriber elsewhere receives every row), pg_cron job "nightly_export" reading contacts: not made by the checkout\'s migrations, so each may hand visitors\' leads to someone the privacy page does not name (a database webhook or copy made in the dashboard); if it is not the business\'s, remove it (drop trigger "zapier" on public.contacts;); if it is, put it in a migration of the checkout and name its company on the privacy page',
    });
    // One of the migrations' names, re-made to run another function (session 24).
    const remade = mine.map((item) =>
      item.table === 'leads' && item.name === 'follow_up_new_guide_lead' ? { ...item, runs: 'public.copy_lead' } : item,
    );
    expect(leadExportsOutcome(remade, own).detail).toMatch(
      /^trigger "follow_up_new_guide_lead" on leads \(runs public\.copy_lead, where the migrations' trigger of that name runs back_office\.follow_up_new_lead\): not made by the checkout's migrations/,
    );
  });
});
