-- The wood picks a request may record (decision 046), bounded as the rug choice is (`rug_choices_used`, migration
-- 20261125231001): each call the processor records for the holder of the token (a pick or the leaving) adds one,
-- and past MAX_WOOD_PICKS_PER_REQUEST (contracts/visualizer-webhook.ts) it records nothing more. Uncapped, 1,000 picks
-- with a visitor's own token took 16.6 s of the processor and wrote the row each time (session 29's audit). Not
-- granted to anon: only the processor reads and writes it.
alter table public.floor_visualizer_requests
  add column wood_picks_used integer not null default 0 check (wood_picks_used >= 0);
