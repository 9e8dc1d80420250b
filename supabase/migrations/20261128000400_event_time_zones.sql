-- Every event happens in a time zone, the venue's (issue 28, docs/decisions/019-venue-time-zones.md):
-- its dates and times are shown and entered in that zone, wherever the reader is. An IANA name
-- ('Europe/Lisbon', 'Asia/Dubai'), never null, and one the database itself knows.
--
-- A row written without one (an older client, a script, the SQL editor) gets the series' default
-- zone: the database setting `app.default_time_zone` where the project sets one
-- (`alter database postgres set app.default_time_zone = 'Europe/London'`), else UTC. Existing events
-- get that default when this migration runs, so it is safe on a project with data.

-- The series' default zone: the setting when it names a zone the database knows, else UTC.
create function private.default_time_zone()
  returns text
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  v_setting text := nullif(btrim(current_setting('app.default_time_zone', true)), '');
begin
  if v_setting is not null and exists (select 1 from pg_catalog.pg_timezone_names where name = v_setting) then
    return v_setting;
  end if;
  return 'UTC';
end
$$;
revoke all on function private.default_time_zone() from public;
grant execute on function private.default_time_zone() to anon, authenticated, service_role;

alter table public.events add column time_zone text;
update public.events set time_zone = private.default_time_zone() where time_zone is null;
alter table public.events alter column time_zone set not null;
alter table public.events alter column time_zone set default private.default_time_zone();
alter table public.events add constraint events_time_zone_check
  check (char_length(time_zone) between 1 and 64 and time_zone ~ '^[A-Za-z0-9_+/-]+$');
comment on column public.events.time_zone is
  'The venue''s IANA time zone (e.g. Asia/Dubai): every date and time of the event is shown and entered in it.';

-- Fills a missing zone with the series' default and refuses a name the database does not know, with
-- a message that says what to write instead.
create function private.settle_event_time_zone()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.time_zone is null or btrim(new.time_zone) = '' then
    new.time_zone := private.default_time_zone();
  elsif tg_op = 'UPDATE' and new.time_zone = old.time_zone then
    return new;
  elsif not exists (select 1 from pg_catalog.pg_timezone_names where name = new.time_zone) then
    raise exception using
      errcode = '22023',
      message = format('Unknown time zone ''%s'': use an IANA name such as Europe/Lisbon or Asia/Dubai', left(new.time_zone, 64));
  end if;
  return new;
end
$$;

-- A writer that leaves the column out gets the column's default (the series' zone); one that sends
-- null or a blank (an older client's upsert) gets it here.
create trigger s_settle_event_time_zone before insert or update of time_zone on public.events
  for each row execute function private.settle_event_time_zone();
