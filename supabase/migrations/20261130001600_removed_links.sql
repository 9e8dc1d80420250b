-- A guest taken off an event stayed on record for anyone (found by review, 2026-11-30). A decline,
-- a waitlisting, an undone walk-in or an admin's removal soft-deletes the guest's event_attendees
-- row, and anyone could read tombstones (replicas learn of deletes through them): the row's
-- attendee_id, with the event, said who had been taken off which event, and the attendee's name is
-- readable while another event lists them. A speaker taken off a session was told the same way.
--
-- Anonymous visitors, and signed-in users who are not admins, now read live links only. What a
-- visitor's replica needs to learn of a removal, the link's id and when it was removed, is kept in
-- removed_links, which anyone may read and realtime publishes: the visitor's pull of a link table
-- reads it alongside the live rows and deletes the links it holds (sync/replication/pull.ts).
-- Admins read the link tables' tombstones as before.
--
-- A link brought back is stamped again when it is, later than its removal, so a replica that reads
-- both in stamp order ends with the link live; its removed_links row stays and says nothing more.

create table public.removed_links (
  -- The id of the event_attendees or session_speakers row taken off.
  id uuid primary key,
  table_name text not null check (table_name in ('event_attendees', 'session_speakers')),
  -- The link's _modified when it was taken off (the last time, if more than once).
  _modified timestamptz not null
);
comment on table public.removed_links is
  'Links (event_attendees, session_speakers) taken off, by id and when: what visitors pull instead of their tombstones.';
create index removed_links_sync_idx on public.removed_links (table_name, _modified, id);

alter table public.removed_links enable row level security;
create policy "Anyone can read removed links" on public.removed_links
  for select to anon, authenticated using (true);
revoke all on table public.removed_links from public, anon, authenticated, service_role;
grant select on public.removed_links to anon, authenticated, service_role;

-- Written by the trigger below only: a link's tombstone is the server's record of a removal,
-- whoever made it (an admin, the door, a request's decline).
create function private.record_removed_link()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new._deleted and (tg_op = 'INSERT' or not old._deleted) then
    insert into public.removed_links (id, table_name, _modified)
    values (new.id, tg_table_name, new._modified)
    on conflict (id) do update set _modified = excluded._modified;
  end if;
  return null;
end
$$;
revoke all on function private.record_removed_link() from public;
comment on function private.record_removed_link() is
  'Keeps removed_links: the id and stamp of an event_attendees or session_speakers row when it is soft-deleted.';

create trigger record_removed_link after insert or update of _deleted on public.event_attendees
  for each row execute function private.record_removed_link();
create trigger record_removed_link after insert or update of _deleted on public.session_speakers
  for each row execute function private.record_removed_link();

insert into public.removed_links (id, table_name, _modified)
select id, 'event_attendees', _modified from public.event_attendees where _deleted
union all
select id, 'session_speakers', _modified from public.session_speakers where _deleted;

-- Live links for everyone; tombstones for admins.
drop policy "Anyone can read event_attendees" on public.event_attendees;
create policy "Anyone can read live event_attendees" on public.event_attendees
  for select to anon using (not _deleted);
create policy "Signed-in users read live event_attendees; admins all" on public.event_attendees
  for select to authenticated using (not _deleted or (select private.is_admin()));

drop policy "Anyone can read session_speakers" on public.session_speakers;
create policy "Anyone can read live session_speakers" on public.session_speakers
  for select to anon using (not _deleted);
create policy "Signed-in users read live session_speakers; admins all" on public.session_speakers
  for select to authenticated using (not _deleted or (select private.is_admin()));

do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime')
     and not exists (
       select 1 from pg_catalog.pg_publication_tables
        where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'removed_links'
     ) then
    alter publication supabase_realtime add table public.removed_links;
  end if;
end
$$;
