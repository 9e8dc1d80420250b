-- Every row of every public table in one answer, for a first visit's service worker to hold
-- (docs/decisions/016-offline-from-the-first-visit.md): a visit of a few seconds is offline-ready
-- once the worker is installed, without waiting for the replica's pulls, table by table.
--
-- SECURITY INVOKER: it reads as the caller (anon), through the same row-level security and column
-- privileges as the table API, so it can show nothing the tables would not (attendees come without
-- email, which anon may not select). Soft-deleted rows are left out: a replica filled from this
-- answer has never held them. The tables are the replicated ones (sync/schema/tables.generated.ts;
-- tests/integration/public-rows.test.ts fails when the two lists differ).
create function public.public_rows()
  returns jsonb
  language plpgsql
  stable
  security invoker
  set search_path = ''
as $$
declare
  answer jsonb := '{}'::jsonb;
  tbl text;
  fields text;
  rows jsonb;
begin
  foreach tbl in array array[
    'events', 'attendees', 'event_attendees', 'sponsors_library', 'sponsor_tiers', 'event_sponsors',
    'sessions', 'session_speakers', 'event_gallery', 'testimonials', 'videos'
  ] loop
    select string_agg(format('%L, t.%I', c.column_name, c.column_name), ', ' order by c.ordinal_position)
      into fields
      from information_schema.columns c
     where c.table_schema = 'public'
       and c.table_name = tbl
       and has_column_privilege(format('public.%I', tbl), c.column_name, 'SELECT');
    execute format(
      'select coalesce(jsonb_agg(jsonb_build_object(%s) order by t._modified, t.id), ''[]'') from public.%I t where not t._deleted',
      fields,
      tbl
    ) into rows;
    answer := answer || jsonb_build_object(tbl, rows);
  end loop;
  return answer;
end
$$;
comment on function public.public_rows() is
  'Every live row of the public tables, with the columns the caller may read, by table name.';

revoke all on function public.public_rows() from public, authenticated, service_role;
grant execute on function public.public_rows() to anon;
