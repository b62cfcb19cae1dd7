-- One error vocabulary (issue 19, docs/decisions/0012-one-error-vocabulary.md): every refusal the
-- product's functions and triggers raise carries a stable code in `detail`, "<domain>:<reason>"
-- (the quotas already say "quota:<name>", 20261126020100_quotas.sql), next to the standard
-- SQLSTATE (42501 who may not, 23503 missing, 23505 a duplicate, 23514 a rule of the domain),
-- which PostgREST turns into the HTTP status. The app reads the code, never the English message
-- (app/lib/errors.ts maps each code to a translated message), so a message can be reworded freely.
--
-- The functions are re-created unchanged but for `detail`. Two rules that were only check
-- constraints (a published case has a description, a proposal leaves draft with its scope) are
-- checked by a trigger first, so that their refusal carries a code too; the constraints stay.

create or replace function public.check_proposal_intake(p_case_id uuid, p_lawyer_id uuid, p_proposal_id uuid default null)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  target record;
begin
  if coalesce((select access_level from public.users where uuid = p_lawyer_id), '')
     not in ('lawyer', 'lawyer_admin') then
    raise exception 'Only lawyers can propose on cases'
      using errcode = '42501', detail = 'proposal:not_lawyer';
  end if;
  select status, client_id into target from public.cases where id = p_case_id for share;
  if not found then
    raise exception 'This case does not exist'
      using errcode = '23503', detail = 'case:not_found';
  end if;
  if target.client_id = p_lawyer_id then
    raise exception 'You cannot propose on your own case'
      using errcode = '42501', detail = 'proposal:own_case';
  end if;
  if target.status <> 'open' then
    raise exception 'This case is not open for proposals'
      using errcode = '23514', detail = 'proposal:case_not_open', hint = 'Lawyers propose only while a case is open.';
  end if;
  if exists (
    select from public.proposals
    where case_id = p_case_id and lawyer_id = p_lawyer_id
      and status in ('draft', 'submitted', 'viewed', 'accepted')
      and id is distinct from p_proposal_id
  ) then
    raise exception 'You already have a proposal on this case'
      using errcode = '23505', detail = 'proposal:already_proposed', hint = 'Edit or withdraw it instead of sending another.';
  end if;
end
$$;

create or replace function public.check_case_member(p_case_id uuid, p_user_id uuid, p_role text)
returns void
language plpgsql stable security definer set search_path = ''
as $$
declare
  target record;
  person record;
begin
  select status, client_id, lead_lawyer_id, law_firm_id into target from public.cases where id = p_case_id;
  if not found then
    raise exception 'This case does not exist'
      using errcode = '23503', detail = 'case:not_found';
  end if;
  if target.status not in ('engaged', 'on_hold', 'closed') then
    raise exception 'Only an engaged case has members'
      using errcode = '23514', detail = 'case_member:case_not_engaged';
  end if;
  if p_role = 'client' and p_user_id is distinct from target.client_id then
    raise exception 'Only the case''s client can be its client member'
      using errcode = '23514', detail = 'case_member:not_the_client';
  end if;
  if p_role = 'lead' and p_user_id is distinct from target.lead_lawyer_id then
    raise exception 'Only the case''s lead lawyer can be its lead member'
      using errcode = '23514', detail = 'case_member:not_the_lead';
  end if;
  if p_role in ('associate', 'paralegal') then
    select access_level, law_firm into person from public.users where uuid = p_user_id;
    if not found or person.access_level not in ('lawyer', 'lawyer_admin')
       or person.law_firm is null or person.law_firm is distinct from target.law_firm_id then
      raise exception 'Only lawyers of the case''s firm can join it as associates or paralegals'
        using errcode = '23514', detail = 'case_member:not_of_the_firm';
    end if;
  end if;
end
$$;

create or replace function public.case_members_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.case_id, new.user_id) is distinct from (old.case_id, old.user_id) then
    raise exception 'A member''s case and person cannot change'
      using errcode = '23514', detail = 'case_member:immutable';
  end if;
  perform public.check_case_member(new.case_id, new.user_id, new.role);
  return new;
end
$$;

create or replace function public.cases_before_update() returns trigger
language plpgsql set search_path = ''
as $$
declare
  by_person boolean := current_user in ('anon', 'authenticated');
