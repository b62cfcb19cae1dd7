-- Every dashboard page read the caller's profile (the session middleware) and then, in a second
-- request, the shell (public.dashboard_shell): two round trips, two transactions, before the page's
-- own data. The shell now carries the profile too, in the shape the middleware read it in
-- (`users?select=first_name,…,law_firms(name)`), so a dashboard page's session and shell are one
-- request. Security invoker, as before: the caller's row level security decides what they see of
-- their own row and of their firm.
create or replace function public.dashboard_shell(bell_limit int default 20, contacts_limit int default 20)
returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'profile', (
      select json_build_object(
        'first_name', u.first_name,
        'last_name', u.last_name,
        'access_level', u.access_level,
        'law_firm', u.law_firm,
        'plan', u.plan,
        'created_at', u.created_at,
        'law_firms', case when f.id is null then null else json_build_object('name', f.name) end
      )
      from public.users u
      left join public.law_firms f on f.id = u.law_firm
      where u.uuid = (select auth.uid())
    ),
    'notifications', coalesce((
      select json_agg(n order by n.created_at desc, n.id desc)
      from (
        select id, user_id, title, type, category, is_unread, created_at, avatar_url, event, params, link
        from public.notifications
        where user_id = (select auth.uid())
        order by created_at desc, id desc
        limit least(greatest(coalesce(bell_limit, 20), 0), 100)
      ) n
    ), '[]'::json),
    'counts', (select row_to_json(c) from public.notification_counts() c),
    'contacts', coalesce((
      select json_agg(json_build_object(
        'id', c.id, 'name', c.name, 'avatar_url', c.avatar_url, 'last_activity', c.last_activity
      ) order by c.position)
      from public.list_contacts(contacts_limit) with ordinality as c(id, name, avatar_url, last_activity, position)
    ), '[]'::json)
  )
$$;
