-- A reminder could reach a guest before the message that confirms their place (found by review,
-- 2026-11-30): a guest approved after the reminder's time had both queued at once, and the claim
-- sends the older due time first, which is the reminder's; or the confirmation's send failed and was
-- retried after the reminder went. A reminder is now claimed only once no confirmation of its
-- request (approved, invited) is still to be sent: sent, cancelled or given up after its attempts.

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
               'status', r.status)
             else jsonb_build_object(
               'name', a.name, 'email', a.email, 'company', a.company, 'job_title', a.job_title,
               'token', f.token, 'status', 'checked_in') end,
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
