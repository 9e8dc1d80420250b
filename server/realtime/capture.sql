-- LOCAL BACKEND ONLY: change capture for realtime's postgres_changes. Hosted Supabase reads the
-- write-ahead log instead, so none of this belongs in supabase/migrations. The realtime module
-- runs this file after the migrations on every start (every statement is idempotent) and then
-- calls realtime_local.sync_capture().
--
-- Every table of publication supabase_realtime gets an AFTER ROW trigger that NOTIFYs channel
-- realtime_local_changes with keys only: schema, table, operation, the primary key (and the old
-- one for UPDATE and DELETE) and the write time. NOTIFY payloads are limited to 8000 bytes and
-- the realtime server re-reads every row under each subscriber's own role and claims, so no row
-- data travels here. Postgres delivers notifications when the writer commits, in commit order,
-- and not at all when it rolls back.

create schema if not exists realtime_local;
comment on schema realtime_local is
  'Local backend only: change capture for realtime (hosted Supabase reads the WAL instead).';
revoke all on schema realtime_local from public;

-- Trigger arguments: the table's primary-key columns, in key order (set by sync_capture).
-- Runs as the writer: it reads nothing but the row in hand, and pg_notify needs no privilege.
create or replace function realtime_local.capture_change()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  new_row jsonb;
  old_row jsonb;
  payload jsonb;
begin
  if tg_op <> 'DELETE' then
    new_row := to_jsonb(new);
  end if;
  if tg_op <> 'INSERT' then
    old_row := to_jsonb(old);
  end if;
  payload := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'key', (select jsonb_object_agg(k, new_row -> k) from unnest(tg_argv) as k where new_row is not null),
    'old_key', (select jsonb_object_agg(k, old_row -> k) from unnest(tg_argv) as k where old_row is not null),
    'at', to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  );
  if octet_length(payload::text) > 7900 then
    -- A key this long cannot be sent; say so rather than fail the writer's transaction.
    payload := (payload - 'key' - 'old_key') || jsonb_build_object('too_large', true);
  end if;
  perform pg_notify('realtime_local_changes', payload::text);
  return null;
end
$$;
revoke all on function realtime_local.capture_change() from public;

-- Puts the capture trigger on every published table that has a primary key (with the current key
-- columns as arguments) and takes it off tables that left the publication. Returns the published
-- tables it captures.
drop function if exists realtime_local.sync_capture();
create function realtime_local.sync_capture()
  returns table (schema_name text, table_name text)
  language plpgsql
  set search_path = ''
as $$
declare
  item record;
begin
  for item in
    select c.oid as relid
      from pg_catalog.pg_trigger t
      join pg_catalog.pg_class c on c.oid = t.tgrelid
     where t.tgname = 'realtime_local_capture'
       and not exists (
         select 1 from pg_catalog.pg_publication_tables p
          where p.pubname = 'supabase_realtime'
            and format('%I.%I', p.schemaname, p.tablename)::regclass = c.oid
       )
  loop
    execute format('drop trigger realtime_local_capture on %s', item.relid::regclass);
  end loop;

  for item in
    select format('%I.%I', p.schemaname, p.tablename)::regclass as relid,
           p.schemaname::text as nsp,
           p.tablename::text as rel,
           (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
              from pg_catalog.pg_index i
              join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey::int2[])
             where i.indrelid = format('%I.%I', p.schemaname, p.tablename)::regclass and i.indisprimary) as key_columns
      from pg_catalog.pg_publication_tables p
     where p.pubname = 'supabase_realtime'
  loop
    continue when item.key_columns is null;
    if not exists (
      select 1 from pg_catalog.pg_trigger t
       where t.tgrelid = item.relid
         and t.tgname = 'realtime_local_capture'
         and t.tgargs = (select string_agg(convert_to(k, 'UTF8') || '\x00'::bytea, ''::bytea order by n)
                           from unnest(item.key_columns) with ordinality as u(k, n))
    ) then
      execute format(
        'create or replace trigger realtime_local_capture after insert or update or delete on %s
           for each row execute function realtime_local.capture_change(%s)',
        item.relid, (select string_agg(quote_literal(k), ', ') from unnest(item.key_columns) as k));
    end if;
    schema_name := item.nsp;
    table_name := item.rel;
    return next;
  end loop;
end
$$;
revoke all on function realtime_local.sync_capture() from public;
