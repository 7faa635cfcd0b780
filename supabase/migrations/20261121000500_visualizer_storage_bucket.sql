-- The public bucket for visualizer images (hosted Supabase Storage). Only the processor writes to it, with
-- the service key; the page reads the public URLs. Locally there is no storage schema: the gateway serves
-- the same public URL shape from files on disk, so this migration does nothing there.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('floor-visualizer', 'floor-visualizer', true, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
    on conflict (id) do update
      set public = excluded.public,
          file_size_limit = excluded.file_size_limit,
          allowed_mime_types = excluded.allowed_mime_types;
  end if;
end;
$$;
