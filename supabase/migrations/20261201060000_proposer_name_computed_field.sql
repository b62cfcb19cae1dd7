-- A proposal list read a page of proposals, then its lawyers' names (public.case_people, kept for
-- the case page): two round trips in a row on every proposal list, overview and proposal page
-- (issue 20). The name is now a computed field of public.proposals (PostgREST: a function of one
-- row, selected like a column), as client_name is of public.cases
-- (20261130300000_case_computed_fields.sql), so each of those reads is one request.
--
-- The rule is the one the pages applied to case_people's rows: a proposal's lawyer is named when
-- they are, to the caller, the case's proposer (a proposal of theirs on the case that is not a
-- draft, seen by an admin, the case's client or the admin of that proposal's firm) or its lead
-- (a 'lead' member, seen by an admin or whoever follows the case: its client, a member, the
-- admin of the case's firm). Anyone else gets null, and the page says "a lawyer".
--
-- The row passed in is not trusted (the function can be called with any row): the proposal, its
-- case and its lawyer are read again by id, so a made-up row names nobody, and what the function
-- tells is no more than case_people tells the same caller. The caller's profile is read once.
create function public.proposer_name(public.proposals) returns text
language sql stable security definer set search_path = ''
as $$
  with me as (
    select u.uuid,
      u.access_level in ('admin', 'super_user') as admin,
      case when u.access_level = 'lawyer_admin' then u.law_firm end as firm
    from public.users u where u.uuid = (select auth.uid())
  )
  select nullif(concat_ws(' ', nullif(btrim(l.first_name), ''), nullif(btrim(l.last_name), '')), '')
  from public.proposals p
  join public.cases c on c.id = p.case_id
  join public.users l on l.uuid = p.lawyer_id
  cross join me
  where p.id = $1.id
    and (
      exists (select 1 from public.proposals q
              where q.case_id = p.case_id and q.lawyer_id = p.lawyer_id and q.status <> 'draft'
                and (me.admin or c.client_id = me.uuid or q.law_firm_id = me.firm))
      or (exists (select 1 from public.case_members m
                  where m.case_id = c.id and m.user_id = p.lawyer_id and m.role = 'lead')
          and (me.admin or c.client_id = me.uuid or c.law_firm_id = me.firm
               or exists (select 1 from public.case_members f where f.case_id = c.id and f.user_id = me.uuid)))
    )
$$;

revoke all on function public.proposer_name(public.proposals) from public, anon;
grant execute on function public.proposer_name(public.proposals) to authenticated;
