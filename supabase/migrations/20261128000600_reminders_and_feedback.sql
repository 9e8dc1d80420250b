-- Before and after the event (issue 31, docs/decisions/023-reminders-and-feedback.md): reminders that
-- bring approved and invited guests to the door, and a request for feedback to every guest who was
-- checked in, all through the guest-message outbox (migration 20261127000100), exactly once per
-- guest and kind; the guests' answers, which only admins read; and a consented quote published as a
-- testimonial.

-- The event's switches and the feedback delay --------------------------------------------------------
-- Plain columns of events, so an admin changes them offline in the replica like any other field of
-- the event. Nothing here is personal: anyone may read them, as they read the capacity.
alter table public.events
  add column reminder_day_before boolean not null default true,
  add column reminder_morning boolean not null default true,
  add column feedback_delay_minutes integer not null default 120 check (feedback_delay_minutes between 0 and 10080);
comment on column public.events.reminder_day_before is
  'Remind approved and invited guests the day before, at 9:00 AM in the venue''s zone.';
comment on column public.events.reminder_morning is
  'Remind approved and invited guests on the morning of the event, at 7:00 AM in the venue''s zone.';
comment on column public.events.feedback_delay_minutes is
  'How long after the event''s end the checked-in guests are asked for feedback (default 2 hours).';

-- When the reminders of an event start at `start_date` in `zone` are due: the day before at 9:00 and
-- the day itself at 7:00, on the venue's clock (a summer-time change between them moves the instants,
-- never the hour the guest reads).
create function private.reminder_times(
  start_date timestamptz,
  zone text,
  out day_before_at timestamptz,
  out morning_at timestamptz
)
  language sql
  stable
  set search_path = ''
as $$
  select ((((start_date at time zone zone)::date - 1) + time '09:00') at time zone zone),
         ((((start_date at time zone zone)::date) + time '07:00') at time zone zone)
$$;
grant execute on function private.reminder_times(timestamptz, text) to anon, authenticated, service_role;

-- The feedback link's tokens -------------------------------------------------------------------------
-- One per event and checked-in guest, made when their feedback request is queued: the link
-- `<site>/events/<slug>#feedback=<token>` is theirs alone, as secret as the pass (never in a public
-- read; in the fragment, so in no server log). Never exposed: the guest-feedback function reaches it
-- through the service-role functions below.
create table private.feedback_requests (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  attendee_id uuid not null references public.attendees (id) on delete cascade,
  token text not null unique default private.new_guest_token(),
  created_at timestamptz not null default now(),
  unique (event_id, attendee_id)
);

-- The outbox learns the new kinds -------------------------------------------------------------------
-- A reminder is about an invite request (its pass); a feedback request about a feedback token. A
-- reminder is queued once per request and kind, whatever the schedule does later; a feedback request
-- once per guest and event (its token is unique per guest and event, and its message per token).
alter table private.guest_messages alter column request_id drop not null;
alter table private.guest_messages
  add column feedback_request_id uuid references private.feedback_requests (id) on delete cascade,
  add column cancelled_at timestamptz;
alter table private.guest_messages add constraint guest_messages_about_check
  check ((request_id is null) <> (feedback_request_id is null));
alter table private.guest_messages drop constraint guest_messages_kind_check;
alter table private.guest_messages add constraint guest_messages_kind_check
  check (kind in (
    'received', 'approved', 'declined', 'waitlisted', 'invited', 'already_requested',
    'reminder_day_before', 'reminder_morning', 'feedback_request'
  ));
comment on column private.guest_messages.kind is
  'The status change the guest hears about, already_requested, a reminder (reminder_day_before, reminder_morning) or feedback_request.';
comment on column private.guest_messages.cancelled_at is
  'Set instead of sending when a reminder or feedback request no longer applies (guest declined or removed, event started, switched off).';
create unique index guest_messages_once_per_reminder on private.guest_messages (request_id, kind)
  where kind in ('reminder_day_before', 'reminder_morning');
create unique index guest_messages_once_per_feedback on private.guest_messages (feedback_request_id)
  where kind = 'feedback_request';
drop index private.guest_messages_unsent_idx;
create index guest_messages_unsent_idx on private.guest_messages (next_attempt_at)
  where sent_at is null and cancelled_at is null;

-- Guests' answers -------------------------------------------------------------------------------------
-- One per event and guest; the guest changes it through the same link until the feedback closes, 30
-- days after the event's end. Personal data, admins only through every door (REST, realtime,
-- functions); not replicated (no _modified), so no replica, the visitor's least of all, holds it.
create table public.feedback_responses (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  attendee_id uuid not null references public.attendees (id) on delete cascade,
  rating integer not null check (rating between 1 and 5),
  valuable_session_id uuid references public.sessions (id) on delete set null,
  do_differently text check (char_length(do_differently) <= 4000),
  quote text check (char_length(quote) <= 1000),
  quote_consent boolean not null default false,
  testimonial_id uuid references public.testimonials (id) on delete set null,
  submitted_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (event_id, attendee_id)
);
comment on table public.feedback_responses is
  'A checked-in guest''s feedback on an event. Personal data: admins only, through every door.';
