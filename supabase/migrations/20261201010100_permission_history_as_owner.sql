-- The permission page's history over the bench's data (issue 20: every dashboard page within
-- 50 ms).
--
-- permission_history ran as the caller: after its own check that the caller is an admin, the
-- users' select policy ran for each person it names (twice a row: the person and who changed
-- them), calling public.current_law_firm() and public.is_admin() — each reading the caller's
-- profile again — per row, and access_changes' policy called public.is_admin() per row. An admin
-- reads every row of those tables under those policies, so once the function has checked that the
-- caller is an admin they decide nothing: it runs as its owner now, with the same check first and
-- the same statement.

create or replace function public.permission_history(p_page int default 1, p_size int default 10)
returns table (
  id bigint,
  changed_at timestamptz,
  user_id uuid,
  user_name text,
  changed_by uuid,
  changed_by_name text,
  from_level text,
  to_level text,
  from_firm_name text,
  to_firm_name text,
  total bigint
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  size int := least(greatest(coalesce(p_size, 10), 1), 100);
  skip int := (least(greatest(coalesce(p_page, 1), 1), 100000) - 1) * least(greatest(coalesce(p_size, 10), 1), 100);
begin
  if not public.is_admin() then
    raise exception 'Only an administrator sees the permission page'
      using errcode = '42501', detail = 'user:privileges_by_admin';
  end if;
  return query
    select c.id, c.changed_at, c.user_id,
      coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, ''),
      c.changed_by,
      case when c.changed_by is null then null
        else coalesce(nullif(btrim(concat_ws(' ', b.first_name, b.last_name)), ''), b.email, '') end,
      c.from_level, c.to_level, ff.name, tf.name,
      count(*) over ()
    from public.access_changes c
    join public.users u on u.uuid = c.user_id
    left join public.users b on b.uuid = c.changed_by
    left join public.law_firms ff on ff.id = c.from_firm
    left join public.law_firms tf on tf.id = c.to_firm
    order by c.changed_at desc, c.id desc
    limit size offset skip;
end
$$;
