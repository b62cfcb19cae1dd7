-- Workflow templates and workflows (issue 22, items 1 and 2; docs/decisions/0028-workflows.md).
--
--   workflow_templates        a firm's know-how: name, practice area, whether due dates skip
--                             weekends, archived. A firm's template belongs to the firm; an
--                             independent lawyer's (no firm) to that lawyer.
--   workflow_template_steps   its ordered steps: title, instructions, offset_days from the trigger
--                             date (negative = before it), the role that does it, court deadline.
--   workflows                 a template applied to a case with a trigger date (e.g. the date of
--                             service). It keeps a copy of the template's name and weekend rule…
--   workflow_steps            …and of its steps, so that editing or archiving a template later
--                             never changes a running workflow (nor moving its trigger date).
--   tasks.workflow_id, tasks.workflow_step_id
--                             the task each step became (public.tasks is 20261130000000_tasks.sql).
--
-- Who may do what (RLS; app/lib/access.ts offers the same):
--   templates   read: the firm's lawyers and firm admins (a firm's), the lawyer who owns it (an
--               independent lawyer's), admins. Write (create, edit, reorder, duplicate, archive):
--               the firm's admin, the owning independent lawyer, admins. Clients: nothing.
--   workflows   whoever manages the case's tasks (public.manages_case_tasks, 20261130000000_tasks.sql:
--               the case's lawyers — lead, associate, paralegal —, the firm's admin, admins) reads
--               its workflows, starts one and moves its trigger date (only through the two
--               functions below). Not its client: the client sees the tasks assigned to them,
--               through the tasks' own RLS.
--
-- The date arithmetic (offset → due date, weekends skipped only when the template says so) has
-- one implementation, app/features/workflows/due-dates.ts (unit-tested): the app computes the due
-- dates and passes them here; the functions check everything else (who, which case, which
-- template, one date per step) and write in one transaction.

-- ---------------------------------------------------------------------------------------------
-- Templates

create table public.workflow_templates (
  id uuid primary key default gen_random_uuid(),
  law_firm_id uuid references public.law_firms (id) on delete cascade,
  -- An independent lawyer's own template (no firm); null for a firm's.
  owner_id uuid references public.users (uuid) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  practice_area text not null check (practice_area in (
    'family', 'immigration', 'employment', 'real_estate', 'criminal_defence', 'corporate',
    'intellectual_property', 'personal_injury', 'tax', 'wills_and_estates'
  )),
  -- Offsets count business days (Monday to Friday) instead of calendar days.
  skip_weekends boolean not null default false,
  archived boolean not null default false,
  created_by uuid references public.users (uuid) on delete set null,
  idempotency_key uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint workflow_templates_one_holder check ((law_firm_id is null) <> (owner_id is null))
);
create index workflow_templates_firm_idx on public.workflow_templates (law_firm_id, archived, name);
create index workflow_templates_owner_idx on public.workflow_templates (owner_id) where owner_id is not null;
create unique index workflow_templates_idempotency_key_idx
  on public.workflow_templates (created_by, idempotency_key);

create table public.workflow_template_steps (
  id uuid primary key default gen_random_uuid(),
  template_id uuid not null references public.workflow_templates (id) on delete cascade,
  position integer not null check (position >= 0),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  instructions text not null default '' check (char_length(instructions) <= 4000),
  offset_days integer not null check (offset_days between -3650 and 3650),
  role text not null check (role in ('lead', 'associate', 'paralegal', 'client')),
  is_court_deadline boolean not null default false,
  created_at timestamptz not null default now(),
  -- Checked at the end of each statement, so that one update can swap two positions.
  constraint workflow_template_steps_position_key unique (template_id, position) deferrable initially immediate
);

comment on table public.workflow_templates is
  'A firm''s (or an independent lawyer''s) workflow template; its steps are workflow_template_steps';
comment on column public.workflow_template_steps.offset_days is
  'days from the workflow''s trigger date to the step''s due date; negative = before it';