comment on column public.feedback_responses.quote_consent is
  'The guest agreed that the quote is published with their name, job title, company and photo.';
comment on column public.feedback_responses.testimonial_id is 'The testimonial published from the quote, if any.';
create index feedback_responses_event_idx on public.feedback_responses (event_id);

alter table public.feedback_responses enable row level security;
create policy "Admins can read feedback" on public.feedback_responses
  for select to authenticated using ((select private.is_admin()));
revoke all on public.feedback_responses from anon, authenticated, service_role;
grant select on public.feedback_responses to authenticated;
grant select, insert, update, delete on public.feedback_responses to service_role;

do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime')
     and not exists (
       select 1 from pg_catalog.pg_publication_tables
        where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'feedback_responses'
     ) then
    alter publication supabase_realtime add table public.feedback_responses;
  end if;
end
$$;

-- Queueing what is due ------------------------------------------------------------------------------
-- Called by the sender at the start of each run (service role). `at` is the clock (now() unless a
-- test names another). Queues:
-- - each reminder of a live event that has not started, from its time until the next one (the day
--   before's until the morning's; the morning's until the start), to each approved or invited guest
--   still on the event. A sender that was down past a reminder's window sends nothing stale.
-- - a feedback request to each guest checked in (a check-in not undone) at an event that ended
--   within the last 14 days, once the event's delay after its end has passed. Events that ended
--   before that are never asked about, so this migration mails no past guest.
-- Safe to run twice at once: the unique keys order the inserts and the second adds nothing.
create function public.queue_event_messages(at timestamptz default now())
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
    select e.id, e.start_date, e.reminder_day_before, e.reminder_morning, t.day_before_at, t.morning_at
      from public.events e
     cross join lateral private.reminder_times(e.start_date, e.time_zone) t
     where not e._deleted and e.start_date > at and t.day_before_at <= at
  ), due as (
    select u.id as event_id, 'reminder_day_before' as kind, u.day_before_at as due_at
      from upcoming u
     where u.reminder_day_before and at < least(u.morning_at, u.start_date)
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
comment on function public.queue_event_messages(timestamptz) is
  'Service role only: queues the reminders and feedback requests due at `at`, each at most once per guest and kind.';
revoke all on function public.queue_event_messages(timestamptz) from public, anon, authenticated;
grant execute on function public.queue_event_messages(timestamptz) to service_role;

-- True while a queued reminder or feedback request still applies: the guest is still approved or
-- invited and on the event, the event is live, has not started and has the reminder switched on;
-- or the event's feedback is still open. Status messages always apply.
create function private.guest_message_applies(m private.guest_messages)
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
    else true
  end
$$;

-- As in migration 20261128000500, and: reminders and feedback requests that no longer apply are
-- cancelled rather than sent; a feedback request names the guest from their attendee record and
-- carries its own token.
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
               'token', r.guest_token, 'status', r.status)
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
    left join private.feedback_requests f on f.id = l.feedback_request_id
    left join public.attendees a on a.id = f.attendee_id
    join public.events e on e.id = coalesce(r.event_id, f.event_id);
  return answer;
end
$$;
revoke all on function public.claim_guest_messages(integer) from public, anon, authenticated;
grant execute on function public.claim_guest_messages(integer) to service_role;

-- As in migration 20261128000200, and a message cancelled since it was claimed is not sent either.
create or replace function public.begin_guest_message(message_id uuid)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  earlier timestamptz;
  done boolean;
  v_message private.guest_messages;
begin
  select * into v_message from private.guest_messages m where m.id = message_id for update;
  if not found then
    return jsonb_build_object('send', false, 'interrupted_at', null);
  end if;
  earlier := v_message.sending_since;
  done := v_message.sent_at is not null or v_message.cancelled_at is not null;
  if not done and not private.guest_message_applies(v_message) then
    update private.guest_messages set cancelled_at = now() where id = message_id;
    done := true;
  end if;
  if done then
    return jsonb_build_object('send', false, 'interrupted_at', null);
  end if;
  update private.guest_messages set sending_since = now() where id = message_id;
  return jsonb_build_object('send', true, 'interrupted_at', earlier);
end
$$;
revoke all on function public.begin_guest_message(uuid) from public, anon, authenticated;
grant execute on function public.begin_guest_message(uuid) to service_role;

-- What admins see of an event's reminders and feedback requests ---------------------------------------
-- Queued, sent, cancelled or failing, with the guest's name and address; newest first.
create function public.event_guest_messages(target_event uuid)
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
             'failing', m.sent_at is null and m.last_error is not null
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
comment on function public.event_guest_messages(uuid) is
  'Admins only: the reminders and feedback requests of an event, queued, sent or cancelled.';
