-- Four rules the guest-facing flows broke, found by review (2026-11-30):
--
-- 1. A guest taking back the consent to quote them really deleted the testimonial made from the quote
--    (`submit_feedback` runs as its owner, and only API roles' deletes become tombstones), so no
--    replica that held it ever learnt it was gone: the quote stayed on every returning visitor's
--    pages and in admins' lists. It is now a tombstone, as an admin's delete is.
-- 2. Every later write of an approved request (the guest changing their details through their link,
--    a merge of attendee records) put its guest back on the event, even one an admin had taken off
--    it since: back on the list and the door list, and reminded. The guest is now linked when the
--    request becomes approved or invited, not on every write.
-- 3. The day-before reminder ('Tomorrow: …') could be queued, and sent, after the venue's midnight
--    on the event's own day (an approval made late, or a sender that was down). Its window now ends
--    at that midnight, and one still waiting then is cancelled.
-- 4. A status message whose send failed was retried even after the request's status had changed
--    again and the newer message had gone out: a guest approved, then declined, could get 'Your
--    place is confirmed' last. A status message is no longer sent once a newer one has been.

create or replace function public.submit_feedback(token text, answer jsonb)
  returns text
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_request private.feedback_requests;
  v_open boolean;
  v_session uuid := nullif(answer ->> 'valuable_session_id', '')::uuid;
  v_consent boolean := coalesce((answer ->> 'quote_consent')::boolean, false);
  v_withdrawn uuid;
begin
  select * into v_request from private.feedback_requests f where f.token = submit_feedback.token;
  if not found then
    return 'no_token';
  end if;
  select not e._deleted and now() < e.end_date + interval '30 days' into v_open
    from public.events e where e.id = v_request.event_id;
  if not coalesce(v_open, false) then
    return 'closed';
  end if;
  if v_session is not null and not exists (
    select 1 from public.sessions s where s.id = v_session and s.event_id = v_request.event_id and not s._deleted
  ) then
    v_session := null;
  end if;
  select fr.testimonial_id into v_withdrawn
    from public.feedback_responses fr
   where fr.event_id = v_request.event_id and fr.attendee_id = v_request.attendee_id
     for update;

  insert into public.feedback_responses as fr
    (event_id, attendee_id, rating, valuable_session_id, do_differently, quote, quote_consent)
  values (
    v_request.event_id,
    v_request.attendee_id,
    (answer ->> 'rating')::integer,
    v_session,
    nullif(btrim(answer ->> 'do_differently'), ''),
    nullif(btrim(answer ->> 'quote'), ''),
    v_consent
  )
  on conflict (event_id, attendee_id) do update
     set rating = excluded.rating,
         valuable_session_id = excluded.valuable_session_id,
         do_differently = excluded.do_differently,
         quote = excluded.quote,
         quote_consent = excluded.quote_consent,
         testimonial_id = case when excluded.quote_consent and excluded.quote is not null then fr.testimonial_id end,
         updated_at = now();

  -- A consent taken back (or a quote removed) takes the published testimonial down with it, as an
  -- admin's delete would: a tombstone, so every replica that holds the testimonial drops it too.
  if not (v_consent and nullif(btrim(answer ->> 'quote'), '') is not null) and v_withdrawn is not null then
    update public.testimonials t set _deleted = true where t.id = v_withdrawn and not t._deleted;
  end if;
  return 'ok';
end
$$;

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
  end if;
  return new;
end
$$;

create or replace function public.queue_event_messages(at timestamptz default now())
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_reminders integer;
  v_feedback integer;
begin
  with upcoming as (
    select e.id, e.start_date, e.reminder_day_before, e.reminder_morning, t.day_before_at, t.morning_at,
           (((e.start_date at time zone e.time_zone)::date + time '00:00') at time zone e.time_zone) as event_day_at
      from public.events e
     cross join lateral private.reminder_times(e.start_date, e.time_zone) t
     where not e._deleted and e.start_date > at and t.day_before_at <= at
  ), due as (
    select u.id as event_id, 'reminder_day_before' as kind, u.day_before_at as due_at
      from upcoming u
     where u.reminder_day_before and at < least(u.event_day_at, u.start_date)
    union all
    select u.id, 'reminder_morning', u.morning_at
      from upcoming u
     where u.reminder_morning and u.morning_at <= at
  ), queued as (
    insert into private.guest_messages (request_id, kind, status_changed_at)
    select r.id, d.kind, d.due_at
      from due d
      join public.invite_requests r on r.event_id = d.event_id
     where not r._deleted
       and r.status in ('approved', 'invited')
       and exists (
         select 1 from public.event_attendees ea
          where ea.event_id = r.event_id and ea.attendee_id = r.attendee_id and not ea._deleted
       )
    on conflict do nothing
    returning 1
  )
  select count(*) into v_reminders from queued;

  with ended as (
    select e.id, e.end_date + make_interval(mins => e.feedback_delay_minutes) as due_at
      from public.events e
     where not e._deleted
       and e.end_date > at - interval '14 days'
       and e.end_date + make_interval(mins => e.feedback_delay_minutes) <= at
  ), guests as (
    select distinct c.event_id, c.attendee_id, ended.due_at
      from public.check_ins c
      join ended on ended.id = c.event_id
      join public.attendees a on a.id = c.attendee_id and not a._deleted and a.email is not null
     where c.undoes is null
       and not c._deleted
       and not exists (select 1 from public.check_ins u where u.undoes = c.id)
  ), made as (
    insert into private.feedback_requests (event_id, attendee_id)
    select g.event_id, g.attendee_id from guests g
    on conflict (event_id, attendee_id) do nothing
    returning id, event_id, attendee_id
  ), queued as (
    insert into private.guest_messages (feedback_request_id, kind, status_changed_at)
    select m.id, 'feedback_request', g.due_at
      from made m
      join guests g on g.event_id = m.event_id and g.attendee_id = m.attendee_id
    on conflict do nothing
    returning 1
  )
  select count(*) into v_feedback from queued;

  return jsonb_build_object('reminders', v_reminders, 'feedback_requests', v_feedback);
end
$$;

create or replace function private.guest_message_applies(m private.guest_messages)
  returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select case
    when m.kind in ('reminder_day_before', 'reminder_morning') then exists (
      select 1
        from public.invite_requests r
        join public.events e on e.id = r.event_id
       where r.id = m.request_id
         and not r._deleted and not e._deleted
         and r.status in ('approved', 'invited')
         and e.start_date > now()
         -- 'Tomorrow' is true only until the venue's midnight before the event's day.
         and (m.kind = 'reminder_morning'
              or now() < (((e.start_date at time zone e.time_zone)::date + time '00:00') at time zone e.time_zone))
         and case m.kind when 'reminder_day_before' then e.reminder_day_before else e.reminder_morning end
         and exists (
           select 1 from public.event_attendees ea
            where ea.event_id = r.event_id and ea.attendee_id = r.attendee_id and not ea._deleted
         )
    )
    when m.kind = 'feedback_request' then exists (
      select 1
        from private.feedback_requests f
        join public.events e on e.id = f.event_id
       where f.id = m.feedback_request_id and not e._deleted and now() < e.end_date + interval '30 days'
    )
    -- A status message is not sent after a newer one about the same request went out (an approval
    -- whose send failed, retried after the decline that followed it was sent): the guest's last
    -- message must tell the request's status as it is.
    when m.kind in ('received', 'approved', 'declined', 'waitlisted', 'invited') then not exists (
      select 1
        from private.guest_messages n
       where n.request_id = m.request_id
         and n.kind in ('received', 'approved', 'declined', 'waitlisted', 'invited')
         and n.status_changed_at > m.status_changed_at
         and n.sent_at is not null
    )
    else true
  end
$$;
