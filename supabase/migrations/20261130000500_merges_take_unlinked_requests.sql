-- A merge left behind the requests sent from the removed record's address that no approval had
-- linked to a record yet (found by review, 2026-11-30): pending, declined or waitlisted, they have no
-- attendee, and the person's history finds such a request by a live record's address, which the
-- removed one no longer is. Approved after the merge, one made a third record of the person. The
-- merge now moves them to the kept record with the rest (an undo moves them to the removed one,
-- live again then, whose address they came from).

create or replace function public.merge_attendees(kept uuid, removed uuid)
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
  -- With them the requests sent from the removed record's address that no approval has linked to a
  -- record yet (pending, declined, waitlisted): approved later, they find the kept record.
  with u as (
    update public.invite_requests r set attendee_id = kept
     where r.attendee_id = removed
        or (r.attendee_id is null and lower(r.email) = lower(v_removed.email))
    returning r.id)
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
