-- The result e-mails show what the visitor chose (issue 23). They are composed when they are sent, from the
-- row as it is then, so for a photo that offers "Keep my rugs" / "Replace carpet and rugs too" (rug or carpet on
-- at least RUG_CHOICE_MIN_SHARE = 0.5 % of the photo, contracts/visualizer-webhook.ts) both e-mails about the
-- request wait a few minutes after the render: the visitor, looking at the result, has time to choose. Each
-- re-render the visitor starts (a rug choice or a fix) while they still wait pushes them back again, so they
-- go out after the last one. A photo without rugs or carpet is e-mailed at once, as before.

-- Moves the request's e-mails still waiting in the queue to `wait` from now (a job being sent is left alone).
create function back_office.postpone_visualizer_emails(request uuid, wait interval)
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
    ),
    run_at => now() + wait
  );
end;
$$;
revoke all on function back_office.postpone_visualizer_emails(uuid, interval) from public;

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
    end if;
  end if;
  return null;
end;
$$;
revoke all on function back_office.follow_up_finished_visualizer_request() from public;

create function back_office.postpone_visualizer_emails_for_a_rerender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform back_office.postpone_visualizer_emails(new.id, interval '5 minutes');
  return null;
end;
$$;
revoke all on function back_office.postpone_visualizer_emails_for_a_rerender() from public;

create trigger postpone_visualizer_emails_for_a_rerender
  after update of correction_state on public.floor_visualizer_requests
  for each row
  when (new.correction_state = 'rendering' and old.correction_state is distinct from 'rendering')
  execute function back_office.postpone_visualizer_emails_for_a_rerender();
