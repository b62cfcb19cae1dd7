-- Contacts for the dashboard header's popover (spec §2 Dashboard chrome, §3 Contact): the people
-- the caller may see, with their last sign-in as last activity, most recent first.
--
-- Last activity lives in auth.users, which signed-in callers cannot read, so the function is
-- security definer. It therefore applies the select policy of public.users itself ("users: read
-- own, public profiles, firm colleagues; admins all") and leaves the caller out: keep the two in
-- step.

create function public.list_contacts(max_rows int default 20)
returns table (id uuid, name text, avatar_url text, last_activity timestamptz)
language sql stable security definer set search_path = ''
as $$
  select
    u.uuid,
    coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, ''),
    u.avatar_url,
    a.last_sign_in_at
  from public.users u
  left join auth.users a on a.id = u.uuid
  where auth.uid() is not null
    and u.uuid <> auth.uid()
    and (
      u.is_public
      or (u.law_firm is not null and u.law_firm = public.current_law_firm())
      or public.is_admin()
    )
  order by a.last_sign_in_at desc nulls last, u.first_name, u.last_name, u.uuid
  limit least(greatest(coalesce(max_rows, 20), 0), 100)
$$;

-- Signed-in people only (new functions in public are executable by everyone by default).
revoke all on function public.list_contacts(int) from public, anon, service_role;
grant execute on function public.list_contacts(int) to authenticated;
