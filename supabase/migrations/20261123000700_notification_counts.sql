-- The bell, the drawer and the notifications page show three counts (all, unread, archived).
-- Asked as three count requests, they were three round trips on every dashboard page; this asks
-- once. SECURITY INVOKER: row level security keeps it to the caller's own notifications, and the
-- optional type narrows the counts the way the page's type filter narrows its list.
create function public.notification_counts(p_type text default null)
returns table (total bigint, unread bigint, archived bigint)
language sql stable security invoker set search_path = ''
as $$
  select count(*),
    count(*) filter (where is_unread),
    count(*) filter (where category = 'Archived')
  from public.notifications
  where user_id = (select auth.uid()) and (p_type is null or type = p_type)
$$;

revoke all on function public.notification_counts(text) from public, anon;
grant execute on function public.notification_counts(text) to authenticated;
