-- Admins may read the bucket list (supabase-js `listBuckets()` / `getBucket()` in the back office);
-- nobody else sees bucket rows. Public files still need no policy: they are served by public URL.
create policy "Admins can read buckets"
  on storage.buckets
  for select
  to authenticated
  using ((select private.is_admin()));
