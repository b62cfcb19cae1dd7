-- The tasks overview in one statement (issue 22, item 8; ADR 0027, "Numbers"): the caller's own
-- open tasks due today, due this week and overdue, the first few of each in the table's order (due
-- date, then id) and how many each has. It replaces three task_list calls, each of which read and
-- counted the whole visible set; this reads the caller's open assigned tasks once, through the
-- assignee index, and applies the tasks' select policy to them (as task_list does).

create function public.task_summary(
  p_today date default current_date,
  p_week_end date default null,
  p_limit integer default 5
) returns json
language sql stable security definer set search_path = ''
as $$
  with mine as materialized (
    select t.* from public.tasks t
    where t.assignee_id = (select auth.uid())
      and t.status <> 'done'
      and t.due_date is not null
      and t.due_date <= greatest(p_today, coalesce(p_week_end, p_today + 6))
      and ((select public.is_admin())
           or t.case_id in (select public.task_manager_case_ids())
           or (t.client_visible and t.case_id in (select public.task_client_case_ids())))
  ),
  sections as (
    select 'today' as name, m::public.tasks as task, m.due_date, m.id from mine m where m.due_date = p_today
    union all
    select 'week', m::public.tasks, m.due_date, m.id from mine m
    where m.due_date between p_today and coalesce(p_week_end, p_today + 6)
    union all
    select 'overdue', m::public.tasks, m.due_date, m.id from mine m where m.due_date < p_today
  ),
  ranked as (
    select s.*, row_number() over (partition by s.name order by s.due_date, s.id) as n,
           count(*) over (partition by s.name) as total
    from sections s
  ),
  found as (
    select r.name, json_build_object(
      'tasks', coalesce(json_agg(public.task_list_row(r.task) order by r.n)
                 filter (where r.n <= least(greatest(coalesce(p_limit, 5), 1), 100)), '[]'::json),
      'total', max(r.total)) as section
    from ranked r group by r.name
  )
  select json_object_agg(w.name, coalesce(f.section, json_build_object('tasks', '[]'::json, 'total', 0)))
  from unnest(array['today', 'week', 'overdue']) w (name)
  left join found f on f.name = w.name
$$;

revoke all on function public.task_summary(date, date, integer) from public, anon;
grant execute on function public.task_summary(date, date, integer) to authenticated;
