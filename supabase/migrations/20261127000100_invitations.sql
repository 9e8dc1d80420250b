-- Invitations (issue 15, docs/decisions/018-invitations-and-door-data.md): a visitor's request for
-- an invite, the admin's decision on it, the guest's personal token, the event's seats, and the
-- messages the guest is owed, queued on the server exactly once per status change.

-- The event's seats ('32 of 40 seats'); none when null.
alter table public.events
  add column capacity integer check (capacity between 1 and 100000);
comment on column public.events.capacity is 'Seats for guests; null when the event sets no limit.';

-- A random, unguessable token (two version-4 UUIDs: 244 random bits), hex.
create function private.new_guest_token()
  returns text
  language sql
  volatile
  set search_path = ''
as $$
  select replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
$$;

create table public.invite_requests (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 300),
  email text not null check (private.is_email(email)),
  company text check (char_length(company) <= 300),
  job_title text check (char_length(job_title) <= 300),
  linkedin_url text check (private.is_safe_url(linkedin_url)),
  reason text check (char_length(reason) <= 2000),
  consent boolean not null default false,
  status text not null default 'pending'
    check (status in ('pending', 'approved', 'declined', 'waitlisted', 'invited')),
  status_changed_at timestamptz not null default now(),
  attendee_id uuid references public.attendees (id) on delete set null,
  guest_token text not null default private.new_guest_token(),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
comment on table public.invite_requests is
  'A guest asking for (or given) an invite to an event. Personal data: admins only, through every door.';
comment on column public.invite_requests.email is 'Stored trimmed and lower-cased; one live request per event and address.';
comment on column public.invite_requests.reason is 'The guest''s "Why you" text.';
comment on column public.invite_requests.status is
  'pending (asked), approved, declined, waitlisted, or invited (added by an admin without asking).';
comment on column public.invite_requests.status_changed_at is 'Set by the server when the status changes.';
comment on column public.invite_requests.attendee_id is
  'The attendee an approved or invited guest was linked to (set by the server).';
comment on column public.invite_requests.guest_token is
  'The guest''s personal link and door code. Made by the server; a client can neither choose nor change it.';

create index invite_requests_sync_idx on public.invite_requests (_modified, id);
create unique index invite_requests_live_key on public.invite_requests (event_id, email) where not _deleted;
create unique index invite_requests_guest_token_key on public.invite_requests (guest_token);
create index invite_requests_event_status_idx on public.invite_requests (event_id, status);

-- Data rules, as on every replicated table (20261122000200_data_rules.sql).
create trigger a_lock_sync_clock before insert or update or delete on public.invite_requests
  for each statement execute function private.lock_sync_clock();
create trigger z_stamp_modified before insert or update on public.invite_requests
  for each row execute function private.stamp_modified();
create trigger soft_delete before delete on public.invite_requests
  for each row execute function private.soft_delete();
create trigger normalise_email before insert or update of email on public.invite_requests
  for each row execute function private.normalise_email();
create trigger require_live_parents before insert or update on public.invite_requests
  for each row execute function private.require_live_parents('event_id', 'events');
create trigger cascade_soft_delete_invites after update of _deleted on public.events
  for each row when (new._deleted and not old._deleted)
  execute function private.cascade_soft_delete('invite_requests', 'event_id');

-- The server's columns: the token is made on insert and never changes; the status time moves only
-- with the status; an approved or invited guest is linked to the event as a current attendee (the
-- live attendee with the same address, else a new one from the request). Declining or waitlisting
-- deletes nothing. Runs as the caller (an admin, or the service role for the request function).
create function private.settle_invite_request()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  found_attendee uuid;
begin
  if tg_op = 'INSERT' then
    new.guest_token := private.new_guest_token();
    new.status_changed_at := clock_timestamp();
  else
    new.guest_token := old.guest_token;
    if new.status is distinct from old.status then
      new.status_changed_at := clock_timestamp();
    else
      new.status_changed_at := old.status_changed_at;
    end if;
  end if;

  if new.status in ('approved', 'invited') and not new._deleted then
    select a.id into found_attendee
      from public.attendees a
     where a.id = new.attendee_id and not a._deleted;
    if found_attendee is null then
      select a.id into found_attendee
        from public.attendees a
       where a.email = new.email and not a._deleted
       order by a.registered_at, a.id
       limit 1;
    end if;
    if found_attendee is null then
      insert into public.attendees (name, email, company, job_title, linkedin_url)
      values (new.name, new.email, new.company, new.job_title, nullif(new.linkedin_url, ''))
      returning id into found_attendee;
    end if;
    new.attendee_id := found_attendee;
    insert into public.event_attendees (event_id, attendee_id, attendee_type)
    select new.event_id, found_attendee, 'current'
     where not exists (
       select 1 from public.event_attendees ea
        where ea.event_id = new.event_id and ea.attendee_id = found_attendee and not ea._deleted
     );
  end if;
  return new;
