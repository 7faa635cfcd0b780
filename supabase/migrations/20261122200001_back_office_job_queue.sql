-- The back office: what happens after a visitor submits (e-mails, the visualizer's render) runs as jobs in
-- graphile-worker's queue, in this same database. See docs/decisions/007-one-job-queue-in-postgres.md.
--
-- graphile-worker installs and upgrades its own schema (`graphile_worker`). The migrations after this one
-- create triggers that call graphile_worker.add_job() in the visitor's own transaction, so the queue must
-- exist before them: if it does not, stop here, before anything is changed, with the step that is missing.
-- (`npm start` and the test stacks install it before applying these files; production: README, Deploying.)
do $$
begin
  if to_regprocedure('graphile_worker.add_job(text, json, text, timestamptz, integer, text, integer, text[], text)') is null
     or to_regprocedure('graphile_worker.force_unlock_workers(text[])') is null then
    raise exception 'The job queue (graphile-worker) is not installed in this database.'
      using hint = 'Install it first with: npx graphile-worker --schema-only -c "<database connection string>" '
                   '(README, "Deploying"), then run supabase db push again.';
  end if;
end;
$$;

-- Not exposed by the API (PostgREST serves `public` only) and granted to nobody: the owner reads it in the
-- dashboard, the workers connect as the database owner.
create schema back_office;
revoke all on schema back_office from public;
comment on schema back_office is
  'After a visitor submits: the e-mails to send (outbound_emails), worker liveness, webhook refusal counts.';

-- A worker killed without warning (SIGKILL, out of memory, a lost host) leaves its jobs locked, and
-- graphile-worker frees such locks only after 4 hours. Every worker pool says it is alive here every few
-- seconds; any worker frees the jobs of pools that stopped saying so.
create table back_office.worker_heartbeats (
  worker_pool_id text primary key,
  service text not null check (length(service) <= 60),
  started_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
alter table back_office.worker_heartbeats enable row level security;

-- Frees the jobs locked for longer than `stale_after` by pools with no heartbeat that recent (a pool that
-- died before its first heartbeat has none at all). Returns the pools it freed.
create function back_office.release_jobs_of_dead_workers(stale_after interval)
returns text[]
language plpgsql
set search_path = ''
as $$
declare
  dead_pools text[];
begin
  select array_agg(distinct jobs.locked_by) into dead_pools
  from graphile_worker.jobs as jobs
  where jobs.locked_by is not null
    and jobs.locked_at < now() - stale_after
    and not exists (
      select 1 from back_office.worker_heartbeats as beats
      where beats.worker_pool_id = jobs.locked_by and beats.last_seen_at > now() - stale_after
    );
  delete from back_office.worker_heartbeats where last_seen_at < now() - stale_after * 20;
  if dead_pools is null then
    return '{}';
  end if;
  perform graphile_worker.force_unlock_workers(dead_pools);
  return dead_pools;
end;
$$;
revoke all on function back_office.release_jobs_of_dead_workers(interval) from public;
