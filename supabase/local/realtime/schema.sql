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

-- Private channels and broadcast from the database, as on Supabase: `realtime.messages` with
-- Realtime's columns and row level security (migrations put their authorization policies on it),
-- `realtime.topic()` (the channel's topic while Realtime checks those policies), `realtime.send()`
-- and `realtime.broadcast_changes()`. Supabase partitions the table by day and replicates its
-- inserts; here it is one table, and an AFTER INSERT trigger sends each new message with NOTIFY
-- (the server LISTENs and delivers it). Realtime's own authorization checks insert rows too, but
-- without a payload or event, and roll them back: they are never delivered.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
grant all on realtime.messages to postgres;

create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
grant execute on function realtime.topic() to postgres, anon, authenticated, service_role;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
begin
  begin
    -- The topic is set for the insert's policies, as Realtime does.
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  -- A missing row (OLD of an INSERT, NEW of a DELETE) is JSON null.
  row_data := jsonb_build_object(
    'old_record', to_jsonb(old), 'record', to_jsonb(new),
    'operation', operation, 'table', table_name, 'schema', table_schema
  );
  perform realtime.send(row_data, event_name, topic_name);
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;
grant execute on function realtime.send(jsonb, text, text, boolean),
  realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to postgres, anon, authenticated, service_role;

-- Not part of Supabase: the stand-in for the replication of realtime.messages.
create or replace function realtime.notify_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  body text;
begin
  body := jsonb_build_object(
    'id', new.id, 'topic', new.topic, 'event', new.event, 'private', coalesce(new.private, false),
    'payload', new.payload
  )::text;
  if octet_length(body) > 7900 then
    body := jsonb_build_object('id', new.id)::text;
  end if;
  perform pg_catalog.pg_notify('supabase_realtime_messages', body);
  return null;
end
$$;
drop trigger if exists supabase_realtime_messages_notify on realtime.messages;
create trigger supabase_realtime_messages_notify after insert on realtime.messages
  for each row when (new.payload is not null and new.event is not null)
  execute function realtime.notify_message();