begin
  if new.status is distinct from old.status then
    if not new.status = any (public.next_case_statuses(old.status)) then
      raise exception 'Case % cannot go from % to %', old.reference, old.status, new.status
        using errcode = '23514', detail = 'case:status_not_allowed',
              hint = case when cardinality(public.next_case_statuses(old.status)) = 0
                then format('A %s case is final.', old.status)
                else format('From %s a case can go to: %s.', old.status,
                  array_to_string(public.next_case_statuses(old.status), ', ')) end;
    end if;
    if new.status = 'engaged' and old.status = 'open'
       and current_user in ('anon', 'authenticated', 'service_role') then
      raise exception 'Case % is engaged only when its client accepts a proposal', old.reference
        using errcode = '42501', detail = 'case:engaged_by_acceptance', hint = 'Use public.accept_proposal(p_proposal_id).';
    end if;
  end if;

  -- Lawyers running a case change its status and court details; the rest is the client's.
  if by_person and old.client_id is distinct from auth.uid() and not public.is_admin()
     and (new.title, new.description, new.practice_area, new.jurisdiction, new.priority,
          new.budget_min, new.budget_max, new.currency, new.needed_by)
         is distinct from
         (old.title, old.description, old.practice_area, old.jurisdiction, old.priority,
          old.budget_min, old.budget_max, old.currency, old.needed_by) then
    raise exception 'Only the client edits the description, budget and dates of case %', old.reference
      using errcode = '42501', detail = 'case:client_fields', hint = 'The lawyers running a case change its status and court details.';
  end if;

  new.updated_at := now();
  if new.status is distinct from old.status then
    if new.status = 'open' then
      new.opened_at := coalesce(old.opened_at, now());
    end if;
    if new.status in ('closed', 'cancelled') then
      new.closed_at := now();
    end if;
  end if;
  return new;
end
$$;

create or replace function public.proposals_before_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- A new draft, submitted or viewed proposal needs an open case; other statuses are history
  -- written by the system (demo data, imports), which the API roles cannot insert.
  if new.status in ('draft', 'submitted', 'viewed') then
    perform public.check_proposal_intake(new.case_id, new.lawyer_id);
  elsif (select client_id from public.cases where id = new.case_id) = new.lawyer_id then
    raise exception 'You cannot propose on your own case'
      using errcode = '42501', detail = 'proposal:own_case';
  end if;
  new.law_firm_id := (select law_firm from public.users where uuid = new.lawyer_id);
  if new.status <> 'draft' then
    new.submitted_at := coalesce(new.submitted_at, now());
  end if;
  if new.status in ('accepted', 'declined', 'withdrawn') then
    new.decided_at := coalesce(new.decided_at, now());
  end if;
  return new;
end
$$;

create or replace function public.proposals_before_update() returns trigger
language plpgsql set search_path = ''
as $$
declare
  by_person boolean := current_user in ('anon', 'authenticated');
  is_proposer boolean;
  is_client boolean;
  terms_changed boolean := (new.fee_type, new.amount, new.currency, new.hourly_rate, new.estimated_hours,
      new.contingency_percent, new.estimated_duration_days, new.scope, new.terms)
    is distinct from (old.fee_type, old.amount, old.currency, old.hourly_rate, old.estimated_hours,
      old.contingency_percent, old.estimated_duration_days, old.scope, old.terms);
begin
  if new.status is distinct from old.status
     and not new.status = any (public.next_proposal_statuses(old.status)) then
    raise exception 'A proposal cannot go from % to %', old.status, new.status
      using errcode = '23514', detail = 'proposal:status_not_allowed',
            hint = case when cardinality(public.next_proposal_statuses(old.status)) = 0
              then format('A %s proposal is final.', old.status)
              else format('From %s a proposal can go to: %s.', old.status,
                array_to_string(public.next_proposal_statuses(old.status), ', ')) end;
  end if;
  if new.status = 'accepted' and old.status <> 'accepted'
     and current_user in ('anon', 'authenticated', 'service_role') then
    raise exception 'A proposal is accepted only through public.accept_proposal'
      using errcode = '42501', detail = 'proposal:accept_through_rpc', hint = 'It engages the case in the same transaction.';
  end if;
  if terms_changed and old.status not in ('draft', 'submitted', 'viewed') then
    raise exception 'A % proposal can no longer be edited', old.status
      using errcode = '23514', detail = 'proposal:decided';
  end if;

  if by_person and not public.is_admin() then
    is_proposer := old.lawyer_id = auth.uid()
      or (public.current_access_level() = 'lawyer_admin' and old.law_firm_id = public.current_law_firm());
    is_client := old.case_id in (select public.client_case_ids());
    if terms_changed and not is_proposer then
      raise exception 'Only the lawyer who wrote a proposal can change its terms'
        using errcode = '42501', detail = 'proposal:not_its_lawyer';
    end if;
    if new.status is distinct from old.status then
      if new.status in ('submitted', 'withdrawn') and not is_proposer then
        raise exception 'Only the lawyer who wrote a proposal can submit or withdraw it'
          using errcode = '42501', detail = 'proposal:not_its_lawyer';
      end if;
      if new.status in ('viewed', 'declined') and not is_client then
        raise exception 'Only the case''s client can mark a proposal viewed or decline it'
          using errcode = '42501', detail = 'proposal:not_the_client';
      end if;
    end if;
  end if;

  if new.status is distinct from old.status then
    if new.status = 'submitted' then
      new.submitted_at := now();
    elsif new.status = 'viewed' then
      new.viewed_at := now();
    elsif new.status in ('accepted', 'declined', 'withdrawn') then
      new.decided_at := now();
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

create or replace function public.accept_proposal(p_proposal_id uuid) returns public.cases
language plpgsql security definer set search_path = ''
as $$
declare
  target_case_id uuid;
  target public.cases;
  chosen public.proposals;
