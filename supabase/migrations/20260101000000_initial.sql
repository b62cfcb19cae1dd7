-- MyLawyer, first product schema: law firms, users (profiles), notifications, notification
-- preferences and contact messages. Deploys unchanged to a hosted Supabase project
-- (`supabase db push`); it relies only on what Supabase provides: the roles anon, authenticated
-- and service_role, auth.users and auth.uid().

-- ---------------------------------------------------------------------------------------------
-- law_firms

create table public.law_firms (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  logo_url text,
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- users: one row per auth user, created by a trigger on auth.users

create table public.users (
  uuid uuid primary key references auth.users (id) on delete cascade,
  first_name text not null default '' check (char_length(first_name) <= 100),
  last_name text not null default '' check (char_length(last_name) <= 100),
  access_level text not null default 'user'
    check (access_level in ('user', 'lawyer', 'lawyer_admin', 'admin', 'super_user')),
  law_firm uuid references public.law_firms (id) on delete set null,
  plan text not null default 'basic' check (plan in ('basic', 'starter', 'premium')),
  email text,
  phone_number text,
  country text,
  address text,
  state text,
  city text,
  zip_code text,
  about text check (char_length(about) <= 5000),
  avatar_url text,
  is_public boolean not null default false,
  practice_areas text[] not null default '{}',
  jurisdictions text[] not null default '{}',
  languages text[] not null default '{}',
  bar_number text,
  years_experience integer check (years_experience between 0 and 80),
  hourly_rate numeric(10, 2) check (hourly_rate >= 0),
  rating numeric(2, 1) check (rating between 0 and 5),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index users_law_firm_idx on public.users (law_firm);
create index users_access_level_idx on public.users (access_level);

-- The caller's access level; security definer so policies can read it without recursing into RLS.
create function public.current_access_level() returns text
language sql stable security definer set search_path = ''
as $$
  select access_level from public.users where uuid = auth.uid()
$$;

create function public.current_law_firm() returns uuid
language sql stable security definer set search_path = ''
as $$
  select law_firm from public.users where uuid = auth.uid()
$$;

create function public.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(public.current_access_level() in ('admin', 'super_user'), false)
$$;

-- Creates the profile row when someone signs up. Names come from the sign-up metadata:
-- first_name/last_name, else display_name (or full_name/name) split at the first space.
create function public.handle_new_auth_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  display text := btrim(coalesce(meta ->> 'display_name', meta ->> 'full_name', meta ->> 'name', ''));
  first text := btrim(coalesce(meta ->> 'first_name', ''));
  last text := btrim(coalesce(meta ->> 'last_name', ''));
begin
  if first = '' and last = '' and display <> '' then
    first := split_part(display, ' ', 1);
    last := btrim(substr(display, char_length(first) + 1));
  end if;
  insert into public.users (uuid, email, first_name, last_name)
  values (new.id, new.email, left(first, 100), left(last, 100))
  on conflict (uuid) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_auth_user();

-- Keeps users.email in step with the confirmed auth address.
create function public.handle_auth_user_email_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.users set email = new.email, updated_at = now() where uuid = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.handle_auth_user_email_change();

-- Nobody raises their own access level, changes their own firm or plan through the API; only
-- admins change them for others, and only a super user grants or removes super_user.
create function public.guard_user_privileges() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  caller_role text := coalesce(auth.role(), '');
  caller_level text;
begin
  new.updated_at := now();
  -- The service role (edge functions, admin scripts) and direct database sessions are trusted.
  if caller_role = 'service_role' or auth.uid() is null and caller_role not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.uuid is distinct from old.uuid then
    raise exception 'users.uuid cannot be changed' using errcode = '42501';
  end if;
  if new.access_level is not distinct from old.access_level
     and new.law_firm is not distinct from old.law_firm
     and new.plan is not distinct from old.plan then
    return new;
  end if;
  if old.uuid = auth.uid() then
    raise exception 'You cannot change your own access level, law firm or plan'
      using errcode = '42501', hint = 'An administrator must make this change.';
  end if;
  select access_level into caller_level from public.users where uuid = auth.uid();
  if coalesce(caller_level, '') not in ('admin', 'super_user') then
    raise exception 'Only an administrator can change access levels, law firms or plans'
      using errcode = '42501';
  end if;
  if caller_level <> 'super_user'
     and (new.access_level = 'super_user' or old.access_level = 'super_user') then
    raise exception 'Only a super user can grant or remove the super_user level' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger guard_user_privileges
  before update on public.users
  for each row execute function public.guard_user_privileges();

alter table public.users enable row level security;

create policy "users: read own, public profiles, firm colleagues; admins all"
  on public.users for select to anon, authenticated
  using (
    uuid = auth.uid()
    or is_public
    or (law_firm is not null and law_firm = public.current_law_firm())
    or public.is_admin()
  );

create policy "users: update own profile"
  on public.users for update to authenticated
  using (uuid = auth.uid())
  with check (uuid = auth.uid());

create policy "users: firm admins update their firm's lawyers"
  on public.users for update to authenticated
  using (
    public.current_access_level() = 'lawyer_admin'
    and law_firm = public.current_law_firm()
    and access_level in ('lawyer', 'lawyer_admin')
  )
  with check (law_firm = public.current_law_firm());

create policy "users: admins update anyone"
  on public.users for update to authenticated
  using (public.is_admin())
  with check (public.is_admin());

create policy "users: admins delete"
  on public.users for delete to authenticated
  using (public.is_admin() and uuid <> auth.uid());

-- Rows are created by the trigger only.
revoke insert on public.users from anon, authenticated;
revoke update, delete on public.users from anon;

-- ---------------------------------------------------------------------------------------------
-- law_firms policies (after users, which they consult)

alter table public.law_firms enable row level security;

create policy "law_firms: anyone reads"
  on public.law_firms for select to anon, authenticated
  using (true);

create policy "law_firms: admins insert"
  on public.law_firms for insert to authenticated
  with check (public.is_admin());

create policy "law_firms: admins and the firm's admins update"
  on public.law_firms for update to authenticated
  using (public.is_admin() or (public.current_access_level() = 'lawyer_admin' and id = public.current_law_firm()))
  with check (public.is_admin() or (public.current_access_level() = 'lawyer_admin' and id = public.current_law_firm()));

create policy "law_firms: admins delete"
  on public.law_firms for delete to authenticated
  using (public.is_admin());

revoke insert, update, delete on public.law_firms from anon;

-- ---------------------------------------------------------------------------------------------
-- notifications (spec: exact columns)

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (uuid) on delete cascade,
  title text not null,
  type text not null check (type in ('task_assignment', 'appointment', 'case_update', 'payment')),
  category text,
  is_unread boolean not null default true,
  created_at timestamptz not null default now(),
  avatar_url text
);
create index notifications_user_created_idx on public.notifications (user_id, created_at desc);

alter table public.notifications enable row level security;

create policy "notifications: read own; admins all"
  on public.notifications for select to authenticated
  using (user_id = auth.uid() or public.is_admin());

create policy "notifications: admins insert"
  on public.notifications for insert to authenticated
  with check (public.is_admin());

create policy "notifications: update own"
  on public.notifications for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid());

