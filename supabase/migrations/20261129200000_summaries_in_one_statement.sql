-- Summaries in one statement each (issue 20: every dashboard page within 50 ms over 10,000 cases).
--
-- Two pages asked the database once per status. The proposals index counted a lawyer's proposals
-- with six `HEAD /proposals?status=eq.…` requests, and the case_management pipeline read each
-- column's newest cards with a request per column (five or six). Each request is a round trip and a
-- transaction of its own (its role, its claims, its statement), so a page paid that fixed price
-- seven times before it could render. These functions answer with one statement each. SECURITY
-- INVOKER: row level security still decides every row, exactly as for the requests they replace.

-- How many proposals the caller may see, by status (a lawyer: their own; a firm admin: the firm's;
-- a client: those on their cases; admins: all). Statuses without a proposal are missing.
create function public.proposal_status_counts()
returns table (status text, count bigint)
language sql stable security invoker set search_path = ''
as $$
  select p.status, count(*) from public.proposals p group by p.status
$$;

revoke all on function public.proposal_status_counts() from public, anon;
grant execute on function public.proposal_status_counts() to authenticated;

-- The newest cases of each of `p_statuses`, at most `p_limit` (1–50) per status, from every case
-- the caller may see (`p_source` 'all') or from their pipeline ('pipeline', public.pipeline_cases()).
-- Each status walks cases_status_updated_idx (status, updated_at desc, id) and stops after its
-- cards. No `set search_path` on purpose, as public.pipeline_cases(): the body names every object
-- with its schema, and a function that sets a parameter is never inlined.
create function public.pipeline_columns(p_source text, p_statuses text[], p_limit integer)
returns setof public.cases
language sql stable security invoker
as $$
  select c.*
  from unnest(p_statuses) as s(status)
  cross join lateral (
    (select x.* from public.cases x
      where p_source = 'all' and x.status = s.status
      order by x.updated_at desc, x.id
      limit least(greatest(p_limit, 1), 50))
    union all
    (select x.* from public.pipeline_cases() x
      where p_source = 'pipeline' and x.status = s.status
      order by x.updated_at desc, x.id
      limit least(greatest(p_limit, 1), 50))
  ) as c
$$;

revoke all on function public.pipeline_columns(text, text[], integer) from public, anon;
grant execute on function public.pipeline_columns(text, text[], integer) to authenticated;
