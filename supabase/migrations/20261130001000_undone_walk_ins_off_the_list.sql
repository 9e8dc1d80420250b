-- A walk-in whose check-in was undone stayed a current attendee of the event for good (found by
-- review, 2026-11-30): the check-in had put them on the event's list, and an undo took nobody off
-- it. A walk-in with a mistyped address, undone and taken again, stayed listed under 'Current
-- Attendees' on the public page, kept a 'Not yet arrived' row at the door (so 'Checked in X of Y'
-- never reached Y) and counted as a no-show in the report, while their history already read them as
-- never expected.
--
-- The server now remembers which links a check-in made (a private table, so the replicated
-- event_attendees rows keep their shape). When an undo leaves such a link's guest with no live
-- check-in at the event and no approved or invited request for it, the link is soft-deleted, as an
-- admin's removal would be; checked in again, they are put back on the list. A link an admin or an
-- approval made is never taken off by an undo.
--
-- The link is now made after the check-in is stored, not before: an upsert runs BEFORE INSERT
-- triggers even when it only repeats a row the server has (a push whose answer was lost), and that
-- would put back on the list a walk-in undone in the meantime.

create table private.check_in_links (
  link_id uuid primary key references public.event_attendees (id) on delete cascade
);
comment on table private.check_in_links is
  'The event_attendees links a check-in made (a walk-in, or a guest not on the list): an undo may take them off.';
revoke all on table private.check_in_links from public, anon, authenticated, service_role;

-- The door's check-in rule as migration 20261128000800 left it, without putting the guest on the
-- event's list: put_checked_in_guest_on_the_list does that once the row is stored.
create or replace function private.settle_check_in()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  undone public.check_ins;
  found_attendee uuid;
begin
  if tg_op = 'UPDATE' then
    -- The merge of two records of one person moves the check-in (keep_check_in checked it).
    if current_setting('cdo.merging_attendees', true) = 'on'
       and current_user not in ('anon', 'authenticated', 'service_role') then
      return new;
    end if;
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
      -- The address of a record merged into another: the walk-in is that other record.
      select m.kept_id into found_attendee
        from public.attendee_merges m
       where m.removed_email = new.walk_in_email and m.undone_at is null
       order by m.merged_at desc
       limit 1;
    end if;
    if found_attendee is null then
      insert into public.attendees (name, email, company, job_title)
      values (btrim(new.walk_in_name), new.walk_in_email, nullif(btrim(new.walk_in_company), ''),
              nullif(btrim(new.walk_in_job_title), ''))
      returning id into found_attendee;
    end if;
    new.attendee_id := found_attendee;
  end if;
  return new;
end
$$;

-- Takes a guest off an event's list when a check-in put them there and nothing keeps them on it
-- now: no check-in of theirs at the event without an undo, no approved or invited request for it.
create function private.take_unused_check_in_link_off(p_event uuid, p_attendee uuid)
  returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update public.event_attendees ea
     set _deleted = true
   where ea.event_id = p_event and ea.attendee_id = p_attendee and not ea._deleted
     and ea.attendee_type = 'current'
     and exists (select 1 from private.check_in_links l where l.link_id = ea.id)
     and not exists (
       select 1 from public.check_ins c
        where c.event_id = p_event and c.attendee_id = p_attendee and c.undoes is null and not c._deleted
          and not exists (select 1 from public.check_ins u where u.undoes = c.id)
     )
     and not exists (
       select 1 from public.invite_requests r
        where r.event_id = p_event and r.attendee_id = p_attendee and not r._deleted
          and r.status in ('approved', 'invited')
     );
end
$$;
revoke all on function private.take_unused_check_in_link_off(uuid, uuid) from public;

-- SECURITY DEFINER: admins check guests in, but only the server may write check_in_links.
create function private.put_checked_in_guest_on_the_list()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.undoes is not null then
    perform private.take_unused_check_in_link_off(new.event_id, new.attendee_id);
    return null;
  end if;
  with made as (
    insert into public.event_attendees (event_id, attendee_id, attendee_type)
    select new.event_id, new.attendee_id, 'current'
     where not exists (
       select 1 from public.event_attendees ea
        where ea.event_id = new.event_id and ea.attendee_id = new.attendee_id and not ea._deleted
     )
    returning id
  )
  insert into private.check_in_links (link_id) select id from made;
  return null;
end
$$;
revoke all on function private.put_checked_in_guest_on_the_list() from public;

create trigger put_checked_in_guest_on_the_list after insert on public.check_ins
  for each row execute function private.put_checked_in_guest_on_the_list();

-- The links check-ins made before this migration: made in the check-in's transaction, so created at
-- the same instant as a check-in of that guest at that event. Those an undo has left unused go.
insert into private.check_in_links (link_id)
select ea.id
  from public.event_attendees ea
 where exists (
   select 1 from public.check_ins c
    where c.event_id = ea.event_id and c.attendee_id = ea.attendee_id and c.undoes is null
      and c.created_at = ea.created_at
 );

select private.take_unused_check_in_link_off(ea.event_id, ea.attendee_id)
  from public.event_attendees ea
  join private.check_in_links l on l.link_id = ea.id
 where not ea._deleted;