create policy "notifications: delete own; admins all"
  on public.notifications for delete to authenticated
  using (user_id = auth.uid() or public.is_admin());

-- Owners may only mark read/unread and archive; the content is the system's.
revoke all on public.notifications from anon;
revoke update on public.notifications from authenticated;
grant update (is_unread, category) on public.notifications to authenticated;

-- ---------------------------------------------------------------------------------------------
-- user_notification_preferences (spec: exact columns)

create table public.user_notification_preferences (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (uuid) on delete cascade,
  notification_type text not null
    check (notification_type in ('task_assignment', 'appointment', 'case_update', 'payment')),
  medium text not null check (medium in ('in_app', 'email', 'sms')),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, notification_type, medium)
);

create function public.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger touch_updated_at
  before update on public.user_notification_preferences
  for each row execute function public.touch_updated_at();

alter table public.user_notification_preferences enable row level security;

create policy "preferences: read own; admins all"
  on public.user_notification_preferences for select to authenticated
  using (user_id = auth.uid() or public.is_admin());

create policy "preferences: insert own"
  on public.user_notification_preferences for insert to authenticated
  with check (user_id = auth.uid());

create policy "preferences: update own"
  on public.user_notification_preferences for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid());

create policy "preferences: delete own"
  on public.user_notification_preferences for delete to authenticated
  using (user_id = auth.uid());

revoke all on public.user_notification_preferences from anon;

-- ---------------------------------------------------------------------------------------------
-- contact_messages: the public contact form; anyone writes, only admins read

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254 and email like '%_@_%'),
  subject text not null check (char_length(btrim(subject)) between 1 and 150),
  message text not null check (char_length(btrim(message)) between 10 and 5000),
  user_id uuid references public.users (uuid) on delete set null default auth.uid(),
  created_at timestamptz not null default now()
);

alter table public.contact_messages enable row level security;

create policy "contact_messages: anyone sends"
  on public.contact_messages for insert to anon, authenticated
  with check (user_id is null or user_id = auth.uid());

create policy "contact_messages: admins read"
  on public.contact_messages for select to authenticated
  using (public.is_admin());

create policy "contact_messages: admins delete"
  on public.contact_messages for delete to authenticated
  using (public.is_admin());

revoke update on public.contact_messages from anon, authenticated;
revoke select, delete on public.contact_messages from anon;
