-- The task pages' reads over the bench's 10,000 cases and 10,000 tasks (issue 22, item 8; issue
-- 20: every dashboard page within 50 ms), and the workflow page's case picker.
--
-- task_board, task_list and task_cases asked who the caller is through public.is_admin(),
-- public.task_manager_case_ids() and public.task_client_case_ids(): set-returning security definer
-- functions, each run to the end into a tuplestore before the statement could hash it (1,000 rows
-- for the demo lawyer, 5,000 for a firm's admin: 3–8 ms each on PGlite), each reading the caller's
-- profile again through public.current_law_firm() and public.current_access_level(). task_list
-- then materialised every visible task whole (public.visible_tasks_filtered) before sorting it on
-- twelve keys. task_cases, security invoker, also ran the cases' row level security on every
-- engaged case.
--
-- Now each reads the caller's profile once (`me`), and the sets are plain subqueries on the
-- tables (case_members by user, cases by firm), which the planner hashes once or walks through an
-- index. The rules are those of the tasks' select policy, unchanged:
--   admins and super users: every task;
--   a lead, associate or paralegal member of the case, or the admin of the case's firm: its tasks;
--   the case's client member: its client-visible tasks.
-- They are PL/pgSQL now: a SQL function's body is planned again at every call (several
-- milliseconds for these statements on PGlite), a PL/pgSQL statement's plan is kept for the session.
-- task_cases is SECURITY DEFINER now: the cases it offers (engaged or on hold, run by the caller
-- or their firm, or any for an admin) are all cases the cases' select policy shows them, so that
-- policy decided nothing.
--
-- workflow_cases is the workflow page's "start a workflow" picker: exactly the cases
-- public.start_workflow accepts (engaged, and run by the caller — public.manages_case_tasks), newest
-- first. The page read `cases?status=eq.engaged` under row level security, which for a lawyer ran
-- the policy over every engaged case and offered cases start_workflow refuses (one they only
-- proposed on or are the client of).

-- A firm's running cases by reference (task_cases): an index walk that stops at the page.
create index cases_running_firm_reference_idx on public.cases (law_firm_id, reference)
  where status in ('engaged', 'on_hold');

-- ---------------------------------------------------------------------------------------------
-- The case pickers

