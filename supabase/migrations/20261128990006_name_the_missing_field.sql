-- A submission without a required field is refused with 400 naming the field, however it asks for its answer
-- (issue 38). `{}` with `Prefer: return=representation` (what supabase-js sends with .select()) got 401 "new row
-- violates row-level security policy": with RETURNING, Postgres checks the new row against the read-back policy
-- (its id must match the x-submission-id header) before the NOT NULL constraints, and a row with no id of the
-- caller's fails that first. BEFORE ROW triggers run before both, so this one names the first required column
-- (NOT NULL, no default) the row lacks, in Postgres's own words and code (23502, which PostgREST answers with 400
-- and the page's insert turns into "The email is missing, ...").

create or replace function private.name_the_missing_field()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  missing text;
begin
  select attribute.attname::text into missing
  from pg_catalog.pg_attribute as attribute
  where attribute.attrelid = tg_relid
    and attribute.attnum > 0
    and not attribute.attisdropped
    and attribute.attnotnull
    and not attribute.atthasdef
    and pg_catalog.to_jsonb(new) -> attribute.attname::text = 'null'::jsonb
  order by attribute.attnum
  limit 1;
  if missing is not null then
    raise sqlstate '23502' using
      message = pg_catalog.format('null value in column "%s" of relation "%s" violates not-null constraint', missing, tg_table_name),
      detail = pg_catalog.format('The submission has no %s.', missing),
      hint = pg_catalog.format('Send %s in the JSON object.', missing),
      column = missing,
      table = tg_table_name,
      schema = tg_table_schema;
  end if;
  return new;
end;
$$;

revoke all on function private.name_the_missing_field() from public;

create trigger contacts_name_the_missing_field
  before insert on public.contacts
  for each row execute function private.name_the_missing_field();
create trigger leads_name_the_missing_field
  before insert on public.leads
  for each row execute function private.name_the_missing_field();
create trigger realtors_name_the_missing_field
  before insert on public.realtors
  for each row execute function private.name_the_missing_field();
create trigger investors_name_the_missing_field
  before insert on public.investors
  for each row execute function private.name_the_missing_field();
create trigger floor_visualizer_requests_name_the_missing_field
  before insert on public.floor_visualizer_requests
  for each row execute function private.name_the_missing_field();
