-- Tasks (issue 22, items 3, 4 and 6; docs/decisions/0027-tasks-board-and-positions.md): the work of
-- an engaged case, on a board (columns = statuses) and in a table, with a checklist, comments
-- (mentioning case members) and a history. ../shared/design/domain.md, "Running a case".
--
-- Tables
--   tasks                 the task: its case, status and position on the board, assignee, due date.
--   task_checklist_items  the task's checklist (ordered).
--   task_comments         comments, with the case members they mention.
--   task_activity         the task's history: who changed what, when. Written by triggers only.
--
-- Who (row level security; anon sees nothing)
--   the case's lawyers (case_members lead, associate, paralegal), the admin of the case's firm,
--   admins and super users: see, create, edit, move, assign and delete the case's tasks, its
--   checklists and history; comment.
--   the case's client (case member with role client): sees the client-visible tasks of their own
--   cases (a task assigned to them is client-visible, always), moves a task assigned to them,
--   comments on the tasks they see.
--   nobody else: nothing.
--
-- Positions: `position` orders a task within its status (the column), across all cases, so any
-- person's board is the same order restricted to the tasks they see. Positions are sparse integers
-- (steps of 1024): a move takes the midpoint of its neighbours, and renumbers the column only when
-- there is no integer between them. (status, position) is unique, and every writer of a column's
-- positions first takes a transaction lock on that column (public.lock_task_column), so two people
-- moving cards at once wait for each other instead of producing a duplicate or losing a move.
-- Status and position change only through public.move_task (the board's drag, the keyboard and the
-- form without JavaScript all call it); there is no update grant on them.
--
-- Events: assigning a task (insert with an assignee, or a change of assignee) notifies the assignee
-- (type task_assignment, in their language, leading to the task) unless they assigned themselves;
-- a comment notifies the people it mentions. Demo data switches events off as for cases
-- (`set_config('mylawyer.case_events', 'off', true)`).
--
-- Refusals carry a code in `detail` (ADR 0012): task:<reason>.

-- ---------------------------------------------------------------------------------------------
-- tasks

create function public.task_labels_valid(p_labels text[]) returns boolean
language sql immutable set search_path = ''
as $$
  select cardinality(p_labels) <= 10
    and not exists (select from unnest(p_labels) l where l is null or char_length(btrim(l)) not between 1 and 40)
$$;

