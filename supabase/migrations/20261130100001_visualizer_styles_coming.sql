-- The default wood first (decision 025, session 16): a first render completes its row as soon as the default wood
-- and its web copies are stored, and lays the other wood styles after, so a phone sees its picture seconds sooner.
-- `styles_coming` lists the styles the processor is still laying for the render the row shows (`render_number`);
-- they move into `style_image_urls` / `image_renditions` when stored, or into `styles_not_made` when they could not
-- be made (the default picture stays either way). The visitor reads both with the rest of their own row, by its id
-- (decision 002); a fix or a rug choice asked for meanwhile renders every style, these included.
alter table public.floor_visualizer_requests
  add column styles_coming text[] not null default '{}' check (cardinality(styles_coming) <= 16),
  add column styles_not_made text[] not null default '{}' check (cardinality(styles_not_made) <= 16);

grant select (styles_coming, styles_not_made) on public.floor_visualizer_requests to anon;

create or replace function back_office.mark_visualizer_images_deleted(requests uuid[])
returns integer
language sql
set search_path = ''
as $$
  with marked as (
    update public.floor_visualizer_requests
    set original_image_url = null, processed_image_url = null, style_image_urls = '{}'::jsonb, floor_mask_url = null,
        image_renditions = '{}'::jsonb, correction_state = null, styles_coming = '{}', styles_not_made = '{}',
        images_deleted_at = now()
    where id = any(requests) and images_deleted_at is null
    returning 1
  )
  select count(*)::integer from marked;
$$;
