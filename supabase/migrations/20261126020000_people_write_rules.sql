-- Who may delete whom, who writes each column of public.users, and what the public reads of a
-- lawyer (issue 18, items 15, 20 and 21). ADR 0010 (docs/decisions/) has the table in short.

-- ---------------------------------------------------------------------------------------------
-- Levels: one rule for changing a person's level and for deleting the person (item 15).
--
-- domain.md: only admins change access levels, and only a super user makes or removes an admin or
-- a super user. Deleting a person removes their level (and their cases, proposals, notifications),
-- so it follows the same rule: an admin deletes clients, lawyers and firm admins; a super user
-- deletes anyone else. Nobody deletes their own profile through the API (the policy leaves the
-- caller out; an account is closed through Auth, which cascades here).

-- True when a caller of level p_caller_level may set a person's level from or to p_level.
create function public.may_manage_level(p_caller_level text, p_level text) returns boolean
language sql immutable set search_path = ''
as $$
  select case
    when p_caller_level = 'super_user' then true
    when p_caller_level = 'admin' then coalesce(p_level, 'user') in ('user', 'lawyer', 'lawyer_admin')
    else false
  end
$$;

-- The service role (edge functions, scripts, seed) and direct database sessions (Auth's own
-- triggers, migrations) are trusted; requests through the API as anon or a signed-in person are not.
create function public.is_trusted_writer() returns boolean
language sql stable set search_path = ''
as $$
  select coalesce(auth.role(), '') = 'service_role'
    or (auth.uid() is null and coalesce(auth.role(), '') not in ('anon', 'authenticated'))
$$;

-- ---------------------------------------------------------------------------------------------
-- Columns (item 20). Who writes each column of public.users:
--
--   column                                   writer
--   uuid, created_at                         nobody (set once by the database)
--   email                                    Auth only: the trigger on auth.users copies the
--                                            confirmed address (no API grant)
--   updated_at                               the database (guard_user_privileges)
--   access_level                             admins for clients, lawyers and firm admins; a super
--                                            user for admins and super users; never oneself
--   law_firm, plan                           admins (super users for an admin's row); never oneself
--   rating                                   admins only: it will be computed from reviews; a
--                                            lawyer never rates himself
--   bar_number, years_experience,            the person, their firm's admin (for the firm's
--   hourly_rate                              lawyers) and admins, checked: bar number 2-30 letters,
--                                            digits and . / - or space; 0-80 years; 0-10,000 per hour
--   names, contact and address fields,       the person, their firm's admin (for the firm's
--   about, avatar_url, is_public,            lawyers) and admins, with length limits
--   practice_areas, jurisdictions, languages
--
-- Column privileges take away what nobody writes through the API (uuid, email, timestamps); the
-- trigger below decides the columns whose writer depends on who asks (levels, firm, plan, rating).
-- A column added to users later is not writable through the API until a migration grants it.

revoke update on public.users from authenticated;
grant update (first_name, last_name, access_level, law_firm, plan, phone_number, country, address, state,
  city, zip_code, about, avatar_url, is_public, practice_areas, jurisdictions, languages, bar_number,
  years_experience, hourly_rate, rating) on public.users to authenticated;

alter table public.users
  add constraint users_bar_number_check
    check (bar_number ~ '^[A-Za-z0-9]([A-Za-z0-9 ./-]{0,28}[A-Za-z0-9])?$' and char_length(bar_number) >= 2),
  add constraint users_hourly_rate_max_check check (hourly_rate <= 10000),
  add constraint users_email_length_check check (char_length(email) <= 254),
  add constraint users_phone_number_check check (char_length(phone_number) <= 50),
  add constraint users_place_length_check check (
    char_length(country) <= 100 and char_length(state) <= 100 and char_length(city) <= 100
    and char_length(zip_code) <= 20 and char_length(address) <= 300),
  add constraint users_avatar_url_check check (char_length(avatar_url) <= 2000),
  add constraint users_profile_lists_check check (
    cardinality(practice_areas) <= 20 and cardinality(jurisdictions) <= 50 and cardinality(languages) <= 30);

