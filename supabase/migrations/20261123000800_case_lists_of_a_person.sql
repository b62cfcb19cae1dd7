-- "My cases" (the lists' `scope=mine`) and a lawyer's pipeline (`/dashboard/case_management`)
-- as set-returning functions the lists filter, sort, count and page like a table
-- (`rpc('my_cases').eq(...).order(...).range(...)`). The app used to send the person's case ids in
-- the query string (`id=in.(…)`), which outgrows a request line once a lawyer works on a few
-- hundred cases. SECURITY INVOKER: row level security still decides every row.

-- The cases the caller is the client of, works on (lead, associate, paralegal) or, as a firm's
-- admin, the firm's.
create function public.my_cases() returns setof public.cases
language sql stable security invoker set search_path = ''
as $$
  select c.* from public.cases c
  where c.client_id = (select auth.uid())
    or c.id in (select public.team_case_ids())
    or (c.law_firm_id = (select public.current_law_firm())
        and (select public.current_access_level()) = 'lawyer_admin')
$$;

-- A lawyer's pipeline: the cases they (or, as its admin, their firm) run, and the open or
-- cancelled cases they (or the firm's lawyers) hold a live proposal on.
create function public.pipeline_cases() returns setof public.cases
language sql stable security invoker set search_path = ''
as $$
  select c.* from public.cases c
  where c.id in (select public.team_case_ids())
    or (c.law_firm_id = (select public.current_law_firm())
        and (select public.current_access_level()) = 'lawyer_admin')
    or (c.status in ('open', 'cancelled') and exists (
      select 1 from public.proposals p
      where p.case_id = c.id
        and p.status in ('draft', 'submitted', 'viewed', 'accepted')
        and (p.lawyer_id = (select auth.uid())
          or (p.law_firm_id = (select public.current_law_firm())
              and (select public.current_access_level()) = 'lawyer_admin'))
    ))
$$;

revoke all on function public.my_cases(), public.pipeline_cases() from public, anon;
grant execute on function public.my_cases(), public.pipeline_cases() to authenticated;
