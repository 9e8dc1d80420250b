-- A request or an invite made after a merge, with the address of the record merged away, made a
-- third record of the person when it was approved (found by review, 2026-11-30): the approval looked
-- for a live attendee with that address, and the merge had left the address only in
-- attendee_merges. The person's history and no-show counts split again. Approval now finds the kept
-- record by the merged address, as a walk-in at the door does (migration 20261130001000).
-- The function is migration 20261130000300's, with that one lookup added.

create or replace function private.settle_invite_request()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  found_attendee uuid;
  becomes_live boolean;
begin
  if tg_op = 'INSERT' then
    new.guest_token := private.new_guest_token();
    new.status_changed_at := clock_timestamp();
    becomes_live := true;
  else
    becomes_live := new.status is distinct from old.status or old._deleted;
    new.guest_token := old.guest_token;
    if new.status is distinct from old.status then
      new.status_changed_at := clock_timestamp();
    else
      new.status_changed_at := old.status_changed_at;
    end if;
  end if;

  -- Only when the request becomes approved or invited (made so, its status changed, or brought
  -- back): a later edit of its details, a merge of attendee records or a repeated push must not put
  -- back on the event a guest an admin has since taken off it.
  if new.status in ('approved', 'invited') and not new._deleted and not becomes_live then
    new.attendee_id := coalesce(new.attendee_id, old.attendee_id);
  elsif new.status in ('approved', 'invited') and not new._deleted then
    select a.id into found_attendee
      from public.attendees a
     where a.id = new.attendee_id and not a._deleted;
    if found_attendee is null then
      select a.id into found_attendee
        from public.attendees a
       where a.email = new.email and not a._deleted
       order by a.registered_at, a.id
       limit 1;
    end if;
    if found_attendee is null then
      -- The address of a record merged into another: the guest is that other record.
      select m.kept_id into found_attendee
        from public.attendee_merges m
       where m.removed_email = new.email and m.undone_at is null
       order by m.merged_at desc
       limit 1;
    end if;
    if found_attendee is null then
      insert into public.attendees (name, email, company, job_title, linkedin_url)
      values (new.name, new.email, new.company, new.job_title, nullif(new.linkedin_url, ''))
      returning id into found_attendee;
    end if;
    new.attendee_id := found_attendee;
    insert into public.event_attendees (event_id, attendee_id, attendee_type)
    select new.event_id, found_attendee, 'current'
     where not exists (
       select 1 from public.event_attendees ea
        where ea.event_id = new.event_id and ea.attendee_id = found_attendee and not ea._deleted
     );
  elsif tg_op = 'UPDATE' and old.status in ('approved', 'invited') and not old._deleted and not new._deleted
        and new.status not in ('approved', 'invited') and old.attendee_id is not null then
    -- No longer coming (declined, waitlisted, back to pending): off the event's list, as an admin's
    -- removal would take them off (a tombstone), so that the event page, the seats, the door and
    -- the reminders stop counting them. Approved again, they are put back.
    update public.event_attendees ea
       set _deleted = true
     where ea.event_id = new.event_id and ea.attendee_id = old.attendee_id and not ea._deleted
       and ea.attendee_type = 'current';
  end if;
  return new;
end
$$;
