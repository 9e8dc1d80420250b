-- An admin never learned that a guest's confirmation, invitation or other answer about their request
-- did not reach them (found by review, 2026-12-01): the sender tries a refused message 10 times and
-- then gives up, and only the Reminders tab listed reminders and feedback requests in that state.
-- The Invitations tables now mark each request whose last message about its status has not gone
-- out after a refusal: still being tried, or given up.

create function public.undelivered_guest_mail(target_event uuid default null)
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
             'request_id', m.request_id,
             'kind', m.kind,
             'given_up', m.attempts >= 10
           ) order by m.status_changed_at desc), '[]'::jsonb)
      from private.guest_messages m
      join public.invite_requests r on r.id = m.request_id
     where m.kind in ('received', 'approved', 'declined', 'waitlisted', 'invited')
       and m.sent_at is null and m.cancelled_at is null and m.last_error is not null
       and not r._deleted
       and (target_event is null or r.event_id = target_event)
       -- The request's last message about its status only: an older one is told by the newer.
       and not exists (
         select 1
           from private.guest_messages n
          where n.request_id = m.request_id
            and n.kind in ('received', 'approved', 'declined', 'waitlisted', 'invited')
            and n.status_changed_at > m.status_changed_at
       )
  );
end
$$;
comment on function public.undelivered_guest_mail(uuid) is
  'Admins only: the requests (of one event, or of all) whose last status message was refused by the mail provider and is not sent: failing while tries are left, given_up after all 10.';
revoke all on function public.undelivered_guest_mail(uuid) from public, anon;
grant execute on function public.undelivered_guest_mail(uuid) to authenticated, service_role;
