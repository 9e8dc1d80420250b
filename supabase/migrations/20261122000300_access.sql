-- Who may do what: the admin check, row-level security on every table, explicit grants (so this
-- does not depend on a project's default privileges), the admin-user list, admin invites, and
-- which tables realtime publishes.
--
-- Model (design.md "Data"): anyone reads public content; only admins write; user_roles and
-- admin_invites are admin-only; attendee e-mail reaches no anonymous visitor
-- (docs/decisions/002-attendee-email.md).

-- The admin check -------------------------------------------------------------------------------
-- SECURITY DEFINER so it reads user_roles past that table's own row security (no policy recursion),
-- and lives in `private`, which the API does not expose, so it cannot be called as an RPC.
create function private.is_admin()
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1
      from public.user_roles ur
     where ur.user_id = (select auth.uid())
       and ur.role = 'admin'
  )
$$;
comment on function private.is_admin() is
  'True when the JWT subject has an admin row in user_roles. Used by row-level security policies.';

-- Privileges on the private schema ----------------------------------------------------------------
-- Policies and CHECK constraints run as the caller, so the signed-in role needs to reach
-- is_admin() and the validation helpers. anon needs nothing here: it never writes, and no policy
-- that applies to anon calls into this schema.
revoke all on schema private from public;
revoke all on all functions in schema private from public;
revoke all on all tables in schema private from public;
grant usage on schema private to authenticated, service_role;
grant execute on function
  private.is_admin(),
  private.is_safe_url(text),
  private.is_email(text),
  private.is_css_colour(text),
  private.is_point_list(text[]),
  private.slugify(text),
  private.fold_accents(text)
  to authenticated, service_role;

-- Row-level security on every table ----------------------------------------------------------------
alter table public.events enable row level security;
alter table public.attendees enable row level security;
alter table public.event_attendees enable row level security;
alter table public.sponsors_library enable row level security;
alter table public.sponsor_tiers enable row level security;
alter table public.event_sponsors enable row level security;
alter table public.sessions enable row level security;
alter table public.session_speakers enable row level security;
alter table public.event_gallery enable row level security;
alter table public.testimonials enable row level security;
alter table public.videos enable row level security;
alter table public.admin_invites enable row level security;
alter table public.user_roles enable row level security;

-- Public content: readable by everyone (tombstones too: offline clients must learn of deletes);
-- written by admins only. Write policies are for `authenticated` alone, so anon never evaluates
-- them; anon also lacks the write privileges (below), so its writes fail with 42501.
do $$
declare
  t text;
