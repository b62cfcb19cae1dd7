-- The dashboard shell's data in one request. Every dashboard page shows the bell (the newest
-- notifications and the counts of its tabs) and the contacts popover; they were three requests on
-- every page (the notifications, public.notification_counts and public.list_contacts), each paying
-- a round trip and a transaction. This function returns the three together, each read exactly as
-- before: the notifications and counts under the caller's row level security (security invoker),
-- the contacts through public.list_contacts and its own rules.

create function public.dashboard_shell(bell_limit int default 20, contacts_limit int default 20)
returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'notifications', coalesce((
      select json_agg(n order by n.created_at desc, n.id desc)
      from (
        select id, user_id, title, type, category, is_unread, created_at, avatar_url
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

revoke all on function public.dashboard_shell(int, int) from public, anon;
grant execute on function public.dashboard_shell(int, int) to authenticated;