revoke all on function public.event_guest_messages(uuid) from public, anon;
grant execute on function public.event_guest_messages(uuid) to authenticated, service_role;

-- The guest's form ------------------------------------------------------------------------------------
-- What the form behind a feedback link shows: the event, its agenda, the guest's first name, whether
-- feedback is still open, and the guest's answer so far. Null for a token nobody holds.
create function public.feedback_form(token text)
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select jsonb_build_object(
           'event', jsonb_build_object(
             'id', e.id, 'slug', e.slug, 'title', e.title, 'start_date', e.start_date,
             'end_date', e.end_date, 'time_zone', e.time_zone),
           'guest', jsonb_build_object('name', a.name),
           'closes_at', e.end_date + interval '30 days',
           'open', not e._deleted and now() < e.end_date + interval '30 days',
           'sessions', coalesce((
             select jsonb_agg(jsonb_build_object('id', s.id, 'title', s.title, 'start_time', s.start_time)
                              order by s.start_time, s.title)
               from public.sessions s
              where s.event_id = e.id and not s._deleted), '[]'::jsonb),
           'answer', (
             select jsonb_build_object(
                      'rating', fr.rating, 'valuable_session_id', fr.valuable_session_id,
                      'do_differently', fr.do_differently, 'quote', fr.quote,
                      'quote_consent', fr.quote_consent, 'updated_at', fr.updated_at)
               from public.feedback_responses fr
              where fr.event_id = f.event_id and fr.attendee_id = f.attendee_id))
    from private.feedback_requests f
    join public.events e on e.id = f.event_id
    join public.attendees a on a.id = f.attendee_id
   where f.token = feedback_form.token
$$;
comment on function public.feedback_form(text) is
  'Service role only (the guest-feedback function): the form a feedback link opens, with the answer so far.';
revoke all on function public.feedback_form(text) from public, anon, authenticated;
grant execute on function public.feedback_form(text) to service_role;

-- Stores the guest's answer (the function validated it), or replaces it. Answers 'ok', 'no_token'
-- (nobody holds that token) or 'closed' (30 days after the end, or the event is gone). A session
-- that is not on the event's agenda counts as none. Withdrawing consent withdraws a testimonial
-- published from the quote.
create function public.submit_feedback(token text, answer jsonb)
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

  -- A consent taken back (or a quote removed) takes the published testimonial down with it.
  if not (v_consent and nullif(btrim(answer ->> 'quote'), '') is not null) and v_withdrawn is not null then
    delete from public.testimonials t where t.id = v_withdrawn;
  end if;
  return 'ok';
end
$$;
comment on function public.submit_feedback(text, jsonb) is
  'Service role only (the guest-feedback function): stores or replaces the answer of a feedback link''s guest.';
revoke all on function public.submit_feedback(text, jsonb) from public, anon, authenticated;
grant execute on function public.submit_feedback(text, jsonb) to service_role;

-- 'Publish as testimonial' ------------------------------------------------------------------------------
-- Admins only. Makes a testimonial from a quote given with consent: name, job title, company and
-- photo from the attendee record, the rating, the quote and the event, placed after the event's
-- other testimonials; an admin edits and orders it like any other. A quote published already gives
-- back its testimonial (while it is live). A quote without consent is refused, whoever asks.
create function public.publish_feedback_quote(response_id uuid)
  returns uuid
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_response public.feedback_responses;
  v_attendee public.attendees;
  v_testimonial uuid;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can publish testimonials';
  end if;
  select * into v_response from public.feedback_responses fr where fr.id = response_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'No such feedback';
  end if;
  if not v_response.quote_consent or nullif(btrim(v_response.quote), '') is null then
    raise exception using errcode = '22023', message = 'This quote was given without consent to publish it';
  end if;
  if v_response.testimonial_id is not null
     and exists (select 1 from public.testimonials t where t.id = v_response.testimonial_id and not t._deleted) then
    return v_response.testimonial_id;
  end if;
  select * into v_attendee from public.attendees a where a.id = v_response.attendee_id;
  insert into public.testimonials (event_id, name, job_title, company, photo_url, quote, rating, display_order)
  values (
    v_response.event_id,
    v_attendee.name,
    v_attendee.job_title,
    v_attendee.company,
    nullif(v_attendee.photo_url, ''),
    btrim(v_response.quote),
    v_response.rating,
    coalesce((select max(t.display_order) + 1 from public.testimonials t
               where t.event_id = v_response.event_id and not t._deleted), 0)
  )
  returning id into v_testimonial;
  update public.feedback_responses set testimonial_id = v_testimonial where id = response_id;
  return v_testimonial;
end
$$;
comment on function public.publish_feedback_quote(uuid) is
  'Admins only: publishes a quote given with consent as a testimonial of its event.';
revoke all on function public.publish_feedback_quote(uuid) from public, anon;
grant execute on function public.publish_feedback_quote(uuid) to authenticated;
