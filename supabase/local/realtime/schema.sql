-- What Realtime needs in the database, the way a hosted project has it: the `realtime` schema and
-- the empty `supabase_realtime` publication a table joins with
-- `alter publication supabase_realtime add table …`. Supabase reads the publication through
-- logical replication; PGlite has no replication slots, so here every table in the publication
-- gets an AFTER ROW trigger that sends the change with NOTIFY (the server LISTENs). Idempotent:
-- it runs at every start, before the migrations.

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- A change whose NOTIFY payload would pass Postgres's 8000-byte limit is stored here and only its
-- id is notified; the server reads and deletes the row.
create table if not exists realtime.change_spill (
  id bigint generated always as identity primary key,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
revoke all on realtime.change_spill from public, anon, authenticated;

-- Keeps two identical changes in one transaction apart: NOTIFY folds equal payloads together.
create sequence if not exists realtime.change_seq;
revoke all on sequence realtime.change_seq from public, anon, authenticated;

-- The capture trigger: the row, the table's columns (pg_type.typname, primary key), whether RLS
-- is on and the replica identity, as JSON on the channel `supabase_realtime_changes`.
create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  meta record;
  payload jsonb;
  body text;
  spill_id bigint;
begin
  select
    c.relrowsecurity as rls,
    c.relreplident as replident,
    (
      select jsonb_agg(jsonb_build_object(
        'name', a.attname,
        'type', t.typname,
        'pk', coalesce(a.attnum = any (i.indkey), false)
      ) order by a.attnum)
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_index i on i.indrelid = a.attrelid and i.indisprimary
      where a.attrelid = tg_relid and a.attnum > 0 and not a.attisdropped
    ) as columns
  into meta
  from pg_catalog.pg_class c
  where c.oid = tg_relid;

  payload := jsonb_build_object(
    'seq', nextval('realtime.change_seq'),
    'relid', tg_relid::bigint,
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'rls', meta.rls,
    'replica_identity', meta.replident,
    'columns', coalesce(meta.columns, '[]'::jsonb),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end
  );
  body := payload::text;
  if octet_length(body) > 7900 then
    insert into realtime.change_spill (payload) values (payload) returning id into spill_id;
    body := jsonb_build_object('spill', spill_id)::text;
  end if;
  perform pg_catalog.pg_notify('supabase_realtime_changes', body);
  return null;
end
$$;

-- Gives every table of the publication the capture trigger and takes it off tables that left.
create or replace function realtime.sync_capture() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  rel regclass;
begin
  for rel in
    select format('%I.%I', p.schemaname, p.tablename)::regclass
    from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime'
      and not exists (
        select from pg_catalog.pg_trigger t
        where t.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
          and t.tgname = 'supabase_realtime_capture'
      )
  loop
    execute format(
      'create trigger supabase_realtime_capture after insert or update or delete on %s '
      'for each row execute function realtime.capture_change()',
      rel
    );
  end loop;
  for rel in
    select t.tgrelid::regclass
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where t.tgname = 'supabase_realtime_capture'
      and not exists (
        select from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute format('drop trigger supabase_realtime_capture on %s', rel);
  end loop;
end
$$;

create or replace function realtime.on_publication_change() returns event_trigger
language plpgsql
as $$
begin
  perform realtime.sync_capture();
end
$$;

-- Event triggers need a superuser (always the case on PGlite). Without one the server re-syncs at
-- startup and before each postgres_changes join instead.
do $$
begin
  if (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    drop event trigger if exists supabase_realtime_sync;
    create event trigger supabase_realtime_sync on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE',
                   'CREATE TABLE AS', 'SELECT INTO')
      execute function realtime.on_publication_change();
  end if;
end
$$;

select realtime.sync_capture();
