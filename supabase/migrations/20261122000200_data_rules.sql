-- Rules the server keeps whoever writes: the change clock (_modified), slugs, e-mail
-- normalisation, soft deletes with their cascades, and "no live row points at a deleted one".
-- Why, and what clients see: docs/decisions/001-soft-deletes.md.
--
-- Trigger functions live in the private schema (never exposed by the API), run as the caller
-- unless they need more (then SECURITY DEFINER, said why), and use fully qualified names with an
-- empty search_path.

-- Change clock -----------------------------------------------------------------------------------
-- Clients pull "rows with (_modified, id) after my checkpoint". That is only exact when a row that
-- commits later also carries a later _modified. So every write to a replicated table takes the one
-- clock row (first thing in the statement, so the lock order is always clock, then rows) and keeps
-- it until commit: writers are serialised, and their stamps are strictly increasing even if the
-- system clock steps back. Writes are rare (a few admins), reads never wait.

create table private.sync_clock (
  singleton boolean primary key default true check (singleton),
  last_value timestamptz not null default '-infinity'
);
insert into private.sync_clock default values;

-- SECURITY DEFINER: callers (admins) have no access to the private clock table.
create function private.lock_sync_clock()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform 1 from private.sync_clock where singleton for update;
  return null;
end
$$;

-- SECURITY DEFINER for the same reason. Overwrites whatever _modified the client sent.
create function private.stamp_modified()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.id is distinct from old.id then
      raise exception using
        errcode = '22023',
        message = format('The id of a %s row cannot be changed', tg_table_name);
    end if;
  end if;
  update private.sync_clock
     set last_value = greatest(clock_timestamp(), last_value + interval '1 microsecond')
   where singleton
  returning last_value into new._modified;
  return new;
end
$$;

-- Slugs ------------------------------------------------------------------------------------------

-- Spec section 5: lower-case; anything outside a-z, 0-9 and '-' becomes '-'; repeated hyphens
-- collapse. We also trim hyphens at both ends so a slug never starts or ends with one.
create function private.slugify(value text)
  returns text
  language sql
  immutable
  set search_path = ''
as $$
  select btrim(regexp_replace(regexp_replace(lower(coalesce(value, '')), '[^a-z0-9-]', '-', 'g'), '-{2,}', '-', 'g'), '-')
$$;

-- Latin letters with accents to their base letters, so 'CDO Vision Zürich' gives 'cdo-vision-zurich'
-- rather than 'cdo-vision-z-rich'. Used only when the server generates a slug from a title.
create function private.fold_accents(value text)
  returns text
  language sql
  immutable
  set search_path = ''
