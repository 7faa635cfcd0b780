-- A Postgres prepared the way a hosted Supabase project is before `supabase db push` runs our migrations. Run as the
-- cluster's first superuser, `supabase_admin`, as on hosted. Written from supabase/postgres (migrations/db: the
-- init scripts, the "demote postgres" migration, the role migrations after it, tests/database/privs.sql, and
-- ansible/files/postgresql_config/supautils.conf.j2) and supabase/storage (migrations/tenant): what they leave
-- behind, not their text. Parts of hosted we do not use (auth, realtime, pgsodium, pg_graphql, the extensions themselves)
-- are left out; the logins' passwords are set by supabase-shaped-database.ts.

-- The API roles. Created NOINHERIT, later switched to INHERIT (migration 20230529180330); service_role bypasses RLS.
create role anon nologin inherit;
create role authenticated nologin inherit;
create role service_role nologin inherit bypassrls;
-- PostgREST's login: it switches to one of the three per request and holds no rights of its own.
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
-- The API roles' statement timeouts, and PostgREST's own.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-- Storage's own login: owns the storage schema and runs the storage server's migrations.
create role supabase_storage_admin login noinherit createrole noreplication;

-- `postgres`: the login the dashboard, `supabase db push` and our services' DATABASE_URL use. Not a superuser
-- (demote-postgres migration): it may create roles, bypasses RLS, owns what it creates.
create role postgres login nosuperuser createdb createrole replication bypassrls;
grant all on database postgres to postgres;
grant pg_read_all_data, pg_signal_backend to postgres;
-- So that it can manage storage's tables (policies, rows) without being a superuser (migration 20220609081115).
grant supabase_storage_admin to postgres;

-- The public schema: postgres may create in it; the API roles may use it, and get every right on what postgres
-- creates there (tests/database/privs.sql: a table postgres creates is fully granted to anon, authenticated and
-- service_role). Our migrations take those rights back table by table.
grant usage, create on schema public to postgres;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

create schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
alter role postgres set search_path to "$user", public, extensions;

-- Storage: the schema and its two tables belong to supabase_storage_admin, with the columns the storage server's
-- migrations have given them by now; RLS on both; postgres holds every right on them (with grant option), and so
-- do the API roles (the storage server checks policies, not grants).
create schema storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
set role supabase_storage_admin;
create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
create table storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index bname on storage.buckets (name);
create function storage.enforce_bucket_name_length() returns trigger language plpgsql as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end;
$$;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();
create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  level integer
);
create unique index bucketid_objname on storage.objects (bucket_id, name);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
reset role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- What hosted allows only through Supabase's supautils extension: `postgres` is its privileged role, and
-- `pgrst.*` is among privileged_role_allowed_configs, so `alter role authenticator set pgrst.…` works there although
-- authenticator is a reserved role postgres may not otherwise alter. Plain Postgres has no right that narrow; the
-- nearest is the ADMIN option on authenticator without its privileges (INHERIT FALSE, SET FALSE: postgres cannot act
-- as it). The test checks that the migrations use it for `pgrst.*` settings only.
grant authenticator to postgres with admin option, inherit false, set false;
-- And the right to set those parameters at all: PostgREST's settings that may live in the database (its docs,
-- "In-Database Configuration"). `pgrst.*` as a pattern cannot be granted in plain Postgres, so they are named.
grant set on parameter pgrst.db_pre_request, pgrst.db_schemas, pgrst.db_extra_search_path, pgrst.db_max_rows,
  pgrst.db_plan_enabled, pgrst.db_aggregates_enabled, pgrst.db_tx_end, pgrst.jwt_aud, pgrst.jwt_role_claim_key,
  pgrst.openapi_mode, pgrst.server_timing_enabled to postgres;
