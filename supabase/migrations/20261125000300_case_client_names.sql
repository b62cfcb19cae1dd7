-- The case table names each row's client. It read them through public.case_people, which also
-- gathers every team member and proposer of the page's cases (a union over three tables) only for
-- the table to keep the clients. This function answers just that question, by the same rule as
-- case_people's 'client' rows: the client of a case is named to admins and to those who follow the
-- case (public.follows_case: the client, the team, the firm's admin); a marketplace lawyer gets
-- no row.

create function public.case_client_names(p_case_ids uuid[])
returns table (case_id uuid, first_name text, last_name text)
language sql stable security definer set search_path = ''
as $$
  select c.id, u.first_name, u.last_name
  from public.cases c
  join public.users u on u.uuid = c.client_id
  where c.id = any (p_case_ids)
    and ((select public.is_admin()) or public.follows_case(c.id))
$$;

revoke all on function public.case_client_names(uuid[]) from public, anon;
grant execute on function public.case_client_names(uuid[]) to authenticated;
