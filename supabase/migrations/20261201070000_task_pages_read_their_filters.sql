-- The board and the table read their tasks and their filters in one request (issue 20).
--
-- Each task page asked for its tasks (task_board or task_list) and for its filters' options
-- (task_filters) in two requests. The local backend runs them one after the other, and each
-- request has its own cost besides its SQL (a transaction, the caller's claims, a response): two
-- requests took 19.2 ms p50 at the API where one takes 16.8. On the board's page, where the Worker
-- did some of its own work meanwhile, about 1 ms of its ~48 (measured interleaved). These two
-- functions give both reads in one answer, {board|list, filters}: the filters only when asked,
-- with how many cases they offer (`p_filter_cases`; a client, who filters by "me" only, asks for
-- none and gets null). Each part is what the function it calls gives: the same rows, the same
-- rules, tested against them. PL/pgSQL, as every function a page calls on each request (README,
-- "Where server time goes"): a SQL function with its own search_path is planned at every call.

create function public.task_board_with_filters(
  p_case_id uuid default null,
  p_assignee_id uuid default null,
  p_statuses text[] default null,
  p_today date default current_date,
  p_limit integer default 100,
  p_filter_cases integer default null
) returns json
language plpgsql stable security invoker set search_path = ''
as $$
begin
  return json_build_object(
    'board', public.task_board(p_case_id, p_assignee_id, p_statuses, p_today, p_limit),
    'filters', case when p_filter_cases is not null then public.task_filters(p_filter_cases) end
  );
end
$$;

create function public.task_list_with_filters(
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
  p_limit integer default 25,
  p_filter_cases integer default null
) returns json
language plpgsql stable security invoker set search_path = ''
as $$
begin
  return json_build_object(
    'list', public.task_list(p_case_id, p_assignee_id, p_statuses, p_due_from, p_due_to, p_overdue,
                             p_today, p_sort, p_dir, p_offset, p_limit),
    'filters', case when p_filter_cases is not null then public.task_filters(p_filter_cases) end
  );
end
$$;

revoke all on function public.task_board_with_filters(uuid, uuid, text[], date, integer, integer)
  from public, anon;
grant execute on function public.task_board_with_filters(uuid, uuid, text[], date, integer, integer)
  to authenticated;
revoke all on function public.task_list_with_filters(uuid, uuid, text[], date, date, boolean, date, text,
  text, integer, integer, integer) from public, anon;
grant execute on function public.task_list_with_filters(uuid, uuid, text[], date, date, boolean, date, text,
  text, integer, integer, integer) to authenticated;
