-- What hosted Supabase Storage provides before any migration runs: the `storage` schema with
-- storage-api's `buckets` and `objects` (same column names, so product migrations that insert
-- buckets and create policies on storage.objects run unchanged), the helper functions policies
-- use, row level security with no policies, and Supabase's grants. Idempotent: it runs at every start.

create schema if not exists storage;
grant usage on schema storage to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

do $$
begin
  if not exists (
    select from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'storage' and t.typname = 'buckettype'
  ) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  -- Deprecated by Supabase in favour of owner_id, still filled for old policies.
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

create or replace function storage.update_updated_at_column() returns trigger language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end;
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- The helpers Supabase documents for policies, e.g. (storage.foldername(name))[1] = auth.uid()::text.
create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;
create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;
create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant all on storage.buckets, storage.objects to postgres, anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to postgres, anon, authenticated, service_role;

-- No policies: until a migration adds some, only service_role (bypassrls) reaches the rows.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Not part of Supabase: object bytes when the stand-in runs on a real PostgreSQL (DATABASE_URL),
-- in the private schema the API roles cannot reach.
create table if not exists supabase_local.storage_bytes (
  bucket_id text not null,
  name text not null,
  data bytea not null,
  primary key (bucket_id, name)
);
