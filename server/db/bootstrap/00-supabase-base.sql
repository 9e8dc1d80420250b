-- What a hosted Supabase project provides before any migration runs: the API roles, the schemas
-- the platform owns, the grants PostgREST relies on and the auth.* JWT helpers. With it,
-- supabase/migrations run unchanged on hosted Supabase, on PGlite and on PostgreSQL 15+.
--
-- Runs on every start of the local backend, so every statement is idempotent. Never put project
-- schema here: that belongs in supabase/migrations. auth.users and the other GoTrue tables live in
-- 10-auth.sql; storage tables in 20-storage.sql.

-- Roles ------------------------------------------------------------------------------------------
-- anon and authenticated are what PostgREST switches to for a request; service_role bypasses row
-- security (the service key); authenticator is the login role that may switch into the three.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- Granting a membership that already exists only raises a notice; skip it to keep logs quiet.
  if not pg_catalog.pg_has_role('authenticator', 'anon', 'member') then
    grant anon to authenticator;
  end if;
  if not pg_catalog.pg_has_role('authenticator', 'authenticated', 'member') then
    grant authenticated to authenticator;
  end if;
  if not pg_catalog.pg_has_role('authenticator', 'service_role', 'member') then
    grant service_role to authenticator;
  end if;
end
$$;

-- Schemas ----------------------------------------------------------------------------------------
create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists supabase_migrations;

-- The Supabase CLI records applied migrations here; the local backend does the same.
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);

-- Grants as on a hosted project ------------------------------------------------------------------
grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
-- Policies call auth.uid() / auth.jwt() as the request's role.
grant usage on schema auth to anon, authenticated, service_role;

-- Hosted Supabase grants the API roles everything on new objects in public and lets row-level
-- security decide; migrations narrow this table by table.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- JWT helpers, defined as Supabase Auth defines them --------------------------------------------
-- PostgREST puts the verified claims in request.jwt.claims (one JSON object); versions before 9
-- set one setting per claim (request.jwt.claim.sub, ...), which is why each helper reads both.
create or replace function auth.uid()
  returns uuid
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role()
  returns text
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email()
  returns text
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt()
  returns jsonb
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;

-- Realtime ---------------------------------------------------------------------------------------
-- Hosted projects have this (empty) publication; migrations add the tables clients listen to.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
