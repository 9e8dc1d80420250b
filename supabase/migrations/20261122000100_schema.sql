-- Tables of spec section 3, with their constraints and indexes.
--
-- Conventions (see docs/decisions/001-soft-deletes.md):
-- * Every table that clients replicate has `_modified` (stamped by the server on every write, see
--   20261122000200_data_rules.sql) and `_deleted` (soft delete), indexed on (_modified, id) for the
--   sync checkpoint. admin_invites and user_roles are online-only and are not replicated.
-- * Uniqueness that the spec asks for holds among live rows only (partial indexes), so a row can be
--   removed and added again while its tombstone still syncs.
-- * Limits protect the server, not the user's style: titles/names 300 characters, long text 20,000,
--   URLs 2,048 and only http(s) or a site-relative path.

create schema if not exists private;
comment on schema private is
  'Functions and tables the API never exposes: admin check, triggers, validation helpers, sync clock.';

-- Validation helpers -----------------------------------------------------------------------------

-- An absolute http(s) URL or a path on this site ('/demo/x.webp'). Refuses javascript:, data:,
-- protocol-relative '//host' and backslashes (which browsers read as '/'). '' means "none".
create function private.is_safe_url(url text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select url is null
      or url = ''
      or (
        char_length(url) <= 2048
        and (
          url ~* '^https?://[^[:space:]/\\?#]+[^[:space:]\\]*$'
          or url ~ '^/([^/\\[:space:]][^[:space:]\\]*)?$'
        )
      )
$$;

-- The address pattern browsers use for <input type=email>, on an already lower-cased address.
create function private.is_email(email text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select char_length(email) <= 254
     and email ~ '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$'
$$;

-- A CSS colour as an admin types it: '#000000', 'hsl(45 90% 50%)', 'rgb(...)', '45 90% 50%'
-- (shadcn-style HSL triplet) or a colour keyword. Nothing else, so it is safe in a style attribute.
create function private.is_css_colour(colour text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select char_length(colour) <= 64
     and (
       colour ~ '^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'
       or colour ~* '^(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([0-9a-z.,%/ +-]{1,50}\)$'
       or colour ~ '^[0-9.]+(deg)? [0-9.]+% [0-9.]+%$'
       or colour ~* '^[a-z]{3,20}$'
     )
$$;

-- A list of short texts (why_attend, why_partner): no null items, at most 50 of 1,000 characters.
create function private.is_point_list(points text[])
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select cardinality(points) <= 50
     and array_position(points, null) is null
     and coalesce((select max(char_length(p)) from unnest(points) as p), 0) <= 1000
$$;

-- Tables -----------------------------------------------------------------------------------------

create table public.events (
  id uuid primary key default gen_random_uuid(),
  slug text check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
  title text not null check (btrim(title) <> '' and char_length(title) <= 300),
  description text check (char_length(description) <= 20000),
  subheading text check (char_length(subheading) <= 1000),
  location text check (char_length(location) <= 300),
  start_date timestamptz not null,
  end_date timestamptz not null,
  featured_image_url text check (private.is_safe_url(featured_image_url)),
  request_invite_url text check (private.is_safe_url(request_invite_url)),
  why_attend text[] not null default '{}' check (private.is_point_list(why_attend)),
  why_partner text[] not null default '{}' check (private.is_point_list(why_partner)),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
comment on column public.events.slug is
  'Normalised by the server; generated from the title when blank. Unique among live events.';
comment on column public.events._modified is 'Set by the server on every insert and update; never by a client.';
comment on column public.events._deleted is 'Soft delete: a tombstone that offline clients pull.';

create table public.attendees (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 300),
  email text not null check (private.is_email(email)),
  company text check (char_length(company) <= 300),
  job_title text check (char_length(job_title) <= 300),
  photo_url text check (private.is_safe_url(photo_url)),
  company_logo_url text check (private.is_safe_url(company_logo_url)),
  bio text check (char_length(bio) <= 20000),
  linkedin_url text check (private.is_safe_url(linkedin_url)),
  priorities text check (char_length(priorities) <= 5000),
  current_focus text check (char_length(current_focus) <= 5000),
  future_focus text check (char_length(future_focus) <= 5000),
  registered_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
comment on column public.attendees.email is
  'Personal data: admins only. Stored trimmed and lower-cased. See docs/decisions/002-attendee-email.md.';
comment on column public.attendees.priorities is 'Comma-separated list.';

create table public.event_attendees (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  attendee_id uuid not null references public.attendees (id) on delete cascade,
  attendee_type text not null default 'current' check (attendee_type in ('current', 'past')),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.sponsors_library (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 300),
  logo_url text check (private.is_safe_url(logo_url)),
  website text check (private.is_safe_url(website)),
  description text check (char_length(description) <= 20000),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.sponsor_tiers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 300),
  color text not null default '#000000' check (private.is_css_colour(color)),
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.event_sponsors (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  -- A sponsor or tier that an event still uses cannot be removed, not even by the service role.
  -- NO ACTION (the default) rather than RESTRICT: both block, but only NO ACTION reports
  -- foreign_key_violation (23503) on every Postgres version (18 reports RESTRICT as 23001).
  sponsor_id uuid not null references public.sponsors_library (id) on delete no action,
  tier_id uuid not null references public.sponsor_tiers (id) on delete no action,
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.sessions (
  id uuid primary key default gen_random_uuid(),
  -- Optional: the spec combines session times with "the event's start date (today if missing)".
  event_id uuid references public.events (id) on delete cascade,
  title text not null check (btrim(title) <> '' and char_length(title) <= 300),
  description text check (char_length(description) <= 20000),
  -- No check that end_time is after start_time (spec section 5).
  start_time timestamptz not null,
  end_time timestamptz not null,
  room text check (char_length(room) <= 300),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.session_speakers (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references public.sessions (id) on delete cascade,
  attendee_id uuid not null references public.attendees (id) on delete cascade,
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.event_gallery (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  image_url text not null check (image_url <> '' and private.is_safe_url(image_url)),
  caption text check (char_length(caption) <= 1000),
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  -- Null means a general testimonial; it outlives its event (set null on a hard delete).
  event_id uuid references public.events (id) on delete set null,
  name text not null check (btrim(name) <> '' and char_length(name) <= 300),
  job_title text check (char_length(job_title) <= 300),
  company text check (char_length(company) <= 300),
  photo_url text check (private.is_safe_url(photo_url)),
  quote text not null check (btrim(quote) <> '' and char_length(quote) <= 20000),
  rating integer not null default 5 check (rating between 1 and 5),
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.videos (
  id uuid primary key default gen_random_uuid(),
  event_id uuid references public.events (id) on delete set null,
  title text not null check (btrim(title) <> '' and char_length(title) <= 300),
  description text check (char_length(description) <= 20000),
  video_url text not null check (video_url <> '' and private.is_safe_url(video_url)),
  thumbnail_url text check (private.is_safe_url(thumbnail_url)),
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

-- Online-only tables (not replicated; rows are really deleted) ----------------------------------

create table public.admin_invites (
  -- Stored trimmed and lower-cased, so one address has one invite whatever its spelling.
  email text primary key check (private.is_email(email)),
  created_at timestamptz not null default now()
);

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role = 'admin'),
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

-- Indexes ----------------------------------------------------------------------------------------
-- Named after what reads them (spec section 7). Foreign-key columns all have an index so that
-- cascades and "used in N events" stay cheap.

-- Sync checkpoint of every replicated table.
create index events_sync_idx on public.events (_modified, id);
create index attendees_sync_idx on public.attendees (_modified, id);
create index event_attendees_sync_idx on public.event_attendees (_modified, id);
create index sponsors_library_sync_idx on public.sponsors_library (_modified, id);
create index sponsor_tiers_sync_idx on public.sponsor_tiers (_modified, id);
create index event_sponsors_sync_idx on public.event_sponsors (_modified, id);
create index sessions_sync_idx on public.sessions (_modified, id);
create index session_speakers_sync_idx on public.session_speakers (_modified, id);
create index event_gallery_sync_idx on public.event_gallery (_modified, id);
create index testimonials_sync_idx on public.testimonials (_modified, id);
create index videos_sync_idx on public.videos (_modified, id);

-- events: upcoming (end_date >= now, by start_date), past (end_date < now, start_date desc), by slug.
create unique index events_slug_live_key on public.events (slug) where not _deleted;
create index events_end_date_idx on public.events (end_date);
create index events_start_date_idx on public.events (start_date);

-- attendees: admin list (registered_at desc), pickers (name).
create index attendees_registered_at_idx on public.attendees (registered_at);
create index attendees_name_idx on public.attendees (name);

-- event_attendees: per event, per attendee, past attendees; one live link per pair.
create unique index event_attendees_live_key on public.event_attendees (event_id, attendee_id) where not _deleted;
create index event_attendees_event_id_idx on public.event_attendees (event_id);
create index event_attendees_attendee_id_idx on public.event_attendees (attendee_id);
create index event_attendees_type_idx on public.event_attendees (attendee_type, attendee_id);

-- sponsors: library by name, tiers by display_order, per-event sponsors by display_order.
create index sponsors_library_name_idx on public.sponsors_library (name);
create index sponsor_tiers_display_order_idx on public.sponsor_tiers (display_order);
create unique index event_sponsors_live_key on public.event_sponsors (event_id, sponsor_id) where not _deleted;
create index event_sponsors_event_order_idx on public.event_sponsors (event_id, display_order);
create index event_sponsors_sponsor_id_idx on public.event_sponsors (sponsor_id);
create index event_sponsors_tier_id_idx on public.event_sponsors (tier_id);

-- sessions: per event by start_time; admin list by start_time desc.
create index sessions_event_start_idx on public.sessions (event_id, start_time);
create index sessions_start_time_idx on public.sessions (start_time);

-- session_speakers: per session by display_order; one live entry per speaker and session.
create unique index session_speakers_live_key on public.session_speakers (session_id, attendee_id) where not _deleted;
create index session_speakers_session_order_idx on public.session_speakers (session_id, display_order);
create index session_speakers_attendee_id_idx on public.session_speakers (attendee_id);

-- gallery, testimonials, videos: per event by display_order; general lists by display_order.
create index event_gallery_event_order_idx on public.event_gallery (event_id, display_order);
create index testimonials_event_order_idx on public.testimonials (event_id, display_order);
create index testimonials_display_order_idx on public.testimonials (display_order);
create index videos_event_order_idx on public.videos (event_id, display_order);
create index videos_display_order_idx on public.videos (display_order);

-- admin_invites newest first; user_roles by user_id is served by its unique (user_id, role).
create index admin_invites_created_at_idx on public.admin_invites (created_at);
