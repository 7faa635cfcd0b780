-- Photos of the inside of visitors' homes are no longer public files (issue 36, decision 022): the image bucket
-- turns private. Its objects are read only with the service key (the processor) or through the signed links the
-- processor stores in the row, which end when the retention job deletes the files (src/config/data-retention.ts).
-- Locally there is no storage schema (the gateway stands in for Storage with the same flag), so this does nothing.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'storage') then
    update storage.buckets set public = false where id = 'floor-visualizer';
  end if;
end;
$$;

comment on column public.floor_visualizer_requests.original_image_url is
  'Signed link to the photo as shown (private bucket floor-visualizer), valid until the retention job deletes it.';
comment on column public.floor_visualizer_requests.processed_image_url is
  'Signed link to the default style''s full render (spec result_image_url), valid until the retention job deletes it.';
