-- Check-ins are append-only for everyone, admins and the service role included (issue 27, point 5).
-- Until now the table took a DELETE from an admin (turned into a soft delete), a soft delete and
-- its reversal (`_deleted` true and back) and a new `created_at`: a check-in could vanish without
-- an undo row, and its history could be rewritten. The door only ever inserts (a check-in, or an
-- undo naming one: src/data/door-roster.ts), so nothing it does needs more than what stays here:
-- - INSERT, as before;
-- - an UPDATE that repeats what the row holds: the replica's push after a lost answer sends the
--   row again (sync/replication/push.ts), and must be told it is there;
-- - `_deleted` turning true when, and only when, the row's event is deleted: the cascade of an
--   event's soft delete (`cascade_soft_delete_check_ins`, migration 20261127000300). The door's
--   replicas learn that an event and its check-ins are gone through these tombstones; refusing the
--   cascade would make an event with check-ins impossible to delete. The way back is closed: an
--   event brought back gets its check-ins back no more than its sessions or guest links.
-- Everything else is refused with 22023, which PostgREST answers with 400 and this message.

-- No API role deletes a check-in: not admins (their policy goes), not the service role (it has no
-- row security to stop it, so the grant goes too; a DELETE is then 42501, answered 403). The
-- foreign keys' cascades still remove check-ins when the database owner or the service role erases
-- an event or an attendee outright (a hard delete, not something the app does): that is erasing
-- personal data, and a check-in of a person who no longer exists has nothing left to say. Those
-- cascades run as the table's owner, which the trigger below lets through.
drop policy "Admins can delete check-ins" on public.check_ins;
revoke delete on public.check_ins from anon, authenticated, service_role;

-- The soft delete that a DELETE became would now be refused by the trigger below with a message
-- about changing a row; the trigger says what a DELETE needs instead.
drop trigger soft_delete on public.check_ins;

create function private.keep_check_in()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  changed text;
begin
  if tg_op = 'DELETE' then
    -- Reached by an API role only if a grant comes back; the owner's deletes are the cascades of
    -- an erased event or attendee (see above).
    if current_user in ('anon', 'authenticated', 'service_role') then
      raise exception using
        errcode = '22023',
        message = 'A check-in cannot be deleted; record an undo instead';
    end if;
    return old;
  end if;

  -- What the server filled in when the row was made, as the client first sent it, counts as a
  -- repeat: a walk-in's or an undo's attendee left empty, a walk-in's address as typed.
  if new.attendee_id is null and (old.walk_in_email is not null or old.undoes is not null) then
    new.attendee_id := old.attendee_id;
  end if;
  if new.walk_in_email is not null and lower(btrim(new.walk_in_email)) = old.walk_in_email then
    new.walk_in_email := old.walk_in_email;
  end if;

  -- Every column but the server's stamp and the tombstone, so that a column added later is
  -- covered without anyone remembering to list it here.
  select string_agg(n.key, ', ' order by n.key) into changed
    from jsonb_each(to_jsonb(new) - '_modified' - '_deleted') n
   where n.value is distinct from (to_jsonb(old) -> n.key);
  if changed is not null then
    raise exception using
      errcode = '22023',
      message = 'A check-in cannot be changed; record a new check-in or an undo instead',
      detail = format('Changed: %s.', changed);
  end if;

  if new._deleted is distinct from old._deleted then
    if new._deleted and exists (select 1 from public.events e where e.id = new.event_id and e._deleted) then
      return new; -- the cascade of the event's soft delete
    end if;
    raise exception using
      errcode = '22023',
      message = case when new._deleted
        then 'A check-in cannot be deleted; record an undo instead'
        else 'A deleted check-in cannot be brought back; record a new check-in instead' end;
  end if;
  return new;
end
$$;

-- 'b_' fires before the other row triggers (settle_check_in, stamp_modified): BEFORE triggers of
-- one event fire in the order of their names.
create trigger b_keep_check_in before update or delete on public.check_ins
  for each row execute function private.keep_check_in();

comment on table public.check_ins is
  'Append-only: a check-in at the door, or (undoes set) the undo of one; never changed or deleted. Admins only.';
