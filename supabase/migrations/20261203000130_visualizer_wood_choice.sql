-- The wood the visitor chose on the result step (decision 046). The page that sent the photo tells the processor,
-- with its correction token (decision 009), which of the five woods it shows, and that it left the result step;
-- the e-mails, composed when they are sent, show that wood and name it, and their link opens with it selected.
-- `wood_style` stays null until the visitor picks one: the default wood (contracts/wood-styles.ts) then stands.
-- `wood_settled_at` is when the page said the visitor left (its token goes with the page, so nothing they see can
-- change any more). Neither is granted to anon: only the processor writes them, for the holder of the token.
alter table public.floor_visualizer_requests
  add column wood_style text check (wood_style in ('natural-white-oak', 'honey-oak', 'walnut', 'grey-washed-oak', 'hickory')),
  add column wood_settled_at timestamptz;

-- Moves the request's e-mails still waiting in the queue to `send_at` (a job being sent is left alone);
-- `later_only` moves only those due before it, so a wait already longer (a rug re-render's) is kept.
create function back_office.send_visualizer_emails_at(request uuid, send_at timestamptz, later_only boolean)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform graphile_worker.reschedule_jobs(
    array(
      select job.id
      from graphile_worker.jobs as job
      join back_office.outbound_emails as email on job.key = 'email:' || email.id::text
      where email.source_table = 'floor_visualizer_requests' and email.source_id = request and email.status = 'queued'
        and (not later_only or job.run_at < send_at)
    ),
    run_at => send_at
  );
end;
$$;
revoke all on function back_office.send_visualizer_emails_at(uuid, timestamptz, boolean) from public;

-- Every rendered photo offers five woods, so both e-mails about it wait 3 minutes after the render (a photo with
-- rugs or carpet 5, as before: its choice is a re-render); the visitor is looking at the result then. A failed
-- request's staff e-mail goes at once, as before.
create or replace function back_office.follow_up_finished_visualizer_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform back_office.queue_email('staff_visualizer', 'floor_visualizer_requests', new.id, null);
  if new.status = 'completed' then
    perform back_office.queue_email('visualizer_result', 'floor_visualizer_requests', new.id, new.email);
    if new.rug_share >= 0.005 then
      perform back_office.postpone_visualizer_emails(new.id, interval '5 minutes');
    else
      perform back_office.postpone_visualizer_emails(new.id, interval '3 minutes');
    end if;
  end if;
  return null;
end;
$$;
revoke all on function back_office.follow_up_finished_visualizer_request() from public;

-- A wood picked: the e-mails wait 2 minutes more from the pick, so they show the last one, but never later than
-- 15 minutes after they were queued (a visitor clicking through woods for long must not hold a lead from staff).
-- The visitor left the result step: their choice is final, and the e-mails go now, unless a re-render they asked
-- for is still being made (its own wait, 5 minutes from its start, then stands).
create function back_office.visualizer_emails_follow_the_wood_choice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued_at timestamptz;
begin
  if new.wood_settled_at is not null and old.wood_settled_at is null then
    if new.correction_state is distinct from 'rendering' then
      perform back_office.send_visualizer_emails_at(new.id, now(), false);
    end if;
  elsif new.wood_style is distinct from old.wood_style then
    select min(email.created_at) into queued_at
    from back_office.outbound_emails as email
    where email.source_table = 'floor_visualizer_requests' and email.source_id = new.id;
    if queued_at is not null then
      perform back_office.send_visualizer_emails_at(
        new.id, least(now() + interval '2 minutes', queued_at + interval '15 minutes'), true);
    end if;
  end if;
  return null;
end;
$$;
revoke all on function back_office.visualizer_emails_follow_the_wood_choice() from public;

create trigger visualizer_emails_follow_the_wood_choice
  after update of wood_style, wood_settled_at on public.floor_visualizer_requests
  for each row
  when (new.wood_style is distinct from old.wood_style or new.wood_settled_at is distinct from old.wood_settled_at)
  execute function back_office.visualizer_emails_follow_the_wood_choice();
