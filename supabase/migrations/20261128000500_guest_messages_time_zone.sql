-- Messages to guests give the event's date and times in the venue's zone, and name it ('Sunday,
-- 10 March 2047, 9:00 AM – 1:00 PM Dubai time (GST)'), and their .ics carries that zone (issue 28,
-- docs/decisions/019-venue-time-zones.md). So the sender needs the event's `time_zone` (migration
-- 20261128000400) with the rest of the event.
--
-- As in migration 20261127000100, the newest definition (20261128000200 left it unchanged), with the
-- event's time_zone added to what it returns.
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
  with due as (
    select m.id
      from private.guest_messages m
     where m.sent_at is null and m.next_attempt_at <= now() and m.attempts < 10
     order by m.next_attempt_at, m.created_at
     limit greatest(1, least(max_messages, 100))
       for update skip locked
  ), leased as (
    update private.guest_messages m
       set attempts = m.attempts + 1,
           next_attempt_at = now() + interval '2 minutes'
      from due
     where m.id = due.id
    returning m.id, m.kind, m.request_id, m.created_at, m.status_changed_at
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', l.id,
           'kind', l.kind,
           'guest', jsonb_build_object(
             'name', r.name, 'email', r.email, 'company', r.company, 'job_title', r.job_title,
             'token', r.guest_token, 'status', r.status),
           'event', jsonb_build_object(
             'id', e.id, 'slug', e.slug, 'title', e.title, 'subheading', e.subheading,
             'location', e.location, 'start_date', e.start_date, 'end_date', e.end_date,
             'time_zone', e.time_zone)
         ) order by l.status_changed_at, l.created_at), '[]'::jsonb)
    into answer
    from leased l
    join public.invite_requests r on r.id = l.request_id
    join public.events e on e.id = r.event_id;
  return answer;
end
$$;
comment on function public.claim_guest_messages(integer) is
  'Service role only: leases guest messages due for sending, with the guest and event (its time zone included) they are about.';

revoke all on function public.claim_guest_messages(integer) from public, anon, authenticated;
grant execute on function public.claim_guest_messages(integer) to service_role;