create table public.tasks (
  id uuid primary key default gen_random_uuid(),
  case_id uuid not null references public.cases (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text not null default '' check (char_length(description) <= 10000),
  status text not null default 'todo' check (status in ('todo', 'in_progress', 'waiting', 'done')),
  -- Order within the status (see the header); set by the database on insert (the default is
  -- never kept: the insert trigger puts the task at the end of its column).
  position bigint not null default 0,
  priority text not null default 'medium' check (priority in ('low', 'medium', 'high', 'urgent')),
  labels text[] not null default '{}' check (public.task_labels_valid(labels)),
  -- A member of the case (enforced by the trigger, with a code, and by the foreign key below).
  assignee_id uuid,
  reporter_id uuid default auth.uid() references public.users (uuid) on delete set null,
  due_date date check (due_date between date '1900-01-01' and date '2099-12-31'),
  client_visible boolean not null default false,
  -- Set by the database when the task is done, cleared when it leaves done.
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  idempotency_key uuid,
  constraint tasks_status_position_key unique (status, position) deferrable initially immediate,
  -- A member removed from the case leaves their tasks unassigned.
  constraint tasks_assignee_member_fkey foreign key (case_id, assignee_id)
    references public.case_members (case_id, user_id) on delete set null (assignee_id)
);
create index tasks_case_idx on public.tasks (case_id, status, position);
create index tasks_assignee_idx on public.tasks (assignee_id, due_date) where assignee_id is not null;
create index tasks_due_idx on public.tasks (due_date) where status <> 'done';
create unique index tasks_idempotency_key_idx on public.tasks (reporter_id, idempotency_key);

comment on column public.tasks.position is
  'order within the status across all cases; sparse (steps of 1024), unique per status, set by the database';
comment on column public.tasks.idempotency_key is
  'the key of the form that created the task: the same person cannot create two tasks with one key';

-- ---------------------------------------------------------------------------------------------
-- task_checklist_items, task_comments, task_activity

create table public.task_checklist_items (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references public.tasks (id) on delete cascade,
  position integer not null default 0 check (position >= 0),
  body text not null check (char_length(btrim(body)) between 1 and 500),
  done boolean not null default false,
  created_at timestamptz not null default now()
);
create index task_checklist_items_task_idx on public.task_checklist_items (task_id, position);

create table public.task_comments (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references public.tasks (id) on delete cascade,
  author_id uuid default auth.uid() references public.users (uuid) on delete set null,
  body text not null check (char_length(btrim(body)) between 1 and 5000),
  -- Members of the task's case the comment mentions (checked by the trigger); they are notified.
  mentions uuid[] not null default '{}' check (cardinality(mentions) <= 20),
  created_at timestamptz not null default now()
);
create index task_comments_task_idx on public.task_comments (task_id, created_at);

create table public.task_activity (
  id bigint generated always as identity primary key,
  task_id uuid not null references public.tasks (id) on delete cascade,
  -- Null when the system acted (demo data, scripts).
  actor_id uuid references public.users (uuid) on delete set null,
  action text not null check (action in (
    'created', 'updated', 'status_changed', 'assigned', 'commented', 'checklist_changed'
  )),
  -- {"from","to"} for statuses and assignees, {"fields":[…]} for edits, {"comment_id"} for comments.
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index task_activity_task_idx on public.task_activity (task_id, created_at desc, id desc);

-- ---------------------------------------------------------------------------------------------
-- Which cases' tasks the caller reaches, for the policies (see cases.sql for why set-returning
-- security definer functions).

-- Cases whose tasks the caller runs: as a lawyer member (lead, associate, paralegal) or as the
-- admin of the case's firm. Admins are checked apart (public.is_admin()).
create function public.task_manager_case_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select case_id from public.case_members
  where user_id = auth.uid() and role in ('lead', 'associate', 'paralegal')
  union
  select id from public.cases
  where law_firm_id = (select public.current_law_firm())
    and (select public.current_access_level()) = 'lawyer_admin'
$$;

-- Cases the caller is the client member of.
create function public.task_client_case_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select case_id from public.case_members where user_id = auth.uid() and role = 'client'
$$;

-- May the caller run this case's tasks (create, edit, assign, move any, delete)?
create function public.manages_case_tasks(p_case_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select public.is_admin() or p_case_id in (select public.task_manager_case_ids())
$$;

-- Does the caller see a task of this case with this visibility?
create function public.sees_task(p_case_id uuid, p_client_visible boolean) returns boolean
language sql stable security definer set search_path = ''
as $$
  select public.is_admin() or p_case_id in (select public.task_manager_case_ids())
    or (p_client_visible and p_case_id in (select public.task_client_case_ids()))
$$;

-- Tasks the caller sees (for the policies of the checklist, comments and history).
create function public.visible_task_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select id from public.tasks
  where (select public.is_admin())
     or case_id in (select public.task_manager_case_ids())
     or (client_visible and case_id in (select public.task_client_case_ids()))
$$;

-- The cases the caller may add tasks to (engaged or on hold, and run by them, their firm, or any
-- for an admin), by reference: the create form's case picker. Security invoker: the cases' own
-- row level security applies too.
create function public.task_cases(p_limit integer default 200)
returns table (id uuid, reference text, title text)
language sql stable set search_path = ''
as $$
  select c.id, c.reference, c.title from public.cases c
  where c.status in ('engaged', 'on_hold')
    and ((select public.is_admin()) or c.id in (select public.task_manager_case_ids()))
  order by c.reference
  limit least(greatest(coalesce(p_limit, 200), 1), 1000)
$$;

-- ---------------------------------------------------------------------------------------------
-- Positions

-- Serialises the writers of one column's positions until the transaction ends.
create function public.lock_task_column(p_status text) returns void
language sql volatile set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('public.tasks:' || p_status, 0))
$$;

-- The position after the last task of a column (the caller holds the column's lock).
create function public.task_column_end(p_status text) returns bigint
language sql stable security definer set search_path = ''
as $$
  select coalesce(max(position), 0) + 1024 from public.tasks where status = p_status
$$;

-- Spreads a column's positions out again (steps of 1024, same order); the caller holds the lock.
create function public.renumber_task_column(p_status text) returns void
language sql volatile security definer set search_path = ''
as $$
  update public.tasks t set position = r.n * 1024
  from (select id, row_number() over (order by position, id) as n from public.tasks where status = p_status) r
  where t.id = r.id and t.position is distinct from r.n * 1024
$$;

-- ---------------------------------------------------------------------------------------------
-- Events

create function public.log_task_activity(p_task_id uuid, p_action text, p_details jsonb default '{}'::jsonb)
returns void
language sql security definer set search_path = ''
as $$
  insert into public.task_activity (task_id, actor_id, action, details)
  select p_task_id, auth.uid(), p_action, coalesce(p_details, '{}'::jsonb)
  where public.case_events_enabled()
$$;

-- Notifies one person of a task event (task_assigned, task_mentioned), in their language, leading
-- to the task; not when events are off, when they did it themselves, or when no person did it (the
-- system: the seed, imports, the benchmark).
create function public.notify_task_event(p_user_id uuid, p_task_id uuid, p_event text)
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  target record;
begin
  if not public.case_events_enabled() or p_user_id is null or auth.uid() is null
     or p_user_id is not distinct from auth.uid()
     or not exists (select from public.users where uuid = p_user_id) then
    return;
  end if;
  select t.title, c.reference into target
  from public.tasks t join public.cases c on c.id = t.case_id where t.id = p_task_id;
  perform public.create_notification_event(p_user_id, 'task_assignment', p_event,
    jsonb_build_object('task', target.title, 'reference', target.reference,
      'person', coalesce(public.person_name(auth.uid()), 'MyLawyer')),
    '/dashboard/task_management/task/' || p_task_id,
    (select avatar_url from public.users where uuid = auth.uid()));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- tasks: triggers

-- Checks what the database decides for every writer: the case runs (engaged or on hold) on insert,
-- the assignee is a member of the case, a client's task is client-visible, the position, the
-- completion time and updated_at.
create function public.tasks_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  case_status text;
  assignee_role text;
begin
  if tg_op = 'INSERT' then
    select status into case_status from public.cases where id = new.case_id;
    if not found then
      raise exception 'This case does not exist' using errcode = '23503', detail = 'case:not_found';
    end if;
    if case_status not in ('engaged', 'on_hold') then
      raise exception 'Tasks are added to engaged cases only'
        using errcode = '23514', detail = 'task:case_not_engaged';
    end if;
  elsif new.case_id is distinct from old.case_id then
    raise exception 'A task cannot move to another case' using errcode = '23514', detail = 'task:case_fixed';
  end if;

  if new.assignee_id is not null then
    select role into assignee_role from public.case_members
    where case_id = new.case_id and user_id = new.assignee_id;
    if not found then
      raise exception 'The assignee must be a member of the task''s case'
        using errcode = '23514', detail = 'task:assignee_not_member';
    end if;
  end if;
  -- What is assigned to the client is theirs to see.
  if assignee_role = 'client' then
    new.client_visible := true;
  end if;

  new.labels := coalesce(new.labels, '{}');
  if tg_op = 'INSERT' then
    perform public.lock_task_column(new.status);
    new.position := public.task_column_end(new.status);
    new.completed_at := case when new.status = 'done' then now() end;
  else
    if new.status is distinct from old.status then
      -- Moved without a position (not through move_task): to the end of the new column.
      if new.position is not distinct from old.position then
        perform public.lock_task_column(new.status);
        new.position := public.task_column_end(new.status);
      end if;
      new.completed_at := case when new.status = 'done' then now() end;
    end if;
    new.updated_at := now();
  end if;
  return new;
end
$$;

create trigger tasks_before_write
  before insert or update on public.tasks
  for each row execute function public.tasks_before_write();

create function public.tasks_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changed text[];
begin
  if tg_op = 'INSERT' then
    perform public.log_task_activity(new.id, 'created', jsonb_build_object('status', new.status));
    if new.assignee_id is not null then
      perform public.log_task_activity(new.id, 'assigned', jsonb_build_object('from', null, 'to', new.assignee_id));
      perform public.notify_task_event(new.assignee_id, new.id, 'task_assigned');
    end if;
    return null;
  end if;

  select coalesce(array_agg(n.key order by n.key), '{}') into changed
  from jsonb_each(to_jsonb(new)) n
  join jsonb_each(to_jsonb(old)) o on o.key = n.key
  where n.value is distinct from o.value
    and n.key not in ('status', 'position', 'assignee_id', 'updated_at', 'completed_at');
  if cardinality(changed) > 0 then
    perform public.log_task_activity(new.id, 'updated', jsonb_build_object('fields', to_jsonb(changed)));
  end if;
  if new.status is distinct from old.status then
    perform public.log_task_activity(new.id, 'status_changed', jsonb_build_object('from', old.status, 'to', new.status));
  end if;
  if new.assignee_id is distinct from old.assignee_id then
    perform public.log_task_activity(new.id, 'assigned', jsonb_build_object('from', old.assignee_id, 'to', new.assignee_id));
    perform public.notify_task_event(new.assignee_id, new.id, 'task_assigned');
  end if;
  return null;
end
$$;

create trigger tasks_after_write
  after insert or update on public.tasks
  for each row execute function public.tasks_after_write();

-- ---------------------------------------------------------------------------------------------
-- move_task: the one way a task changes status or position.

-- Moves a task to a status, between two neighbours as the caller sees the column: p_after (the
-- task that will be just above it) and p_before (the one just below); with neither, to the end of
-- the column. Tasks the caller does not see may sit between them: the task goes just below
-- p_after (or just above p_before when p_after is not given). The column is locked first, so
-- concurrent moves into it run one after the other on positions that are current. Returns the task.
create function public.move_task(
  p_task_id uuid,
  p_status text,
  p_after uuid default null,
  p_before uuid default null
) returns public.tasks
language plpgsql volatile security definer set search_path = ''
as $$
declare
  target public.tasks;
  lower_pos bigint;
  upper_pos bigint;
  new_pos bigint;
  attempt int := 0;
begin
  if p_status is null or p_status not in ('todo', 'in_progress', 'waiting', 'done') then
    raise exception 'Unknown task status: %', coalesce(p_status, 'null')
      using errcode = '22023', detail = 'task:unknown_status';
  end if;
  if p_task_id is not distinct from p_after or p_task_id is not distinct from p_before then
    raise exception 'A task is not its own neighbour' using errcode = '22023', detail = 'task:bad_neighbour';
  end if;
  perform public.lock_task_column(p_status);
  select * into target from public.tasks where id = p_task_id for update;
  if not found or not public.sees_task(target.case_id, target.client_visible) then
    raise exception 'This task does not exist' using errcode = '23503', detail = 'task:not_found';
  end if;
  if not public.manages_case_tasks(target.case_id)
     and target.assignee_id is distinct from auth.uid() then
    raise exception 'Only the case''s lawyers or the task''s assignee move a task'
      using errcode = '42501', detail = 'task:move_denied';
  end if;

  loop
    attempt := attempt + 1;
    lower_pos := null;
    upper_pos := null;
    new_pos := null;
    if p_after is not null then
      select position into lower_pos from public.tasks
      where id = p_after and status = p_status and public.sees_task(case_id, client_visible);
      if not found then
        raise exception 'The neighbour is not in that column' using errcode = '22023', detail = 'task:bad_neighbour';
      end if;
      -- Just below p_after: up to the next task of the column, whoever sees it (the task aside).
      select min(position) into upper_pos from public.tasks
      where status = p_status and position > lower_pos and id <> p_task_id;
      if upper_pos is null then
        new_pos := lower_pos + 1024;
      end if;
    elsif p_before is not null then
      select position into upper_pos from public.tasks
      where id = p_before and status = p_status and public.sees_task(case_id, client_visible);
      if not found then
        raise exception 'The neighbour is not in that column' using errcode = '22023', detail = 'task:bad_neighbour';
      end if;
      select max(position) into lower_pos from public.tasks
      where status = p_status and position < upper_pos and id <> p_task_id;
      if lower_pos is null then
        new_pos := upper_pos - 1024;
      end if;
    else
      if target.status = p_status then
        -- Already in the column, no neighbours given: where it is.
        return target;
      end if;
      new_pos := public.task_column_end(p_status);
    end if;
    if new_pos is null then
      if upper_pos - lower_pos > 1 then
        new_pos := lower_pos + (upper_pos - lower_pos) / 2;
      elsif attempt = 1 then
        perform public.renumber_task_column(p_status);
        continue;
      else
        raise exception 'No room between the neighbours' using errcode = '23514', detail = 'task:no_room';
      end if;
    end if;
    exit;
  end loop;

  update public.tasks set status = p_status, position = new_pos where id = p_task_id returning * into target;
  return target;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Checklist, comments: triggers

create function public.task_comments_before_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  task record;
  stranger uuid;
begin
  select t.case_id, t.client_visible into task from public.tasks t where t.id = new.task_id;
  new.mentions := coalesce((select array_agg(distinct m) from unnest(new.mentions) m where m is not null), '{}');
  -- Mentioned: members of the case, and the client only where the task is client-visible.
  select m into stranger from unnest(new.mentions) m
  where not exists (
    select from public.case_members cm
    where cm.case_id = task.case_id and cm.user_id = m and (cm.role <> 'client' or task.client_visible)
  )
  limit 1;
  if stranger is not null then
    raise exception 'Only members of the case who see the task can be mentioned'
      using errcode = '23514', detail = 'task:mention_not_member';
  end if;
  new.created_at := now();
  return new;
end
$$;

create trigger task_comments_before_insert
  before insert on public.task_comments
  for each row execute function public.task_comments_before_insert();

create function public.task_comments_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  mentioned uuid;
begin
  perform public.log_task_activity(new.task_id, 'commented', jsonb_build_object('comment_id', new.id));
  foreach mentioned in array new.mentions loop
    perform public.notify_task_event(mentioned, new.task_id, 'task_mentioned');
  end loop;
  return null;
end
$$;

create trigger task_comments_after_insert
  after insert on public.task_comments
  for each row execute function public.task_comments_after_insert();

create function public.task_checklist_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if exists (select from public.tasks where id = old.task_id) then
      perform public.log_task_activity(old.task_id, 'checklist_changed', jsonb_build_object('removed', old.body));
    end if;
  elsif tg_op = 'INSERT' then
    perform public.log_task_activity(new.task_id, 'checklist_changed', jsonb_build_object('added', new.body));
  elsif new.done is distinct from old.done then
    perform public.log_task_activity(new.task_id, 'checklist_changed',
      jsonb_build_object(case when new.done then 'checked' else 'unchecked' end, new.body));
  end if;
  return null;
end
$$;

create trigger task_checklist_after_write
  after insert or update or delete on public.task_checklist_items
  for each row execute function public.task_checklist_after_write();

-- ---------------------------------------------------------------------------------------------
-- Row level security

alter table public.tasks enable row level security;
alter table public.task_checklist_items enable row level security;
alter table public.task_comments enable row level security;
alter table public.task_activity enable row level security;

create policy "tasks: the case's lawyers, the firm's admin, admins; the client their visible ones"
  on public.tasks for select to authenticated
  using (
    (select public.is_admin())
    or case_id in (select public.task_manager_case_ids())
    or (client_visible and case_id in (select public.task_client_case_ids()))
  );

create policy "tasks: the case's lawyers, the firm's admin and admins create"
  on public.tasks for insert to authenticated
  with check ((select public.is_admin()) or case_id in (select public.task_manager_case_ids()));

create policy "tasks: the case's lawyers, the firm's admin and admins edit"
  on public.tasks for update to authenticated
  using ((select public.is_admin()) or case_id in (select public.task_manager_case_ids()))
  with check ((select public.is_admin()) or case_id in (select public.task_manager_case_ids()));

create policy "tasks: the case's lawyers, the firm's admin and admins delete"
  on public.tasks for delete to authenticated
  using ((select public.is_admin()) or case_id in (select public.task_manager_case_ids()));

create policy "task_checklist_items: who sees the task"
  on public.task_checklist_items for select to authenticated
  using (task_id in (select public.visible_task_ids()));

create policy "task_checklist_items: who runs the task's case writes"
  on public.task_checklist_items for all to authenticated
  using (exists (select from public.tasks t where t.id = task_id and public.manages_case_tasks(t.case_id)))
  with check (exists (select from public.tasks t where t.id = task_id and public.manages_case_tasks(t.case_id)));

create policy "task_comments: who sees the task"
  on public.task_comments for select to authenticated
  using (task_id in (select public.visible_task_ids()));

create policy "task_comments: who sees the task comments, in their own name"
  on public.task_comments for insert to authenticated
  with check (author_id = (select auth.uid()) and task_id in (select public.visible_task_ids()));

create policy "task_comments: the author and admins delete"
  on public.task_comments for delete to authenticated
  using (author_id = (select auth.uid()) or (select public.is_admin()));

create policy "task_activity: who sees the task"
  on public.task_activity for select to authenticated
  using (task_id in (select public.visible_task_ids()));

-- ---------------------------------------------------------------------------------------------
-- Privileges: status and position only through move_task; reporter, times and the history are
-- the database's.

revoke all on public.tasks, public.task_checklist_items, public.task_comments, public.task_activity
  from anon, authenticated;

grant select, delete on public.tasks to authenticated;
grant insert (case_id, title, description, status, priority, labels, assignee_id, due_date, client_visible,
  idempotency_key) on public.tasks to authenticated;
grant update (title, description, priority, labels, assignee_id, due_date, client_visible)
  on public.tasks to authenticated;

grant select, delete on public.task_checklist_items to authenticated;
grant insert (task_id, position, body, done) on public.task_checklist_items to authenticated;
grant update (position, body, done) on public.task_checklist_items to authenticated;

grant select, delete on public.task_comments to authenticated;
grant insert (task_id, body, mentions) on public.task_comments to authenticated;

grant select on public.task_activity to authenticated;

revoke all on function
  public.tasks_before_write(), public.tasks_after_write(), public.task_comments_before_insert(),
  public.task_comments_after_insert(), public.task_checklist_after_write(),
  public.lock_task_column(text), public.task_column_end(text), public.renumber_task_column(text),
  public.log_task_activity(uuid, text, jsonb), public.notify_task_event(uuid, uuid, text)
  from public, anon, authenticated;

revoke all on function
  public.task_manager_case_ids(), public.task_client_case_ids(), public.manages_case_tasks(uuid),
  public.sees_task(uuid, boolean), public.visible_task_ids(), public.move_task(uuid, text, uuid, uuid),
  public.task_cases(integer)
  from public, anon;
grant execute on function
  public.task_manager_case_ids(), public.task_client_case_ids(), public.manages_case_tasks(uuid),
  public.sees_task(uuid, boolean), public.visible_task_ids(), public.move_task(uuid, text, uuid, uuid),
  public.task_cases(integer)
  to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Notification texts (e-mails; the app's are locales/<lng>/notifications.json events.*).

insert into public.notification_texts (key, locale, body) values
  ('events.task_assigned', 'en', '<strong>{{person}}</strong> assigned you <em>{{task}}</em> on <strong>{{reference}}</strong>'),
  ('events.task_mentioned', 'en', '<strong>{{person}}</strong> mentioned you on <em>{{task}}</em> (<strong>{{reference}}</strong>)'),
  ('events.task_assigned', 'fr', '<strong>{{person}}</strong> vous a attribué <em>{{task}}</em> sur <strong>{{reference}}</strong>'),
  ('events.task_mentioned', 'fr', '<strong>{{person}}</strong> vous a mentionné sur <em>{{task}}</em> (<strong>{{reference}}</strong>)'),
  ('events.task_assigned', 'vi', '<strong>{{person}}</strong> đã giao cho bạn <em>{{task}}</em> trong <strong>{{reference}}</strong>'),
  ('events.task_mentioned', 'vi', '<strong>{{person}}</strong> đã nhắc đến bạn trong <em>{{task}}</em> (<strong>{{reference}}</strong>)'),
  ('events.task_assigned', 'cn', '<strong>{{person}}</strong> 将 <strong>{{reference}}</strong> 的任务 <em>{{task}}</em> 分配给了您'),
  ('events.task_mentioned', 'cn', '<strong>{{person}}</strong> 在任务 <em>{{task}}</em>（<strong>{{reference}}</strong>）中提到了您'),
  ('events.task_assigned', 'ar', 'أسند إليك <strong>{{person}}</strong> المهمة <em>{{task}}</em> في القضية <strong>{{reference}}</strong>'),
  ('events.task_mentioned', 'ar', 'أشار إليك <strong>{{person}}</strong> في المهمة <em>{{task}}</em> (<strong>{{reference}}</strong>)');

-- ---------------------------------------------------------------------------------------------
-- Realtime: everyone looking at the board receives the changes of the tasks they see (RLS).

alter publication supabase_realtime add table public.tasks;
