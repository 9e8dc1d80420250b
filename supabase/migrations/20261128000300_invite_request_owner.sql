-- A request's details belong to the person who made it (issue 27). Until now a second anonymous
-- request for the same event and address replaced the first one's name, company, job title, 'why
-- you' and LinkedIn link, even on an approved request; and five requests naming an address used up
-- that address's hourly limit, so a stranger could lock its owner out of asking for any event.
--
-- Now, for a live request of the same event and address:
-- - an anonymous repeat changes nothing, and answers exactly as a first request does (no
--   enumeration); the address is told, at most once per window, that its request is already in, with
--   a personal link that lets the mailbox's owner change the details (`#request=<guest token>` on the
--   event page, which sends the token back as `update_token`);
-- - a request that carries the request's own guest token changes the details (never the status, the
--   token or the attendee link).
-- The limit per e-mail address no longer refuses anything: it bounds what is mailed to the address,
-- `email_limit` 'received' messages and as many 'already requested' ones per window (counted apart,
-- so that the owner's own receipt never keeps them from hearing of a stranger's attempt). The limit per client
-- address stays, and a robot that fills the honeypot meets it too: it gets the same answers, limits
-- and event checks included, and nothing is stored.

alter table private.guest_messages drop constraint guest_messages_kind_check;
alter table private.guest_messages add constraint guest_messages_kind_check
  check (kind in ('received', 'approved', 'declined', 'waitlisted', 'invited', 'already_requested'));
comment on column private.guest_messages.kind is
  'The status change the guest hears about, or already_requested: someone asked again for a request that is in.';

drop function public.submit_invite_request(jsonb, text, integer, integer, integer);

-- The request, as the function validated it (trimmed texts, lower-cased e-mail, consent true), with
-- `update_token` when it came through the owner's personal link, and `honeypot` true for a robot's.
-- Answers one of:
--   'ok'            taken (made, left as it was, or updated by its owner): the caller cannot tell which;
--   'rate_limited'  over `address_limit` requests from the client address within `window_seconds`;
--                   nothing was written but the count;
--   'no_event'      no live event has that id;
--   'event_over'    the event has ended.
create function public.submit_invite_request(
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

  if v_token is not null and v_token = v_existing.guest_token then
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

  -- Someone, perhaps a stranger, asked again: the details stay the owner's, and the owner hears of it.
  if private.count_invite_request('again:' || v_email, v_window) <= email_limit then
    insert into private.guest_messages (request_id, kind, status_changed_at)
    values (v_existing.id, 'already_requested', clock_timestamp());
  end if;
  return 'ok';
end
$$;
comment on function public.submit_invite_request(jsonb, text, integer, integer, integer) is
  'Service role only (the request-invite function): rate-limits, then makes a visitor''s invite request, or lets its owner update it.';
revoke all on function public.submit_invite_request(jsonb, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.submit_invite_request(jsonb, text, integer, integer, integer) to service_role;
