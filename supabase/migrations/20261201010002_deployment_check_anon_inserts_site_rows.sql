-- For `npm run check:deployment`: visitors' inserts made with the rows the site's forms send, columns and all.
-- Session 23: public.deployment_check_anon_inserts() (20261130220001) inserted the columns of session 22's forms, but
-- the site also sends the phone consent's version (contacts, realtors, investors), the realtor's instagram and the
-- investor's focus and marketing-texts consent: a grant by column to anon that leaves one out (`revoke insert ...;
-- grant insert (id, name, email, phone, message) ...`), a column dropped by hand, or a consent version the database
-- does not hold fails every such form, and the line passed. The check now sends the rows its forms send (built from
-- the site's own values, scripts/check-deployment/anon-inserts.ts, held to the forms' schemas by a test), and each is
-- inserted as PostgREST inserts a request's body: into exactly its columns, from json_populate_record. The rest is as
-- before: as anon, with the row's `x-submission-id`, `returning id`, read by the owner's helper, all undone.
-- Answers as before, plus {"table": {"refused": ...}} for a table whose row was not sent.
drop function public.deployment_check_anon_inserts();

create function public.deployment_check_anon_inserts(site_rows json)
returns json
language plpgsql
volatile
set search_path = ''
as $$
declare
  caller text := current_user;
  lead_table text;
  sent jsonb;
  columns text;
  row_id uuid;
  returned uuid;
  seen json;
  answers jsonb := '{}';
begin
  foreach lead_table in array array['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'] loop
    sent := site_rows::jsonb -> lead_table;
    if sent is null or pg_catalog.jsonb_typeof(sent) <> 'object' then
      answers := answers || jsonb_build_object(lead_table, jsonb_build_object('refused', 'no row sent for it'));
      continue;
    end if;
    row_id := gen_random_uuid();
    sent := sent || jsonb_build_object('id', row_id);
    select pg_catalog.string_agg(pg_catalog.quote_ident(key), ', ' order by key) into columns from pg_catalog.jsonb_object_keys(sent) as key;
    returned := null;
    seen := null;
    begin
      perform pg_catalog.set_config('request.headers', json_build_object('x-submission-id', row_id)::text, true);
      execute 'set local role anon';
      -- As PostgREST makes a request's insert: the body's columns, from the body as a row of the table.
      execute pg_catalog.format('insert into public.%I (%s) select %s from pg_catalog.json_populate_record(null::public.%I, $1) returning id',
                                lead_table, columns, columns, lead_table)
        into returned using sent::json;
      execute pg_catalog.format('set local role %I', caller);
      seen := private.deployment_check_inserted_row(lead_table, row_id, sent ->> 'email');
      raise exception using errcode = 'DC002', message = 'deployment check: undo the anonymous insert';
    exception
      when sqlstate 'DC002' then
        answers := answers || jsonb_build_object(lead_table, (seen::jsonb) || jsonb_build_object('returned', returned is not distinct from row_id));
      when others then
        answers := answers || jsonb_build_object(lead_table, jsonb_build_object('refused', sqlstate || ': ' || sqlerrm));
    end;
  end loop;
  return answers::json;
end;
$$;
revoke all on function public.deployment_check_anon_inserts(json) from public, anon, authenticated;
grant execute on function public.deployment_check_anon_inserts(json) to service_role;