begin
  foreach t in array array[
    'events', 'event_attendees', 'sponsors_library', 'sponsor_tiers', 'event_sponsors',
    'sessions', 'session_speakers', 'event_gallery', 'testimonials', 'videos'
  ] loop
    execute format('create policy "Anyone can read %1$s" on public.%1$I
      for select to anon, authenticated using (true)', t);
    execute format('create policy "Admins can insert %1$s" on public.%1$I
      for insert to authenticated with check ((select private.is_admin()))', t);
    execute format('create policy "Admins can update %1$s" on public.%1$I
      for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()))', t);
    execute format('create policy "Admins can delete %1$s" on public.%1$I
      for delete to authenticated using ((select private.is_admin()))', t);
  end loop;
end
$$;

-- attendees: anon reads every row but not the email column (column privileges below). A signed-in
-- user sees rows only as an admin; the app reads public pages with the anon key.
create policy "Anyone can read public attendee profiles" on public.attendees
  for select to anon using (true);
create policy "Admins can read attendees" on public.attendees
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can insert attendees" on public.attendees
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update attendees" on public.attendees
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete attendees" on public.attendees
  for delete to authenticated using ((select private.is_admin()));

-- user_roles: admins manage roles; anyone signed in may read their own row (the app's role check).
-- An admin cannot change or remove their own role row, so nobody locks themselves out by mistake.
create policy "Users can read their own role; admins read all" on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "Admins can grant roles" on public.user_roles
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can change other users' roles" on public.user_roles
  for update to authenticated
  using ((select private.is_admin()) and user_id <> (select auth.uid()))
  with check ((select private.is_admin()) and user_id <> (select auth.uid()));
create policy "Admins can remove other users' roles" on public.user_roles
  for delete to authenticated using ((select private.is_admin()) and user_id <> (select auth.uid()));

-- admin_invites: admins only, for everything.
create policy "Admins can read invites" on public.admin_invites
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can invite" on public.admin_invites
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update invites" on public.admin_invites
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can cancel invites" on public.admin_invites
  for delete to authenticated using ((select private.is_admin()));

-- Table privileges ---------------------------------------------------------------------------------
-- Start from nothing (hosted grants ALL by default, TRUNCATE included, which ignores row security)
-- and grant exactly what the policies above are meant to filter.
revoke all on all tables in schema public from anon, authenticated, service_role;

grant select on
  public.events, public.event_attendees, public.sponsors_library, public.sponsor_tiers,
  public.event_sponsors, public.sessions, public.session_speakers, public.event_gallery,
  public.testimonials, public.videos
  to anon, authenticated;
grant insert, update, delete on
  public.events, public.event_attendees, public.sponsors_library, public.sponsor_tiers,
  public.event_sponsors, public.sessions, public.session_speakers, public.event_gallery,
  public.testimonials, public.videos
  to authenticated;

-- Every attendee column except email. `select=*`, `select=email`, a filter or an order on email, or
-- an embed that asks for it all fail for anon with 42501 instead of leaking. A column added to
-- attendees later stays hidden from anon until it is granted here on purpose.
grant select (
  id, name, company, job_title, photo_url, company_logo_url, bio, linkedin_url,
  priorities, current_focus, future_focus, registered_at, _modified, _deleted
) on public.attendees to anon;
grant select, insert, update, delete on public.attendees to authenticated;

grant select, insert, update, delete on public.user_roles, public.admin_invites to authenticated;

-- The service role (server functions, maintenance) bypasses row security and may do anything but
-- TRUNCATE.
grant select, insert, update, delete on all tables in schema public to service_role;

-- Admin users (RPC get_admin_users) -----------------------------------------------------------------
-- SECURITY DEFINER to read auth.users, which no API role may read; it refuses non-admins itself.
create function public.get_admin_users()
  returns table (user_id uuid, email text)
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can list admin users';
  end if;
  return query
    select ur.user_id, u.email::text
      from public.user_roles ur
      join auth.users u on u.id = ur.user_id
     where ur.role = 'admin'
     order by u.email, ur.user_id;
end
$$;
comment on function public.get_admin_users() is 'Admin accounts (user_id, email) ordered by e-mail. Admins only.';

revoke all on function public.get_admin_users() from public, anon, service_role;
grant execute on function public.get_admin_users() to authenticated;

-- Admin invites --------------------------------------------------------------------------------------
-- A new auth user whose e-mail (any case) has an invite becomes an admin and the invite is used up.
-- SECURITY DEFINER: it runs inside the auth service's insert, as whichever role that uses.
create function private.accept_admin_invite()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.email is null then
    return null;
  end if;
  delete from public.admin_invites where email = lower(btrim(new.email));
  if found then
    insert into public.user_roles (user_id, role)
    values (new.id, 'admin')
    on conflict (user_id, role) do nothing;
  end if;
  return null;
end
$$;
revoke all on function private.accept_admin_invite() from public;

create trigger accept_admin_invite
  after insert on auth.users
  for each row execute function private.accept_admin_invite();

-- Realtime -------------------------------------------------------------------------------------------
-- Replicated tables are published for postgres_changes (hosted filters rows by row security and
-- columns by privileges, so anon's attendee events carry no e-mail).
do $$
declare
  t text;
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    return;
  end if;
  foreach t in array array[
    'events', 'attendees', 'event_attendees', 'sponsors_library', 'sponsor_tiers', 'event_sponsors',
    'sessions', 'session_speakers', 'event_gallery', 'testimonials', 'videos'
  ] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
