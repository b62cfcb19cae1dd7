-- Two more reads a page makes on every visit keep their plans (issue 20): SQL functions with their
-- own search_path are planned again at every call, PL/pgSQL statements are planned once a
-- session. public.proposal_status_counts (the proposals page's tabs) and public.case_people (the
-- names on the proposals list, a case page and the task pages' people) keep their bodies, rules
-- and security exactly; only the language changes. case-reads.test.ts holds both to the same
-- person's reads for every access level.

create or replace function public.proposal_status_counts()
returns table (status text, count bigint)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  return query select p.status, count(*) from public.proposals p group by p.status;
end
$$;

create or replace function public.case_people(p_case_ids uuid[])
returns table (case_id uuid, user_id uuid, first_name text, last_name text, avatar_url text, relation text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  return query
    with wanted as (
      select x.id, x.client_id from public.cases x where x.id = any (p_case_ids)
    ),
    followed as (
      select w.id, w.client_id from wanted w
      where (select public.is_admin()) or public.follows_case(w.id)
    ),
    connected as (
      select f.id as case_id, f.client_id as user_id, 'client' as relation from followed f
      union all
      select m.case_id, m.user_id, m.role from public.case_members m
      join followed f on f.id = m.case_id
      where m.role <> 'client'
      union all
      select p.case_id, p.lawyer_id, 'proposer' from public.proposals p
      join wanted w on w.id = p.case_id
      where p.status <> 'draft'
        and (
          (select public.is_admin())
          or w.client_id = (select auth.uid())
          or (p.law_firm_id = (select public.current_law_firm())
              and (select public.current_access_level()) = 'lawyer_admin')
        )
    )
    select distinct on (c.case_id, c.user_id, c.relation)
      c.case_id, c.user_id, u.first_name, u.last_name, u.avatar_url, c.relation
    from connected c
    join public.users u on u.uuid = c.user_id
    order by c.case_id, c.user_id, c.relation;
end
$$;
