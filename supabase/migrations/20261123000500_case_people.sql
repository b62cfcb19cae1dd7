-- Who is who on a case (issue 8): the names the case screens show next to cases and proposals.
--
-- public.users shows a person's profile only to themselves, their firm, admins, or everyone when
-- it is public. A case needs a little more, and no more than that:
--   * the people following a case (its client, its members, the firm's admin) see the names of
--     its client and members;
--   * the client (and the firm's admin, for the firm's lawyers) sees the names of the lawyers who
--     sent a proposal on it;
--   * admins see everyone on every case.
-- A lawyer browsing the marketplace gets nobody: the client stays anonymous until engaged.
-- Names only (and the avatar): e-mail, phone and address stay in case_contacts and users.
create function public.case_people(p_case_ids uuid[])
returns table (case_id uuid, user_id uuid, first_name text, last_name text, avatar_url text, relation text)
language sql stable security definer set search_path = ''
as $$
  with wanted as (
    select id, client_id from public.cases where id = any (p_case_ids)
  ),
  followed as (
    select w.id, w.client_id from wanted w
    where (select public.is_admin()) or w.id in (select public.followed_case_ids())
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
  order by c.case_id, c.user_id, c.relation
$$;

revoke all on function public.case_people(uuid[]) from public, anon;
grant execute on function public.case_people(uuid[]) to authenticated;
