-- The board's column totals without a semi-join of every task to the wanted statuses (issue 22,
-- item 8).
--
-- task_board counted the caller's tasks per status with `t.status in (select st from wanted)`,
-- which the planner made a hash semi-join over every visible task (10,000 in the bench) only to
-- keep all four statuses when no status filter is given (1-2 ms of the board's 9-11 in PGlite).
-- The count gives one number per status in one pass anyway, and the join to `wanted` after it
-- keeps only the statuses asked for, so the filter goes. Same result for every filter.

create or replace function public.task_board(
  p_case_id uuid default null,
  p_assignee_id uuid default null,
  p_statuses text[] default null,
  p_today date default current_date,
  p_limit integer default 100
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
    wanted as (
      select st from unnest(array['todo', 'in_progress', 'waiting', 'done']) st
      where p_statuses is null or cardinality(p_statuses) = 0 or st = any (p_statuses)
    )
    select json_build_object(
      'tasks', coalesce((
        select json_agg(public.task_list_json(x, c.reference, u) order by x.status, x.position)
        from wanted w cross join lateral (
          select t.* from public.tasks t
          where t.status = w.st
            and ((select me.admin from me)
              or t.case_id in (select m.case_id from public.case_members m
                               where m.user_id = (select auth.uid()) and m.role <> 'client')
              or t.case_id in (select c.id from public.cases c where c.law_firm_id = (select me.firm from me))
              or (t.client_visible and t.case_id in (select m.case_id from public.case_members m
                                                     where m.user_id = (select auth.uid()) and m.role = 'client')))
            and (p_case_id is null or t.case_id = p_case_id)
            and (p_assignee_id is null or t.assignee_id = p_assignee_id)
          order by t.position
          limit least(greatest(coalesce(p_limit, 100), 1), 500)
        ) x
        join public.cases c on c.id = x.case_id
        left join public.users u on u.uuid = x.assignee_id
      ), '[]'::json),
      'totals', coalesce((
        select json_object_agg(w.st, n.total)
        from (
          -- One pass, a count per status (cheaper than grouping on the text); the statuses not
          -- wanted are dropped by the join below, not by a filter on every task.
          select count(*) filter (where t.status = 'todo') as todo,
            count(*) filter (where t.status = 'in_progress') as in_progress,
            count(*) filter (where t.status = 'waiting') as waiting,
            count(*) filter (where t.status = 'done') as done
          from public.tasks t
          where ((select me.admin from me)
              or t.case_id in (select m.case_id from public.case_members m
                               where m.user_id = (select auth.uid()) and m.role <> 'client')
              or t.case_id in (select c.id from public.cases c where c.law_firm_id = (select me.firm from me))
              or (t.client_visible and t.case_id in (select m.case_id from public.case_members m
                                                     where m.user_id = (select auth.uid()) and m.role = 'client')))
            and (p_case_id is null or t.case_id = p_case_id)
            and (p_assignee_id is null or t.assignee_id = p_assignee_id)
        ) c
        cross join lateral (values ('todo', c.todo), ('in_progress', c.in_progress), ('waiting', c.waiting),
          ('done', c.done)) n (st, total)
        join wanted w on w.st = n.st
        where n.total > 0
      ), '{}'::json)
    )
  into result;
  return result;
end
$$;