create or replace function public.guard_user_privileges() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  caller_level text;
begin
  new.updated_at := now();
  if public.is_trusted_writer() then
    return new;
  end if;
  if new.uuid is distinct from old.uuid then
    raise exception 'users.uuid cannot be changed' using errcode = '42501';
  end if;
  select access_level into caller_level from public.users where uuid = auth.uid();
  if new.rating is distinct from old.rating and coalesce(caller_level, '') not in ('admin', 'super_user') then
    raise exception 'Only an administrator can change a rating'
      using errcode = '42501', hint = 'Ratings come from clients'' reviews, not from the lawyer.';
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
  if coalesce(caller_level, '') not in ('admin', 'super_user') then
    raise exception 'Only an administrator can change access levels, law firms or plans'
      using errcode = '42501';
  end if;
  if not (public.may_manage_level(caller_level, old.access_level)
          and public.may_manage_level(caller_level, new.access_level)) then
    raise exception 'Only a super user can make or remove an admin or a super user, or change their firm or plan'
      using errcode = '42501';
  end if;
  return new;
end
$$;

-- Deleting follows the same rule (the policy "users: admins delete" lets admins try).
create function public.guard_user_deletion() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  caller_level text;
begin
  if public.is_trusted_writer() then
    return old;
  end if;
  if old.uuid = auth.uid() then
    raise exception 'You cannot delete your own profile' using errcode = '42501';
  end if;
  select access_level into caller_level from public.users where uuid = auth.uid();
  if not public.may_manage_level(coalesce(caller_level, ''), old.access_level) then
    raise exception 'Only a super user can delete an admin or a super user' using errcode = '42501';
  end if;
  return old;
end
$$;

create trigger guard_user_deletion
  before delete on public.users
  for each row execute function public.guard_user_deletion();

revoke all on function public.guard_user_deletion() from public, anon, authenticated;
revoke all on function public.guard_user_privileges() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Reading people (item 21).
--
-- public.users holds private columns (e-mail, phone, address, plan, bar number). Its rows are now
-- read by the person, their firm's colleagues and admins only; everyone else, signed in or not,
-- reads a lawyer's public profile through public_lawyer_profiles, which has exactly the columns a
-- public profile shows. The case screens learn names through case_people (security definer).

drop policy "users: read own, public profiles, firm colleagues; admins all" on public.users;

create policy "users: read own, firm colleagues; admins all"
  on public.users for select to authenticated
  using (
    uuid = auth.uid()
    or (law_firm is not null and law_firm = public.current_law_firm())
    or public.is_admin()
  );

revoke select on public.users from anon;

-- A definer view (security_invoker off): it reads users as its owner, so only the columns listed
-- here and only public lawyers' rows are reachable through it.
create view public.public_lawyer_profiles with (security_invoker = false) as
  select
    uuid,
    first_name,
    last_name,
    avatar_url,
    law_firm,
    practice_areas,
    jurisdictions,
    languages,
    years_experience,
    hourly_rate,
    rating,
    about,
    city,
    country
  from public.users
  where is_public and access_level in ('lawyer', 'lawyer_admin');

revoke all on public.public_lawyer_profiles from public, anon, authenticated;
grant select on public.public_lawyer_profiles to anon, authenticated;

-- The header's contacts (20261123000200_contacts.sql) follow the same rule: public lawyers, the
-- firm's colleagues, everyone for admins; a nameless person is shown by e-mail only to those who
-- may read their row.
create or replace function public.list_contacts(max_rows int default 20)
returns table (id uuid, name text, avatar_url text, last_activity timestamptz)
language sql stable security definer set search_path = ''
as $$
  select
    u.uuid,
    coalesce(
      nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''),
      case when (u.law_firm is not null and u.law_firm = public.current_law_firm()) or public.is_admin()
        then u.email end,
      ''),
    u.avatar_url,
    a.last_sign_in_at
  from public.users u
  left join auth.users a on a.id = u.uuid
  where auth.uid() is not null
    and u.uuid <> auth.uid()
    and (
      (u.is_public and u.access_level in ('lawyer', 'lawyer_admin'))
      or (u.law_firm is not null and u.law_firm = public.current_law_firm())
      or public.is_admin()
    )
  order by a.last_sign_in_at desc nulls last, u.first_name, u.last_name, u.uuid
  limit least(greatest(coalesce(max_rows, 20), 0), 100)
$$;
