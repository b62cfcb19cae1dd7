-- The case_management pipeline and the case index at scale (issue 20: every dashboard page within
-- 50 ms over 10,000 cases).
--
-- Both pages counted cases once per status, each count a statement of its own that read every
-- visible case of that status under row level security (six for an admin's pipeline, next to the
-- six reads of each column's first cards). `case_status_counts` counts them all in one statement,
-- grouped by status, over the same source the lists read: every case the caller may see, "mine"
-- (public.my_cases()) or a lawyer's pipeline (public.pipeline_cases()). SECURITY INVOKER: row level
-- security still decides every row.
--
-- public.my_cases() and public.pipeline_cases() were written with `set search_path = ''`, and
-- Postgres never inlines a function that sets a parameter: every read of "mine" or of a pipeline
-- column ran the function to the end (every case the person may see, through row level security)
-- and only then filtered, sorted and cut the page (50–90 ms per column for a firm's admin over
-- 10,000 cases on the embedded database, six columns a page). Their bodies name every object with
-- its schema, so the setting guards nothing; without it the planner folds them into the query that
-- reads them, and a column's `status = … order by updated_at desc limit 5` walks an index (below)
-- and stops after five rows (under 1 ms). SECURITY INVOKER as before.
alter function public.my_cases() reset search_path;
alter function public.pipeline_cases() reset search_path;

-- A pipeline column reads the newest cases of one status (`status = … order by updated_at desc,
-- id`); cases_status_idx (status, created_at) gave the rows but not the order, so every column
-- sorted all cases of its status. cases_status_updated_idx gives the order directly.

create function public.case_status_counts(p_source text default 'all')
returns table (status text, count bigint)
language sql stable security invoker set search_path = ''
as $$
  select c.status, count(*) from public.cases c
  where p_source = 'all'
  group by c.status
  union all
  select c.status, count(*) from public.my_cases() c
  where p_source = 'mine'
  group by c.status
  union all
  select c.status, count(*) from public.pipeline_cases() c
  where p_source = 'pipeline'
  group by c.status
$$;

revoke all on function public.case_status_counts(text) from public, anon;
grant execute on function public.case_status_counts(text) to authenticated;

create index cases_status_updated_idx on public.cases (status, updated_at desc, id);
