-- The case table and the card list each read a page of cases and then, in a second round trip,
-- the page's client names (public.case_client_names) or its proposals (to count them). Both are
-- now computed fields of public.cases (PostgREST: a function of one row, selected like a column),
-- so each page is one request, also through public.my_cases, whose rows are cases.

-- The name of a case's client, "First Last" (null when hidden or empty), by the rule
-- case_client_names had (as case_people's 'client' rows): admins and those who follow the case
-- (public.follows_case: the client, the team, the firm's admin); a marketplace lawyer gets null.
-- The row passed in is not trusted (the function can be called with any row): the case and its
-- client are read again by id, one primary-key lookup, so a made-up row names nobody. The test of
-- follows_case is written out on that stored row rather than called, which would read it again.
create function public.client_name(public.cases) returns text
language sql stable security definer set search_path = ''
as $$
  select nullif(concat_ws(' ', nullif(btrim(u.first_name), ''), nullif(btrim(u.last_name), '')), '')
  from public.cases c
  join public.users u on u.uuid = c.client_id
  where c.id = $1.id
    and ((select public.is_admin())
      or c.client_id = (select auth.uid())
      or (c.law_firm_id = (select public.current_law_firm()) and (select public.current_access_level()) = 'lawyer_admin')
      or exists (select 1 from public.case_members m where m.case_id = c.id and m.user_id = (select auth.uid())))
$$;

revoke all on function public.client_name(public.cases) from public, anon;
grant execute on function public.client_name(public.cases) to authenticated;

-- How many proposals on the case the caller may see: the caller's own row level security on
-- public.proposals decides (security invoker), exactly as the list's read of the proposals did.
create function public.proposal_count(public.cases) returns integer
language sql stable security invoker set search_path = ''
as $$
  select count(*)::integer from public.proposals p where p.case_id = $1.id
$$;

revoke all on function public.proposal_count(public.cases) from public, anon;
grant execute on function public.proposal_count(public.cases) to authenticated;

-- Read by nothing now.
drop function public.case_client_names(uuid[]);