end
$$;

create trigger s_settle_invite_request before insert or update on public.invite_requests
  for each row execute function private.settle_invite_request();

-- Messages to guests: a server-side outbox ---------------------------------------------------------
-- One row per status change the guest hears about: 'received' when a request is made, then
-- 'approved', 'declined', 'waitlisted', 'invited'. The key (request, kind, status time) makes a
-- repeated push of a change already applied (no status change, so no new status time) add
-- nothing, and two pushes at once are ordered by the row lock. Never replicated, never exposed:
-- the send-guest-messages function reads it through the service-role RPCs below.
create table private.guest_messages (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null references public.invite_requests (id) on delete cascade,
  kind text not null check (kind in ('received', 'approved', 'declined', 'waitlisted', 'invited')),
  status_changed_at timestamptz not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text,
  unique (request_id, kind, status_changed_at)
);
create index guest_messages_unsent_idx on private.guest_messages (next_attempt_at) where sent_at is null;

-- SECURITY DEFINER: admins and the service role change statuses, but neither may touch the outbox.
create function private.queue_guest_message()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  message_kind text;
begin
  if new._deleted then
    return null;
  end if;
  if tg_op = 'INSERT' then
    message_kind := case new.status when 'pending' then 'received' else new.status end;
  elsif new.status is distinct from old.status and new.status <> 'pending' then
    message_kind := new.status;
  else
    return null;
  end if;
  insert into private.guest_messages (request_id, kind, status_changed_at)
  values (new.id, message_kind, new.status_changed_at)
  on conflict (request_id, kind, status_changed_at) do nothing;
  return null;
end
$$;
revoke all on function private.queue_guest_message() from public;

create trigger queue_guest_message after insert or update of status on public.invite_requests
  for each row execute function private.queue_guest_message();

-- Takes up to `max_messages` messages due for sending and leases them for two minutes (a sender
-- that dies leaves them to the next), with what the mail needs: the guest, the event, the token. In
-- the order of the changes, so that a sender can keep one guest's messages in that order.
create function public.claim_guest_messages(max_messages integer default 20)
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
             'location', e.location, 'start_date', e.start_date, 'end_date', e.end_date)
         ) order by l.status_changed_at, l.created_at), '[]'::jsonb)
    into answer
    from leased l
    join public.invite_requests r on r.id = l.request_id
    join public.events e on e.id = r.event_id;
  return answer;
end
$$;
comment on function public.claim_guest_messages(integer) is
  'Service role only: leases guest messages due for sending, with the guest and event they are about.';

-- Records the outcome of a claimed message: sent (error null), or failed, to be tried again later
-- (a minute, doubling up to an hour).
create function public.finish_guest_message(message_id uuid, error text default null)
  returns void
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
begin
  if error is null then
    update private.guest_messages set sent_at = now(), last_error = null where id = message_id;
  else
    update private.guest_messages
       set last_error = left(error, 1000),
           next_attempt_at = now() + least(interval '1 hour', interval '1 minute' * power(2, greatest(attempts - 1, 0)))
     where id = message_id;
  end if;
end
$$;
comment on function public.finish_guest_message(uuid, text) is
  'Service role only: marks a claimed guest message sent, or failed with the error.';

revoke all on function public.claim_guest_messages(integer) from public, anon, authenticated;
revoke all on function public.finish_guest_message(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_guest_messages(integer) to service_role;
grant execute on function public.finish_guest_message(uuid, text) to service_role;
grant execute on function private.new_guest_token() to authenticated, service_role;

-- Who may do what: admins only, for every command; anon and plain users reach no row and no column.
alter table public.invite_requests enable row level security;
create policy "Admins can read invite requests" on public.invite_requests
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can insert invite requests" on public.invite_requests
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update invite requests" on public.invite_requests
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete invite requests" on public.invite_requests
  for delete to authenticated using ((select private.is_admin()));

revoke all on public.invite_requests from anon, authenticated, service_role;
grant select, insert, update, delete on public.invite_requests to authenticated;
grant select, insert, update, delete on public.invite_requests to service_role;

-- Realtime: published like the other replicated tables; row security keeps its events to admins.
do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime')
     and not exists (
       select 1 from pg_catalog.pg_publication_tables
        where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'invite_requests'
     ) then
    alter publication supabase_realtime add table public.invite_requests;
  end if;
end
$$;
