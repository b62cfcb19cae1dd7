-- The task board's and table's assignee filter offers the people of the caller's task cases (the
-- cases public.task_cases offers): each case's client and its team. It read them through
-- public.case_people over up to 200 case ids, which tests public.follows_case once a case (60–80 ms
-- over the bench's data) although every case task_cases offers is one the caller runs, and so
-- follows. This reads the same people from the same cases in one statement, each person once.
create function public.task_assignees(p_limit integer default 200)
returns table (user_id uuid, first_name text, last_name text, avatar_url text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  return query
    with mine as materialized (
      select c.id, c.client_id from public.task_cases(p_limit) t join public.cases c on c.id = t.id
    ),
    people as (
      select mine.client_id as person from mine
      union
      select m.user_id from public.case_members m join mine on mine.id = m.case_id where m.role <> 'client'
    )
    select u.uuid, u.first_name, u.last_name, u.avatar_url
    from people p join public.users u on u.uuid = p.person;
end
$$;

revoke all on function public.task_assignees(integer) from public, anon;
grant execute on function public.task_assignees(integer) to authenticated;
