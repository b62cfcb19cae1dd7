-- The board's and the table's filters in one read (issue 22, item 8; issue 20).
--
-- Both task pages read the cases the person adds tasks to (public.task_cases) and the people of
-- those cases (public.task_assignees), two requests, and task_assignees ran task_cases again
-- inside: the same case walk twice a page. public.task_filters walks it once and gives both, as
-- {cases: [{id, reference, title}], assignees: [{user_id, first_name, last_name, avatar_url}]}:
-- the cases in task_cases' order (by reference), the assignees as task_assignees gave them (the
-- cases' clients and their lead, associate and paralegal members, each once). It replaces
-- task_assignees; task_cases stays (the pickers' rule, tested on its own).

create function public.task_filters(p_limit integer default 200)
returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  filters json;
begin
  with mine as materialized (
    select t.id, t.reference, t.title, c.client_id
    from public.task_cases(p_limit) t join public.cases c on c.id = t.id
  ),
  people as (
    select mine.client_id as person from mine
    union
    select m.user_id from public.case_members m join mine on mine.id = m.case_id where m.role <> 'client'
  )
  select json_build_object(
    'cases', coalesce((
      select json_agg(json_build_object('id', m.id, 'reference', m.reference, 'title', m.title)
                      order by m.reference)
      from mine m
    ), '[]'::json),
    'assignees', coalesce((
      select json_agg(json_build_object('user_id', u.uuid, 'first_name', u.first_name,
                                        'last_name', u.last_name, 'avatar_url', u.avatar_url))
      from people p join public.users u on u.uuid = p.person
    ), '[]'::json)
  ) into filters;
  return filters;
end
$$;

revoke all on function public.task_filters(integer) from public, anon;
grant execute on function public.task_filters(integer) to authenticated;

drop function public.task_assignees(integer);