as $$
  select translate(
    replace(replace(replace(replace(replace(lower(value), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'), 'ð', 'd'),
    'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżž',
    'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssssttttuuuuuuuuuuwyyyzzz'
  )
$$;

-- Keeps events.slug normalised; a blank slug (or one with nothing left after normalising) is
-- generated from the title, with -2, -3, ... appended while a live event has it. An explicit slug
-- that a live event already has is refused by events_slug_live_key (unique_violation, 23505).
create function private.set_event_slug()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  base text;
  candidate text;
  suffix integer := 1;
begin
  new.slug := private.slugify(new.slug);
  if new.slug <> '' then
    return new;
  end if;
  base := btrim(left(private.slugify(private.fold_accents(new.title)), 80), '-');
  if base = '' then
    base := 'event';
  end if;
  candidate := base;
  while exists (
    select 1 from public.events e
     where e.slug = candidate and not e._deleted and e.id is distinct from new.id
  ) loop
    suffix := suffix + 1;
    candidate := base || '-' || suffix;
  end loop;
  new.slug := candidate;
  return new;
end
$$;

-- E-mail addresses ------------------------------------------------------------------------------

create function private.normalise_email()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  return new;
end
$$;

-- Soft deletes -----------------------------------------------------------------------------------

-- A DELETE from an API client (anon or authenticated; row security already limited it to admins)
-- becomes `_deleted = true`, which stamps _modified, so the tombstone reaches offline clients. The
-- service role and the database owner really delete (maintenance, erasure requests), and the
-- foreign keys' own on-delete rules apply.
create function private.soft_delete()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return old;
  end if;
  if not old._deleted then
    execute format('update %I.%I set _deleted = true where id = $1', tg_table_schema, tg_table_name)
      using old.id;
  end if;
  return null;
end
$$;

-- After a row is soft-deleted, soft-deletes the rows that depend on it. Arguments are pairs of
-- (child table, column referencing this row). Runs as the caller: an admin may update them all.
create function private.cascade_soft_delete()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  i integer;
begin
  for i in 0 .. tg_nargs - 1 by 2 loop
    execute format('update public.%I set _deleted = true where %I = $1 and not _deleted', tg_argv[i], tg_argv[i + 1])
      using new.id;
  end loop;
  return null;
end
$$;

-- Spec: "deleting a sponsor from the library is blocked while it is used". Live event links block
-- the soft delete here (23503, like the foreign key that blocks a hard delete).
create function private.prevent_deleting_used_sponsor()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  used integer;
begin
  select count(distinct es.event_id) into used
    from public.event_sponsors es
    join public.events e on e.id = es.event_id
   where es.sponsor_id = new.id and not es._deleted and not e._deleted;
  if used > 0 then
    raise exception using
      errcode = '23503',
      message = 'Remove from events first',
      detail = format('Sponsor "%s" is used in %s event(s).', new.name, used);
  end if;
  return new;
end
$$;

create function private.prevent_deleting_used_tier()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  used integer;
begin
  select count(*) into used
    from public.event_sponsors es
    join public.events e on e.id = es.event_id
   where es.tier_id = new.id and not es._deleted and not e._deleted;
  if used > 0 then
    raise exception using
      errcode = '23503',
      message = 'Tier is used by event sponsors',
      detail = format('Tier "%s" is used by %s event sponsor(s).', new.name, used),
      hint = 'Give those sponsors another tier or remove them from their events first.';
  end if;
  return new;
end
$$;

-- A live row may not point at a soft-deleted one: checked when a row is inserted live, when a
-- reference changes, and when a row is brought back (_deleted true -> false). Arguments are pairs of
-- (column, parent table). A parent the caller cannot see is left to the foreign key / row security.
create function private.require_live_parents()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  i integer;
  reference uuid;
  parent_is_live boolean;
begin
  if new._deleted then
    return new;
  end if;
  for i in 0 .. tg_nargs - 1 by 2 loop
    reference := (to_jsonb(new) ->> tg_argv[i])::uuid;
    continue when reference is null;
    if tg_op = 'UPDATE' then
      -- An unchanged reference of a row that was already live was checked when it was made.
      continue when not old._deleted and (to_jsonb(old) ->> tg_argv[i])::uuid = reference;
    end if;
    execute format('select not _deleted from public.%I where id = $1', tg_argv[i + 1])
      into parent_is_live
      using reference;
    if parent_is_live = false then
      raise exception using
        errcode = '23503',
        message = format('The %s row this %s row refers to is deleted', tg_argv[i + 1], tg_table_name),
        detail = format('Key (%s)=(%s) refers to a deleted row.', tg_argv[i], reference);
    end if;
  end loop;
  return new;
end
$$;

-- Triggers ---------------------------------------------------------------------------------------
-- Same set on every replicated table: clock lock per statement, _modified per row, DELETE -> soft
-- delete. Names start with a sortable prefix where order matters (BEFORE triggers fire by name).

do $$
declare
  t text;
begin
  foreach t in array array[
    'events', 'attendees', 'event_attendees', 'sponsors_library', 'sponsor_tiers', 'event_sponsors',
    'sessions', 'session_speakers', 'event_gallery', 'testimonials', 'videos'
  ] loop
    execute format(
      'create trigger a_lock_sync_clock before insert or update or delete on public.%I
         for each statement execute function private.lock_sync_clock()', t);
    execute format(
      'create trigger z_stamp_modified before insert or update on public.%I
         for each row execute function private.stamp_modified()', t);
    execute format(
      'create trigger soft_delete before delete on public.%I
         for each row execute function private.soft_delete()', t);
  end loop;
end
$$;

create trigger normalise_slug before insert or update of slug on public.events
  for each row execute function private.set_event_slug();

create trigger normalise_email before insert or update of email on public.attendees
  for each row execute function private.normalise_email();
create trigger normalise_email before insert or update of email on public.admin_invites
  for each row execute function private.normalise_email();

-- Cascades of a soft delete (the hard-delete equivalents are the foreign keys' on delete rules).
-- Testimonials and videos of a deleted event are kept, still linked: they are marketing content
-- with their own lifecycle, and an undeleted event finds them again.
create trigger cascade_soft_delete after update of _deleted on public.events
  for each row when (new._deleted and not old._deleted)
  execute function private.cascade_soft_delete(
    'sessions', 'event_id', 'event_attendees', 'event_id', 'event_sponsors', 'event_id', 'event_gallery', 'event_id');
create trigger cascade_soft_delete after update of _deleted on public.sessions
  for each row when (new._deleted and not old._deleted)
  execute function private.cascade_soft_delete('session_speakers', 'session_id');
create trigger cascade_soft_delete after update of _deleted on public.attendees
  for each row when (new._deleted and not old._deleted)
  execute function private.cascade_soft_delete('event_attendees', 'attendee_id', 'session_speakers', 'attendee_id');

create trigger prevent_deleting_used_sponsor before update of _deleted on public.sponsors_library
  for each row when (new._deleted and not old._deleted)
  execute function private.prevent_deleting_used_sponsor();
create trigger prevent_deleting_used_tier before update of _deleted on public.sponsor_tiers
  for each row when (new._deleted and not old._deleted)
  execute function private.prevent_deleting_used_tier();

create trigger require_live_parents before insert or update on public.event_attendees
  for each row execute function private.require_live_parents('event_id', 'events', 'attendee_id', 'attendees');
create trigger require_live_parents before insert or update on public.event_sponsors
  for each row execute function private.require_live_parents(
    'event_id', 'events', 'sponsor_id', 'sponsors_library', 'tier_id', 'sponsor_tiers');
create trigger require_live_parents before insert or update on public.sessions
  for each row execute function private.require_live_parents('event_id', 'events');
create trigger require_live_parents before insert or update on public.session_speakers
  for each row execute function private.require_live_parents('session_id', 'sessions', 'attendee_id', 'attendees');
create trigger require_live_parents before insert or update on public.event_gallery
  for each row execute function private.require_live_parents('event_id', 'events');
create trigger require_live_parents before insert or update on public.testimonials
  for each row execute function private.require_live_parents('event_id', 'events');
create trigger require_live_parents before insert or update on public.videos
  for each row execute function private.require_live_parents('event_id', 'events');