create or replace function public.task_cases(p_limit integer default 200)
returns table (id uuid, reference text, title text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  return query
      with me as materialized (
        select u.access_level in ('admin', 'super_user') as admin,
          case when u.access_level = 'lawyer_admin' then u.law_firm end as firm
        from public.users u where u.uuid = (select auth.uid())
      ),
      -- Each source's first page by reference; the union's first page is among them.
      picked as (
        (select c.id, c.reference, c.title from public.cases c
         where (select me.admin from me) and c.status in ('engaged', 'on_hold')
         order by c.reference limit least(greatest(coalesce(p_limit, 200), 1), 1000))
        union
        (select c.id, c.reference, c.title from public.case_members m join public.cases c on c.id = m.case_id
         where m.user_id = (select auth.uid()) and m.role <> 'client' and c.status in ('engaged', 'on_hold')
         order by c.reference limit least(greatest(coalesce(p_limit, 200), 1), 1000))
        union
        (select c.id, c.reference, c.title from public.cases c
         where c.law_firm_id = (select me.firm from me) and c.status in ('engaged', 'on_hold')
         order by c.reference limit least(greatest(coalesce(p_limit, 200), 1), 1000))
      )
      select p.id, p.reference, p.title from picked p
      order by p.reference
      limit least(greatest(coalesce(p_limit, 200), 1), 1000);
end
$$;

create function public.workflow_cases(p_limit integer default 200)
returns table (id uuid, reference text, title text, practice_area text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  -- The engaged cases newest first (cases_status_updated_idx), kept while they are the caller's:
  -- the walk stops at the page.
  return query
    with me as materialized (
      select u.access_level in ('admin', 'super_user') as admin,
        case when u.access_level = 'lawyer_admin' then u.law_firm end as firm
      from public.users u where u.uuid = (select auth.uid())
    )
    select c.id, c.reference, c.title, c.practice_area from public.cases c
    where c.status = 'engaged'
      and ((select me.admin from me)
        or c.law_firm_id = (select me.firm from me)
        or c.id in (select m.case_id from public.case_members m
                    where m.user_id = (select auth.uid()) and m.role <> 'client'))
    order by c.updated_at desc, c.id
    limit least(greatest(coalesce(p_limit, 200), 1), 1000);
end
$$;

revoke all on function public.workflow_cases(integer) from public, anon;
grant execute on function public.workflow_cases(integer) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- One task as the lists show it, from the task, its case's reference and its assignee (null when
-- none). Plain SQL without settings, so that the planner writes it into the statement that calls it:
-- public.task_list_row read the reference and the assignee with two statements of its own per
-- card (a third of a board's time). The lists join the case and the assignee instead;
-- task_list_row (the overview's task_summary) now reads them and gives the same object.
create function public.task_list_json(t public.tasks, p_reference text, p_assignee public.users)
returns json
language sql stable
as $$
  select json_build_object(
    'id', t.id, 'case_id', t.case_id, 'title', t.title, 'status', t.status, 'position', t.position,
    'priority', t.priority, 'labels', t.labels, 'due_date', t.due_date, 'assignee_id', t.assignee_id,
    'client_visible', t.client_visible, 'created_at', t.created_at, 'updated_at', t.updated_at,
    'reference', p_reference,
    'assignee', case when (p_assignee).uuid is not null then
      json_build_object('id', (p_assignee).uuid, 'first_name', (p_assignee).first_name,
        'last_name', (p_assignee).last_name, 'avatar_url', (p_assignee).avatar_url) end
  )
$$;

create or replace function public.task_list_row(t public.tasks) returns json
language sql stable security definer set search_path = ''
as $$
  select public.task_list_json(t,
    (select c.reference from public.cases c where c.id = t.case_id),
    (select u from public.users u where u.uuid = t.assignee_id))
$$;

revoke all on function public.task_list_json(public.tasks, text, public.users) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The board

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
          -- One pass, a count per status (cheaper than grouping on the text).
          select count(*) filter (where t.status = 'todo') as todo,
            count(*) filter (where t.status = 'in_progress') as in_progress,
            count(*) filter (where t.status = 'waiting') as waiting,
            count(*) filter (where t.status = 'done') as done
          from public.tasks t
          where t.status in (select st from wanted)
            and ((select me.admin from me)
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

-- ---------------------------------------------------------------------------------------------
-- The table: the visible tasks' sort keys only, sorted once; the page's rows read by id.

create or replace function public.task_list(
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
    visible as materialized (
      select t.id,
        case p_sort
          when 'due_date' then t.due_date::text
          when 'title' then t.title
          when 'status' then array_position(array['todo', 'in_progress', 'waiting', 'done'], t.status)::text
          when 'priority' then array_position(array['low', 'medium', 'high', 'urgent'], t.priority)::text
        end as word,
        case p_sort when 'updated_at' then t.updated_at when 'created_at' then t.created_at end as moment
      from public.tasks t
      where ((select me.admin from me)
          or t.case_id in (select m.case_id from public.case_members m
                           where m.user_id = (select auth.uid()) and m.role <> 'client')
          or t.case_id in (select c.id from public.cases c where c.law_firm_id = (select me.firm from me))
          or (t.client_visible and t.case_id in (select m.case_id from public.case_members m
                                                 where m.user_id = (select auth.uid()) and m.role = 'client')))
        and (p_case_id is null or t.case_id = p_case_id)
        and (p_assignee_id is null or t.assignee_id = p_assignee_id)
        and (p_statuses is null or cardinality(p_statuses) = 0 or t.status = any (p_statuses))
        and (p_due_from is null or t.due_date >= p_due_from)
        and (p_due_to is null or t.due_date <= p_due_to)
        and (not coalesce(p_overdue, false) or (t.due_date < p_today and t.status <> 'done'))
    ),
    page as (
      select v.id, row_number() over () as n
      from (
        select v.id from visible v
        order by
          case when p_dir = 'asc' then v.word end asc nulls last,
          case when p_dir = 'desc' then v.word end desc nulls last,
          case when p_dir = 'asc' then v.moment end asc,
          case when p_dir = 'desc' then v.moment end desc,
          v.id
        offset greatest(coalesce(p_offset, 0), 0)
        limit least(greatest(coalesce(p_limit, 25), 1), 5000)
      ) v
    )
    select json_build_object(
      'tasks', coalesce((
        select json_agg(public.task_list_json(t, c.reference, u) order by p.n)
        from page p
        join public.tasks t on t.id = p.id
        join public.cases c on c.id = t.case_id
        left join public.users u on u.uuid = t.assignee_id
      ), '[]'::json),
      'total', (select count(*) from visible)
    )
  into result;
  return result;
end
$$;

-- task_list no longer reads through it.
drop function public.visible_tasks_filtered(uuid, uuid, text[], date, date, boolean, date);
