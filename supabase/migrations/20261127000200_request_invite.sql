-- A visitor's invite request (issue 15): the request-invite server function's one door to
-- public.invite_requests. Visitors never write the table themselves; the function validates the
-- request and calls `submit_invite_request` with the service role, which in one transaction counts
-- the request against the limits per client address and per e-mail address, checks that the event
-- is live and not over, and makes the request, or updates the earlier one of the same address for
-- the same event. The limits live here, not in the function, so that they hold across function
-- instances and restarts.

-- One counter per address (client address or e-mail address) and fixed window. The address is kept
-- as its SHA-256 only: the counters are about abuse, not about people.
create table private.invite_request_limits (
  bucket text primary key check (bucket ~ '^[0-9a-f]{64}$'),
  window_started_at timestamptz not null,
  attempts integer not null check (attempts >= 1)
);
comment on table private.invite_request_limits is
  'Invite requests counted per client address and per e-mail address (SHA-256 of each) and window. No API role reads it.';
create index invite_request_limits_window_idx on private.invite_request_limits (window_started_at);
alter table private.invite_request_limits enable row level security;
revoke all on table private.invite_request_limits from public, anon, authenticated, service_role;

-- Counts one request against `counted` (the window starts again once `window_length` has passed since
-- its first request) and returns the count in the current window. The row lock of the upsert orders
-- concurrent requests of the same address, so none is missed.
create function private.count_invite_request(counted text, window_length interval)
  returns integer
  language sql
  volatile
  set search_path = ''
as $$
  insert into private.invite_request_limits as l (bucket, window_started_at, attempts)
  values (encode(sha256(convert_to(counted, 'UTF8')), 'hex'), now(), 1)
  on conflict on constraint invite_request_limits_pkey do update
    set attempts = case when l.window_started_at <= now() - window_length then 1 else l.attempts + 1 end,
        window_started_at = case when l.window_started_at <= now() - window_length then now() else l.window_started_at end
  returning attempts
$$;
revoke all on function private.count_invite_request(text, interval) from public;

-- The request, as the function validated it (trimmed texts, lower-cased e-mail, consent true), for
-- `client_address` (the caller's IP address as the platform reported it; null when it did not).
-- Answers one of:
--   'ok'            the request was made, or the live request of the same event and address updated
--                   (name, company, job title, LinkedIn URL, 'why you', consent; never its status,
--                   token or attendee link): the caller cannot tell which, so no answer tells
--                   whether an address had asked before;
--   'rate_limited'  over `address_limit` requests from the client address, or `email_limit` for the
--                   e-mail address, within `window_seconds`; nothing was written but the count;
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
  v_end timestamptz;
  v_live boolean;
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
  if private.count_invite_request('email:' || v_email, v_window) > email_limit then
    return 'rate_limited';
  end if;

  select e.end_date, not e._deleted into v_end, v_live from public.events e where e.id = v_event_id;
  if not found or not v_live then
    return 'no_event';
  end if;
  if v_end <= now() then
    return 'event_over';
  end if;

  insert into public.invite_requests as r (event_id, name, email, company, job_title, linkedin_url, reason, consent)
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
  on conflict (event_id, email) where not _deleted do update
    set name = excluded.name,
        company = excluded.company,
        job_title = excluded.job_title,
        linkedin_url = excluded.linkedin_url,
        reason = excluded.reason,
        consent = excluded.consent;
  return 'ok';
end
$$;
comment on function public.submit_invite_request(jsonb, text, integer, integer, integer) is
  'Service role only (the request-invite function): rate-limits, then makes or updates a visitor''s invite request.';
revoke all on function public.submit_invite_request(jsonb, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.submit_invite_request(jsonb, text, integer, integer, integer) to service_role;
