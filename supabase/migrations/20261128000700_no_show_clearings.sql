-- A guest's story across the series (issue 32): an admin may clear a no-show, with a reason (the
-- guest was ill, the flight was cancelled, the door missed them), so that it no longer counts
-- against them in the Attendees list and on their page.
--
-- Admin-only data that cannot be replicated: the admin's replica opens the open-core RxDB's 13
-- collections already (docs/decisions/023-reminders-and-feedback.md). A clearing is a rare, deliberate
-- act that the server must check (was it a no-show at all?), so, like 'Publish as testimonial', it
-- is made online through a function, and the clearings are read online by admins
-- (docs/decisions/024-a-guest-across-the-series.md). No _modified: no replica holds the table.

create table public.no_show_clearings (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  attendee_id uuid not null references public.attendees (id) on delete cascade,
  reason text not null check (char_length(btrim(reason)) between 1 and 500),
  cleared_by uuid references auth.users (id) on delete set null,
  cleared_at timestamptz not null default now(),
  unique (event_id, attendee_id)
);
comment on table public.no_show_clearings is
  'No-shows an admin cleared, with the reason: they no longer count against the guest. Admins only.';
create index no_show_clearings_attendee_idx on public.no_show_clearings (attendee_id);

alter table public.no_show_clearings enable row level security;
create policy "Admins can read no-show clearings" on public.no_show_clearings
  for select to authenticated using ((select private.is_admin()));
revoke all on public.no_show_clearings from anon, authenticated, service_role;
grant select on public.no_show_clearings to authenticated;
grant select, insert, update, delete on public.no_show_clearings to service_role;

do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime')
     and not exists (
       select 1 from pg_catalog.pg_publication_tables
        where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'no_show_clearings'
     ) then
    alter publication supabase_realtime add table public.no_show_clearings;
  end if;
end
$$;

-- Clearing a no-show ------------------------------------------------------------------------------
-- Admins only. Refuses what was no no-show: an edition not over yet, a guest who was not expected
-- (neither on its list nor approved or invited), or one the door checked in (a check-in not undone).
-- Clearing again replaces the reason.
create function public.clear_no_show(target_event uuid, target_attendee uuid, reason text)
  returns uuid
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_end timestamptz;
  v_id uuid;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can clear a no-show';
  end if;
  if nullif(btrim(coalesce(reason, '')), '') is null then
    raise exception using errcode = '22023', message = 'Say why the no-show is cleared';
  end if;
  if char_length(btrim(reason)) > 500 then
    raise exception using errcode = '22023', message = 'The reason is longer than 500 characters';
  end if;
  select e.end_date into v_end from public.events e where e.id = target_event and not e._deleted;
  if not found then
    raise exception using errcode = 'P0002', message = 'No such event';
  end if;
  if v_end >= now() then
    raise exception using errcode = '22023', message = 'This edition is not over yet';
  end if;
  if not exists (
    select 1 from public.event_attendees ea
     where ea.event_id = target_event and ea.attendee_id = target_attendee and not ea._deleted
  ) and not exists (
    select 1 from public.invite_requests r
     where r.event_id = target_event and r.attendee_id = target_attendee and not r._deleted
       and r.status in ('approved', 'invited')
  ) then
    raise exception using errcode = '22023', message = 'This guest was not expected at this edition';
  end if;
  if exists (
    select 1 from public.check_ins c
     where c.event_id = target_event and c.attendee_id = target_attendee and c.undoes is null
       and not exists (select 1 from public.check_ins u where u.undoes = c.id)
  ) then
    raise exception using errcode = '22023', message = 'This guest was checked in at this edition';
  end if;
  insert into public.no_show_clearings as n (event_id, attendee_id, reason, cleared_by)
  values (target_event, target_attendee, btrim(reason), auth.uid())
  on conflict (event_id, attendee_id)
    do update set reason = excluded.reason, cleared_by = excluded.cleared_by, cleared_at = now()
  returning n.id into v_id;
  return v_id;
end
$$;
comment on function public.clear_no_show(uuid, uuid, text) is
  'Admins only: clears a guest''s no-show at an edition that is over, with a reason.';
revoke all on function public.clear_no_show(uuid, uuid, text) from public, anon;
grant execute on function public.clear_no_show(uuid, uuid, text) to authenticated;

-- Taking a clearing back: the no-show counts again. Admins only.
create function public.restore_no_show(target_event uuid, target_attendee uuid)
  returns void
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can restore a no-show';
  end if;
  delete from public.no_show_clearings n where n.event_id = target_event and n.attendee_id = target_attendee;
end
$$;
comment on function public.restore_no_show(uuid, uuid) is
  'Admins only: takes back a no-show''s clearing, so it counts again.';
revoke all on function public.restore_no_show(uuid, uuid) from public, anon;
grant execute on function public.restore_no_show(uuid, uuid) to authenticated;
