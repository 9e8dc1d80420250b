-- GoTrue's tables in schema auth, as a hosted Supabase project has them (a subset of the columns,
-- with hosted names and types), so that supabase/migrations written against hosted Supabase run
-- unchanged here. Runs on every start after 00-supabase-base.sql: everything is idempotent and
-- nothing is ever dropped, because migrations hang foreign keys and triggers on auth.users.
-- Only the auth service (the owner) touches these tables; the API roles get no privileges at all.

create schema if not exists auth;

do $$ begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception
  when duplicate_object then null;
end $$;

create table if not exists auth.users (
  instance_id uuid null,
  id uuid not null,
  aud varchar(255) null,
  "role" varchar(255) null,
  email varchar(255) null,
  encrypted_password varchar(255) null,
  email_confirmed_at timestamptz null,
  invited_at timestamptz null,
  confirmation_token varchar(255) null,
  confirmation_sent_at timestamptz null,
  recovery_token varchar(255) null,
  recovery_sent_at timestamptz null,
  email_change_token_new varchar(255) null,
  email_change varchar(255) null,
  email_change_sent_at timestamptz null,
  last_sign_in_at timestamptz null,
  raw_app_meta_data jsonb null,
  raw_user_meta_data jsonb null,
  is_super_admin boolean null,
  created_at timestamptz null,
  updated_at timestamptz null,
  phone text null default null,
  phone_confirmed_at timestamptz null,
  phone_change text null default '',
  phone_change_token varchar(255) null default '',
  phone_change_sent_at timestamptz null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) null default '',
  email_change_confirm_status smallint null default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz null,
  reauthentication_token varchar(255) null default '',
  reauthentication_sent_at timestamptz null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz null,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id),
  constraint users_phone_key unique (phone)
);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';

-- Hosted: a partial unique index on email. GoTrue always stores e-mails lowercased; indexing
-- lower(email) also keeps rows written by SQL (seeds, tests) unique regardless of case.
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where (is_sso_user = false);
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz null,
  created_at timestamptz null,
  updated_at timestamptz null,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid(),
  constraint identities_pkey primary key (id),
  constraint identities_provider_id_provider_unique unique (provider_id, provider),
  constraint identities_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid not null,
  user_id uuid not null,
  created_at timestamptz null,
  updated_at timestamptz null,
  factor_id uuid null,
  aal auth.aal_level null,
  not_after timestamptz null,
  refreshed_at timestamp without time zone null,
  user_agent text null,
  ip inet null,
  tag text null,
  constraint sessions_pkey primary key (id),
  constraint sessions_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

create table if not exists auth.refresh_tokens (
  instance_id uuid null,
  id bigserial not null,
  "token" varchar(255) null,
  user_id varchar(255) null,
  revoked boolean null,
  created_at timestamptz null,
  updated_at timestamptz null,
  parent varchar(255) null,
  session_id uuid null,
  constraint refresh_tokens_pkey primary key (id),
  constraint refresh_tokens_token_unique unique ("token"),
  constraint refresh_tokens_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

-- The abuse limits of the auth service (server/auth/rate-limit.ts), kept here rather than in the
-- process so that a restart does not hand an attacker a fresh start. One row per key: a request
-- bucket per client address (`stamp` is its theoretical arrival time, `hits` unused) or a counter
-- of sign-in attempts (`hits`; `stamp` is the last one). Times are milliseconds since the epoch,
-- from the service's clock. A row past `expires_at` means nothing and is swept.
create table if not exists auth.rate_limits (
  key text not null,
  hits integer not null default 0,
  stamp double precision not null,
  expires_at double precision not null,
  constraint rate_limits_pkey primary key (key)
);
comment on table auth.rate_limits is 'Auth: request rate limits and sign-in failure counters per client address and account.';
create index if not exists rate_limits_expires_at_idx on auth.rate_limits (expires_at);

-- Private to the auth service: row security on, and no privileges for anyone but the owner. This
-- runs on every start, so grants that a later script or default privileges may have handed out
-- are taken back.
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.rate_limits enable row level security;

revoke all on table auth.users, auth.identities, auth.sessions, auth.refresh_tokens, auth.rate_limits from public;
revoke all on sequence auth.refresh_tokens_id_seq from public;

do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if exists (select 1 from pg_roles where rolname = api_role) then
      execute format('revoke all on table auth.users, auth.identities, auth.sessions, auth.refresh_tokens, auth.rate_limits from %I', api_role);
      execute format('revoke all on sequence auth.refresh_tokens_id_seq from %I', api_role);
    end if;
  end loop;
end $$;
