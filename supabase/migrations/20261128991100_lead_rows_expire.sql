-- Lead rows are kept for a stated period, then deleted, unless staff mark the person a customer (issue 36).
-- Before, every form's row stayed until the visitor asked; the privacy page now states the period from the same
-- setting the retention job passes here (dataRetention.leadRowMonths, src/config/data-retention.ts; decision 027).
--
-- customer_since: the day this person became a customer (or a realtor or investor partner). Staff set it in the
-- Supabase dashboard (table editor, or SQL) on the row to keep; a row with it is the record of the work and stays
-- until the person asks for deletion (data:forget deletes it like any other row). The public key has no grant on it:
-- the lead tables' grants are column by column since their first migration, so a new column is out of its reach
-- for insert, update and select alike; the revokes below only say so.
alter table public.contacts add column customer_since date;
alter table public.leads add column customer_since date;
alter table public.realtors add column customer_since date;
alter table public.investors add column customer_since date;
alter table public.floor_visualizer_requests add column customer_since date;
comment on column public.contacts.customer_since is
  'Set by staff when this person became a customer: the row is then kept past the lead retention period.';
comment on column public.leads.customer_since is
  'Set by staff when this person became a customer: the row is then kept past the lead retention period.';
comment on column public.realtors.customer_since is
  'Set by staff when this realtor became a partner: the row is then kept past the lead retention period.';
comment on column public.investors.customer_since is
  'Set by staff when this investor became a partner: the row is then kept past the lead retention period.';
comment on column public.floor_visualizer_requests.customer_since is
  'Set by staff when this person became a customer: the row is then kept past the lead retention period.';
revoke insert (customer_since), update (customer_since), select (customer_since)
  on public.contacts, public.leads, public.realtors, public.investors, public.floor_visualizer_requests
  from anon, authenticated;

-- Deletes up to batch_size lead rows older than kept_for that no one marked as a customer, oldest first, with what
-- hangs off them: the records of e-mails to them or about them (and any job still queued for those), the refused
-- webhook calls counted for a visualizer request, a render still queued. Their stored files go with the retention
-- job's orphan sweep (their images were deleted long before, after visualizerImagesDays). Returns how many rows it
-- deleted; the job calls it until that is less than batch_size.
create function back_office.remove_expired_lead_rows(kept_for interval, batch_size integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  lead_table text;
  due uuid[];
  removed integer := 0;
begin
  foreach lead_table in array array['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'] loop
    exit when removed >= batch_size;
    execute format(
      'select coalesce(array_agg(id), ''{}'') from (
         select id from public.%I where customer_since is null and created_at < now() - $1
         order by created_at limit $2 for update skip locked) as due_rows',
      lead_table)
      into due using kept_for, batch_size - removed;
    continue when cardinality(due) = 0;
    perform graphile_worker.remove_job(job.key)
      from graphile_worker.jobs as job
      where job.key = any (array(select 'email:' || email.id from back_office.outbound_emails as email where email.source_id = any (due))
                           || array(select 'render:' || id from unnest(due) as id));
    delete from back_office.outbound_emails where source_id = any (due);
    delete from back_office.visualizer_webhook_refusals where request_id = any (due);
    execute format('delete from public.%I where id = any ($1)', lead_table) using due;
    removed := removed + cardinality(due);
  end loop;
  return removed;
end;
$$;
revoke all on function back_office.remove_expired_lead_rows(interval, integer) from public;