-- Whether the caller reads a template of this firm or owner (a firm's lawyers; the owner; admins).
-- Never null (a null would read as "not refused" in the functions' checks).
create function public.reads_workflow_template(p_law_firm_id uuid, p_owner_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    public.is_admin()
      or p_owner_id = auth.uid()
      or (p_law_firm_id = public.current_law_firm()
          and public.current_access_level() in ('lawyer', 'lawyer_admin')),
    false)
$$;

-- Whether the caller writes a template of this firm or owner (the firm's admin; the owner while
-- they are an independent lawyer; admins).
create function public.writes_workflow_template(p_law_firm_id uuid, p_owner_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    public.is_admin()
      or (p_law_firm_id = public.current_law_firm() and public.current_access_level() = 'lawyer_admin')
      or (p_owner_id = auth.uid() and public.current_law_firm() is null
          and public.current_access_level() = 'lawyer'),
    false)
$$;

-- The same questions about a step's template, per row of the steps' policies.
create function public.reads_workflow_template_of(p_template_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.workflow_templates t
    where t.id = p_template_id and public.reads_workflow_template(t.law_firm_id, t.owner_id)
  )
$$;

create function public.writes_workflow_template_of(p_template_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.workflow_templates t
    where t.id = p_template_id and public.writes_workflow_template(t.law_firm_id, t.owner_id)
  )
$$;

-- A new template belongs to the caller's firm, or to the caller when they have none; an admin
-- may name the firm (or the owner) it is for. Who created it is the caller.
create function public.workflow_templates_before_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if auth.uid() is not null and not public.is_admin() then
    new.law_firm_id := public.current_law_firm();
    new.owner_id := case when new.law_firm_id is null then auth.uid() end;
  end if;
  new.created_by := coalesce(auth.uid(), new.created_by);
  return new;
end
$$;

create trigger workflow_templates_before_insert before insert on public.workflow_templates
  for each row execute function public.workflow_templates_before_insert();
create trigger workflow_templates_touch before update on public.workflow_templates
  for each row execute function public.touch_updated_at();

-- Moves a step one place up (-1) or down (+1) among its template's steps: it swaps positions with
-- its neighbour in one statement (the unique position is checked at the statement's end). Runs
-- as the caller: RLS decides whether they may write the template. Returns whether it moved.
create function public.move_workflow_template_step(p_step_id uuid, p_direction integer) returns boolean
language plpgsql security invoker set search_path = ''
as $$
declare
  step public.workflow_template_steps;
  neighbour public.workflow_template_steps;
begin
  if p_direction not in (-1, 1) then
    raise exception 'A step moves one place up or down'
      using errcode = '22023', detail = 'workflow_template:bad_move';
  end if;
  select * into step from public.workflow_template_steps where id = p_step_id;
  if not found or not public.writes_workflow_template_of(step.template_id) then
    raise exception 'This step does not exist or is not yours to move'
      using errcode = '42501', detail = 'workflow_template:not_allowed';
  end if;
  select * into neighbour from public.workflow_template_steps
  where template_id = step.template_id
    and case when p_direction < 0 then position < step.position else position > step.position end
  order by case when p_direction < 0 then -position else position end
  limit 1;
  if not found then
    return false;
  end if;
  update public.workflow_template_steps
  set position = case when id = step.id then neighbour.position else step.position end
  where id in (step.id, neighbour.id);
  return true;
end
$$;

-- Copies a template with its steps under a new name (the app words it in the reader's language),
-- for the caller's firm (or the caller): RLS decides that they may read the original and write
-- the copy. Returns the copy's id.
create function public.duplicate_workflow_template(p_template_id uuid, p_name text) returns uuid
language plpgsql security invoker set search_path = ''
as $$
declare
  original public.workflow_templates;
  copy_id uuid;
begin
  select * into original from public.workflow_templates where id = p_template_id;
  if not found then
    raise exception 'This template does not exist'
      using errcode = '23503', detail = 'workflow_template:not_found';
  end if;
  insert into public.workflow_templates (law_firm_id, owner_id, name, practice_area, skip_weekends)
  values (original.law_firm_id, original.owner_id, p_name, original.practice_area, original.skip_weekends)
  returning id into copy_id;
  insert into public.workflow_template_steps
    (template_id, position, title, instructions, offset_days, role, is_court_deadline)
  select copy_id, position, title, instructions, offset_days, role, is_court_deadline
  from public.workflow_template_steps where template_id = p_template_id;
  return copy_id;
end
$$;

alter table public.workflow_templates enable row level security;
alter table public.workflow_template_steps enable row level security;

create policy "workflow_templates: the firm's lawyers, the owner, admins read"
  on public.workflow_templates for select to authenticated
  using (public.reads_workflow_template(law_firm_id, owner_id));
create policy "workflow_templates: firm admin, independent owner, admins add"
  on public.workflow_templates for insert to authenticated
  with check (public.writes_workflow_template(law_firm_id, owner_id));
create policy "workflow_templates: firm admin, independent owner, admins edit"
  on public.workflow_templates for update to authenticated
  using (public.writes_workflow_template(law_firm_id, owner_id))
  with check (public.writes_workflow_template(law_firm_id, owner_id));
create policy "workflow_templates: admins delete (others archive)"
  on public.workflow_templates for delete to authenticated
  using ((select public.is_admin()));

create policy "workflow_template_steps: who reads the template"
  on public.workflow_template_steps for select to authenticated
  using (public.reads_workflow_template_of(template_id));
create policy "workflow_template_steps: who writes the template adds"
  on public.workflow_template_steps for insert to authenticated
  with check (public.writes_workflow_template_of(template_id));
create policy "workflow_template_steps: who writes the template edits"
  on public.workflow_template_steps for update to authenticated
  using (public.writes_workflow_template_of(template_id))
  with check (public.writes_workflow_template_of(template_id));
create policy "workflow_template_steps: who writes the template removes"
  on public.workflow_template_steps for delete to authenticated
  using (public.writes_workflow_template_of(template_id));

-- Column privileges: the holder (firm or owner) and the creator are the trigger's; the key is
-- written once.
revoke all on public.workflow_templates, public.workflow_template_steps from anon, authenticated;
grant select, delete on public.workflow_templates to authenticated;
grant insert (name, practice_area, skip_weekends, archived, idempotency_key, law_firm_id, owner_id)
  on public.workflow_templates to authenticated;
grant update (name, practice_area, skip_weekends, archived) on public.workflow_templates to authenticated;
grant select, delete on public.workflow_template_steps to authenticated;
grant insert (template_id, position, title, instructions, offset_days, role, is_court_deadline)
  on public.workflow_template_steps to authenticated;
grant update (position, title, instructions, offset_days, role, is_court_deadline)
  on public.workflow_template_steps to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Workflows

create table public.workflows (
  id uuid primary key default gen_random_uuid(),
  case_id uuid not null references public.cases (id) on delete cascade,
  template_id uuid references public.workflow_templates (id) on delete set null,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  practice_area text not null check (practice_area in (
    'family', 'immigration', 'employment', 'real_estate', 'criminal_defence', 'corporate',
    'intellectual_property', 'personal_injury', 'tax', 'wills_and_estates'
  )),
  skip_weekends boolean not null default false,
  trigger_date date not null,
  started_by uuid references public.users (uuid) on delete set null,
  idempotency_key uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workflows_case_idx on public.workflows (case_id, created_at desc);
create unique index workflows_idempotency_key_idx on public.workflows (started_by, idempotency_key);

create table public.workflow_steps (
  id uuid primary key default gen_random_uuid(),
  workflow_id uuid not null references public.workflows (id) on delete cascade,
  position integer not null,
  title text not null,
  instructions text not null default '',
  offset_days integer not null,
  role text not null check (role in ('lead', 'associate', 'paralegal', 'client')),
  is_court_deadline boolean not null default false,
  unique (workflow_id, position)
);

create trigger workflows_touch before update on public.workflows
  for each row execute function public.touch_updated_at();

alter table public.tasks
  add column workflow_id uuid references public.workflows (id) on delete set null,
  add column workflow_step_id uuid references public.workflow_steps (id) on delete set null;
create index tasks_workflow_idx on public.tasks (workflow_id) where workflow_id is not null;

comment on column public.tasks.workflow_id is 'the workflow whose step this task is (null: made by hand)';
comment on column public.tasks.workflow_step_id is 'the workflow step this task is';

-- Starts a workflow on an engaged case from a template, in one transaction: the workflow, a copy
-- of the template's steps, and one task per step, due on p_due_dates[n] (the n-th step by
-- position; computed by the app from the offsets, app/features/workflows/due-dates.ts) and
-- assigned by role: lead → the case's lead; associate or paralegal → the first such member, or
-- the lead when there is none; client → the case's client, and client-visible. Posting the same
-- form twice (the same key from the same person) returns the first workflow and writes nothing.
create function public.start_workflow(
  p_case_id uuid,
  p_template_id uuid,
  p_trigger_date date,
  p_due_dates date[],
  p_idempotency_key uuid default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  target public.cases;
  template public.workflow_templates;
  step_count integer;
  new_id uuid;
begin
  if auth.uid() is null then
    raise exception 'Sign in to start a workflow' using errcode = '42501', detail = 'workflow:not_allowed';
  end if;
  if p_idempotency_key is not null then
    select id into new_id from public.workflows
    where started_by = auth.uid() and idempotency_key = p_idempotency_key;
    if found then
      return new_id;
    end if;
  end if;
  -- Locked for share: the case cannot change status (or lead) while its workflow starts.
  select * into target from public.cases where id = p_case_id for share;
  if not found or not public.manages_case_tasks(p_case_id) then
    raise exception 'Only the lawyers running this case can start a workflow on it'
      using errcode = '42501', detail = 'workflow:not_allowed';
  end if;
  if target.status <> 'engaged' then
    raise exception 'A workflow starts only on an engaged case'
      using errcode = '23514', detail = 'workflow:case_not_engaged';
  end if;
  select * into template from public.workflow_templates where id = p_template_id for share;
  if not found or not public.reads_workflow_template(template.law_firm_id, template.owner_id) then
    raise exception 'This template does not exist'
      using errcode = '23503', detail = 'workflow_template:not_found';
  end if;
  if template.archived then
    raise exception 'This template is archived'
      using errcode = '23514', detail = 'workflow_template:archived';
  end if;
  select count(*) into step_count from public.workflow_template_steps where template_id = template.id;
  if step_count = 0 then
    raise exception 'This template has no steps'
      using errcode = '23514', detail = 'workflow_template:no_steps';
  end if;
  if p_trigger_date is null or coalesce(array_length(p_due_dates, 1), 0) <> step_count
     or array_position(p_due_dates, null) is not null then
    raise exception 'The template changed: there must be one due date per step'
      using errcode = '23514', detail = 'workflow:template_changed';
  end if;

  insert into public.workflows
    (case_id, template_id, name, practice_area, skip_weekends, trigger_date, started_by, idempotency_key)
  values (target.id, template.id, template.name, template.practice_area, template.skip_weekends,
    p_trigger_date, auth.uid(), p_idempotency_key)
  returning id into new_id;

  with numbered as (
    select s.*, row_number() over (order by s.position, s.id)::integer as n
    from public.workflow_template_steps s where s.template_id = template.id
  ), copied as (
    insert into public.workflow_steps
      (workflow_id, position, title, instructions, offset_days, role, is_court_deadline)
    select new_id, n, title, instructions, offset_days, role, is_court_deadline from numbered
    returning id, position, title, instructions, role, is_court_deadline
  )
  insert into public.tasks
    (case_id, title, description, assignee_id, reporter_id, due_date, client_visible, priority,
     workflow_id, workflow_step_id)
  select target.id, c.title, c.instructions,
    case c.role
      when 'client' then target.client_id
      when 'lead' then target.lead_lawyer_id
      else coalesce(
        (select m.user_id from public.case_members m
         where m.case_id = target.id and m.role = c.role order by m.created_at, m.user_id limit 1),
        target.lead_lawyer_id)
    end,
    auth.uid(), p_due_dates[c.position], c.role = 'client',
    case when c.is_court_deadline then 'urgent' else 'medium' end,
    new_id, c.id
  from copied c
  order by c.position;

  return new_id;
end
$$;

-- Moves a workflow's trigger date, and the due dates of its steps not done, in one transaction.
-- p_from is the trigger date the person confirmed the changes against: if someone moved it in
-- the meantime, nothing changes. p_task_ids / p_due_dates are the new due dates (computed by the
-- app from the copied offsets) of every task of the workflow not done; a task done since is
-- left as it is, and a task not done that is missing refuses the whole move.
create function public.move_workflow_trigger(
  p_workflow_id uuid,
  p_from date,
  p_to date,
  p_task_ids uuid[],
  p_due_dates date[]
) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  flow public.workflows;
  moved integer;
begin
  select * into flow from public.workflows where id = p_workflow_id for update;
  if not found or not public.manages_case_tasks(flow.case_id) then
    raise exception 'Only the lawyers running this case can move its workflow'
      using errcode = '42501', detail = 'workflow:not_allowed';
  end if;
  if p_to is null or flow.trigger_date is distinct from p_from then
    raise exception 'The trigger date changed since the changes were listed'
      using errcode = '23514', detail = 'workflow:trigger_changed';
  end if;
  if coalesce(array_length(p_task_ids, 1), 0) <> coalesce(array_length(p_due_dates, 1), 0)
     or exists (
       select 1 from public.tasks t
       where t.workflow_id = flow.id and t.status <> 'done' and not (t.id = any (coalesce(p_task_ids, '{}')))
     ) then
    raise exception 'The workflow''s tasks changed since the changes were listed'
      using errcode = '23514', detail = 'workflow:trigger_changed';
  end if;
  update public.workflows set trigger_date = p_to where id = flow.id;
  update public.tasks t set due_date = d.due_date
  from unnest(p_task_ids, p_due_dates) as d(task_id, due_date)
  where t.id = d.task_id and t.workflow_id = flow.id and t.status <> 'done'
    and t.due_date is distinct from d.due_date;
  get diagnostics moved = row_count;
  return moved;
end
$$;

alter table public.workflows enable row level security;
alter table public.workflow_steps enable row level security;

create policy "workflows: the case's team, the firm's admin, admins read"
  on public.workflows for select to authenticated
  using (public.manages_case_tasks(case_id));
create policy "workflow_steps: who reads the workflow"
  on public.workflow_steps for select to authenticated
  using (exists (select 1 from public.workflows w where w.id = workflow_id));

-- Written only through start_workflow and move_workflow_trigger.
revoke all on public.workflows, public.workflow_steps from anon, authenticated;
grant select on public.workflows, public.workflow_steps to authenticated;

revoke all on function
  public.reads_workflow_template(uuid, uuid), public.writes_workflow_template(uuid, uuid),
  public.reads_workflow_template_of(uuid), public.writes_workflow_template_of(uuid),
  public.move_workflow_template_step(uuid, integer), public.duplicate_workflow_template(uuid, text),
  public.start_workflow(uuid, uuid, date, date[], uuid),
  public.move_workflow_trigger(uuid, date, date, uuid[], date[])
  from public, anon;
grant execute on function
  public.reads_workflow_template(uuid, uuid), public.writes_workflow_template(uuid, uuid),
  public.reads_workflow_template_of(uuid), public.writes_workflow_template_of(uuid),
  public.move_workflow_template_step(uuid, integer), public.duplicate_workflow_template(uuid, text),
  public.start_workflow(uuid, uuid, date, date[], uuid),
  public.move_workflow_trigger(uuid, date, date, uuid[], date[])
  to authenticated;
revoke all on function public.workflow_templates_before_insert()
  from public, anon, authenticated;
