-- The Reminders tab said 'trying again' of a reminder or feedback request the sender had given up on
-- after its 10 attempts (found by review, 2026-11-30): an admin waited for a message that would never
-- go. The admin's list now tells the two apart: `failing` while tries are left, `given_up` after.

create or replace function public.event_guest_messages(target_event uuid)
  returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can read the messages to guests';
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', m.id,
             'kind', m.kind,
             'name', coalesce(r.name, a.name),
             'email', coalesce(r.email, a.email),
             'due_at', m.status_changed_at,
             'sent_at', m.sent_at,
             'cancelled_at', m.cancelled_at,
             'failing', m.sent_at is null and m.cancelled_at is null and m.last_error is not null and m.attempts < 10,
             'given_up', m.sent_at is null and m.cancelled_at is null and m.attempts >= 10
           ) order by m.status_changed_at desc, coalesce(r.name, a.name)), '[]'::jsonb)
      from private.guest_messages m
      left join public.invite_requests r on r.id = m.request_id
      left join private.feedback_requests f on f.id = m.feedback_request_id
      left join public.attendees a on a.id = f.attendee_id
     where m.kind in ('reminder_day_before', 'reminder_morning', 'feedback_request')
       and coalesce(r.event_id, f.event_id) = target_event
  );
end
$$;
