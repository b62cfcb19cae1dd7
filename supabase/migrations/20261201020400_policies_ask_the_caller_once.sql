-- Row level security that asks who the caller is once a statement (issue 20).
--
-- These policies called auth.uid(), public.current_law_firm(), public.is_admin() and
-- public.current_access_level() bare, which Postgres evaluates for every row it tests: reading the
-- directory ran the users policy's three functions for every person twice (about 15 ms for 18
-- people on PGlite), and every read that joins users or notifications paid the same. Wrapped in
-- `(select …)`, each is an InitPlan, evaluated once a statement (Supabase's own advice for
-- policies). Each policy is recreated with the same name, command, roles and rule; only the
-- calls are wrapped (the RLS tests of users, notifications, preferences, contact messages, access
-- changes and the documents bucket pass unchanged).

drop policy "users: update own profile" on public.users;
create policy "users: update own profile"
  on public.users for update to authenticated
  using (uuid = (select auth.uid()))
  with check (uuid = (select auth.uid()));

drop policy "users: firm admins update their firm's lawyers" on public.users;
create policy "users: firm admins update their firm's lawyers"
  on public.users for update to authenticated
  using (
    (select public.current_access_level()) = 'lawyer_admin'
    and law_firm = (select public.current_law_firm())
    and access_level in ('lawyer', 'lawyer_admin')
  )
  with check (law_firm = (select public.current_law_firm()));

drop policy "users: admins update anyone" on public.users;
create policy "users: admins update anyone"
  on public.users for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

drop policy "users: admins delete" on public.users;
create policy "users: admins delete"
  on public.users for delete to authenticated
  using ((select public.is_admin()) and uuid <> (select auth.uid()));

drop policy "notifications: update own" on public.notifications;
create policy "notifications: update own"
  on public.notifications for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

drop policy "preferences: insert own" on public.user_notification_preferences;
create policy "preferences: insert own"
  on public.user_notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));

drop policy "preferences: update own" on public.user_notification_preferences;
create policy "preferences: update own"
  on public.user_notification_preferences for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

drop policy "preferences: delete own" on public.user_notification_preferences;
create policy "preferences: delete own"
  on public.user_notification_preferences for delete to authenticated
  using (user_id = (select auth.uid()));

drop policy "contact_messages: anyone sends" on public.contact_messages;
create policy "contact_messages: anyone sends"
  on public.contact_messages for insert to anon, authenticated
  with check (user_id is null or user_id = (select auth.uid()));

drop policy "contact_messages: admins read" on public.contact_messages;
create policy "contact_messages: admins read"
  on public.contact_messages for select to authenticated
  using ((select public.is_admin()));

drop policy "contact_messages: admins delete" on public.contact_messages;
create policy "contact_messages: admins delete"
  on public.contact_messages for delete to authenticated
  using ((select public.is_admin()));

drop policy "documents: admins manage all" on storage.objects;
create policy "documents: admins manage all"
  on storage.objects for all to authenticated
  using (bucket_id = 'documents' and (select public.is_admin()))
  with check (bucket_id = 'documents' and (select public.is_admin()));

drop policy "notifications: read own" on public.notifications;
create policy "notifications: read own"
  on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));

drop policy "notifications: delete own" on public.notifications;
create policy "notifications: delete own"
  on public.notifications for delete to authenticated
  using (user_id = (select auth.uid()));

drop policy "preferences: read own" on public.user_notification_preferences;
create policy "preferences: read own"
  on public.user_notification_preferences for select to authenticated
  using (user_id = (select auth.uid()));

drop policy "users: read own, firm colleagues; admins all" on public.users;
create policy "users: read own, firm colleagues; admins all"
  on public.users for select to authenticated
  using (
    uuid = (select auth.uid())
    or (law_firm is not null and law_firm = (select public.current_law_firm()))
    or (select public.is_admin())
  );

drop policy "access_changes: admins read" on public.access_changes;
create policy "access_changes: admins read"
  on public.access_changes for select to authenticated
  using ((select public.is_admin()));
