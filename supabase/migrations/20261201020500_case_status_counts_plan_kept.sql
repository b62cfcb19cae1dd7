-- The case index's and the pipeline's counts keep their plans (issue 20).
--
-- public.case_status_counts was a SQL function with its own search_path: Postgres planned its
-- three-branch union (every case, my_cases(), pipeline_cases(), each under row level security)
-- again at every call, although one branch runs. As PL/pgSQL it runs only the branch asked for,
-- and each branch's plan is kept for the session. SECURITY INVOKER as before: row level security
-- decides every row. case-reads.test.ts holds each source's counts to the rows the same person
-- reads, for every access level.

create or replace function public.case_status_counts(p_source text default 'all')
returns table (status text, count bigint)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if p_source = 'all' then
    return query select c.status, count(*) from public.cases c group by c.status;
  elsif p_source = 'mine' then
    return query select c.status, count(*) from public.my_cases() c group by c.status;
  elsif p_source = 'pipeline' then
    return query select c.status, count(*) from public.pipeline_cases() c group by c.status;
  end if;
end
$$;
