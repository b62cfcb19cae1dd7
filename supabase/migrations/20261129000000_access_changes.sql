-- The permission page's rules (issue 21, item 6; ADR 0025): every change of a person's access
-- level or firm is recorded, the person changed is told in their language, the last super user
-- stays, and a bad value is refused with a code (ADR 0012) rather than a bare constraint.
--
-- Already enforced by guard_user_privileges (20261126020000_people_write_rules.sql, with codes in
-- 20261127010000_error_codes.sql): nobody changes their own level, firm or plan
-- (user:own_privileges); only admins change them (user:privileges_by_admin); only a super user
-- makes or removes an admin or a super user (user:privileges_by_super_user). Through the API those
-- rules already keep the last super user (only a super user may demote one, and never themself);
-- the rule below holds for every writer, the service role and SQL sessions included.

-- ---------------------------------------------------------------------------------------------
-- Values: an unknown level or firm is refused with a code of its own before the check constraint
-- or the foreign key would refuse it without one. The trigger's name sorts before
-- guard_user_privileges, so the value is judged first.

create function public.check_user_access_values() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.access_level is distinct from old.access_level
     and (new.access_level is null
          or new.access_level not in ('user', 'lawyer', 'lawyer_admin', 'admin', 'super_user')) then
    raise exception 'Unknown access level: %', coalesce(new.access_level, 'null')
      using errcode = '23514', detail = 'user:unknown_level';
  end if;
  if new.law_firm is distinct from old.law_firm and new.law_firm is not null
     and not exists (select from public.law_firms where id = new.law_firm) then
    raise exception 'No law firm with id %', new.law_firm
      using errcode = '23503', detail = 'user:unknown_firm';
  end if;
  return new;
end
$$;

create trigger check_user_access_values
  before update on public.users
  for each row execute function public.check_user_access_values();

-- ---------------------------------------------------------------------------------------------
-- The last super user is neither demoted nor deleted, by anyone (the rows are locked so two
-- super users demoting each other at once cannot both succeed).

create function public.keep_last_super_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.access_level <> 'super_user' or (tg_op = 'UPDATE' and new.access_level = 'super_user') then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  perform 1 from public.users where access_level = 'super_user' for update;
  if not exists (select from public.users where access_level = 'super_user' and uuid <> old.uuid) then
    raise exception 'The last super user cannot be demoted or deleted'
      using errcode = '42501', detail = 'user:last_super_user',
            hint = 'Make another person a super user first.';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger keep_last_super_user
  before update of access_level or delete on public.users
  for each row execute function public.keep_last_super_user();

-- ---------------------------------------------------------------------------------------------
-- The record of changes: who changed whom, from what to what, when. Written only by the trigger
-- below; admins read it (the permission page); nobody writes it through the API.

create table public.access_changes (
  id bigint generated always as identity primary key,
  -- The person the change was made to (their history goes with their account).
  user_id uuid not null references public.users (uuid) on delete cascade,
  -- Who made it: null for the system (the seed, the service role, SQL).
  changed_by uuid references public.users (uuid) on delete set null,
  from_level text not null,
  to_level text not null,
  from_firm uuid references public.law_firms (id) on delete set null,
  to_firm uuid references public.law_firms (id) on delete set null,
  changed_at timestamptz not null default now()
);
create index access_changes_changed_at_idx on public.access_changes (changed_at desc, id desc);
create index access_changes_user_id_idx on public.access_changes (user_id);

alter table public.access_changes enable row level security;
revoke all on public.access_changes from anon, authenticated;
grant select on public.access_changes to authenticated;

create policy "access_changes: admins read"
  on public.access_changes for select to authenticated
  using (public.is_admin());

