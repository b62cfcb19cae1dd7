-- The task overview's read (public.task_summary) in the form of the other task reads (issue 22,
-- item 8; issue 20), as 20261201010000_task_reads_by_the_callers_ids.sql wrote task_board and
-- task_list: PL/pgSQL, so its plan is kept for the session; the caller's profile read once (`me`);
-- "my cases" as plain subqueries on case_members and cases instead of the set-returning
-- task_manager_case_ids() and task_client_case_ids(), each run to the end into a tuplestore; the
-- totals counted in one pass and each section's first tasks picked by a top-N sort of ids, instead
-- of ranking every whole row with window functions; and each shown task built by the inlined
-- task_list_json with its case and assignee joined, instead of task_list_row's two statements a
-- task. The visibility rule is the tasks' select policy, as in
-- task_board, and what it returns is unchanged (tasks-rls.test.ts holds it to task_list's three
-- calls for every actor).

create or replace function public.task_summary(
  p_today date default current_date,
  p_week_end date default null,
  p_limit integer default 5
) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  result json;
begin
  with me as materialized (
    select u.access_level in ('admin', 'super_user') as admin,
      case when u.access_level = 'lawyer_admin' then u.law_firm end as firm
    from public.users u where u.uuid = (select auth.uid())
  ),
  -- The caller's open, dated tasks up to the week's end that they see: ids and due dates only.
  mine as materialized (
    select t.id, t.due_date from public.tasks t
    where t.assignee_id = (select auth.uid())
      and t.status <> 'done'
      and t.due_date is not null
      and t.due_date <= greatest(p_today, coalesce(p_week_end, p_today + 6))
      and ((select me.admin from me)
        or t.case_id in (select m.case_id from public.case_members m
                         where m.user_id = (select auth.uid()) and m.role <> 'client')
        or t.case_id in (select c.id from public.cases c where c.law_firm_id = (select me.firm from me))
        or (t.client_visible and t.case_id in (select m.case_id from public.case_members m
                                               where m.user_id = (select auth.uid()) and m.role = 'client')))
  ),
  totals as (
    select count(*) filter (where m.due_date = p_today) as today,
      count(*) filter (where m.due_date between p_today and coalesce(p_week_end, p_today + 6)) as week,
      count(*) filter (where m.due_date < p_today) as overdue
    from mine m
  ),
  -- Each section's first tasks (a top-N sort of ids), then only those are read whole and built.
  shown as (
    (select 'today' as name, m.id, m.due_date from mine m where m.due_date = p_today
     order by m.due_date, m.id limit least(greatest(coalesce(p_limit, 5), 1), 100))
    union all
    (select 'week', m.id, m.due_date from mine m
     where m.due_date between p_today and coalesce(p_week_end, p_today + 6)
     order by m.due_date, m.id limit least(greatest(coalesce(p_limit, 5), 1), 100))
    union all
    (select 'overdue', m.id, m.due_date from mine m where m.due_date < p_today
     order by m.due_date, m.id limit least(greatest(coalesce(p_limit, 5), 1), 100))
  ),
  built as (
    select s.name, json_agg(public.task_list_json(t, c.reference, u) order by s.due_date, s.id) as tasks
    from shown s
    join public.tasks t on t.id = s.id
    join public.cases c on c.id = t.case_id
    left join public.users u on u.uuid = t.assignee_id
    group by s.name
  )
  select json_object_agg(w.name, json_build_object(
    'tasks', coalesce(b.tasks, '[]'::json),
    'total', case w.name when 'today' then n.today when 'week' then n.week else n.overdue end))
  into result
  from unnest(array['today', 'week', 'overdue']) w (name)
  cross join totals n
  left join built b on b.name = w.name;
  return result;
end
$$;
