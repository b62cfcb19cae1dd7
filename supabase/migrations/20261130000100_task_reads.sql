-- The task lists in one request each (issue 22, item 8; ADR 0027): the board and the table (and
-- the JSON API) read their page of tasks, the cases' references, the assignees' names and the
-- counts in one statement, instead of a request per column, a count each and a request for the
-- names. Over 10,000 tasks a page was a dozen round trips to the database.
--
-- Both are SECURITY DEFINER and apply the tasks' select policy themselves, once per statement
-- (the same three sets as the policy: admins, the cases the caller runs, the client-visible tasks
-- of the caller's own cases). Definer rights let them name an assignee whose profile the caller
-- may not read in `users`: an assignee is a member of the task's case, whom the caller already
-- sees on that case (public.case_people).

create function public.visible_tasks_filtered(
  p_case_id uuid,
  p_assignee_id uuid,
  p_statuses text[],
  p_due_from date,
  p_due_to date,
  p_overdue boolean,
  p_today date
) returns setof public.tasks
language sql stable security definer set search_path = ''
as $$
  select t.* from public.tasks t
  where ((select public.is_admin())
         or t.case_id in (select public.task_manager_case_ids())
         or (t.client_visible and t.case_id in (select public.task_client_case_ids())))
    and (p_case_id is null or t.case_id = p_case_id)
    and (p_assignee_id is null or t.assignee_id = p_assignee_id)
    and (p_statuses is null or cardinality(p_statuses) = 0 or t.status = any (p_statuses))
    and (p_due_from is null or t.due_date >= p_due_from)
    and (p_due_to is null or t.due_date <= p_due_to)
    and (not coalesce(p_overdue, false) or (t.due_date < p_today and t.status <> 'done'))
$$;

-- One task as the lists show it: its columns, its case's reference and its assignee's name.
create function public.task_list_row(t public.tasks) returns json
language sql stable security definer set search_path = ''
as $$
  select json_build_object(
    'id', t.id, 'case_id', t.case_id, 'title', t.title, 'status', t.status, 'position', t.position,
    'priority', t.priority, 'labels', t.labels, 'due_date', t.due_date, 'assignee_id', t.assignee_id,
    'client_visible', t.client_visible, 'created_at', t.created_at, 'updated_at', t.updated_at,
    'reference', (select c.reference from public.cases c where c.id = t.case_id),
    'assignee', (select json_build_object('id', u.uuid, 'first_name', u.first_name, 'last_name', u.last_name,
                   'avatar_url', u.avatar_url)
                 from public.users u where u.uuid = t.assignee_id)
  )
$$;

-- The board: the first p_limit tasks of each status in their order (an index scan per column,
-- stopping at the limit), and how many each has.
create function public.task_board(
  p_case_id uuid default null,
  p_assignee_id uuid default null,
  p_statuses text[] default null,
  p_today date default current_date,
  p_limit integer default 100
) returns json
language sql stable security definer set search_path = ''
as $$
  with me as materialized (select public.is_admin() as admin),
  managed as materialized (select public.task_manager_case_ids() as id),
  own as materialized (select public.task_client_case_ids() as id),
  wanted as (
    select st from unnest(array['todo', 'in_progress', 'waiting', 'done']) st
    where p_statuses is null or cardinality(p_statuses) = 0 or st = any (p_statuses)
  )
  select json_build_object(
    'tasks', coalesce((
      select json_agg(public.task_list_row(x) order by x.status, x.position)
      from wanted w cross join lateral (
        select t.* from public.tasks t, me
        where t.status = w.st
          and (me.admin or t.case_id in (select id from managed)
               or (t.client_visible and t.case_id in (select id from own)))
          and (p_case_id is null or t.case_id = p_case_id)
          and (p_assignee_id is null or t.assignee_id = p_assignee_id)
        order by t.position
        limit least(greatest(coalesce(p_limit, 100), 1), 500)
      ) x
    ), '[]'::json),
    'totals', coalesce((
      select json_object_agg(c.status, c.total)
      from (
        select t.status, count(*) as total from public.tasks t, me
        where t.status in (select st from wanted)
          and (me.admin or t.case_id in (select id from managed)
               or (t.client_visible and t.case_id in (select id from own)))
          and (p_case_id is null or t.case_id = p_case_id)
          and (p_assignee_id is null or t.assignee_id = p_assignee_id)
        group by t.status
      ) c
    ), '{}'::json)
  )
$$;

-- One page of the table (and the JSON API): the filters, an order by one column (then id), and
-- the total.
create function public.task_list(
  p_case_id uuid default null,
  p_assignee_id uuid default null,
  p_statuses text[] default null,
  p_due_from date default null,
  p_due_to date default null,
  p_overdue boolean default false,
  p_today date default current_date,
  p_sort text default 'due_date',
  p_dir text default 'asc',
  p_offset integer default 0,
  p_limit integer default 25
) returns json
language sql stable security definer set search_path = ''
as $$
  with visible as materialized (
    select * from public.visible_tasks_filtered(p_case_id, p_assignee_id, p_statuses, p_due_from, p_due_to,
      p_overdue, p_today)
  ),
  page as (
    select v.* from visible v
    order by
      case when p_dir = 'asc' and p_sort = 'due_date' then v.due_date end asc nulls last,
      case when p_dir = 'desc' and p_sort = 'due_date' then v.due_date end desc nulls last,
      case when p_dir = 'asc' and p_sort = 'title' then v.title end asc,
      case when p_dir = 'desc' and p_sort = 'title' then v.title end desc,
      case when p_dir = 'asc' and p_sort = 'status' then array_position(array['todo', 'in_progress', 'waiting', 'done'], v.status) end asc,
      case when p_dir = 'desc' and p_sort = 'status' then array_position(array['todo', 'in_progress', 'waiting', 'done'], v.status) end desc,
      case when p_dir = 'asc' and p_sort = 'priority' then array_position(array['low', 'medium', 'high', 'urgent'], v.priority) end asc,
      case when p_dir = 'desc' and p_sort = 'priority' then array_position(array['low', 'medium', 'high', 'urgent'], v.priority) end desc,
      case when p_dir = 'asc' and p_sort = 'updated_at' then v.updated_at end asc,
      case when p_dir = 'desc' and p_sort = 'updated_at' then v.updated_at end desc,
      case when p_dir = 'asc' and p_sort = 'created_at' then v.created_at end asc,
      case when p_dir = 'desc' and p_sort = 'created_at' then v.created_at end desc,
      v.id
    offset greatest(coalesce(p_offset, 0), 0)
    limit least(greatest(coalesce(p_limit, 25), 1), 5000)
  )
  select json_build_object(
    'tasks', coalesce((select json_agg(public.task_list_row(p::public.tasks)) from page p), '[]'::json),
    'total', (select count(*) from visible)
  )
$$;

revoke all on function
  public.visible_tasks_filtered(uuid, uuid, text[], date, date, boolean, date), public.task_list_row(public.tasks)
  from public, anon, authenticated;
revoke all on function
  public.task_board(uuid, uuid, text[], date, integer),
  public.task_list(uuid, uuid, text[], date, date, boolean, date, text, text, integer, integer)
  from public, anon;
grant execute on function
  public.task_board(uuid, uuid, text[], date, integer),
  public.task_list(uuid, uuid, text[], date, date, boolean, date, text, text, integer, integer)
  to authenticated;
