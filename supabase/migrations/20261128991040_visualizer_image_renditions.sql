-- Web-sized copies of a result's pictures (issue 35): for the photo (`original`) and each wood style of the latest
-- render, a copy per width in WebP and JPEG, with their signed links (contracts/image-renditions.ts). The page
-- shows these (srcset) and the e-mails the JPEG; processed_image_url keeps the full render for the download. The
-- visitor reads them with the rest of their own row, by its id (decision 002); the retention job clears them with
-- the other links.
alter table public.floor_visualizer_requests
  add column image_renditions jsonb not null default '{}'::jsonb
    check (jsonb_typeof(image_renditions) = 'object' and length(image_renditions::text) <= 32768);

grant select (image_renditions) on public.floor_visualizer_requests to anon;

create or replace function back_office.mark_visualizer_images_deleted(requests uuid[])
returns integer
language sql
set search_path = ''
as $$
  with marked as (
    update public.floor_visualizer_requests
    set original_image_url = null, processed_image_url = null, style_image_urls = '{}'::jsonb, floor_mask_url = null,
        image_renditions = '{}'::jsonb, correction_state = null, images_deleted_at = now()
    where id = any(requests) and images_deleted_at is null
    returning 1
  )
  select count(*)::integer from marked;
$$;
