-- Cases at scale (issue 8's benchmark: a table page over 10,000 cases in under 50 ms).
--
-- The first cases migration wrote its policies with set-returning helpers (`id in (select
-- public.followed_case_ids())`): Postgres hashes the whole set once per statement. That is cheap
-- while a person has a few cases, and not once a client or a firm has thousands: every read of a
-- case's contact, members, activity or proposals hashed all of them first (about 80 ms for 10,000
-- cases on the embedded database). The rules stay exactly the same; only how they are evaluated
-- changes:
--   * the cases policy tests its columns directly (admin first, then the caller's own, the open
--     ones for lawyers, the firm's for its admin), and hashes only the small sets that need a
--     lookup: the cases the caller is on the team of (not as client) and proposed on;
--   * the policies of the tables hanging off a case ask per row whether the caller follows that
--     case (`public.follows_case`) or is its client (`public.is_case_client`); those reads filter
--     by case_id first, so the question is asked for a handful of rows;
--   * an index serves the lists' default order (most recently updated first).
-- It also fixes references past CASE-YYYY-9999: lpad() cut five-digit numbers to four characters,
-- so the 10,000th case of a year collided with the 1,000th.

create or replace function public.cases_before_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  number text;
begin
  if new.reference is null then
    number := nextval('public.case_reference_seq')::text;
    new.reference := 'CASE-' || to_char(now(), 'YYYY') || '-' || lpad(number, greatest(4, length(number)), '0');
  end if;
  if new.status <> 'draft' then
    new.opened_at := coalesce(new.opened_at, now());
  end if;
  if new.status in ('closed', 'cancelled') then
    new.closed_at := coalesce(new.closed_at, now());
  end if;
  return new;
end
$$;

-- Whether the caller is the case's client.
create function public.is_case_client(p_case_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.cases where id = p_case_id and client_id = auth.uid())
$$;

-- Whether the caller follows the case: its client, a member, or the admin of the case's firm
-- (the per-row form of public.followed_case_ids()).
create function public.follows_case(p_case_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.cases c
    where c.id = p_case_id
      and (c.client_id = auth.uid()
        or (c.law_firm_id = public.current_law_firm() and public.current_access_level() = 'lawyer_admin'))
  )
  or exists (select 1 from public.case_members m where m.case_id = p_case_id and m.user_id = auth.uid())
$$;

-- The cases the caller is on the team of (lead, associate, paralegal).
create function public.team_case_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select case_id from public.case_members where user_id = auth.uid() and role <> 'client'
$$;

revoke all on function public.is_case_client(uuid), public.follows_case(uuid), public.team_case_ids()
  from public, anon;
grant execute on function public.is_case_client(uuid), public.follows_case(uuid), public.team_case_ids()
  to authenticated;

drop policy "cases: clients, members, the firm's admin, proposers; lawyers the open ones; admins all"
  on public.cases;
create policy "cases: admins all; clients theirs; lawyers the open ones; the firm's admin the firm's; team and proposers theirs"
  on public.cases for select to authenticated
  using (
    (select public.is_admin())
    or client_id = (select auth.uid())
    or (status = 'open' and (select public.current_access_level()) in ('lawyer', 'lawyer_admin'))
    or (law_firm_id = (select public.current_law_firm()) and (select public.current_access_level()) = 'lawyer_admin')
    or id in (select public.team_case_ids())
    or id in (select public.proposal_case_ids())
  );

drop policy "case_contacts: the client, members, the firm's admin; admins" on public.case_contacts;
create policy "case_contacts: the client, members, the firm's admin; admins"
  on public.case_contacts for select to authenticated
  using ((select public.is_admin()) or public.follows_case(case_id));

drop policy "case_contacts: the client and admins update" on public.case_contacts;
create policy "case_contacts: the client and admins update"
  on public.case_contacts for update to authenticated
  using ((select public.is_admin()) or public.is_case_client(case_id))
  with check ((select public.is_admin()) or public.is_case_client(case_id));

drop policy "case_members: the client, members, the firm's admin; admins" on public.case_members;
create policy "case_members: the client, members, the firm's admin; admins"
  on public.case_members for select to authenticated
  using ((select public.is_admin()) or public.follows_case(case_id));

drop policy "case_activity: the client, members, the firm's admin; admins" on public.case_activity;
create policy "case_activity: the client, members, the firm's admin; admins"
  on public.case_activity for select to authenticated
  using ((select public.is_admin()) or public.follows_case(case_id));

drop policy "proposals: own, the firm's (firm admin), on own cases but drafts (client), accepted (members); admins"
  on public.proposals;
create policy "proposals: own, the firm's (firm admin), on own cases but drafts (client), accepted (members); admins"
  on public.proposals for select to authenticated
  using (
    (select public.is_admin())
    or lawyer_id = (select auth.uid())
    or (law_firm_id = (select public.current_law_firm()) and (select public.current_access_level()) = 'lawyer_admin')
    or (status <> 'draft' and public.is_case_client(case_id))
    or (status = 'accepted' and public.follows_case(case_id))
  );

drop policy "proposals: the case's client marks viewed or declines" on public.proposals;
create policy "proposals: the case's client marks viewed or declines"
  on public.proposals for update to authenticated
  using (status in ('submitted', 'viewed') and public.is_case_client(case_id))
  with check (status in ('submitted', 'viewed', 'declined') and public.is_case_client(case_id));

-- case_people (20261123000500) asked the same question of a whole set; ask it per case.
create or replace function public.case_people(p_case_ids uuid[])
returns table (case_id uuid, user_id uuid, first_name text, last_name text, avatar_url text, relation text)
language sql stable security definer set search_path = ''
as $$
  with wanted as (
    select id, client_id from public.cases where id = any (p_case_ids)
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
  order by c.case_id, c.user_id, c.relation
$$;

create index cases_updated_idx on public.cases (updated_at desc nulls last, reference);
