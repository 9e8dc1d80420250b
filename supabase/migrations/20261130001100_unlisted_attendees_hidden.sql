-- Anyone could read every attendee row, listed or not (found by review, 2026-11-30). Since the
-- invitations work, an approval or a walk-in makes an attendee from what a guest typed into the
-- request form, and a decline, a waitlisting or an undone walk-in only takes their link off the
-- event: their name, company, job title and LinkedIn stayed readable by anyone at
-- /rest/v1/attendees, through realtime and in public_rows(). Decision 002 held that attendees are
-- public because admins enter only what may be published; a guest on no list has published nothing.
--
-- Anonymous visitors now see an attendee only while a live row lists them: a place on an event
-- (event_attendees) or among a session's speakers (session_speakers). A soft delete of an event or a
-- session cascades to those rows, so a live link means a live event. Admins see every row, as before.
--
-- The visitor's pull asks for rows stamped after its checkpoint, so an attendee listed again (a
-- guest declined and then approved, a walk-in undone and made again, a speaker added back) would be
-- missed with the old stamp that anon could not see. Listing an attendee who was on no list stamps
-- their row again (unless the same transaction wrote it). An admin's edit pushed against the older stamp is not a conflict: the server row
-- then differs only in its stamp, which push takes as its own write (sync/replication/push.ts).
--
-- Left as it is: a visitor's replica that pulled the row while it was listed keeps it; the public
-- pages list attendees through their links, whose soft deletes the visitor does pull.

drop policy "Anyone can read public attendee profiles" on public.attendees;
create policy "Anyone can read listed attendees" on public.attendees
  for select to anon using (
    exists (
      select 1 from public.event_attendees ea
       where ea.attendee_id = attendees.id and not ea._deleted
    )
    or exists (
      select 1 from public.session_speakers ss
       where ss.attendee_id = attendees.id and not ss._deleted
    )
  );

-- After a link becomes live (made live, brought back, or moved to another attendee by a merge):
-- stamps its attendee when no other live link lists them, so that visitors' pulls find the row.
-- SECURITY DEFINER: the link may be made by the door's or a request's own functions, and the stamp
-- is the server's business, whoever caused it.
create function private.stamp_newly_listed_attendee()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new._deleted then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if not old._deleted and old.attendee_id = new.attendee_id then
      return null;
    end if;
  end if;
  if exists (
       select 1 from public.event_attendees ea
        where ea.attendee_id = new.attendee_id and not ea._deleted
          and (tg_table_name <> 'event_attendees' or ea.id <> new.id)
     )
     or exists (
       select 1 from public.session_speakers ss
        where ss.attendee_id = new.attendee_id and not ss._deleted
          and (tg_table_name <> 'session_speakers' or ss.id <> new.id)
     ) then
    return null;
  end if;
  -- Any update stamps the row (z_stamp_modified); registered_at is written back unchanged. A row
  -- this transaction wrote already (an attendee an approval or a walk-in made along with the link)
  -- carries a stamp that commits with the link: visitors find it without a second one.
  update public.attendees set registered_at = registered_at
   where id = new.attendee_id and not _deleted and xmin <> pg_current_xact_id()::xid;
  return null;
end
$$;
comment on function private.stamp_newly_listed_attendee() is
  'Stamps an attendee again when a live event_attendees or session_speakers row first lists them.';

create trigger stamp_newly_listed_attendee after insert or update of _deleted, attendee_id on public.event_attendees
  for each row execute function private.stamp_newly_listed_attendee();
create trigger stamp_newly_listed_attendee after insert or update of _deleted, attendee_id on public.session_speakers
  for each row execute function private.stamp_newly_listed_attendee();
