-- Notifications produced by the system (issue 7): private to their owner whatever id is sent,
-- one function that creates them honouring the person's preferences, an e-mail outbox, and a
-- welcome notification on first sign-in. Deploys unchanged to a hosted project: it relies only on
-- what Supabase provides (the API roles, auth.users, auth.uid()).

-- ---------------------------------------------------------------------------------------------
-- notifications: nobody reads, marks or deletes another person's notifications, admins included.
-- Owners may still change only is_unread and category (the column grant of the first migration).
-- Nobody inserts through the API: notifications come from public.create_notification.

drop policy "notifications: read own; admins all" on public.notifications;
create policy "notifications: read own"
  on public.notifications for select to authenticated
  using (user_id = auth.uid());

drop policy "notifications: delete own; admins all" on public.notifications;
create policy "notifications: delete own"
  on public.notifications for delete to authenticated
  using (user_id = auth.uid());

drop policy "notifications: admins insert" on public.notifications;
revoke insert on public.notifications from anon, authenticated;

-- `account` carries the account's own messages (the welcome). It has no preferences: account
-- messages are always shown in-app and never e-mailed or texted, so
-- user_notification_preferences keeps the four types of the spec.
alter table public.notifications drop constraint notifications_type_check;
alter table public.notifications add constraint notifications_type_check
  check (type in ('task_assignment', 'appointment', 'case_update', 'payment', 'account'));

-- ---------------------------------------------------------------------------------------------
-- user_notification_preferences: own rows only, reading included.

drop policy "preferences: read own; admins all" on public.user_notification_preferences;
create policy "preferences: read own"
  on public.user_notification_preferences for select to authenticated
  using (user_id = auth.uid());

-- ---------------------------------------------------------------------------------------------
-- email_outbox: e-mails waiting to be sent. Only the system writes and reads it (RLS on, no
-- policies; service_role bypasses RLS). A sender marks a row sent by setting sent_at: on a hosted
-- project an edge function or a scheduled job drains the rows where sent_at is null; supabase/local
-- delivers each row to its mailbox as it is inserted.

create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  recipient text not null check (char_length(recipient) between 3 and 254 and recipient like '%_@_%'),
  subject text not null check (char_length(subject) between 1 and 200),
  text_body text not null,
  -- Null: a text-only e-mail.
  html_body text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index email_outbox_unsent_idx on public.email_outbox (created_at) where sent_at is null;

alter table public.email_outbox enable row level security;
revoke all on public.email_outbox from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- create_notification: the one way notifications are produced. Domain functions and triggers
-- (cases, tasks, events, payments) call it from their own security-definer code.
--
-- It honours the person's preferences for (type, medium); a missing row means the default of
-- the app (in-app on, e-mail off, SMS off). In-app off: no notification row, and null is
-- returned. E-mail on: a text e-mail is queued in public.email_outbox. SMS on: nothing is sent,
-- as the product has no SMS provider yet; a later issue that adds one queues texts here.
--
-- The title is HTML (spec §3) and is stored as given: the app sanitises it when rendering. The
-- e-mail carries the title as plain text only (tags stripped, entities decoded), so no HTML
-- from a title reaches a mail client.

create function public.create_notification(
  p_user_id uuid,
  p_type text,
  p_title text,
  p_category text default null,
  p_avatar_url text default null
) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  wants_in_app boolean;
  wants_email boolean;
  recipient text;
  plain_title text;
  notification_id uuid;
begin
  if p_type is null or p_type not in ('task_assignment', 'appointment', 'case_update', 'payment', 'account') then
    raise exception 'Unknown notification type: %', coalesce(p_type, 'null')
      using errcode = '22023',
            hint = 'The types are task_assignment, appointment, case_update, payment and account.';
  end if;
  if p_title is null or btrim(p_title) = '' then
    raise exception 'A notification needs a title' using errcode = '22023';
  end if;
  select coalesce(a.email, u.email) into recipient
  from public.users u
  left join auth.users a on a.id = u.uuid
  where u.uuid = p_user_id;
  if not found then
    raise exception 'No user with id %', coalesce(p_user_id::text, 'null') using errcode = '22023';
  end if;

  -- Account messages have no preference rows, so they always get the defaults.
  select
    coalesce(bool_or(p.enabled) filter (where p.medium = 'in_app'), true),
    coalesce(bool_or(p.enabled) filter (where p.medium = 'email'), false)
  into wants_in_app, wants_email
  from public.user_notification_preferences p
  where p.user_id = p_user_id and p.notification_type = p_type;

  if wants_in_app then
    insert into public.notifications (user_id, title, type, category, avatar_url)
    values (p_user_id, p_title, p_type, p_category, p_avatar_url)
    returning id into notification_id;
  end if;

  if wants_email and recipient is not null then
    -- Line and block tags become spaces, other tags vanish (so "<b>MyLawyer</b>!" stays one word).
    plain_title := regexp_replace(p_title, '<(br|/?(p|div|li|ul|ol|h[1-6]|tr|td|th))\y[^>]*>', ' ', 'gi');
    plain_title := btrim(regexp_replace(regexp_replace(plain_title, '<[^>]*>', '', 'g'), '\s+', ' ', 'g'));
    plain_title := replace(replace(replace(replace(replace(replace(replace(plain_title,
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&apos;', ''''), '&amp;', '&');
    insert into public.email_outbox (recipient, subject, text_body)
    values (
      recipient,
      'MyLawyer: ' || case when char_length(plain_title) > 150 then left(plain_title, 149) || '…' else plain_title end,
      plain_title || E'\n\n'
        || 'You receive this e-mail because e-mail notifications of this type are on in your MyLawyer '
        || 'notification preferences.'
    );
  end if;

  return notification_id;
end
$$;

-- The system only (new functions in public are executable by everyone by default).
revoke all on function public.create_notification(uuid, text, text, text, text) from public, anon, authenticated;
grant execute on function public.create_notification(uuid, text, text, text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Welcome notification: when last_sign_in_at goes from null to a value, i.e. the first sign-in.

create function public.handle_auth_user_first_sign_in() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- An account whose profile an admin deleted signs in without one: nothing to notify.
  if exists (select from public.users where uuid = new.id) then
    perform public.create_notification(
      new.id,
      'account',
      'Welcome to <b>MyLawyer</b>! Describe your legal problem and lawyers will propose to take it on.'
    );
  end if;
  return null;
end
$$;

revoke all on function public.handle_auth_user_first_sign_in() from public, anon, authenticated;

create trigger on_auth_user_first_sign_in
  after update of last_sign_in_at on auth.users
  for each row when (old.last_sign_in_at is null and new.last_sign_in_at is not null)
  execute function public.handle_auth_user_first_sign_in();
