-- People (issue 21 items 1, 2, 7): the lists profiles are matched on, the profile page's one read,
-- the directory, and the avatars bucket's limits and writers. ADR 0026 has the decisions in short.

-- ---------------------------------------------------------------------------------------------
-- Matching data (item 7). One list each, shared with cases (app/lib/database-values.ts holds the
-- same values; tests/unit/matching-lists.test.ts compares them): practice areas are the values of
-- cases.practice_area, jurisdictions the names cases already write (a state, a province, a country
-- or 'Federal'), languages ISO 639-1 codes. A profile holds only values of the lists.

create function public.matching_practice_areas() returns text[]
language sql immutable set search_path = ''
as $$
  select array['family', 'immigration', 'employment', 'real_estate', 'criminal_defence', 'corporate',
    'intellectual_property', 'personal_injury', 'tax', 'wills_and_estates']
$$;

create function public.matching_jurisdictions() returns text[]
language sql immutable set search_path = ''
as $$
  select array['Federal', 'California', 'Florida', 'Illinois', 'Massachusetts', 'New York', 'Texas',
    'Washington', 'Ontario', 'Quebec', 'England', 'France', 'Vietnam', 'China', 'United Arab Emirates']
$$;

create function public.matching_languages() returns text[]
language sql immutable set search_path = ''
as $$
  select array['en', 'fr', 'es', 'pt', 'de', 'it', 'vi', 'zh', 'ar', 'ko', 'ja', 'hi', 'ru', 'cs', 'sv', 'tl']
$$;

-- Profiles written before the lists: languages were English names; keep what maps, drop the rest.
update public.users set
  languages = array(
    select distinct code from unnest(languages) as l(name)
    cross join lateral (select case lower(l.name)
      when 'english' then 'en' when 'french' then 'fr' when 'spanish' then 'es' when 'portuguese' then 'pt'
      when 'german' then 'de' when 'italian' then 'it' when 'vietnamese' then 'vi' when 'chinese' then 'zh'
      when 'arabic' then 'ar' when 'korean' then 'ko' when 'japanese' then 'ja' when 'hindi' then 'hi'
      when 'russian' then 'ru' when 'czech' then 'cs' when 'swedish' then 'sv' when 'tagalog' then 'tl'
      else lower(l.name) end as code) c
    where c.code = any (public.matching_languages())),
  practice_areas = array(select a from unnest(practice_areas) a where a = any (public.matching_practice_areas())),
  jurisdictions = array(select j from unnest(jurisdictions) j where j = any (public.matching_jurisdictions()))
where not (languages <@ public.matching_languages()
  and practice_areas <@ public.matching_practice_areas()
  and jurisdictions <@ public.matching_jurisdictions());

alter table public.users
  add constraint users_practice_areas_known check (practice_areas <@ public.matching_practice_areas()),
  add constraint users_jurisdictions_known check (jurisdictions <@ public.matching_jurisdictions()),
  add constraint users_languages_known check (languages <@ public.matching_languages());

-- ---------------------------------------------------------------------------------------------
-- Reading a profile (item 1).
--
-- Who reads what of a person:
--   the person, their firm's colleagues, admins   the row (RLS on public.users)
--   anyone signed in, of a public lawyer          public_lawyer_profiles (which keeps a firm admin's
--                                                 level to the firm: shown as a lawyer)
--   anyone signed in, of a client who shares      public_client_profiles: name, photo, place,
--                                                 languages, about — nothing a lawyer's profile adds
-- Everyone else: nothing, as for an id that does not exist.

create view public.public_client_profiles with (security_invoker = false) as
  select uuid, first_name, last_name, avatar_url, languages, about, city, country
  from public.users
  where is_public and access_level = 'user';

revoke all on public.public_client_profiles from public, anon, authenticated;
grant select on public.public_client_profiles to authenticated;

-- Whether the caller may see a person at all: the union of the three rules above.
create function public.may_see_person(p_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.users u
    where u.uuid = p_id
      and auth.uid() is not null
      and (
        u.uuid = auth.uid()
        or (u.law_firm is not null and u.law_firm = public.current_law_firm())
        or public.is_admin()
        or u.is_public
      )
  )
$$;

-- A lawyer's record on the platform, from the cases and proposals themselves (the caller may not
-- read those rows; only these numbers leave): cases led (engaged at some point: engaged, on hold
-- or closed) and closed, proposals sent, and the median time from a case's publication to the
-- lawyer's proposal on it. Nothing for a person the caller may not see.
create function public.lawyer_record(p_id uuid)
returns table (cases_engaged int, cases_closed int, proposals_sent int, median_response_seconds double precision)
language sql stable security definer set search_path = ''
as $$
  select
    (select count(*)::int from public.cases c
      where c.lead_lawyer_id = p_id and c.status in ('engaged', 'on_hold', 'closed')),
    (select count(*)::int from public.cases c where c.lead_lawyer_id = p_id and c.status = 'closed'),
    (select count(*)::int from public.proposals p where p.lawyer_id = p_id and p.submitted_at is not null),
    (select percentile_cont(0.5) within group (order by extract(epoch from p.submitted_at - c.opened_at))
      from public.proposals p join public.cases c on c.id = p.case_id
      where p.lawyer_id = p_id and p.submitted_at is not null and c.opened_at is not null
        and p.submitted_at >= c.opened_at)
  where public.may_see_person(p_id)
$$;

