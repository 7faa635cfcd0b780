-- Every wood style of a render, and the visitor's corrections ("Fix the floor").
--
-- A render stores one image per wood style; `style_image_urls` maps style id -> public URL of the latest
-- render, and `render_number` says which render that is (images live under `<id>/render-<n>/`, so a URL never
-- changes content). `processed_image_url` stays the default style's image (spec call 9).
--
-- A correction is asked for with a secret only the visitor who made the request holds: the webhook hands a
-- token back in its reply, once, and the row keeps only its SHA-256. Not the name or e-mail (anyone may know
-- those) and not the id (it is in every public image URL). While a correction renders, the row stays
-- `completed` with the previous images; `correction_state` tells the page how it went.
alter table public.floor_visualizer_requests
  add column style_image_urls jsonb not null default '{}'::jsonb
    check (jsonb_typeof(style_image_urls) = 'object' and length(style_image_urls::text) <= 4096),
  add column render_number integer not null default 0 check (render_number >= 0),
  add column correction_token_sha256 text check (correction_token_sha256 ~ '^[0-9a-f]{64}$'),
  add column corrections_used integer not null default 0 check (corrections_used >= 0),
  add column correction_state text check (correction_state in ('rendering', 'failed')),
  add column correction_requested_at timestamptz;

-- The visitor reads the styles and the state of their correction by id, like the rest of their row; never the
-- token's hash.
grant select (style_image_urls, render_number, correction_state) on public.floor_visualizer_requests to anon;

-- The deadline now covers corrections too: one still rendering after `processing_deadline` is marked failed
-- (the previous images stay), and its job is dropped.
create or replace function back_office.fail_overdue_visualizer_requests(processing_deadline interval, pending_deadline interval)
returns setof uuid
language plpgsql
set search_path = ''
as $$
declare
  overdue record;
begin
  for overdue in
    update public.floor_visualizer_requests
    set status = 'failed',
        failure_reason = case status
          when 'processing' then 'Your photo took too long to process. Please try again.'
          else 'No photo was received for this request.'
        end
    where (status = 'processing' and updated_at < now() - processing_deadline)
       or (status = 'pending' and created_at < now() - pending_deadline)
    returning id
  loop
    perform graphile_worker.remove_job('render:' || overdue.id);
    return next overdue.id;
  end loop;
  for overdue in
    update public.floor_visualizer_requests
    set correction_state = 'failed'
    where correction_state = 'rendering' and correction_requested_at < now() - processing_deadline
    returning id
  loop
    perform graphile_worker.remove_job('render:' || overdue.id);
    return next overdue.id;
  end loop;
end;
$$;
revoke all on function back_office.fail_overdue_visualizer_requests(interval, interval) from public;
