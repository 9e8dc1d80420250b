-- A guest the team invited, whose invitation the team then took back, was mailed "About your
-- request: Thank you for your interest ... we cannot offer you a place", with "you asked for an
-- invitation" as the reason (found by review, 2026-12-01): the mail could not tell a guest who asked
-- from one the team invited. Only the request form gives a request its consent (it requires it), so
-- the consent tells them apart: the claim now says whether the guest asked, and the mail speaks to
-- each as they came (guest-messages.ts). A decline or the waitlist for a guest the team invited waits
-- for their invitation (or confirmation) to go out, and goes only once one has: a guest who never
-- heard of a place is not told it was taken back.
-- The functions are migrations 20261130002000's and 20261130000400's, with those conditions added.

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
    ) and exists (
      -- Only about a request and an event that are still there; a place or the waitlist only
      -- before the event has ended (an invite recorded afterwards mails nobody).
      select 1
        from public.invite_requests r
        join public.events e on e.id = r.event_id
       where r.id = m.request_id
         and not r._deleted and not e._deleted
         and (m.kind not in ('approved', 'invited', 'waitlisted') or e.end_date > now())
         -- A guest the team invited (no consent: they never filled in the request form) hears of a
         -- decline or the waitlist only once they heard of their place: else it takes back nothing
         -- they were told.
         and (r.consent or m.kind not in ('declined', 'waitlisted') or exists (
           select 1
             from private.guest_messages p
            where p.request_id = m.request_id
              and p.kind in ('approved', 'invited')
              and p.status_changed_at < m.status_changed_at
              and p.sent_at is not null
         ))
    )
    else true
  end
$$;

create or replace function public.claim_guest_messages(max_messages integer default 20)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  answer jsonb;
begin
  update private.guest_messages m
     set cancelled_at = now()
   where m.sent_at is null and m.cancelled_at is null
     and m.kind in ('reminder_day_before', 'reminder_morning', 'feedback_request')
     and not private.guest_message_applies(m);

  with due as (
    select m.id
      from private.guest_messages m
     where m.sent_at is null and m.cancelled_at is null and m.next_attempt_at <= now() and m.attempts < 10
       -- A reminder waits for the confirmation of the guest's place to have gone out first.
       and not (m.kind in ('reminder_day_before', 'reminder_morning') and exists (
         select 1
           from private.guest_messages c
          where c.request_id = m.request_id
            and c.kind in ('approved', 'invited')
            and c.sent_at is null and c.cancelled_at is null and c.attempts < 10
       ))
       -- So does a decline or the waitlist for a guest the team invited: it goes only after their
       -- invitation did (guest_message_applies), and must not be judged while it is still on its way.
       and not (m.kind in ('declined', 'waitlisted') and exists (
         select 1
           from private.guest_messages c
           join public.invite_requests r on r.id = c.request_id
          where c.request_id = m.request_id
            and not r.consent
            and c.kind in ('approved', 'invited')
            and c.status_changed_at < m.status_changed_at
            and c.sent_at is null and c.cancelled_at is null and c.attempts < 10
       ))
     order by m.next_attempt_at, m.created_at
     limit greatest(1, least(max_messages, 100))
       for update skip locked
  ), leased as (
    update private.guest_messages m
       set attempts = m.attempts + 1,
           next_attempt_at = now() + interval '2 minutes'
      from due
     where m.id = due.id
    returning m.id, m.kind, m.request_id, m.feedback_request_id, m.created_at, m.status_changed_at
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', l.id,
           'kind', l.kind,
           'guest', case when r.id is not null then jsonb_build_object(
               'name', r.name, 'email', r.email, 'company', r.company, 'job_title', r.job_title,
               'token', case when l.kind = 'already_requested' then t.token else r.guest_token end,
               'status', r.status, 'asked', r.consent)
             else jsonb_build_object(
               'name', a.name, 'email', a.email, 'company', a.company, 'job_title', a.job_title,
               'token', f.token, 'status', 'checked_in', 'asked', false) end,
           'event', jsonb_build_object(
             'id', e.id, 'slug', e.slug, 'title', e.title, 'subheading', e.subheading,
             'location', e.location, 'start_date', e.start_date, 'end_date', e.end_date,
             'time_zone', e.time_zone)
         ) order by l.status_changed_at, l.created_at), '[]'::jsonb)
    into answer
    from leased l
    left join public.invite_requests r on r.id = l.request_id
    left join private.invite_request_edit_tokens t on t.request_id = r.id
    left join private.feedback_requests f on f.id = l.feedback_request_id
    left join public.attendees a on a.id = f.attendee_id
    join public.events e on e.id = coalesce(r.event_id, f.event_id);
  return answer;
end
$$;
revoke all on function public.claim_guest_messages(integer) from public, anon, authenticated;
grant execute on function public.claim_guest_messages(integer) to service_role;
