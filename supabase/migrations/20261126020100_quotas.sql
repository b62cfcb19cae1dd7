-- Per-person quotas on what people create through the API (issue 18, item 27): a client once
-- inserted 5,000 cases in one request. Limits, the same for every plan:
--
--   quota              limit  counts
--   rows_per_insert       10  cases, or proposals, in one insert statement
--   open_cases            20  draft or open cases a client created through the API
--   cases_per_day         50  cases a client created this UTC day (deleting them does not give them back)
--   proposals_per_day     50  proposals a lawyer created this UTC day (withdrawn ones count)
--
-- Admins, the service role and direct database sessions (seed, scripts, benchmarks) are exempt.
-- A refusal is SQLSTATE P0001 (HTTP 400 through PostgREST) with an English message and a stable
-- `detail`, "quota:<name>", that the app maps to a translated message; the limit is in the hint.

create function public.quota_limit(p_quota text) returns integer
language sql immutable set search_path = ''
as $$
  select case p_quota
    when 'rows_per_insert' then 10
    when 'open_cases' then 20
    when 'cases_per_day' then 50
    when 'proposals_per_day' then 50
  end
$$;

-- What each person created per UTC day, for the daily quotas. Written only by the triggers below.
create table public.quota_usage (
  user_id uuid not null references public.users (uuid) on delete cascade,
  quota text not null check (quota in ('cases_per_day', 'proposals_per_day')),
  day date not null,
  used integer not null check (used >= 0),
  primary key (user_id, quota, day)
);

alter table public.quota_usage enable row level security;
revoke all on public.quota_usage from anon, authenticated;

-- Which cases count toward their client's open_cases quota: the ones the client created through
-- the API. Cases that admins, scripts or the seed create for a client do not use up the client's
-- quota (they are exempt as writers). Not writable through the API (no column grant).
alter table public.cases add column counts_toward_quota boolean not null default false;
create index cases_client_quota_idx on public.cases (client_id)
  where counts_toward_quota and status in ('draft', 'open');

create function public.quota_exceeded(p_quota text, p_message text) returns void
language plpgsql set search_path = ''
as $$
begin
  raise exception '%', p_message
    using errcode = 'P0001', detail = 'quota:' || p_quota,
          hint = format('The limit is %s.', public.quota_limit(p_quota));
end
$$;

-- Adds p_count to today's usage of p_quota by p_user_id and refuses when it goes over the limit.
create function public.count_quota_usage(p_user_id uuid, p_quota text, p_count integer, p_message text)
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  total integer;
begin
  insert into public.quota_usage as q (user_id, quota, day, used)
  values (p_user_id, p_quota, (now() at time zone 'utc')::date, p_count)
  on conflict (user_id, quota, day) do update set used = q.used + excluded.used
  returning used into total;
  if total > public.quota_limit(p_quota) then
    perform public.quota_exceeded(p_quota, p_message);
  end if;
end
$$;

-- Counts the rows a person's current statement has inserted into p_table so far and refuses the
-- one over the limit. A row trigger rather than a statement trigger: a 5,000-row insert stops at
-- its eleventh row instead of after writing them all. The count lives in transaction settings keyed
-- by the statement's start, so a function that inserts in several statements counts them as one.
create function public.count_rows_in_statement(p_table text, p_message text) returns void
language plpgsql set search_path = ''
as $$
declare
  stamp text := statement_timestamp()::text;
  inserted integer := 1;
begin
  if current_setting('quota.' || p_table || '_statement', true) is not distinct from stamp then
    inserted := current_setting('quota.' || p_table || '_rows')::integer + 1;
  else
    perform set_config('quota.' || p_table || '_statement', stamp, true);
  end if;
  perform set_config('quota.' || p_table || '_rows', inserted::text, true);
  if inserted > public.quota_limit('rows_per_insert') then
    perform public.quota_exceeded('rows_per_insert', p_message);
  end if;
end
$$;

create function public.cases_enforce_quotas() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if public.is_trusted_writer() or public.is_admin() then
    return new;
  end if;
  perform public.count_rows_in_statement('cases',
    format('At most %s cases can be created at once', public.quota_limit('rows_per_insert')));
  perform public.count_quota_usage(new.client_id, 'cases_per_day', 1,
    format('At most %s cases can be created per day', public.quota_limit('cases_per_day')));
  new.counts_toward_quota := true;
  -- Earlier rows of the same statement are visible here, so a bulk insert is counted whole.
  if new.status in ('draft', 'open')
     and (select count(*) from public.cases
          where client_id = new.client_id and counts_toward_quota and status in ('draft', 'open'))
         >= public.quota_limit('open_cases') then
    perform public.quota_exceeded('open_cases',
      format('At most %s cases can be in draft or open at a time', public.quota_limit('open_cases')));
  end if;
  return new;
end
$$;

create trigger cases_enforce_quotas
  before insert on public.cases
  for each row execute function public.cases_enforce_quotas();

create function public.proposals_enforce_quotas() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if public.is_trusted_writer() or public.is_admin() then
    return new;
  end if;
  perform public.count_rows_in_statement('proposals',
    format('At most %s proposals can be created at once', public.quota_limit('rows_per_insert')));
  perform public.count_quota_usage(new.lawyer_id, 'proposals_per_day', 1,
    format('At most %s proposals can be sent per day', public.quota_limit('proposals_per_day')));
  return new;
end
$$;

create trigger proposals_enforce_quotas
  before insert on public.proposals
  for each row execute function public.proposals_enforce_quotas();

revoke all on function public.quota_exceeded(text, text), public.count_quota_usage(uuid, text, integer, text),
  public.count_rows_in_statement(text, text), public.cases_enforce_quotas(), public.proposals_enforce_quotas()
  from public, anon, authenticated;
