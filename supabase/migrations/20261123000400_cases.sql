-- Cases and proposals (issue 8, ../shared/design/domain.md): a client describes a legal problem
-- as a case, lawyers answer with proposals, the client accepts one and the case is engaged.
-- Deploys unchanged to a hosted project: it relies only on what Supabase provides (the API roles,
-- auth.uid(), auth.users) and on the first migrations (users, law_firms, is_admin(),
-- current_access_level(), current_law_firm(), create_notification()).
--
-- Tables
--   cases          the legal problem; status draft → open → engaged ⇄ on_hold → closed, and
--                  draft|open → cancelled (public.next_case_statuses lists the allowed moves).
--   case_contacts  how to reach the client about one case (name, e-mail, phone). Kept out of
--                  cases on purpose: see "Contact details" below.
--   case_members   who works on or follows an engaged case (client, lead, associate, paralegal).
--   proposals      a lawyer's offer on an open case; status draft → submitted → viewed, then
--                  accepted | declined | withdrawn (public.next_proposal_statuses).
--   case_activity  the case's timeline: who changed what, when. Written by triggers only.
--
-- Who sees what (row level security; anon sees nothing)
--   client (the case's client_id)      their cases, and edits them while draft or open; the
--                                      proposals on them except lawyers' drafts; members,
--                                      contacts and activity of their cases.
--   lawyer, lawyer_admin               open cases (the marketplace), the cases they are members
--                                      of, the cases they proposed on and their own proposals.
--   lawyer_admin                       also every case of their firm (law_firm_id), with its
--                                      members, contacts and activity, and the firm's proposals.
--   admin, super_user                  everything.
--
-- Contact details: cases carries no way to reach the client, and public.users already hides a
-- client's profile from lawyers. A lawyer gets the client's contact details only from
-- case_contacts, which a lawyer reads only once they are a member of the case, i.e. once their
-- proposal is accepted (or as the firm's admin of an engaged case). The row is created with the
-- case from the client's profile; the client edits it. A view or a security-definer function
-- would work too; a table with its own policy keeps one rule in one place and is readable through
-- the same REST API as everything else.
--
-- How things change (every write works through plain REST calls, so forms need no JavaScript)
--   create a case        insert into cases (status draft or open; client_id defaults to the caller).
--   edit, publish,       update cases: the client while draft or open (publish = status open,
--   cancel               cancel = status cancelled); lawyers running an engaged case (lead and
--                        associate members, the firm's admin) change status (on_hold, engaged,
--                        closed) and the court fields only; admins anything. open → engaged only
--                        through accept_proposal.
--   propose              insert into proposals as a lawyer (draft or submitted), on an open case
--                        that is not one's own, one live proposal per lawyer per case.
--   edit, submit,        update proposals: the lawyer (or their firm's admin) edits the terms while
--   withdraw             not decided, submits a draft (status submitted), withdraws (status
--                        withdrawn); drafts are deleted rather than withdrawn.
--   view, decline        update proposals: the case's client sets status viewed (opening a
--                        submitted proposal) or declined; nothing else.
--   accept               select public.accept_proposal(p_proposal_id): the case's client (or an
--                        admin); atomic, see the function.
--   add team members     insert into case_members (associate or paralegal, a lawyer of the case's
--                        firm) by the lead, an associate or the firm's admin.
--
-- Errors are raised with a clear message and a SQLSTATE the API maps to an HTTP status:
--   23514 (400) a rule of the domain: illegal status change, case not open for proposals, etc.
--   42501 (403) the caller may not do this (e.g. a lawyer rewriting the client's description).
--   23505 (409) a second live proposal by one lawyer on one case.
-- Row level security refuses silently where the caller may not even see the row (0 rows).
--
-- Triggers that decide who may do what are SECURITY INVOKER and look at current_user: a person
-- calling the API runs as anon or authenticated, while this file's SECURITY DEFINER functions
-- (accept_proposal, the after-triggers) run as their owner and are trusted. Checks that read rows
-- the person may not see (is the case open? is it their own?) are SECURITY DEFINER triggers.
--
-- Events (notifications of type case_update through public.create_notification, which honours
-- each person's preferences; and rows of case_activity):
--   proposal submitted → the client          proposal accepted or declined → its lawyer
--   proposal withdrawn → the client          case status changed → its members (but the actor)
--   member added or removed → that member
-- Demo data and imports that write history directly switch both off for their transaction with
-- `select set_config('mylawyer.case_events', 'off', true)` (supabase/seed.sql does); the API
-- roles cannot change settings.

-- ---------------------------------------------------------------------------------------------
-- Status rules, shared by the triggers and the app (callable as RPCs).

create function public.next_case_statuses(p_status text) returns text[]
language sql immutable set search_path = ''
as $$
  select case p_status
    when 'draft' then array['open', 'cancelled']
    when 'open' then array['engaged', 'cancelled']
    when 'engaged' then array['on_hold', 'closed']
    when 'on_hold' then array['engaged', 'closed']
    else array[]::text[]
  end
$$;

create function public.next_proposal_statuses(p_status text) returns text[]
language sql immutable set search_path = ''
as $$
  select case p_status
    when 'draft' then array['submitted']
    when 'submitted' then array['viewed', 'accepted', 'declined', 'withdrawn']
    when 'viewed' then array['accepted', 'declined', 'withdrawn']
    else array[]::text[]
  end
$$;

-- Events are on unless the transaction switched them off (see the header).
create function public.case_events_enabled() returns boolean
language sql stable set search_path = ''
as $$
  select coalesce(current_setting('mylawyer.case_events', true), '') <> 'off'
$$;

-- Text from people goes into notification titles, which are HTML.
create function public.escape_html(p_text text) returns text
language sql immutable set search_path = ''
as $$
  select replace(replace(replace(replace(replace(coalesce(p_text, ''),
    '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;

-- ---------------------------------------------------------------------------------------------
-- cases

-- Numbers the references CASE-<year>-0001, CASE-<year>-0002, …; only the trigger below draws.
create sequence public.case_reference_seq;

create table public.cases (
  id uuid primary key default gen_random_uuid(),
  -- Human readable, assigned by the database (e.g. CASE-2026-0042).
  reference text not null unique check (reference ~ '^CASE-[0-9]{4}-[0-9]{4,}$'),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  -- What happened and what the client wants; required once published.
  description text not null default '' check (char_length(description) <= 10000),
  practice_area text not null check (practice_area in (
    'family', 'immigration', 'employment', 'real_estate', 'criminal_defence', 'corporate',
    'intellectual_property', 'personal_injury', 'tax', 'wills_and_estates'
  )),
  -- Where the matter is handled: a state, a country or 'Federal'.
  jurisdiction text not null check (char_length(btrim(jurisdiction)) between 1 and 100),
  status text not null default 'draft'
    check (status in ('draft', 'open', 'engaged', 'on_hold', 'closed', 'cancelled')),
  priority text not null default 'normal' check (priority in ('low', 'normal', 'high', 'urgent')),
  client_id uuid not null default auth.uid() references public.users (uuid) on delete cascade,
  -- Set when a proposal is accepted; a lawyer leading cases cannot be deleted before handing them over.
  lead_lawyer_id uuid references public.users (uuid) on delete restrict,
  -- The lead lawyer's firm at acceptance (null for an independent lawyer).
  law_firm_id uuid references public.law_firms (id) on delete set null,
  court_name text check (char_length(court_name) <= 200),
  court_case_number text check (char_length(court_case_number) <= 100),
  opposing_party text check (char_length(opposing_party) <= 200),
  budget_min numeric(12, 2) check (budget_min >= 0),
  budget_max numeric(12, 2) check (budget_max >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  needed_by date check (needed_by between date '1900-01-01' and date '2099-12-31'),
  -- First published (draft → open).
  opened_at timestamptz,
  -- Closed or cancelled.
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint cases_budget_range_check check (budget_min <= budget_max),
  constraint cases_published_description_check check (status = 'draft' or btrim(description) <> ''),
  -- Engaged, on hold and closed cases have a lead lawyer; the others do not.
  constraint cases_lead_lawyer_check
    check ((status in ('engaged', 'on_hold', 'closed')) = (lead_lawyer_id is not null))
);
create index cases_status_idx on public.cases (status, created_at desc);
create index cases_client_idx on public.cases (client_id);
create index cases_lead_lawyer_idx on public.cases (lead_lawyer_id);
create index cases_law_firm_idx on public.cases (law_firm_id);

-- ---------------------------------------------------------------------------------------------
-- case_contacts: how to reach the client about one case (see "Contact details" in the header)

create table public.case_contacts (
  case_id uuid primary key references public.cases (id) on delete cascade,
  contact_name text not null default '' check (char_length(contact_name) <= 200),
  email text check (char_length(email) <= 254),
  phone text check (char_length(phone) <= 50),
  preferred_contact text not null default 'email' check (preferred_contact in ('email', 'phone')),
  updated_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- case_members

create table public.case_members (
  case_id uuid not null references public.cases (id) on delete cascade,
  user_id uuid not null references public.users (uuid) on delete cascade,
  role text not null check (role in ('client', 'lead', 'associate', 'paralegal')),
  created_at timestamptz not null default now(),
  primary key (case_id, user_id)
);
create index case_members_user_idx on public.case_members (user_id);

-- ---------------------------------------------------------------------------------------------
-- proposals

create table public.proposals (
  id uuid primary key default gen_random_uuid(),
  case_id uuid not null references public.cases (id) on delete cascade,
  lawyer_id uuid not null default auth.uid() references public.users (uuid) on delete cascade,
  -- The lawyer's firm when proposing (set by the database; null for an independent lawyer).
  law_firm_id uuid references public.law_firms (id) on delete set null,
  fee_type text not null check (fee_type in ('fixed', 'hourly', 'contingency', 'retainer')),
  -- The fixed fee, or the retainer.
  amount numeric(12, 2),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  hourly_rate numeric(10, 2),
  estimated_hours numeric(7, 1),
  contingency_percent numeric(5, 2),
  estimated_duration_days integer check (estimated_duration_days between 1 and 3650),
  scope text not null default '' check (char_length(scope) <= 10000),
  terms text not null default '' check (char_length(terms) <= 10000),
  status text not null default 'draft'
    check (status in ('draft', 'submitted', 'viewed', 'accepted', 'declined', 'withdrawn')),
  submitted_at timestamptz,
  -- The client first opened it.
  viewed_at timestamptz,
  -- Accepted, declined or withdrawn.
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Each fee type carries exactly its own figures. (A check passes when it is null, hence the
  -- explicit "is not null" before each comparison.)
  constraint proposals_fixed_fee_check check (fee_type <> 'fixed' or (
    amount is not null and amount > 0
    and hourly_rate is null and estimated_hours is null and contingency_percent is null)),
  constraint proposals_hourly_fee_check check (fee_type <> 'hourly' or (
    hourly_rate is not null and hourly_rate > 0 and estimated_hours is not null and estimated_hours > 0
    and amount is null and contingency_percent is null)),
  constraint proposals_contingency_fee_check check (fee_type <> 'contingency' or (
    contingency_percent is not null and contingency_percent > 0 and contingency_percent <= 100
    and amount is null and hourly_rate is null and estimated_hours is null)),
  constraint proposals_retainer_fee_check check (fee_type <> 'retainer' or (
    amount is not null and amount > 0
    and hourly_rate is null and estimated_hours is null and contingency_percent is null)),
  -- A proposal leaves draft with its scope written.
  constraint proposals_submitted_scope_check check (status = 'draft' or btrim(scope) <> '')
);
create index proposals_case_idx on public.proposals (case_id, status);
create index proposals_lawyer_idx on public.proposals (lawyer_id, status);
create index proposals_law_firm_idx on public.proposals (law_firm_id);
-- One live proposal per lawyer per case (withdrawn and declined ones do not count).
create unique index proposals_one_live_per_lawyer_idx on public.proposals (case_id, lawyer_id)
  where status in ('draft', 'submitted', 'viewed', 'accepted');

-- ---------------------------------------------------------------------------------------------
-- case_activity: append-only timeline, written by the triggers below

create table public.case_activity (
  id bigint generated always as identity primary key,
  case_id uuid not null references public.cases (id) on delete cascade,
  -- Null when the system acted (demo data, scripts).
  actor_id uuid references public.users (uuid) on delete set null,
  action text not null check (action in (
    'created', 'updated', 'status_changed', 'contact_updated',
    'proposal_submitted', 'proposal_updated', 'proposal_withdrawn', 'proposal_declined',
    'proposal_accepted', 'member_added', 'member_removed', 'member_role_changed'
  )),
  -- What changed: {"from","to"} for statuses, {"fields":[…]} for edits, {"proposal_id","lawyer_id"}
  -- for proposals, {"user_id","role"} for members.
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index case_activity_case_idx on public.case_activity (case_id, created_at desc, id desc);

-- ---------------------------------------------------------------------------------------------
-- Which cases the caller reaches, for the policies. SECURITY DEFINER so that policies on one
-- table can consult another without recursing into its policies; set-returning so that a policy
-- evaluates each once per statement (`id in (select …)`), not once per row.

-- The caller's own cases as client.
create function public.client_case_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select id from public.cases where client_id = auth.uid()
$$;

-- Cases whose inner details (members, contacts, activity) the caller follows: as client, as
-- member, or as the admin of the case's firm.
create function public.followed_case_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select id from public.cases where client_id = auth.uid()
  union
  select case_id from public.case_members where user_id = auth.uid()
  union
  select id from public.cases
  where law_firm_id = (select public.current_law_firm())
    and (select public.current_access_level()) = 'lawyer_admin'
$$;

-- Cases the caller runs: as lead or associate, or as the admin of the case's firm.
create function public.run_case_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select case_id from public.case_members where user_id = auth.uid() and role in ('lead', 'associate')
  union
  select id from public.cases
  where law_firm_id = (select public.current_law_firm())
    and (select public.current_access_level()) = 'lawyer_admin'
$$;

-- Cases the caller proposed on (a firm's admin: any lawyer of the firm did).
create function public.proposal_case_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select case_id from public.proposals where lawyer_id = auth.uid()
  union
  select case_id from public.proposals
  where law_firm_id = (select public.current_law_firm())
    and (select public.current_access_level()) = 'lawyer_admin'
$$;

-- ---------------------------------------------------------------------------------------------
-- Internal helpers of the triggers

create function public.log_case_activity(p_case_id uuid, p_action text, p_details jsonb default '{}'::jsonb)
returns void
language sql security definer set search_path = ''
as $$
  insert into public.case_activity (case_id, actor_id, action, details)
  select p_case_id, auth.uid(), p_action, coalesce(p_details, '{}'::jsonb)
  where public.case_events_enabled()
$$;

-- Notifies one person of a case event, unless events are off, they did it themselves or their
-- account is being deleted (members leave their cases with it).
create function public.notify_case_event(p_user_id uuid, p_title text, p_avatar_url text default null)
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if public.case_events_enabled() and p_user_id is distinct from auth.uid()
     and exists (select from public.users where uuid = p_user_id) then
    perform public.create_notification(p_user_id, 'case_update', p_title, null, p_avatar_url);
  end if;
end
$$;

-- "<strong>CASE-2026-0042</strong> <em>Title</em>", for notification titles.
create function public.case_label(p_case_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select '<strong>' || reference || '</strong> <em>' || public.escape_html(title) || '</em>'
  from public.cases where id = p_case_id
$$;

create function public.person_name(p_user_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(nullif(btrim(concat_ws(' ', first_name, last_name)), ''), email, 'Someone')
  from public.users where uuid = p_user_id
$$;

-- Checks that a lawyer may hold a live proposal on a case: the case exists and is open, it is
-- not their own, they are a lawyer and have no other live proposal there. Locks the case row
-- (for share) until the transaction ends, so the case cannot be engaged or cancelled meanwhile.
-- Used on insert and when a draft is submitted (p_proposal_id: the proposal being submitted).
create function public.check_proposal_intake(p_case_id uuid, p_lawyer_id uuid, p_proposal_id uuid default null)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  target record;
begin
  if coalesce((select access_level from public.users where uuid = p_lawyer_id), '')
     not in ('lawyer', 'lawyer_admin') then
    raise exception 'Only lawyers can propose on cases' using errcode = '42501';
  end if;
  select status, client_id into target from public.cases where id = p_case_id for share;
  if not found then
    raise exception 'This case does not exist' using errcode = '23503';
  end if;
  if target.client_id = p_lawyer_id then
    raise exception 'You cannot propose on your own case' using errcode = '42501';
  end if;
  if target.status <> 'open' then
    raise exception 'This case is not open for proposals'
      using errcode = '23514', hint = 'Lawyers propose only while a case is open.';
  end if;
  if exists (
    select from public.proposals
    where case_id = p_case_id and lawyer_id = p_lawyer_id
      and status in ('draft', 'submitted', 'viewed', 'accepted')
      and id is distinct from p_proposal_id
  ) then
    raise exception 'You already have a proposal on this case'
      using errcode = '23505', hint = 'Edit or withdraw it instead of sending another.';
  end if;
end
$$;

-- Checks a member row: the client and lead rows match the case; associates and paralegals are
-- lawyers of the case's firm; only engaged (or on hold, or closed) cases have members.
create function public.check_case_member(p_case_id uuid, p_user_id uuid, p_role text)
returns void
language plpgsql stable security definer set search_path = ''
as $$
declare
  target record;
  person record;
begin
  select status, client_id, lead_lawyer_id, law_firm_id into target from public.cases where id = p_case_id;
  if not found then
    raise exception 'This case does not exist' using errcode = '23503';
  end if;
  if target.status not in ('engaged', 'on_hold', 'closed') then
    raise exception 'Only an engaged case has members' using errcode = '23514';
  end if;
  if p_role = 'client' and p_user_id is distinct from target.client_id then
    raise exception 'Only the case''s client can be its client member' using errcode = '23514';
  end if;
  if p_role = 'lead' and p_user_id is distinct from target.lead_lawyer_id then
    raise exception 'Only the case''s lead lawyer can be its lead member' using errcode = '23514';
  end if;
  if p_role in ('associate', 'paralegal') then
    select access_level, law_firm into person from public.users where uuid = p_user_id;
    if not found or person.access_level not in ('lawyer', 'lawyer_admin')
       or person.law_firm is null or person.law_firm is distinct from target.law_firm_id then
      raise exception 'Only lawyers of the case''s firm can join it as associates or paralegals'
        using errcode = '23514';
    end if;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- cases: triggers

create function public.cases_before_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.reference is null then
    new.reference := 'CASE-' || to_char(now(), 'YYYY') || '-'
      || lpad(nextval('public.case_reference_seq')::text, 4, '0');
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

create trigger cases_before_insert
  before insert on public.cases
  for each row execute function public.cases_before_insert();

-- SECURITY INVOKER: current_user tells a person (anon, authenticated) from this file's functions.
create function public.cases_before_update() returns trigger
language plpgsql set search_path = ''
as $$
declare
  by_person boolean := current_user in ('anon', 'authenticated');
begin
  if new.status is distinct from old.status then
    if not new.status = any (public.next_case_statuses(old.status)) then
      raise exception 'Case % cannot go from % to %', old.reference, old.status, new.status
        using errcode = '23514',
              hint = case when cardinality(public.next_case_statuses(old.status)) = 0
                then format('A %s case is final.', old.status)
                else format('From %s a case can go to: %s.', old.status,
                  array_to_string(public.next_case_statuses(old.status), ', ')) end;
    end if;
    if new.status = 'engaged' and old.status = 'open'
       and current_user in ('anon', 'authenticated', 'service_role') then
      raise exception 'Case % is engaged only when its client accepts a proposal', old.reference
        using errcode = '42501', hint = 'Use public.accept_proposal(p_proposal_id).';
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
      using errcode = '42501', hint = 'The lawyers running a case change its status and court details.';
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

create trigger cases_before_update
  before update on public.cases
  for each row execute function public.cases_before_update();

create function public.cases_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.case_contacts (case_id, contact_name, email, phone)
  select new.id, left(btrim(concat_ws(' ', u.first_name, u.last_name)), 200), u.email, left(u.phone_number, 50)
  from public.users u where u.uuid = new.client_id;
  perform public.log_case_activity(new.id, 'created', jsonb_build_object('status', new.status));
  return null;
end
$$;

create trigger cases_after_insert
  after insert on public.cases
  for each row execute function public.cases_after_insert();

create function public.cases_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changed text[];
  member record;
begin
  select coalesce(array_agg(n.key order by n.key), '{}') into changed
  from jsonb_each(to_jsonb(new)) n
  join jsonb_each(to_jsonb(old)) o on o.key = n.key
  where n.value is distinct from o.value
    and n.key not in ('status', 'updated_at', 'opened_at', 'closed_at', 'lead_lawyer_id', 'law_firm_id');
  if cardinality(changed) > 0 then
    perform public.log_case_activity(new.id, 'updated', jsonb_build_object('fields', to_jsonb(changed)));
  end if;

  if new.status is distinct from old.status then
    perform public.log_case_activity(new.id, 'status_changed',
      jsonb_build_object('from', old.status, 'to', new.status));
    -- A cancelled case takes no more proposals: the pending ones are declined (their lawyers are
    -- notified by the proposals trigger).
    if new.status = 'cancelled' then
      update public.proposals set status = 'declined'
      where case_id = new.id and status in ('submitted', 'viewed');
    end if;
    -- Engagement is announced by the acceptance itself (accept_proposal).
    if not (old.status = 'open' and new.status = 'engaged') then
      for member in select user_id from public.case_members where case_id = new.id loop
        perform public.notify_case_event(member.user_id,
          'Case ' || public.case_label(new.id) || ' moved to <em>' || replace(new.status, '_', ' ') || '</em>');
      end loop;
    end if;
  end if;
  return null;
end
$$;

create trigger cases_after_update
  after update on public.cases
  for each row execute function public.cases_after_update();

-- ---------------------------------------------------------------------------------------------
-- case_contacts: triggers

create trigger case_contacts_touch_updated_at
  before update on public.case_contacts
  for each row execute function public.touch_updated_at();

create function public.case_contacts_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changed text[];
begin
  select coalesce(array_agg(n.key order by n.key), '{}') into changed
  from jsonb_each(to_jsonb(new)) n
  join jsonb_each(to_jsonb(old)) o on o.key = n.key
  where n.value is distinct from o.value and n.key <> 'updated_at';
  if cardinality(changed) > 0 then
    perform public.log_case_activity(new.case_id, 'contact_updated', jsonb_build_object('fields', to_jsonb(changed)));
  end if;
  return null;
end
$$;

create trigger case_contacts_after_update
  after update on public.case_contacts
  for each row execute function public.case_contacts_after_update();

-- ---------------------------------------------------------------------------------------------
-- case_members: triggers

create function public.case_members_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.case_id, new.user_id) is distinct from (old.case_id, old.user_id) then
    raise exception 'A member''s case and person cannot change' using errcode = '23514';
  end if;
  perform public.check_case_member(new.case_id, new.user_id, new.role);
  return new;
end
$$;

create trigger case_members_before_write
  before insert or update on public.case_members
  for each row execute function public.case_members_before_write();

create function public.case_members_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.log_case_activity(new.case_id, 'member_added',
      jsonb_build_object('user_id', new.user_id, 'role', new.role));
    -- The client and the lead join through the acceptance, which notifies them itself.
    if new.role in ('associate', 'paralegal') then
      perform public.notify_case_event(new.user_id,
        'You were added to case ' || public.case_label(new.case_id) || ' as ' || new.role);
    end if;
  elsif tg_op = 'UPDATE' then
    if new.role is distinct from old.role then
      perform public.log_case_activity(new.case_id, 'member_role_changed',
        jsonb_build_object('user_id', new.user_id, 'from', old.role, 'to', new.role));
      perform public.notify_case_event(new.user_id,
        'You are now ' || new.role || ' on case ' || public.case_label(new.case_id));
    end if;
  -- A member removed with the whole case leaves nothing to log.
  elsif exists (select from public.cases where id = old.case_id) then
    perform public.log_case_activity(old.case_id, 'member_removed',
      jsonb_build_object('user_id', old.user_id, 'role', old.role));
    perform public.notify_case_event(old.user_id,
      'You were removed from case ' || public.case_label(old.case_id));
  end if;
  return null;
end
$$;

create trigger case_members_after_write
  after insert or update or delete on public.case_members
  for each row execute function public.case_members_after_write();

-- ---------------------------------------------------------------------------------------------
-- proposals: triggers

create function public.proposals_before_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- A new draft, submitted or viewed proposal needs an open case; other statuses are history
  -- written by the system (demo data, imports), which the API roles cannot insert.
  if new.status in ('draft', 'submitted', 'viewed') then
    perform public.check_proposal_intake(new.case_id, new.lawyer_id);
  elsif (select client_id from public.cases where id = new.case_id) = new.lawyer_id then
    raise exception 'You cannot propose on your own case' using errcode = '42501';
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

create trigger proposals_before_insert
  before insert on public.proposals
  for each row execute function public.proposals_before_insert();

-- SECURITY INVOKER: current_user tells a person (anon, authenticated) from this file's functions.
create function public.proposals_before_update() returns trigger
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
      using errcode = '23514',
            hint = case when cardinality(public.next_proposal_statuses(old.status)) = 0
              then format('A %s proposal is final.', old.status)
              else format('From %s a proposal can go to: %s.', old.status,
                array_to_string(public.next_proposal_statuses(old.status), ', ')) end;
  end if;
  if new.status = 'accepted' and old.status <> 'accepted'
     and current_user in ('anon', 'authenticated', 'service_role') then
    raise exception 'A proposal is accepted only through public.accept_proposal'
      using errcode = '42501', hint = 'It engages the case in the same transaction.';
  end if;
  if terms_changed and old.status not in ('draft', 'submitted', 'viewed') then
    raise exception 'A % proposal can no longer be edited', old.status using errcode = '23514';
  end if;

  if by_person and not public.is_admin() then
    is_proposer := old.lawyer_id = auth.uid()
      or (public.current_access_level() = 'lawyer_admin' and old.law_firm_id = public.current_law_firm());
    is_client := old.case_id in (select public.client_case_ids());
    if terms_changed and not is_proposer then
      raise exception 'Only the lawyer who wrote a proposal can change its terms' using errcode = '42501';
    end if;
    if new.status is distinct from old.status then
      if new.status in ('submitted', 'withdrawn') and not is_proposer then
        raise exception 'Only the lawyer who wrote a proposal can submit or withdraw it' using errcode = '42501';
      end if;
      if new.status in ('viewed', 'declined') and not is_client then
        raise exception 'Only the case''s client can mark a proposal viewed or decline it' using errcode = '42501';
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

create trigger proposals_before_update
  before update on public.proposals
  for each row execute function public.proposals_before_update();

-- A draft is submitted only while the case is still open (and the lawyer has no other live
-- proposal there). A trigger of its own so that the check runs as its owner: the check reads
-- cases the lawyer may not see, and stays out of the API.
create function public.proposals_check_submission() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform public.check_proposal_intake(new.case_id, new.lawyer_id, new.id);
  return new;
end
$$;

create trigger proposals_check_submission
  before update of status on public.proposals
  for each row when (old.status = 'draft' and new.status = 'submitted')
  execute function public.proposals_check_submission();

create function public.proposals_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  client uuid := (select client_id from public.cases where id = new.case_id);
  details jsonb := jsonb_build_object('proposal_id', new.id, 'lawyer_id', new.lawyer_id);
  lawyer_avatar text := (select avatar_url from public.users where uuid = new.lawyer_id);
  previous text := case when tg_op = 'UPDATE' then old.status end;
begin
  if new.status is not distinct from previous then
    -- Drafts are the lawyer's own business; edits after submission are on the timeline.
    if new.status <> 'draft' then
      perform public.log_case_activity(new.case_id, 'proposal_updated', details);
    end if;
    return null;
  end if;
  case new.status
    when 'submitted' then
      perform public.log_case_activity(new.case_id, 'proposal_submitted', details);
      perform public.notify_case_event(client,
        'New proposal from <strong>' || public.escape_html(public.person_name(new.lawyer_id))
          || '</strong> on ' || public.case_label(new.case_id),
        lawyer_avatar);
    when 'withdrawn' then
      perform public.log_case_activity(new.case_id, 'proposal_withdrawn', details);
      perform public.notify_case_event(client,
        '<strong>' || public.escape_html(public.person_name(new.lawyer_id))
          || '</strong> withdrew their proposal on ' || public.case_label(new.case_id),
        lawyer_avatar);
    when 'accepted' then
      perform public.log_case_activity(new.case_id, 'proposal_accepted', details);
      perform public.notify_case_event(new.lawyer_id,
        'Your proposal on ' || public.case_label(new.case_id) || ' was <strong>accepted</strong>');
    when 'declined' then
      perform public.log_case_activity(new.case_id, 'proposal_declined', details);
      perform public.notify_case_event(new.lawyer_id,
        'Your proposal on ' || public.case_label(new.case_id) || ' was declined');
    else
      -- viewed: the lawyer sees it on the proposal; draft: nothing happened yet.
      null;
  end case;
  return null;
end
$$;

create trigger proposals_after_write
  after insert or update on public.proposals
  for each row execute function public.proposals_after_write();

-- ---------------------------------------------------------------------------------------------
-- accept_proposal: the one way a case becomes engaged.

-- Accepts a submitted or viewed proposal for its case's client (or an admin) in one transaction:
-- the proposal is accepted, the case's other pending proposals are declined, the case is
-- engaged with the proposal's lawyer as lead and their firm, and the client and the lead become
-- members; the triggers log each step and notify the lawyers. The case row is locked first
-- (for update), so of two concurrent accepts on one case the second waits, then finds the case
-- engaged and is refused. Returns the engaged case.
create function public.accept_proposal(p_proposal_id uuid) returns public.cases
language plpgsql security definer set search_path = ''
as $$
declare
  target_case_id uuid;
  target public.cases;
  chosen public.proposals;
begin
  select case_id into target_case_id from public.proposals where id = p_proposal_id;
  if not found then
    raise exception 'This proposal does not exist' using errcode = '23503';
  end if;
  select * into target from public.cases where id = target_case_id for update;
  if target.client_id is distinct from auth.uid() and not public.is_admin() then
    raise exception 'Only the case''s client can accept a proposal' using errcode = '42501';
  end if;
  if target.status <> 'open' then
    raise exception 'Case % is %, not open: it can no longer accept a proposal', target.reference, target.status
      using errcode = '23514';
  end if;
  -- Read after the lock: a concurrent withdrawal or decline has committed by now.
  select * into chosen from public.proposals where id = p_proposal_id for update;
  if chosen.status not in ('submitted', 'viewed') then
    raise exception 'A % proposal cannot be accepted', chosen.status
      using errcode = '23514', hint = 'Only a submitted or viewed proposal can be accepted.';
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

-- ---------------------------------------------------------------------------------------------
-- Row level security

alter table public.cases enable row level security;
alter table public.case_contacts enable row level security;
alter table public.case_members enable row level security;
alter table public.proposals enable row level security;
alter table public.case_activity enable row level security;

create policy "cases: clients, members, the firm's admin, proposers; lawyers the open ones; admins all"
  on public.cases for select to authenticated
  using (
    client_id = (select auth.uid())
    or (status = 'open' and (select public.current_access_level()) in ('lawyer', 'lawyer_admin'))
    or id in (select public.followed_case_ids())
    or id in (select public.proposal_case_ids())
    or (select public.is_admin())
  );

create policy "cases: anyone signed in opens a case as its client; admins for anyone"
  on public.cases for insert to authenticated
  with check (
    (client_id = (select auth.uid()) or (select public.is_admin()))
    and status in ('draft', 'open')
  );

create policy "cases: clients edit their draft and open cases"
  on public.cases for update to authenticated
  using (client_id = (select auth.uid()) and status in ('draft', 'open'))
  with check (client_id = (select auth.uid()) and status in ('draft', 'open', 'cancelled'));

create policy "cases: the lawyers running an engaged or on-hold case update it"
  on public.cases for update to authenticated
  using (status in ('engaged', 'on_hold') and id in (select public.run_case_ids()))
  with check (id in (select public.run_case_ids()));

create policy "cases: admins update"
  on public.cases for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "cases: clients delete their drafts; admins any"
  on public.cases for delete to authenticated
  using ((client_id = (select auth.uid()) and status = 'draft') or (select public.is_admin()));

create policy "case_contacts: the client, members, the firm's admin; admins"
  on public.case_contacts for select to authenticated
  using (case_id in (select public.followed_case_ids()) or (select public.is_admin()));

create policy "case_contacts: the client and admins update"
  on public.case_contacts for update to authenticated
  using (case_id in (select public.client_case_ids()) or (select public.is_admin()))
  with check (case_id in (select public.client_case_ids()) or (select public.is_admin()));

create policy "case_members: the client, members, the firm's admin; admins"
  on public.case_members for select to authenticated
  using (case_id in (select public.followed_case_ids()) or (select public.is_admin()));

create policy "case_members: the lawyers running a case add associates and paralegals; admins any"
  on public.case_members for insert to authenticated
  with check (
    (case_id in (select public.run_case_ids()) and role in ('associate', 'paralegal'))
    or (select public.is_admin())
  );

create policy "case_members: the lawyers running a case change associates and paralegals; admins any"
  on public.case_members for update to authenticated
  using ((case_id in (select public.run_case_ids()) and role in ('associate', 'paralegal')) or (select public.is_admin()))
  with check ((case_id in (select public.run_case_ids()) and role in ('associate', 'paralegal')) or (select public.is_admin()));

create policy "case_members: the lawyers running a case remove associates and paralegals; admins any"
  on public.case_members for delete to authenticated
  using ((case_id in (select public.run_case_ids()) and role in ('associate', 'paralegal')) or (select public.is_admin()));

create policy "proposals: own, the firm's (firm admin), on own cases but drafts (client), accepted (members); admins"
  on public.proposals for select to authenticated
  using (
    lawyer_id = (select auth.uid())
    or (law_firm_id = (select public.current_law_firm()) and (select public.current_access_level()) = 'lawyer_admin')
    or (status <> 'draft' and case_id in (select public.client_case_ids()))
    or (status = 'accepted' and case_id in (select public.followed_case_ids()))
    or (select public.is_admin())
  );

create policy "proposals: lawyers propose in their own name, as a draft or submitted"
  on public.proposals for insert to authenticated
  with check (lawyer_id = (select auth.uid()) and status in ('draft', 'submitted'));

create policy "proposals: the lawyer and their firm's admin update while undecided"
  on public.proposals for update to authenticated
  using (
    status in ('draft', 'submitted', 'viewed')
    and (lawyer_id = (select auth.uid())
      or (law_firm_id = (select public.current_law_firm()) and (select public.current_access_level()) = 'lawyer_admin'))
  )
  with check (
    lawyer_id = (select auth.uid())
    or (law_firm_id = (select public.current_law_firm()) and (select public.current_access_level()) = 'lawyer_admin')
  );

create policy "proposals: the case's client marks viewed or declines"
  on public.proposals for update to authenticated
  using (status in ('submitted', 'viewed') and case_id in (select public.client_case_ids()))
  with check (status in ('submitted', 'viewed', 'declined') and case_id in (select public.client_case_ids()));

create policy "proposals: admins update"
  on public.proposals for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "proposals: the lawyer deletes their drafts; admins any"
  on public.proposals for delete to authenticated
  using ((lawyer_id = (select auth.uid()) and status = 'draft') or (select public.is_admin()));

create policy "case_activity: the client, members, the firm's admin; admins"
  on public.case_activity for select to authenticated
  using (case_id in (select public.followed_case_ids()) or (select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Privileges. Supabase grants everything on new tables and functions to the API roles; narrow
-- that to what the policies above are for. Columns the database sets (reference, client's lead
-- and firm, timestamps, a proposal's lawyer firm) are not writable through the API.

revoke all on public.cases, public.case_contacts, public.case_members, public.proposals, public.case_activity
  from anon, authenticated;
revoke all on sequence public.case_reference_seq from anon, authenticated;

grant select, delete on public.cases to authenticated;
grant insert (title, description, practice_area, jurisdiction, priority, budget_min, budget_max, currency,
  needed_by, court_name, court_case_number, opposing_party, status, client_id) on public.cases to authenticated;
grant update (title, description, practice_area, jurisdiction, priority, budget_min, budget_max, currency,
  needed_by, court_name, court_case_number, opposing_party, status) on public.cases to authenticated;

grant select on public.case_contacts to authenticated;
grant update (contact_name, email, phone, preferred_contact) on public.case_contacts to authenticated;

grant select, delete on public.case_members to authenticated;
grant insert (case_id, user_id, role) on public.case_members to authenticated;
grant update (role) on public.case_members to authenticated;

grant select, delete on public.proposals to authenticated;
grant insert (case_id, lawyer_id, fee_type, amount, currency, hourly_rate, estimated_hours, contingency_percent,
  estimated_duration_days, scope, terms, status) on public.proposals to authenticated;
grant update (fee_type, amount, currency, hourly_rate, estimated_hours, contingency_percent,
  estimated_duration_days, scope, terms, status) on public.proposals to authenticated;

grant select on public.case_activity to authenticated;

-- Trigger functions (which need no EXECUTE privilege to fire) and internal helpers: never called
-- through the API.
revoke all on function
  public.cases_before_insert(), public.cases_before_update(), public.cases_after_insert(), public.cases_after_update(),
  public.case_contacts_after_update(), public.case_members_before_write(), public.case_members_after_write(),
  public.proposals_before_insert(), public.proposals_before_update(), public.proposals_check_submission(),
  public.proposals_after_write(), public.check_proposal_intake(uuid, uuid, uuid),
  public.log_case_activity(uuid, text, jsonb), public.notify_case_event(uuid, text, text),
  public.case_label(uuid), public.person_name(uuid), public.check_case_member(uuid, uuid, text),
  public.escape_html(text), public.case_events_enabled()
  from public, anon, authenticated;

-- Called by the policies and the invoker triggers as the signed-in person, and accept_proposal.
revoke all on function
  public.client_case_ids(), public.followed_case_ids(), public.run_case_ids(), public.proposal_case_ids(),
  public.accept_proposal(uuid)
  from public, anon;
grant execute on function
  public.client_case_ids(), public.followed_case_ids(), public.run_case_ids(), public.proposal_case_ids(),
  public.accept_proposal(uuid)
  to authenticated;
