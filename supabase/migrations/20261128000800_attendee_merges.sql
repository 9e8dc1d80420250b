-- One record per person (issue 32): an admin merges two attendee records of one person into one.
-- Every link of the removed record moves to the kept one in one transaction: event attendees,
-- invite requests, check-ins, session speakers, feedback answers and requests, no-show clearings.
-- Nothing is lost: where the kept record has the same link already (on an event's list, speaking in
-- a session), the removed record's copy is soft-deleted and remembered, so an undo brings it back;
-- two check-ins of one person at one event stay two rows, now of one person. Both addresses stay
-- findable: the merge keeps the removed record's address, and the removed record itself stays as a
-- tombstone. A merge can be undone for 24 hours (docs/decisions/024-a-guest-across-the-series.md).
--
-- Admin-only data in no replica (the admin's is at the open-core RxDB's 13 collections): the merges
-- are read online by admins. What the merge changes in replicated tables reaches every replica as
-- ordinary changes (a moved row's new attendee, the removed record's tombstone). A row that an
-- offline device inserts later for the removed record is redirected to the kept one; an offline
-- edit of a row the merge changed meets the merge's newer _modified and goes to the conflict list
-- with both versions, as any conflict does.

create table public.attendee_merges (
  id uuid primary key default gen_random_uuid(),
  kept_id uuid not null references public.attendees (id) on delete cascade,
  removed_id uuid not null references public.attendees (id) on delete cascade,
  -- The removed record's address and name, findable after the merge.
  removed_email text not null,
  removed_name text not null,
  merged_by uuid references auth.users (id) on delete set null,
  merged_at timestamptz not null default now(),
  undo_until timestamptz not null,
  undone_at timestamptz,
  -- The ids of the rows the merge moved or set aside, by kind: what an undo puts back.
  moved jsonb not null,
  check (kept_id <> removed_id)
);
comment on table public.attendee_merges is
  'Two attendee records merged into one (issue 32), undoable until undo_until. Admins only.';
create index attendee_merges_kept_idx on public.attendee_merges (kept_id);
create unique index attendee_merges_live_removed_key on public.attendee_merges (removed_id) where undone_at is null;

alter table public.attendee_merges enable row level security;
create policy "Admins can read merges" on public.attendee_merges
  for select to authenticated using ((select private.is_admin()));
revoke all on public.attendee_merges from anon, authenticated, service_role;
grant select on public.attendee_merges to authenticated;
grant select, insert, update, delete on public.attendee_merges to service_role;

do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime')
     and not exists (
       select 1 from pg_catalog.pg_publication_tables
        where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'attendee_merges'
     ) then
    alter publication supabase_realtime add table public.attendee_merges;
  end if;
end
$$;

-- The record a merged-away attendee now lives on (itself when it was not merged away).
create function private.merged_into(attendee uuid)
  returns uuid
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(
    (select m.kept_id from public.attendee_merges m where m.removed_id = attendee and m.undone_at is null),
    attendee)
$$;
revoke all on function private.merged_into(uuid) from public;
grant execute on function private.merged_into(uuid) to anon, authenticated, service_role;

-- Offline devices that still hold the removed record link new rows to it: those go to the kept one.
create function private.redirect_merged_attendee()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.attendee_id is not null then
    new.attendee_id := private.merged_into(new.attendee_id);
  end if;
  return new;
end
$$;
-- 'a_r' sorts after a_lock_sync_clock and before require_live_parents, settle_* and the rest.
create trigger a_redirect_merged_attendee before insert on public.event_attendees
  for each row execute function private.redirect_merged_attendee();
create trigger a_redirect_merged_attendee before insert on public.session_speakers
  for each row execute function private.redirect_merged_attendee();
create trigger a_redirect_merged_attendee before insert on public.check_ins
  for each row execute function private.redirect_merged_attendee();
create trigger a_redirect_merged_attendee before insert on public.invite_requests
  for each row execute function private.redirect_merged_attendee();

