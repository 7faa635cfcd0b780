-- The retention job's sweep of stored files with no row (issue 36): of the request ids that have a folder in
-- Storage, those whose request no longer exists, or whose row says its images were deleted. Files get there when a
-- deletion and a write cross (data:forget while a render runs is handled by the render itself; a crash between two
-- steps, a row deleted in the dashboard, is not), and nothing else would ever delete them. The job waits
-- orphanFilesGraceDays after the newest file before deleting (src/config/data-retention.ts).
create function back_office.request_folders_to_sweep(request_ids uuid[])
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select folder.id
  from unnest(request_ids) as folder (id)
  where not exists (
    select 1 from public.floor_visualizer_requests as request
    where request.id = folder.id and request.images_deleted_at is null
  )
  order by folder.id;
$$;
revoke all on function back_office.request_folders_to_sweep(uuid[]) from public;
