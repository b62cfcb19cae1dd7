-- Realtime: clients subscribe to their own notifications with postgres_changes (RLS decides who
-- receives which row). Adding the table to the supabase_realtime publication is how a table opts
-- in on a hosted project; supabase/local reads the same publication.
alter publication supabase_realtime add table public.notifications;
