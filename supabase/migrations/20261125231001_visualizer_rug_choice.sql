-- Carpet and rugs (issue 23): every render finds the floor with rugs and carpet kept in front of the new wood
-- and with them replaced too, from one network run, and shows one of them. `rug_choice` says which the
-- latest render shows; `rug_share` is the share of the photo that is rug or carpet (what "Replace carpet and
-- rugs too" adds). Both stay null for rows rendered before these columns, or by an engine that cannot tell
-- rugs apart: the page then offers no choice. The visitor asks for the other choice with their correction
-- token, like a fix; `rug_choices_used` bounds how often, apart from the fixes' own allowance.
alter table public.floor_visualizer_requests
  add column rug_choice text check (rug_choice in ('keep', 'replace')),
  add column rug_share real check (rug_share >= 0 and rug_share <= 1),
  add column rug_choices_used integer not null default 0 check (rug_choices_used >= 0);

-- The visitor reads both by id with the rest of their row (staff read the choice in their e-mail).
grant select (rug_choice, rug_share) on public.floor_visualizer_requests to anon;
