-- How much of the photo the latest render laid wood on (0..1). When the engine finds little or no floor, the
-- render looks like the photo, and the page says so instead of leaving the visitor to wonder why nothing changed.
-- Rows rendered before this column existed keep null: the page then says nothing.
alter table public.floor_visualizer_requests
  add column floor_share real check (floor_share >= 0 and floor_share <= 1);

-- The visitor reads it by id with the rest of their row.
grant select (floor_share) on public.floor_visualizer_requests to anon;
