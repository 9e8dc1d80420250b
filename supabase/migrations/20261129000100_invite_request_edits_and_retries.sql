-- A request's details are changed through a link of their own, no longer with the guest's pass.
-- Migration 20261128000300 let the request's guest token (`update_token`) rewrite its name, company,
-- job title, LinkedIn link and 'why you'. But that token is the pass: it is in the QR code a guest
-- shows at the door, prints, and has scanned, so whoever saw it, and knew or guessed the guest's
-- e-mail address, could rewrite the request, approved or not.
--
-- Now the 'already requested' message carries a token made for that purpose alone, kept here where
-- no API role reads it (the service role's functions below reach it); the pass changes nothing.
-- Links mailed before this migration carried the pass and no longer change anything: asking again
-- mails the owner a link that does.
--
-- And a submission is taken once. The page's outbox sends a request again when no answer came (a
-- dropped connection, a closed tab): when the first attempt had been taken, the second one met the
-- request it had made and mailed its owner that someone asked again. A request now carries the
-- page's id for it (`submission_id`, the same on every attempt); one seen before is answered 'ok'
-- and does nothing.

create table private.invite_request_edit_tokens (
  request_id uuid primary key references public.invite_requests (id) on delete cascade,
  token text not null unique default private.new_guest_token(),
  created_at timestamptz not null default now()
);
comment on table private.invite_request_edit_tokens is
  'The token of the link that changes a request''s details (`#request=`), made when its owner is told someone asked again. No API role reads it.';
alter table private.invite_request_edit_tokens enable row level security;
revoke all on table private.invite_request_edit_tokens from public, anon, authenticated, service_role;

-- Submissions taken, by the page's id for them, for as long as a page may still be sending one again.
create table private.invite_request_submissions (
  submission_id uuid primary key,
  taken_at timestamptz not null default now()
);
comment on table private.invite_request_submissions is
  'Invite request submissions taken, by the id the page gave each (the same on every attempt to send it), kept 30 days. No API role reads it.';
create index invite_request_submissions_taken_at_idx on private.invite_request_submissions (taken_at);
alter table private.invite_request_submissions enable row level security;
revoke all on table private.invite_request_submissions from public, anon, authenticated, service_role;

-- 'Already requested' messages still waiting to go out get their link's token now.
insert into private.invite_request_edit_tokens (request_id)
select distinct m.request_id
  from private.guest_messages m
 where m.kind = 'already_requested' and m.sent_at is null and m.request_id is not null
on conflict do nothing;

-- As in migration 20261128000300, with the request's edit token in place of its guest token, and a
-- submission seen before taken as done.
create or replace function public.submit_invite_request(
  request jsonb,
  client_address text,
  address_limit integer,
  email_limit integer,
  window_seconds integer
)
  returns text
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_window interval;
  v_email text := lower(btrim(request ->> 'email'));
  v_event_id uuid := (request ->> 'event_id')::uuid;
  v_token text := nullif(request ->> 'update_token', '');
  v_submission uuid := nullif(request ->> 'submission_id', '')::uuid;
  v_end timestamptz;
  v_live boolean;
  v_existing public.invite_requests;
  v_new_id uuid;
begin
  if window_seconds is null or window_seconds < 1 or address_limit is null or address_limit < 1
     or email_limit is null or email_limit < 1 then
    raise exception using errcode = '22023', message = 'submit_invite_request: the limits must be positive';
  end if;
  v_window := make_interval(secs => window_seconds);

  -- Windows that ended are forgotten, so the table holds only the last window's addresses.
  delete from private.invite_request_limits where window_started_at <= now() - v_window;
  if private.count_invite_request('address:' || coalesce(client_address, 'unknown'), v_window) > address_limit then
    return 'rate_limited';
  end if;

  select e.end_date, not e._deleted into v_end, v_live from public.events e where e.id = v_event_id;
  if not found or not v_live then
    return 'no_event';
  end if;
  if v_end <= now() then
    return 'event_over';
  end if;
  if coalesce((request ->> 'honeypot')::boolean, false) then
    return 'ok';
  end if;

  -- Sent again after an answer that was lost: it was taken then.
  if v_submission is not null then
    delete from private.invite_request_submissions where taken_at < now() - interval '30 days';
    insert into private.invite_request_submissions (submission_id) values (v_submission) on conflict do nothing;
    if not found then
      return 'ok';
    end if;
  end if;

  select * into v_existing
    from public.invite_requests r
   where r.event_id = v_event_id and r.email = v_email and not r._deleted
     for update;

  if v_existing.id is null then
    insert into public.invite_requests (event_id, name, email, company, job_title, linkedin_url, reason, consent)
    values (
      v_event_id,
      request ->> 'name',
      v_email,
      request ->> 'company',
      request ->> 'job_title',
      nullif(request ->> 'linkedin_url', ''),
      nullif(request ->> 'reason', ''),
      coalesce((request ->> 'consent')::boolean, false)
    )
    on conflict (event_id, email) where not _deleted do nothing
    returning id into v_new_id;
    -- The trigger queued its 'received' message; past the address's mail budget it goes unsent.
    if v_new_id is not null and private.count_invite_request('received:' || v_email, v_window) > email_limit then
      delete from private.guest_messages m where m.request_id = v_new_id and m.kind = 'received' and m.sent_at is null;
    end if;
    return 'ok';
  end if;

  if v_token is not null and exists (
    select 1 from private.invite_request_edit_tokens t where t.request_id = v_existing.id and t.token = v_token
  ) then
    update public.invite_requests r
       set name = request ->> 'name',
           company = request ->> 'company',
           job_title = request ->> 'job_title',
           linkedin_url = nullif(request ->> 'linkedin_url', ''),
           reason = nullif(request ->> 'reason', ''),
           consent = coalesce((request ->> 'consent')::boolean, false)
     where r.id = v_existing.id;
    return 'ok';
  end if;

  -- Someone, perhaps a stranger, asked again: the details stay the owner's, and the owner hears of it,
  -- with the link that changes them.
  insert into private.invite_request_edit_tokens (request_id) values (v_existing.id) on conflict do nothing;
  if private.count_invite_request('again:' || v_email, v_window) <= email_limit then
    insert into private.guest_messages (request_id, kind, status_changed_at)
    values (v_existing.id, 'already_requested', clock_timestamp());
  end if;
  return 'ok';
end
$$;
revoke all on function public.submit_invite_request(jsonb, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.submit_invite_request(jsonb, text, integer, integer, integer) to service_role;

-- As in migration 20261128000600, and an 'already requested' message carries the edit token.
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
