-- The storage schema of a hosted Supabase project (the subset the local storage service and our
-- migrations use), with the same table, column, index and function names, so bucket rows and
-- storage.objects policies written in supabase/migrations work on both. Idempotent: runs on every
-- start, before the migrations.
--
-- As on hosted: row-level security is on for both tables and nothing is readable until a policy
-- says so; the storage service looks buckets up with its own privileges, not the caller's.

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);

create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);

create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Hosted grants the API roles the tables and lets policies decide. TRUNCATE is left out on purpose:
-- it ignores row security and no API needs it.
grant usage on schema storage to anon, authenticated, service_role;
grant select, insert, update, delete on storage.buckets, storage.objects to anon, authenticated, service_role;

-- Path helpers used in policies. Same results as hosted for the same input:
--   foldername('a/b/c.png') = {a,b}, filename('a/b/c.png') = 'c.png', extension('a/b/c.png') = 'png'
-- (extension of a name without a dot is the whole file name, as hosted returns it).
create or replace function storage.foldername(name text)
  returns text[]
  language sql
  immutable
  set search_path = ''
as $$
  select parts[1:array_length(parts, 1) - 1]
  from (select string_to_array(name, '/') as parts) as split
$$;

create or replace function storage.filename(name text)
  returns text
  language sql
  immutable
  set search_path = ''
as $$
  select parts[array_length(parts, 1)]
  from (select string_to_array(name, '/') as parts) as split
$$;

create or replace function storage.extension(name text)
  returns text
  language sql
  immutable
  set search_path = ''
as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- updated_at follows every change, as hosted's trigger does.
create or replace function storage.update_updated_at_column()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create or replace trigger update_objects_updated_at
  before update on storage.objects
  for each row execute function storage.update_updated_at_column();
