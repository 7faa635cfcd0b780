-- The floor each render found, for "Fix the floor": the page outlines it on the visitor's photo so they can see
-- what to correct. One small PNG per render (at most 1024 px on the long side, 255 = floor) beside that render's
-- images, `<id>/render-<n>/floor-mask.png`; the URL is the latest render's, like `style_image_urls`. Rows rendered
-- before this column existed keep null: the page then shows the photo without an outline.
alter table public.floor_visualizer_requests
  add column floor_mask_url text check (length(floor_mask_url) <= 2048);

-- The visitor reads it by id with the rest of their row.
grant select (floor_mask_url) on public.floor_visualizer_requests to anon;