-- Records the change and tells the person, in their language, when a person (an admin through the
-- app or the API) made it; changes made by the system (seed, factories) are recorded only.
create function public.users_after_access_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  firm_name text;
begin
  if new.access_level is not distinct from old.access_level and new.law_firm is not distinct from old.law_firm then
    return null;
  end if;
  insert into public.access_changes (user_id, changed_by, from_level, to_level, from_firm, to_firm)
  values (new.uuid, auth.uid(), old.access_level, new.access_level, old.law_firm, new.law_firm);
  if auth.uid() is null then
    return null;
  end if;
  if new.access_level is distinct from old.access_level then
    perform public.create_notification_event(
      new.uuid, 'account', 'access_level_' || new.access_level, '{}'::jsonb, '/dashboard');
  end if;
  if new.law_firm is distinct from old.law_firm then
    if new.law_firm is null then
      perform public.create_notification_event(new.uuid, 'account', 'law_firm_left', '{}'::jsonb, '/dashboard');
    else
      select name into firm_name from public.law_firms where id = new.law_firm;
      perform public.create_notification_event(
        new.uuid, 'account', 'law_firm_joined', jsonb_build_object('firm', firm_name), '/dashboard');
    end if;
  end if;
  return null;
end
$$;

create trigger users_after_access_change
  after update of access_level, law_firm on public.users
  for each row execute function public.users_after_access_change();

revoke all on function public.check_user_access_values(), public.keep_last_super_user(),
  public.users_after_access_change() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The permission page's reads (admins only; others get 42501 with a code).

