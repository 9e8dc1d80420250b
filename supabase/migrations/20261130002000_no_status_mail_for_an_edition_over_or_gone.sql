-- Guests were mailed "You're invited" or "Your place is confirmed", with a pass and a calendar file,
-- for an edition that was over (found by review, 2026-11-30): the Invite guests dialog offers past
-- editions to record who was invited afterwards, and an old pending request can be approved after
-- its event. A status message queued before its request or event was deleted also still went out,
-- linking to a page that no longer exists. A status message now goes only about a request and an
-- event that are still there, and a place or the waitlist only before the event has ended; one
-- that no longer applies is cancelled as it is claimed (begin_guest_message), as reminders are.
-- The function is migration 20261130000100's, with that condition added.

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
    )
    else true
  end
$$;
