-- The task table counts its rows in the scan that sorts them (issue 20: the task pages' server
-- time).
--
-- task_list counted the visible tasks in a statement of its own beside the page's. Ordered by a
-- key no index gives (priority, status, title, the dates but the due date ascending), the page's
-- statement reads and sorts every visible task anyway, so the count read them all a second time.
-- Those orders now count with a window over the same scan (`count(*) over ()`, computed before
-- the offset and the limit); a page past the end, which has no row to carry it, counts on its own
-- (the `coalesce` asks for that count only then). The default order (due date ascending) and the
-- id keep their own count: their page walks an index and stops at its last row, which a window
-- over every row would prevent.
-- Over the bench's 10,000 tasks, the lawyer's 4,000 open ones by priority, page 150, through the
-- REST API interleaved with the previous function: 19.4 -> 17.5 ms p50 (the statement alone in
-- PGlite: 13.7-15 -> 11.2 ms). A first page sorted by priority gains nothing measurable: its top-N
-- sort was cheap and the window keeps every row, as the second count read them.
--
-- Rows, order, total and who sees what are unchanged (task-reads.test.ts: every sort key both
-- ways, pages in and past the end, for every access level).

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
  v_walks boolean;
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
  -- The count: a window over the page's own scan when the order sorts every row anyway; a
  -- statement of its own when the order walks an index and stops at the page (the due date
  -- ascending, the id), or when the page is past the end and has no row to carry the window's.
  v_walks := v_key is null or (v_key = 't.due_date' and p_dir is distinct from 'desc');
  execute format($sql$
    with page as (
      select p.id, p.total, row_number() over () as n
      from (
        select t.id, %3$s as total from public.tasks t
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
      'total', coalesce(%4$s, (select count(*) from public.tasks t where %1$s))
    )
  $sql$, v_predicate, v_order,
    case when v_walks then 'null::bigint' else 'count(*) over ()' end,
    case when v_walks then 'null::bigint' else '(select max(p.total) from page p)' end)
  into result
  using v_uid, v_firm, p_case_id, p_assignee_id, p_statuses, p_due_from,
    p_due_to, p_overdue, p_today, greatest(coalesce(p_offset, 0), 0),
    least(greatest(coalesce(p_limit, 25), 1), 5000);
  return result;
end
$$;
