-- Door check-in (issue 16, docs/decisions/018-invitations-and-door-data.md): append-only rows, so
-- that several phones checking guests in offline can never conflict. A check-in and its undo are
-- each a row of their own; nobody changes a row once written. A guest is in when one of their
-- check-ins has no undo; the time shown is the earliest such check-in's.
--
-- A walk-in is a check-in that names the person instead of an attendee: the server finds the live
-- attendee with that e-mail address or makes one, links them to the event as a current attendee,
-- and fills in `attendee_id`. Two phones that take the same walk-in offline make two check-ins of
-- one attendee, not two attendees.

create table public.check_ins (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  attendee_id uuid references public.attendees (id) on delete cascade,
  undoes uuid references public.check_ins (id) on delete cascade,
  device_id text not null check (btrim(device_id) <> '' and char_length(device_id) <= 100),
  device_label text check (char_length(device_label) <= 100),
  checked_in_at timestamptz not null,
  walk_in_name text check (btrim(walk_in_name) <> '' and char_length(walk_in_name) <= 300),
  walk_in_email text check (private.is_email(walk_in_email)),
  walk_in_company text check (char_length(walk_in_company) <= 300),
  walk_in_job_title text check (char_length(walk_in_job_title) <= 300),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (attendee_id is not null or undoes is not null or (walk_in_name is not null and walk_in_email is not null))
);
comment on table public.check_ins is
  'Append-only: a check-in at the door, or (undoes set) the undo of one. Admins only.';
comment on column public.check_ins.checked_in_at is 'The device''s clock when the guest was checked in (shown only).';
comment on column public.check_ins.device_id is 'A random id the device keeps; device_label is its name as staff gave it.';
comment on column public.check_ins.attendee_id is 'Set by the server for a walk-in and for an undo.';

create index check_ins_sync_idx on public.check_ins (_modified, id);
create index check_ins_event_idx on public.check_ins (event_id);
create index check_ins_undoes_idx on public.check_ins (undoes);

create trigger a_lock_sync_clock before insert or update or delete on public.check_ins
  for each statement execute function private.lock_sync_clock();
create trigger z_stamp_modified before insert or update on public.check_ins
  for each row execute function private.stamp_modified();
create trigger soft_delete before delete on public.check_ins
  for each row execute function private.soft_delete();
create trigger require_live_parents before insert on public.check_ins
  for each row execute function private.require_live_parents('event_id', 'events');
create trigger cascade_soft_delete_check_ins after update of _deleted on public.events
  for each row when (new._deleted and not old._deleted)
  execute function private.cascade_soft_delete('check_ins', 'event_id');

-- The server's part of a new row: the undo of a check-in is of the same event and guest; a walk-in
-- becomes (or finds) an attendee of the event. Rows never change after that: an update may only
-- soft-delete (the cascade of a deleted event) or repeat what the row holds (a repeated push).
create function private.settle_check_in()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  undone public.check_ins;
  found_attendee uuid;
begin
  if tg_op = 'UPDATE' then
    if (new.event_id, new.attendee_id, new.undoes, new.device_id, new.device_label, new.checked_in_at,
        new.walk_in_name, new.walk_in_email, new.walk_in_company, new.walk_in_job_title)
       is distinct from
       (old.event_id, old.attendee_id, old.undoes, old.device_id, old.device_label, old.checked_in_at,
        old.walk_in_name, old.walk_in_email, old.walk_in_company, old.walk_in_job_title) then
      raise exception using
        errcode = '22023',
        message = 'A check-in cannot be changed; record a new check-in or an undo instead';
    end if;
    return new;
  end if;

  new.walk_in_email := lower(btrim(new.walk_in_email));
  if new.undoes is not null then
    select * into undone from public.check_ins c where c.id = new.undoes;
    if undone.id is null or undone.undoes is not null or undone.event_id <> new.event_id then
      raise exception using
        errcode = '22023',
        message = 'An undo must name a check-in of the same event';
    end if;
    new.attendee_id := undone.attendee_id;
    return new;
  end if;

  if new.attendee_id is null then
    if new.walk_in_email is null or new.walk_in_name is null then
      return new; -- refused by the table's check: a check-in needs a guest
    end if;
    select a.id into found_attendee
      from public.attendees a
     where a.email = new.walk_in_email and not a._deleted
     order by a.registered_at, a.id
     limit 1;
    if found_attendee is null then
      insert into public.attendees (name, email, company, job_title)
      values (btrim(new.walk_in_name), new.walk_in_email, nullif(btrim(new.walk_in_company), ''),
              nullif(btrim(new.walk_in_job_title), ''))
      returning id into found_attendee;
    end if;
    new.attendee_id := found_attendee;
  end if;
  insert into public.event_attendees (event_id, attendee_id, attendee_type)
  select new.event_id, new.attendee_id, 'current'
   where not exists (
     select 1 from public.event_attendees ea
      where ea.event_id = new.event_id and ea.attendee_id = new.attendee_id and not ea._deleted
   );
  return new;
end
$$;

create trigger s_settle_check_in before insert or update on public.check_ins
  for each row execute function private.settle_check_in();

-- Admins only, for every command; anon and plain users reach no row and no column.
alter table public.check_ins enable row level security;
create policy "Admins can read check-ins" on public.check_ins
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can check guests in" on public.check_ins
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update check-ins" on public.check_ins
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete check-ins" on public.check_ins
  for delete to authenticated using ((select private.is_admin()));

revoke all on public.check_ins from anon, authenticated, service_role;
grant select, insert, update, delete on public.check_ins to authenticated, service_role;

do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime')
     and not exists (
       select 1 from pg_catalog.pg_publication_tables
        where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'check_ins'
     ) then
    alter publication supabase_realtime add table public.check_ins;
  end if;
end
$$;
