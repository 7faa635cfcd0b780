import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../local-stack/migrations';
import {
  ownTriggerShapesOf,
  triggerShape,
  triggersOutcome,
  type TriggerSeen,
  type TriggersSeen,
} from '../../scripts/check-deployment/triggers';

/**
 * check:deployment's line "database triggers are the migrations' own and fire" (red-team, session 25);
 * check-deployment.test.ts runs it against the local stack with triggers disabled and a role set to skip them.
 */
const own = ownTriggerShapesOf(
  listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })),
);

/** The migrations' triggers as the database would answer them: each with its own shape, firing. */
const healthy = (): TriggerSeen[] =>
  [...own].map(([key, mine]) => {
    const [table, name] = key.split(' ') as [string, string];
    const [schema, tableName] = table.split('.') as [string, string];
    return { schema, table: tableName, name, enabled: 'O', definition: mine.shape };
  });
const seen = (triggers: TriggerSeen[], replication_roles: TriggersSeen['replication_roles'] = []): TriggersSeen => ({
  triggers,
  replication_roles,
});

describe('the line on the database triggers', () => {
  it('reads a trigger from a migration and from pg_get_triggerdef alike, and tells another event, level or when apart', () => {
    const written = `create trigger follow_up_finished_visualizer_request
  after update of status on public.floor_visualizer_requests
  for each row
  when (new.status in ('completed', 'failed') and old.status is distinct from new.status)
  execute function back_office.follow_up_finished_visualizer_request();`;
    // As Postgres 18 prints it (pg_get_triggerdef, with search_path '').
    const printed = `CREATE TRIGGER follow_up_finished_visualizer_request AFTER UPDATE OF status ON public.floor_visualizer_requests FOR EACH ROW WHEN (((new.status = ANY (ARRAY['completed'::text, 'failed'::text])) AND (old.status IS DISTINCT FROM new.status))) EXECUTE FUNCTION back_office.follow_up_finished_visualizer_request()`;
    expect(triggerShape(printed)).toBe(triggerShape(written));
    expect(triggerShape(printed.replace(/WHEN \(.*\) EXECUTE/, 'WHEN (false) EXECUTE'))).not.toBe(
      triggerShape(written),
    );
    expect(triggerShape(printed.replace("'failed'", "'faild'"))).not.toBe(triggerShape(written));
    expect(triggerShape(printed.replace('AFTER UPDATE OF status', 'AFTER UPDATE OF correction_state'))).not.toBe(
      triggerShape(written),
    );
    expect(
      triggerShape(
        'create or replace trigger "t" before update or insert on contacts for each statement execute procedure f();',
      ),
    ).toBe(
      triggerShape(
        'CREATE TRIGGER t BEFORE INSERT OR UPDATE ON public.contacts FOR EACH STATEMENT EXECUTE FUNCTION public.f()',
      ),
    );
    expect(
      triggerShape('CREATE TRIGGER t AFTER INSERT ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.f()'),
    ).not.toBe(
      triggerShape('CREATE TRIGGER t AFTER UPDATE ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.f()'),
    );
    expect(
      triggerShape('CREATE TRIGGER t AFTER INSERT ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.f()'),
    ).not.toBe(
      triggerShape('CREATE TRIGGER t AFTER INSERT ON public.contacts FOR EACH STATEMENT EXECUTE FUNCTION public.f()'),
    );
  });

  it("reads the migrations' triggers in every schema, less those a later migration drops, and not from comments", () => {
    expect(own.size).toBe(31);
    expect(own.get('public.leads say_whether_the_guide_goes')?.file).toBe('20261209300000_guide_held_back_said_at_sign_up.sql');
    expect(own.get('public.contacts follow_up_new_contact')?.file).toBe('20261122200002_email_outbox.sql');
    expect(own.get('back_office.outbound_emails skip_emails_of_deployment_check_rows')?.file).toBe(
      '20261128990005_deployment_check_rows.sql',
    );
    expect(
      ownTriggerShapesOf([
        {
          file: '/m/1.sql',
          text: '-- create trigger x on public.leads execute function f();\ncreate trigger a before insert on public.contacts for each row execute function f();\ndrop trigger if exists a on public.contacts;',
        },
      ]),
    ).toEqual(new Map());
  });

  it("is ok with the migrations' triggers firing, and names one disabled, one firing only on a replica, one missing, one re-made, another table's trigger and a role set to replica", () => {
    expect(triggersOutcome(seen(healthy()), own)).toEqual({
      ok: true,
      detail:
        "the 31 triggers the migrations make are in the database as they make them and fire, no other is on the project's tables, and no role's sessions are set to skip triggers",
    });
    // Enabled always (A) fires too; a lead table's other trigger is the lead line's.
    expect(
      triggersOutcome(
        seen([
          ...healthy().map((trigger) =>
            trigger.name === 'follow_up_new_contact' ? { ...trigger, enabled: 'A' } : trigger,
          ),
          { schema: 'public', table: 'leads', name: 'crm', enabled: 'O', definition: 'CREATE TRIGGER crm ...' },
        ]),
        own,
      ).ok,
    ).toBe(true);

    const disabled = triggersOutcome(
      seen(
        healthy().map((trigger) =>
          trigger.name === 'follow_up_new_contact'
            ? { ...trigger, enabled: 'D' }
            : trigger.name === 'leads_one_row_per_request'
              ? { ...trigger, enabled: 'R' }
              : trigger,
        ),
      ),
      own,
    );
    expect(disabled).toEqual({
      ok: false,
      detail:
        "trigger follow_up_new_contact on public.contacts (it queues the office's and the visitor's e-mails) is disabled (alter table ... disable trigger); trigger leads_one_row_per_request on public.leads (it holds each request to one row (with the throttle, what keeps a script from filling the tables)) fires only on a replica (alter table ... enable replica trigger), never for a visitor's row: changed by hand, not by a migration of this checkout; what the migrations make the database do with each visitor's row as it arrives (queue the office's e-mails, refuse a second row of one request, keep text spreadsheet-safe, stamp the phone consent) does not happen, or something no file says does, while every other line sees a trigger of that name; alter table public.contacts enable trigger follow_up_new_contact; alter table public.leads enable trigger leads_one_row_per_request; and find out who changed it",
    });

    const remade = triggersOutcome(
      seen(
        healthy()
          .filter((trigger) => trigger.name !== 'contacts_spreadsheet_safe_text')
          .map((trigger) =>
            trigger.name === 'follow_up_new_investor'
              ? {
                  ...trigger,
                  definition:
                    'CREATE TRIGGER follow_up_new_investor AFTER UPDATE ON public.investors FOR EACH ROW EXECUTE FUNCTION back_office.follow_up_new_lead()',
                }
              : trigger,
          ),
      ),
      own,
    );
    expect(remade.detail).toMatch(
      /^trigger contacts_spreadsheet_safe_text on public\.contacts \(it keeps visitors' text from running as a formula in the office's spreadsheet\) is not in the database; trigger follow_up_new_investor on public\.investors \(it queues the office's and the visitor's e-mails\) is "CREATE TRIGGER follow_up_new_investor AFTER UPDATE ON public\.investors .*", not as 20261122200002_email_outbox\.sql makes it: changed by hand/,
    );
    expect(remade.detail).toContain(
      'run its create trigger from supabase/migrations/20261122100030_visitor_text_rules.sql, supabase/migrations/20261122200002_email_outbox.sql again (after drop trigger if exists);',
    );

    const added = triggersOutcome(
      seen(
        [
          ...healthy(),
          {
            schema: 'back_office',
            table: 'outbound_emails',
            name: 'copy_out',
            enabled: 'O',
            definition:
              'CREATE TRIGGER copy_out AFTER INSERT ON back_office.outbound_emails FOR EACH ROW EXECUTE FUNCTION supabase_functions.http_request()',
          },
        ],
        [{ role: 'authenticator', value: 'replica' }],
      ),
      own,
    );
    expect(added.detail).toMatch(
      /^trigger copy_out on back_office\.outbound_emails \("CREATE TRIGGER copy_out .*"\) is not one the migrations make; role authenticator's sessions are set to session_replication_role = replica, so none of the migrations' triggers fires in them \(PostgREST's are: every visitor's row\): changed by hand, .*; drop trigger copy_out on back_office\.outbound_emails; alter role authenticator reset session_replication_role; and find out who changed it$/,
    );
    expect(triggersOutcome(seen(healthy(), [{ role: 'authenticator', value: 'origin' }]), own).ok).toBe(true);
  });
});
