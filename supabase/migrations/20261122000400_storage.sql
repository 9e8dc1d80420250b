-- Image buckets (spec section 7 "File storage") and who may touch their objects.
--
-- Public buckets: files are served by their public URL without any policy, on hosted Supabase and
-- locally. Listing a bucket needs a SELECT policy, and there is none for visitors: only admins
-- list, upload, replace and delete.
--
-- Limits: raster images only (no SVG, which can carry script). Sizes per bucket: event images take
-- gallery photos straight from a phone or camera (10 MiB); attendee photos are head shots (5 MiB);
-- logos are small (2 MiB). The app should still shrink photos before upload: every byte crosses
-- venue Wi-Fi and sits in the offline outbox.
--
-- The buckets are defined here, not in config.toml, so hosted and local projects get the same ones;
-- re-running converges an existing bucket to these settings.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('event-images', 'event-images', true, 10 * 1024 * 1024,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']),
  ('attendee-photos', 'attendee-photos', true, 5 * 1024 * 1024,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']),
  ('sponsor-logos', 'sponsor-logos', true, 2 * 1024 * 1024,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Admins can list images" on storage.objects
  for select to authenticated
  using (bucket_id in ('event-images', 'attendee-photos', 'sponsor-logos') and (select private.is_admin()));

create policy "Admins can upload images" on storage.objects
  for insert to authenticated
  with check (bucket_id in ('event-images', 'attendee-photos', 'sponsor-logos') and (select private.is_admin()));

create policy "Admins can replace images" on storage.objects
  for update to authenticated
  using (bucket_id in ('event-images', 'attendee-photos', 'sponsor-logos') and (select private.is_admin()))
  with check (bucket_id in ('event-images', 'attendee-photos', 'sponsor-logos') and (select private.is_admin()));

create policy "Admins can delete images" on storage.objects
  for delete to authenticated
  using (bucket_id in ('event-images', 'attendee-photos', 'sponsor-logos') and (select private.is_admin()));