-- Check-ins stay append-only for every API role (migration 20261128000100); only the merge and
-- its undo, running as the owner inside their own transaction, may change whose check-in it is.
create or replace function private.keep_check_in()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  changed text;
begin
  if tg_op = 'DELETE' then
    if current_user in ('anon', 'authenticated', 'service_role') then
      raise exception using
        errcode = '22023',
        message = 'A check-in cannot be deleted; record an undo instead';
    end if;
    return old;
  end if;

  if new.attendee_id is null and (old.walk_in_email is not null or old.undoes is not null) then
    new.attendee_id := old.attendee_id;
  end if;
  if new.walk_in_email is not null and lower(btrim(new.walk_in_email)) = old.walk_in_email then
    new.walk_in_email := old.walk_in_email;
  end if;

  -- A merge of two records of one person moves the check-in to the kept record, and nothing else.
  if current_setting('cdo.merging_attendees', true) = 'on'
     and current_user not in ('anon', 'authenticated', 'service_role')
     and new.attendee_id is distinct from old.attendee_id then
    select string_agg(n.key, ', ' order by n.key) into changed
      from jsonb_each(to_jsonb(new) - '_modified' - 'attendee_id') n
     where n.value is distinct from (to_jsonb(old) -> n.key);
    if changed is null then
      return new;
    end if;
  end if;

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
      return new;
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

-- The door's check-in rule (migration 20261127000300) with two additions: the merge may move a
-- check-in to the kept record, and a walk-in with the address of a record merged into another is
-- that other record, not a new person.
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
  insert into public.event_attendees (event_id, attendee_id, attendee_type)
  select new.event_id, new.attendee_id, 'current'
   where not exists (
     select 1 from public.event_attendees ea
      where ea.event_id = new.event_id and ea.attendee_id = new.attendee_id and not ea._deleted
   );
  return new;
end
$$;