-- One page of people with their level and firm, searched by name or e-mail, and how many match.
create function public.permission_people(p_search text default null, p_page int default 1, p_size int default 20)
returns table (
  id uuid,
  first_name text,
  last_name text,
  email text,
  access_level text,
  law_firm uuid,
  firm_name text,
  total bigint
)
language plpgsql stable security invoker set search_path = ''
as $$
declare
  pattern text := '%' || replace(replace(replace(lower(btrim(coalesce(p_search, ''))), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  size int := least(greatest(coalesce(p_size, 20), 1), 100);
  skip int := (least(greatest(coalesce(p_page, 1), 1), 100000) - 1) * least(greatest(coalesce(p_size, 20), 1), 100);
begin
  if not public.is_admin() then
    raise exception 'Only an administrator sees the permission page'
      using errcode = '42501', detail = 'user:privileges_by_admin';
  end if;
  return query
    select u.uuid, u.first_name, u.last_name, u.email, u.access_level, u.law_firm, f.name,
      count(*) over ()
    from public.users u
    left join public.law_firms f on f.id = u.law_firm
    where lower(concat_ws(' ', u.first_name, u.last_name)) like pattern
      or lower(coalesce(u.email, '')) like pattern
    order by lower(u.last_name), lower(u.first_name), u.email, u.uuid
    limit size offset skip;
end
$$;

-- One page of the record, newest first, with the names of both people and both firms.
create function public.permission_history(p_page int default 1, p_size int default 10)
returns table (
  id bigint,
  changed_at timestamptz,
  user_id uuid,
  user_name text,
  changed_by uuid,
  changed_by_name text,
  from_level text,
  to_level text,
  from_firm_name text,
  to_firm_name text,
  total bigint
)
language plpgsql stable security invoker set search_path = ''
as $$
declare
  size int := least(greatest(coalesce(p_size, 10), 1), 100);
  skip int := (least(greatest(coalesce(p_page, 1), 1), 100000) - 1) * least(greatest(coalesce(p_size, 10), 1), 100);
begin
  if not public.is_admin() then
    raise exception 'Only an administrator sees the permission page'
      using errcode = '42501', detail = 'user:privileges_by_admin';
  end if;
  return query
    select c.id, c.changed_at, c.user_id,
      coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, ''),
      c.changed_by,
      case when c.changed_by is null then null
        else coalesce(nullif(btrim(concat_ws(' ', b.first_name, b.last_name)), ''), b.email, '') end,
      c.from_level, c.to_level, ff.name, tf.name,
      count(*) over ()
    from public.access_changes c
    join public.users u on u.uuid = c.user_id
    left join public.users b on b.uuid = c.changed_by
    left join public.law_firms ff on ff.id = c.from_firm
    left join public.law_firms tf on tf.id = c.to_firm
    order by c.changed_at desc, c.id desc
    limit size offset skip;
end
$$;

revoke all on function public.permission_people(text, int, int), public.permission_history(int, int)
  from public, anon;
grant execute on function public.permission_people(text, int, int), public.permission_history(int, int)
  to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The notifications' texts (locales/<lng>/notifications.json, events.*).

insert into public.notification_texts (key, locale, body) values
  ('events.access_level_user', 'en', 'Your access level is now <strong>client</strong>'),
  ('events.access_level_lawyer', 'en', 'Your access level is now <strong>lawyer</strong>'),
  ('events.access_level_lawyer_admin', 'en', 'Your access level is now <strong>firm admin</strong>'),
  ('events.access_level_admin', 'en', 'Your access level is now <strong>admin</strong>'),
  ('events.access_level_super_user', 'en', 'Your access level is now <strong>super user</strong>'),
  ('events.law_firm_joined', 'en', 'You are now a member of the firm <strong>{{firm}}</strong>'),
  ('events.law_firm_left', 'en', 'You are no longer a member of a law firm'),
  ('events.access_level_user', 'fr', 'Votre niveau d’accès est désormais <strong>client</strong>'),
  ('events.access_level_lawyer', 'fr', 'Votre niveau d’accès est désormais <strong>avocat</strong>'),
  ('events.access_level_lawyer_admin', 'fr', 'Votre niveau d’accès est désormais <strong>administrateur de cabinet</strong>'),
  ('events.access_level_admin', 'fr', 'Votre niveau d’accès est désormais <strong>administrateur</strong>'),
  ('events.access_level_super_user', 'fr', 'Votre niveau d’accès est désormais <strong>super-utilisateur</strong>'),
  ('events.law_firm_joined', 'fr', 'Vous êtes désormais membre du cabinet <strong>{{firm}}</strong>'),
  ('events.law_firm_left', 'fr', 'Vous n’êtes plus membre d’un cabinet'),
  ('events.access_level_user', 'vi', 'Cấp truy cập của bạn bây giờ là <strong>khách hàng</strong>'),
  ('events.access_level_lawyer', 'vi', 'Cấp truy cập của bạn bây giờ là <strong>luật sư</strong>'),
  ('events.access_level_lawyer_admin', 'vi', 'Cấp truy cập của bạn bây giờ là <strong>quản trị công ty luật</strong>'),
  ('events.access_level_admin', 'vi', 'Cấp truy cập của bạn bây giờ là <strong>quản trị viên</strong>'),
  ('events.access_level_super_user', 'vi', 'Cấp truy cập của bạn bây giờ là <strong>siêu quản trị</strong>'),
  ('events.law_firm_joined', 'vi', 'Bạn hiện là thành viên của công ty luật <strong>{{firm}}</strong>'),
  ('events.law_firm_left', 'vi', 'Bạn không còn là thành viên của công ty luật nào'),
  ('events.access_level_user', 'cn', '您的访问级别现在是<strong>客户</strong>'),
  ('events.access_level_lawyer', 'cn', '您的访问级别现在是<strong>律师</strong>'),
  ('events.access_level_lawyer_admin', 'cn', '您的访问级别现在是<strong>律所管理员</strong>'),
  ('events.access_level_admin', 'cn', '您的访问级别现在是<strong>管理员</strong>'),
  ('events.access_level_super_user', 'cn', '您的访问级别现在是<strong>超级用户</strong>'),
  ('events.law_firm_joined', 'cn', '您现在是律所<strong>{{firm}}</strong>的成员'),
  ('events.law_firm_left', 'cn', '您已不再是任何律所的成员'),
  ('events.access_level_user', 'ar', 'مستوى وصولك الآن <strong>عميل</strong>'),
  ('events.access_level_lawyer', 'ar', 'مستوى وصولك الآن <strong>محامٍ</strong>'),
  ('events.access_level_lawyer_admin', 'ar', 'مستوى وصولك الآن <strong>مسؤول مكتب المحاماة</strong>'),
  ('events.access_level_admin', 'ar', 'مستوى وصولك الآن <strong>مسؤول</strong>'),
  ('events.access_level_super_user', 'ar', 'مستوى وصولك الآن <strong>مستخدم خارق</strong>'),
  ('events.law_firm_joined', 'ar', 'أصبحت الآن عضوًا في مكتب المحاماة <strong>{{firm}}</strong>'),
  ('events.law_firm_left', 'ar', 'لم تعد عضوًا في أي مكتب محاماة');
