-- The task table reads its page through an index when its order has one (issue 20: the task
-- pages' server time).
--
-- task_list kept every visible task's sort key in a materialised CTE (10,000 rows in the bench),
-- counted it and sorted it for the page, whatever the order and the filters: 12-19 ms in PGlite,
-- the largest part of the table's server time. It tested every task against an OR of all four
-- ways to see one (admin, team member, firm admin, client of the case), and its one statement's
-- plan was kept for the session, so a case filter scanned every task as the unfiltered table did.
--
-- Now:
-- - public.task_visibility() writes the select policy's test for the caller with only the branches
--   that can match them (an admin: none; a lawyer: their team's cases, and their firm's when they
--   run it; a client: the shared tasks of their cases; both only for a client who became a
--   lawyer). One branch is a semi-join the planner can run from either side.
-- - The statement is built for the order asked for and planned for the call's arguments
--   (EXECUTE ... USING): the default order (due date, then id) walks the new index on
--   (due_date, id) and stops at the page's last row; a case or assignee filter reads through their
--   indexes; the total counts the same predicate. The order expressions come from a fixed list,
--   never from an argument's text, and every value is a parameter.
-- In PGlite over the bench's 10,000 tasks: the lawyer's default page 15 -> 6 ms, an admin's 12 ->
-- 4 ms; a client's (a few hundred shared tasks) about 1 ms more, for the planning.
--
-- task_board keeps its statement: planned once a session, its cards already stop early, and its
-- totals count every visible task either way (tried: no faster).
--
-- The rows, their order (the key, nulls last either way, then the id), the total and who sees
-- what are unchanged: task-reads.test.ts and tasks-rls.test.ts hold task_list to the select
-- policy for every access level, every sort key both ways, and a person on both sides.

create index tasks_due_id_idx on public.tasks (due_date, id);

-- The tasks the caller sees, as a condition on `t` (public.tasks) with $1 = the caller's id and
-- $2 = `firm` (the firm they run as its lawyer_admin, or null); equivalent to the tasks' select
-- policy.
create function public.task_visibility(out predicate text, out firm uuid)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_admin boolean;
  v_team text;
  v_client text;
begin
  select u.access_level in ('admin', 'super_user'),
    case when u.access_level = 'lawyer_admin' then u.law_firm end
  into v_admin, firm
  from public.users u where u.uuid = v_uid;
  if coalesce(v_admin, false) then
    predicate := 'true';
    return;
  end if;
  if firm is not null or exists (select 1 from public.case_members m
                                 where m.user_id = v_uid and m.role <> 'client') then
    v_team := $sql$t.case_id in (select m.case_id from public.case_members m
                                 where m.user_id = $1 and m.role <> 'client'$sql$
      || case when firm is not null
           then $sql$ union select c.id from public.cases c where c.law_firm_id = $2$sql$ else '' end
      || ')';
  end if;
  if exists (select 1 from public.case_members m where m.user_id = v_uid and m.role = 'client') then
    v_client := $sql$(t.client_visible and t.case_id in (select m.case_id from public.case_members m
                                                         where m.user_id = $1 and m.role = 'client'))$sql$;
  end if;
  predicate := case
    when v_team is not null and v_client is not null then '(' || v_team || ' or ' || v_client || ')'
    else coalesce(v_team, v_client, 'false')
  end;
end
$$;

revoke all on function public.task_visibility() from public, anon, authenticated;

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
  v_uid uuid := (select auth.uid());
  v_firm uuid;
  v_key text;
  v_order text;
  v_predicate text;
  result json;
begin
  select v.predicate, v.firm into v_predicate, v_firm from public.task_visibility() v;
  v_predicate := v_predicate || $sql$
    and ($3::uuid is null or t.case_id = $3)
    and ($4::uuid is null or t.assignee_id = $4)
    and ($5::text[] is null or cardinality($5) = 0 or t.status = any ($5))
    and ($6::date is null or t.due_date >= $6)
    and ($7::date is null or t.due_date <= $7)
    and (not coalesce($8, false) or (t.due_date < $9 and t.status <> 'done'))
  $sql$;
  v_key := case p_sort
    when 'due_date' then 't.due_date'
    when 'title' then 't.title'
    when 'status' then $k$array_position(array['todo', 'in_progress', 'waiting', 'done'], t.status)$k$
    when 'priority' then $k$array_position(array['low', 'medium', 'high', 'urgent'], t.priority)$k$
    when 'updated_at' then 't.updated_at'
    when 'created_at' then 't.created_at'
  end;
  v_order := case
    when v_key is null then 't.id'
    when p_dir = 'desc' then v_key || ' desc nulls last, t.id'
    else v_key || ' asc nulls last, t.id'
  end;
  execute format($sql$
    with page as (
      select p.id, row_number() over () as n
      from (
        select t.id from public.tasks t
        where %1$s
        order by %2$s
        offset $10 limit $11
      ) p
    )
    select json_build_object(
      'tasks', coalesce((
        select json_agg(public.task_list_json(t, c.reference, u) order by p.n)
        from page p
        join public.tasks t on t.id = p.id
        join public.cases c on c.id = t.case_id
        left join public.users u on u.uuid = t.assignee_id
      ), '[]'::json),
      'total', (select count(*) from public.tasks t where %1$s)
    )
  $sql$, v_predicate, v_order)
  into result
  using v_uid, v_firm, p_case_id, p_assignee_id, p_statuses, p_due_from,
    p_due_to, p_overdue, p_today, greatest(coalesce(p_offset, 0), 0),
    least(greatest(coalesce(p_limit, 25), 1), 5000);
  return result;
end
$$;