-- Merging ------------------------------------------------------------------------------------------
create function public.merge_attendees(kept uuid, removed uuid)
  returns uuid
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_kept public.attendees;
  v_removed public.attendees;
  v_moved jsonb;
  v_id uuid;
  v_event text;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can merge attendees';
  end if;
  if kept is null or removed is null or kept = removed then
    raise exception using errcode = '22023', message = 'Choose two different records to merge';
  end if;
  -- Both rows locked, in a fixed order, so two merges of the same records cannot interleave.
  perform 1 from public.attendees a where a.id in (kept, removed) order by a.id for update;
  select * into v_kept from public.attendees a where a.id = kept;
  select * into v_removed from public.attendees a where a.id = removed;
  if v_kept.id is null or v_removed.id is null or v_kept._deleted or v_removed._deleted then
    raise exception using errcode = 'P0002', message = 'One of these records is deleted or merged already';
  end if;
  -- One answer per guest and event: two answers to one event cannot become one person's.
  select e.title into v_event
    from public.feedback_responses a
    join public.feedback_responses b on b.event_id = a.event_id and b.attendee_id = kept
    join public.events e on e.id = a.event_id
   where a.attendee_id = removed
   limit 1;
  if v_event is not null then
    raise exception using errcode = '23505',
      message = format('Both records answered the feedback for %s: keep one answer before merging', v_event);
  end if;

  perform set_config('cdo.merging_attendees', 'on', true);

  -- One statement per step, in this order, so that each sees what the one before did (the invite
  -- requests' trigger, for one, finds the kept record already on the event's list).
  with u as (
    update public.event_attendees k set attendee_type = 'past'
     where k.attendee_id = kept and not k._deleted and k.attendee_type <> 'past'
       and exists (select 1 from public.event_attendees r
                    where r.event_id = k.event_id and r.attendee_id = removed and not r._deleted
                      and r.attendee_type = 'past')
    returning k.id)
  select jsonb_build_object('event_attendees_upgraded', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;
  with u as (
    update public.event_attendees r set _deleted = true
     where r.attendee_id = removed and not r._deleted
       and exists (select 1 from public.event_attendees k
                    where k.event_id = r.event_id and k.attendee_id = kept and not k._deleted)
    returning r.id)
  select v_moved || jsonb_build_object('event_attendees_dropped', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;
  with u as (
    update public.event_attendees r set attendee_id = kept where r.attendee_id = removed and not r._deleted
    returning r.id)
  select v_moved || jsonb_build_object('event_attendees', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;
  with u as (
    update public.session_speakers r set _deleted = true
     where r.attendee_id = removed and not r._deleted
       and exists (select 1 from public.session_speakers k
                    where k.session_id = r.session_id and k.attendee_id = kept and not k._deleted)
    returning r.id)
  select v_moved || jsonb_build_object('session_speakers_dropped', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;
  with u as (
    update public.session_speakers r set attendee_id = kept where r.attendee_id = removed and not r._deleted
    returning r.id)
  select v_moved || jsonb_build_object('session_speakers', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;
  with u as (update public.invite_requests r set attendee_id = kept where r.attendee_id = removed returning r.id)
  select v_moved || jsonb_build_object('invite_requests', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;
  with u as (update public.check_ins c set attendee_id = kept where c.attendee_id = removed returning c.id)
  select v_moved || jsonb_build_object('check_ins', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;
  with u as (update public.feedback_responses f set attendee_id = kept where f.attendee_id = removed returning f.id)
  select v_moved || jsonb_build_object('feedback_responses', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;
  -- Feedback links and no-show clearings: moved unless the kept record has its own for the event.
  with u as (
    update private.feedback_requests f set attendee_id = kept
     where f.attendee_id = removed
       and not exists (select 1 from private.feedback_requests k where k.event_id = f.event_id and k.attendee_id = kept)
    returning f.id)
  select v_moved || jsonb_build_object('feedback_requests', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;
  with u as (
    update public.no_show_clearings n set attendee_id = kept
     where n.attendee_id = removed
       and not exists (select 1 from public.no_show_clearings k where k.event_id = n.event_id and k.attendee_id = kept)
    returning n.id)
  select v_moved || jsonb_build_object('no_show_clearings', coalesce(jsonb_agg(u.id), '[]')) into v_moved from u;

  -- The kept record takes what it lacks from the removed one; the removed one becomes a tombstone.
  update public.attendees a set
    company = coalesce(nullif(a.company, ''), v_removed.company),
    job_title = coalesce(nullif(a.job_title, ''), v_removed.job_title),
    linkedin_url = coalesce(nullif(a.linkedin_url, ''), v_removed.linkedin_url),
    photo_url = coalesce(nullif(a.photo_url, ''), v_removed.photo_url),
    company_logo_url = coalesce(nullif(a.company_logo_url, ''), v_removed.company_logo_url),
    bio = coalesce(nullif(a.bio, ''), v_removed.bio),
    priorities = coalesce(nullif(a.priorities, ''), v_removed.priorities),
    current_focus = coalesce(nullif(a.current_focus, ''), v_removed.current_focus),
    future_focus = coalesce(nullif(a.future_focus, ''), v_removed.future_focus)
   where a.id = kept;
  update public.attendees a set _deleted = true where a.id = removed;

  insert into public.attendee_merges (kept_id, removed_id, removed_email, removed_name, merged_by, undo_until, moved)
  values (kept, removed, v_removed.email, v_removed.name, auth.uid(), now() + interval '24 hours',
          v_moved || jsonb_build_object('kept_before', to_jsonb(v_kept) - '_modified' - '_deleted'))
  returning id into v_id;
  perform set_config('cdo.merging_attendees', 'off', true);
  return v_id;
end
$$;
comment on function public.merge_attendees(uuid, uuid) is
  'Admins only: merges the removed attendee record into the kept one, in one transaction; undoable for 24 hours.';
revoke all on function public.merge_attendees(uuid, uuid) from public, anon;
grant execute on function public.merge_attendees(uuid, uuid) to authenticated;

-- Undoing a merge ----------------------------------------------------------------------------------
-- Within 24 hours: the removed record comes back with every row the merge moved or set aside; the
-- kept record gets back what it had. Rows added since (a check-in the door took for the kept
-- record, a request redirected to it) stay with the kept record.
create function public.undo_attendee_merge(merge_id uuid)
  returns void
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_merge public.attendee_merges;
  v_before jsonb;
  v_ids uuid[];
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can undo a merge';
  end if;
  select * into v_merge from public.attendee_merges m where m.id = merge_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'No such merge';
  end if;
  if v_merge.undone_at is not null then
    raise exception using errcode = '22023', message = 'This merge was undone already';
  end if;
  if v_merge.undo_until < now() then
    raise exception using errcode = '22023', message = 'This merge can no longer be undone: 24 hours have passed';
  end if;
  perform 1 from public.attendees a where a.id in (v_merge.kept_id, v_merge.removed_id) order by a.id for update;
  perform set_config('cdo.merging_attendees', 'on', true);
  -- The merge stops redirecting first, so rows moved back are not sent on to the kept record.
  update public.attendee_merges m set undone_at = now() where m.id = merge_id;

  update public.attendees a set _deleted = false where a.id = v_merge.removed_id;
  v_before := v_merge.moved -> 'kept_before';
  -- The kept record gives back what it took from the removed one, unless an admin changed it since.
  update public.attendees a set
    company = case when nullif(v_before ->> 'company', '') is null and a.company is not distinct from r.company
      then v_before ->> 'company' else a.company end,
    job_title = case when nullif(v_before ->> 'job_title', '') is null and a.job_title is not distinct from r.job_title
      then v_before ->> 'job_title' else a.job_title end,
    linkedin_url = case when nullif(v_before ->> 'linkedin_url', '') is null and a.linkedin_url is not distinct from r.linkedin_url
      then v_before ->> 'linkedin_url' else a.linkedin_url end,
    photo_url = case when nullif(v_before ->> 'photo_url', '') is null and a.photo_url is not distinct from r.photo_url
      then v_before ->> 'photo_url' else a.photo_url end,
    company_logo_url = case when nullif(v_before ->> 'company_logo_url', '') is null and a.company_logo_url is not distinct from r.company_logo_url
      then v_before ->> 'company_logo_url' else a.company_logo_url end,
    bio = case when nullif(v_before ->> 'bio', '') is null and a.bio is not distinct from r.bio
      then v_before ->> 'bio' else a.bio end,
    priorities = case when nullif(v_before ->> 'priorities', '') is null and a.priorities is not distinct from r.priorities
      then v_before ->> 'priorities' else a.priorities end,
    current_focus = case when nullif(v_before ->> 'current_focus', '') is null and a.current_focus is not distinct from r.current_focus
      then v_before ->> 'current_focus' else a.current_focus end,
    future_focus = case when nullif(v_before ->> 'future_focus', '') is null and a.future_focus is not distinct from r.future_focus
      then v_before ->> 'future_focus' else a.future_focus end
    from public.attendees r
   where a.id = v_merge.kept_id and r.id = v_merge.removed_id;

  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'event_attendees');
  update public.event_attendees set attendee_id = v_merge.removed_id where id = any (v_ids);
  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'event_attendees_upgraded');
  update public.event_attendees set attendee_type = 'current' where id = any (v_ids);
  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'event_attendees_dropped');
  update public.event_attendees set _deleted = false where id = any (v_ids);
  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'session_speakers');
  update public.session_speakers set attendee_id = v_merge.removed_id where id = any (v_ids);
  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'session_speakers_dropped');
  update public.session_speakers set _deleted = false where id = any (v_ids);
  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'invite_requests');
  update public.invite_requests set attendee_id = v_merge.removed_id where id = any (v_ids);
  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'check_ins');
  update public.check_ins set attendee_id = v_merge.removed_id where id = any (v_ids);
  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'feedback_responses');
  update public.feedback_responses set attendee_id = v_merge.removed_id where id = any (v_ids);
  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'feedback_requests');
  update private.feedback_requests set attendee_id = v_merge.removed_id where id = any (v_ids);
  select coalesce(array_agg(value::uuid), '{}') into v_ids from jsonb_array_elements_text(v_merge.moved -> 'no_show_clearings');
  update public.no_show_clearings set attendee_id = v_merge.removed_id where id = any (v_ids);
  perform set_config('cdo.merging_attendees', 'off', true);
end
$$;
comment on function public.undo_attendee_merge(uuid) is
  'Admins only: undoes a merge of two attendee records within 24 hours of it.';
revoke all on function public.undo_attendee_merge(uuid) from public, anon;
grant execute on function public.undo_attendee_merge(uuid) to authenticated;
