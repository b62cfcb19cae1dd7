-- The shell every dashboard page reads (public.dashboard_shell) is one statement whose plan is kept
-- (issue 20): 6-8 ms -> 2-3 ms a dashboard page on PGlite.
--
-- dashboard_shell, notification_counts and list_contacts were SQL functions with their own
-- search_path, which Postgres neither inlines nor keeps a plan for: each was planned again at every
-- call, three plans for every dashboard page. list_contacts also asked public.current_law_firm()
-- and public.is_admin() once for every person who is not a public lawyer.
--
-- notification_counts and list_contacts are PL/pgSQL now (a statement's plan is kept for the
-- session) and ask for the caller's firm and admin flag once a statement. dashboard_shell is one
-- PL/pgSQL statement that reads the caller's row once (`me`) and computes the counts and the
-- contacts itself instead of calling the two functions. To read the contacts' last sign-in it is
-- SECURITY DEFINER, as list_contacts is; every part is therefore limited to the caller explicitly,
-- as row level security limited it: the caller's own profile and firm, the caller's own
-- notifications ("notifications: read own"), and the contacts by list_contacts' rule, which it
-- repeats. tests/integration/product/dashboard.test.ts holds the shell to the separate reads —
-- the profile, the notifications and their counts, and list_contacts' ids and names — for a client,
-- a firm's lawyer and an admin.

create or replace function public.notification_counts(p_type text default null)
returns table (total bigint, unread bigint, archived bigint)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  return query
    select count(*),
      count(*) filter (where n.is_unread),
      count(*) filter (where n.category = 'Archived')
    from public.notifications n
    where n.user_id = (select auth.uid()) and (p_type is null or n.type = p_type);
end
$$;

create or replace function public.list_contacts(max_rows int default 20)
returns table (id uuid, name text, avatar_url text, last_activity timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
begin
  return query
    select
      u.uuid,
      coalesce(
        nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''),
        case when (u.law_firm is not null and u.law_firm = (select public.current_law_firm()))
            or (select public.is_admin())
          then u.email end,
        ''),
      u.avatar_url,
      a.last_sign_in_at
    from public.users u
    left join auth.users a on a.id = u.uuid
    where (select auth.uid()) is not null
      and u.uuid <> (select auth.uid())
      and (
        (u.is_public and u.access_level in ('lawyer', 'lawyer_admin'))
        or (u.law_firm is not null and u.law_firm = (select public.current_law_firm()))
        or (select public.is_admin())
      )
    order by a.last_sign_in_at desc nulls last, u.first_name, u.last_name, u.uuid
    limit least(greatest(coalesce(max_rows, 20), 0), 100);
end
$$;

create or replace function public.dashboard_shell(bell_limit int default 20, contacts_limit int default 20)
returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  shell json;
begin
  with me as materialized (
    select u.uuid, u.first_name, u.last_name, u.access_level, u.law_firm, u.plan, u.created_at,
      u.access_level in ('admin', 'super_user') as admin, f.id as firm_id, f.name as firm_name
    from public.users u left join public.law_firms f on f.id = u.law_firm
    where u.uuid = (select auth.uid())
  )
  select json_build_object(
    'profile', (select json_build_object(
        'first_name', me.first_name, 'last_name', me.last_name, 'access_level', me.access_level,
        'law_firm', me.law_firm, 'plan', me.plan, 'created_at', me.created_at,
        'law_firms', case when me.firm_id is null then null else json_build_object('name', me.firm_name) end)
      from me),
    'notifications', coalesce((
      select json_agg(n order by n.created_at desc, n.id desc)
      from (
        select x.id, x.user_id, x.title, x.type, x.category, x.is_unread, x.created_at, x.avatar_url,
          x.event, x.params, x.link
        from public.notifications x
        where x.user_id = (select auth.uid())
        order by x.created_at desc, x.id desc
        limit least(greatest(coalesce(bell_limit, 20), 0), 100)
      ) n
    ), '[]'::json),
    'counts', (select json_build_object('total', count(*), 'unread', count(*) filter (where x.is_unread),
        'archived', count(*) filter (where x.category = 'Archived'))
      from public.notifications x where x.user_id = (select auth.uid())),
    'contacts', coalesce((
      select json_agg(json_build_object('id', c.uuid, 'name', c.name, 'avatar_url', c.avatar_url,
        'last_activity', c.last_sign_in_at) order by c.last_sign_in_at desc nulls last, c.first_name, c.last_name, c.uuid)
      from (
        select u.uuid, u.first_name, u.last_name, u.avatar_url, a.last_sign_in_at,
          coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''),
            case when (u.law_firm is not null and u.law_firm = (select me.law_firm from me)) or (select me.admin from me)
              then u.email end, '') as name
        from public.users u left join auth.users a on a.id = u.uuid
        where u.uuid <> (select auth.uid())
          and ((u.is_public and u.access_level in ('lawyer', 'lawyer_admin'))
            or (u.law_firm is not null and u.law_firm = (select me.law_firm from me))
            or (select me.admin from me))
        order by a.last_sign_in_at desc nulls last, u.first_name, u.last_name, u.uuid
        limit least(greatest(coalesce(contacts_limit, 20), 0), 100)
      ) c
    ), '[]'::json)
  ) into shell;
  return shell;
end
$$;
