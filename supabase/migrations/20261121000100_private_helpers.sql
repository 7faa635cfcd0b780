-- Helpers the public tables' policies use. They live in a schema PostgREST does not expose, so they can
-- never be called as RPCs.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- The id a visitor sends in the `x-submission-id` header: the client-made id of the row it just submitted
-- (or, for a visualizer request, the one it is waiting for). A missing or malformed header gives null, so a
-- policy comparing ids with it is simply false instead of raising.
create or replace function private.submission_id_header()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  raw text := nullif(current_setting('request.headers', true), '')::json ->> 'x-submission-id';
begin
  if raw is null or raw !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  return raw::uuid;
end;
$$;

revoke all on function private.submission_id_header() from public;
grant execute on function private.submission_id_header() to anon, authenticated, service_role;

-- One shape for e-mail addresses everywhere: something@something.tld, no spaces, at most 254 characters.
create or replace function private.is_email(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is not null
     and length(value) <= 254
     and value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$';
$$;

revoke all on function private.is_email(text) from public;
grant execute on function private.is_email(text) to anon, authenticated, service_role;
