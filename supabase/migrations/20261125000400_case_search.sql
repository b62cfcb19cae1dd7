-- The search box of the case list and table ("q") looked for its text in three columns with
-- `ilike`, each row of the selection testing up to three patterns without regard to case: about
-- 7 ms for the open cases among 10,000 on the embedded database, and the same again for the exact
-- count. `search` holds the three columns once, lower-cased, so one case-sensitive `like` with a
-- lower-cased pattern answers the same question (about 3 ms). The parts are joined by a line break,
-- which a search box cannot hold, so no match spans two of them.
--
-- Trigram indexes (pg_trgm) were tried on the embedded database: its planner kept the status index
-- and filtered, so they would only cost writes.

alter table public.cases
  add column search text not null
  generated always as (lower(title || E'\n' || reference || E'\n' || jurisdiction)) stored;

comment on column public.cases.search is
  'title, reference and jurisdiction, lower-cased, one per line: what the case search matches';

-- The timeline lists the fields a change touched; `search` follows title and jurisdiction, which
-- are listed already, so it is left out like the other columns the database maintains.
create or replace function public.cases_after_update() returns trigger
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
    and n.key not in ('status', 'updated_at', 'opened_at', 'closed_at', 'lead_lawyer_id', 'law_firm_id', 'search');
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