begin
  select case_id into target_case_id from public.proposals where id = p_proposal_id;
  if not found then
    raise exception 'This proposal does not exist'
      using errcode = '23503', detail = 'proposal:not_found';
  end if;
  select * into target from public.cases where id = target_case_id for update;
  if target.client_id is distinct from auth.uid() and not public.is_admin() then
    raise exception 'Only the case''s client can accept a proposal'
      using errcode = '42501', detail = 'proposal:not_the_client';
  end if;
  if target.status <> 'open' then
    raise exception 'Case % is %, not open: it can no longer accept a proposal', target.reference, target.status
      using errcode = '23514', detail = 'proposal:case_not_open';
  end if;
  -- Read after the lock: a concurrent withdrawal or decline has committed by now.
  select * into chosen from public.proposals where id = p_proposal_id for update;
  if chosen.status not in ('submitted', 'viewed') then
    raise exception 'A % proposal cannot be accepted', chosen.status
      using errcode = '23514', detail = 'proposal:decided', hint = 'Only a submitted or viewed proposal can be accepted.';
  end if;

  update public.proposals set status = 'accepted' where id = chosen.id;
  update public.proposals set status = 'declined'
  where case_id = target.id and id <> chosen.id and status in ('submitted', 'viewed');
  update public.cases
  set status = 'engaged', lead_lawyer_id = chosen.lawyer_id, law_firm_id = chosen.law_firm_id
  where id = target.id
  returning * into target;
  insert into public.case_members (case_id, user_id, role)
  values (target.id, target.client_id, 'client'), (target.id, chosen.lawyer_id, 'lead')
  on conflict (case_id, user_id) do update set role = excluded.role;
  return target;
end
$$;

create or replace function public.guard_user_privileges() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  caller_level text;
begin
  new.updated_at := now();
  if public.is_trusted_writer() then
    return new;
  end if;
  if new.uuid is distinct from old.uuid then
    raise exception 'users.uuid cannot be changed'
      using errcode = '42501', detail = 'user:id_fixed';
  end if;
  select access_level into caller_level from public.users where uuid = auth.uid();
  if new.rating is distinct from old.rating and coalesce(caller_level, '') not in ('admin', 'super_user') then
    raise exception 'Only an administrator can change a rating'
      using errcode = '42501', detail = 'user:rating_by_admin', hint = 'Ratings come from clients'' reviews, not from the lawyer.';
  end if;
  if new.access_level is not distinct from old.access_level
     and new.law_firm is not distinct from old.law_firm
     and new.plan is not distinct from old.plan then
    return new;
  end if;
  if old.uuid = auth.uid() then
    raise exception 'You cannot change your own access level, law firm or plan'
      using errcode = '42501', detail = 'user:own_privileges', hint = 'An administrator must make this change.';
  end if;
  if coalesce(caller_level, '') not in ('admin', 'super_user') then
    raise exception 'Only an administrator can change access levels, law firms or plans'
      using errcode = '42501', detail = 'user:privileges_by_admin';
  end if;
  if not (public.may_manage_level(caller_level, old.access_level)
          and public.may_manage_level(caller_level, new.access_level)) then
    raise exception 'Only a super user can make or remove an admin or a super user, or change their firm or plan'
      using errcode = '42501', detail = 'user:privileges_by_super_user';
  end if;
  return new;
end
$$;

create or replace function public.guard_user_deletion() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  caller_level text;
begin
  if public.is_trusted_writer() then
    return old;
  end if;
  if old.uuid = auth.uid() then
    raise exception 'You cannot delete your own profile'
      using errcode = '42501', detail = 'user:own_deletion';
  end if;
  select access_level into caller_level from public.users where uuid = auth.uid();
  if not public.may_manage_level(coalesce(caller_level, ''), old.access_level) then
    raise exception 'Only a super user can delete an admin or a super user'
      using errcode = '42501', detail = 'user:deletion_by_super_user';
  end if;
  return old;
end
$$;


-- A case is published with its description (cases_published_description_check).
create function public.cases_check_description() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.status <> 'draft' and btrim(coalesce(new.description, '')) = '' then
    raise exception 'A case is published with its description'
      using errcode = '23514', detail = 'case:description_required';
  end if;
  return new;
end
$$;

create trigger cases_check_description
  before insert or update of status, description on public.cases
  for each row execute function public.cases_check_description();

-- A proposal leaves draft with its scope written (proposals_submitted_scope_check).
create function public.proposals_check_scope() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.status <> 'draft' and btrim(coalesce(new.scope, '')) = '' then
    raise exception 'A proposal is sent with its scope written'
      using errcode = '23514', detail = 'proposal:scope_required';
  end if;
  return new;
end
$$;

create trigger proposals_check_scope
  before insert or update of status, scope on public.proposals
  for each row execute function public.proposals_check_scope();

revoke all on function public.cases_check_description() from public, anon, authenticated;
revoke all on function public.proposals_check_scope() from public, anon, authenticated;