revoke all on function public.lawyer_record(uuid) from public, anon;
grant execute on function public.lawyer_record(uuid) to authenticated;

-- The profile page's one read: the person as the caller may see them (RLS and the two definer
-- views decide), their firm's name and, for a lawyer, their record. Null when the caller may not
-- see them, exactly as for an id that does not exist. `visibility` says which rule answered:
-- 'full' (the row), 'public_lawyer' or 'public_client'.
create function public.people_profile(p_id uuid) returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
declare
  profile jsonb;
  record jsonb;
begin
  select to_jsonb(x) into profile from (
    select u.uuid, u.first_name, u.last_name, u.access_level, u.law_firm, u.email, u.phone_number, u.city,
      u.country, u.about, u.avatar_url, u.is_public, u.practice_areas, u.jurisdictions, u.languages,
      u.bar_number, u.years_experience, u.hourly_rate, u.rating, 'full' as visibility
    from public.users u where u.uuid = p_id) x;
  if profile is null then
    select to_jsonb(x) into profile from (
      select p.uuid, p.first_name, p.last_name, 'lawyer' as access_level, p.law_firm, p.city, p.country, p.about,
        p.avatar_url, true as is_public, p.practice_areas, p.jurisdictions, p.languages, p.years_experience,
        p.hourly_rate, p.rating, 'public_lawyer' as visibility
      from public.public_lawyer_profiles p where p.uuid = p_id) x;
  end if;
  if profile is null then
    select to_jsonb(x) into profile from (
      select p.uuid, p.first_name, p.last_name, 'user' as access_level, p.city, p.country, p.about, p.avatar_url,
        true as is_public, p.languages, 'public_client' as visibility
      from public.public_client_profiles p where p.uuid = p_id) x;
  end if;
  if profile is null then
    return null;
  end if;
  if profile ->> 'law_firm' is not null then
    profile := profile || jsonb_build_object('firm_name',
      (select f.name from public.law_firms f where f.id = (profile ->> 'law_firm')::uuid));
  end if;
  if profile ->> 'access_level' in ('lawyer', 'lawyer_admin') then
    select to_jsonb(r) into record from public.lawyer_record(p_id) r;
    profile := profile || jsonb_build_object('record', record);
  end if;
  return profile;
end
$$;

revoke all on function public.people_profile(uuid) from public, anon;
grant execute on function public.people_profile(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The directory (item 1 of the issue's second part): everyone the caller may see, one row each —
-- the rows RLS lets them read (themself, their firm, everyone for admins) and the public lawyers
-- they cannot read otherwise. security_invoker: the caller's RLS decides, the page only filters.
-- `search` is the lower-cased name, firm and city that the search box matches.

create view public.people_directory with (security_invoker = true) as
  select u.uuid, u.first_name, u.last_name, u.access_level, u.law_firm, f.name as firm_name, u.avatar_url,
    u.practice_areas, u.jurisdictions, u.languages, u.years_experience, u.hourly_rate, u.rating, u.city,
    u.country, u.is_public,
    lower(concat_ws(' ', u.first_name, u.last_name, f.name, u.city)) as search
  from public.users u
  left join public.law_firms f on f.id = u.law_firm
  union all
  select p.uuid, p.first_name, p.last_name, 'lawyer', p.law_firm, f.name, p.avatar_url,
    p.practice_areas, p.jurisdictions, p.languages, p.years_experience, p.hourly_rate, p.rating, p.city,
    p.country, true,
    lower(concat_ws(' ', p.first_name, p.last_name, f.name, p.city))
  from public.public_lawyer_profiles p
  left join public.law_firms f on f.id = p.law_firm
  where not exists (select 1 from public.users u where u.uuid = p.uuid);

revoke all on public.people_directory from public, anon, authenticated;
grant select on public.people_directory to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Avatars (item 2): 1 MB, JPEG, PNG or WebP (no SVG: it can carry script). Each person writes their
-- own folder `<user id>/…` (20261123000100_storage_buckets.sql); a firm's admin also writes their
-- firm's lawyers' folders, and admins every folder — the same people who may edit the profile.

update storage.buckets
  set file_size_limit = 1048576, allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp']
  where id = 'avatars';

-- Whether the caller may edit the profile whose id names a folder (`<user id>`): themself, an admin,
-- or the admin of the firm of a lawyer. A folder that is no user id: no.
create function public.may_edit_profile_folder(p_folder text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select case
    when p_folder is null or p_folder !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then false
    when p_folder::uuid = auth.uid() then true
    when public.is_admin() then true
    else exists (
      select 1 from public.users u
      where u.uuid = p_folder::uuid
        and public.current_access_level() = 'lawyer_admin'
        and u.law_firm is not null and u.law_firm = public.current_law_firm()
        and u.access_level in ('lawyer', 'lawyer_admin'))
  end
$$;

revoke all on function public.may_edit_profile_folder(text) from public, anon;
grant execute on function public.may_edit_profile_folder(text) to authenticated;

create policy "avatars: firm admins and admins upload for the profiles they edit"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and public.may_edit_profile_folder((storage.foldername(name))[1]));

create policy "avatars: firm admins and admins update for the profiles they edit"
  on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and public.may_edit_profile_folder((storage.foldername(name))[1]))
  with check (bucket_id = 'avatars' and public.may_edit_profile_folder((storage.foldername(name))[1]));

create policy "avatars: firm admins and admins delete for the profiles they edit"
  on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and public.may_edit_profile_folder((storage.foldername(name))[1]));
