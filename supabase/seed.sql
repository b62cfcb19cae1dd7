-- Demo data for development and tests: fictional, consistent, and the same on a hosted project
-- (`supabase db reset` / `supabase db push --include-seed`). Every account's password is
-- Demo-Password-1 (bcrypt, as GoTrue stores it).

create temporary table seed_people (
  id uuid primary key,
  email text not null,
  first_name text not null,
  last_name text not null,
  access_level text not null,
  firm_slug text,
  plan text not null default 'basic',
  is_public boolean not null default false,
  practice_areas text[] not null default '{}',
  jurisdictions text[] not null default '{}',
  languages text[] not null default '{English}',
  bar_number text,
  years_experience integer,
  hourly_rate numeric,
  rating numeric,
  city text,
  country text,
  about text
) on commit drop;

insert into public.law_firms (id, name, slug, logo_url) values
  ('10000000-0000-4000-8000-000000000001', 'Hartwell & Okafor LLP', 'hartwell-okafor', null),
  ('10000000-0000-4000-8000-000000000002', 'Nguyen Legal Partners', 'nguyen-legal', null);

insert into seed_people (id, email, first_name, last_name, access_level, firm_slug, plan, is_public,
  practice_areas, jurisdictions, languages, bar_number, years_experience, hourly_rate, rating, city, country, about)
values
  -- The five demo accounts, one per access level.
  ('00000000-0000-4000-8000-000000000001', 'client@demo.mylawyer.test', 'Clara', 'Mendes', 'user', null, 'basic',
    false, '{}', '{}', '{English,Portuguese}', null, null, null, null, 'Boston', 'United States', null),
  ('00000000-0000-4000-8000-000000000002', 'lawyer@demo.mylawyer.test', 'Leo', 'Hartwell', 'lawyer',
    'hartwell-okafor', 'premium', true, '{family,wills_and_estates}', '{Massachusetts,New York}', '{English,French}',
    'MA-558201', 12, 275, 4.8, 'Boston', 'United States',
    'Family lawyer who keeps divorces and custody matters calm, quick and affordable.'),
  ('00000000-0000-4000-8000-000000000003', 'firmadmin@demo.mylawyer.test', 'Fiona', 'Okafor', 'lawyer_admin',
    'hartwell-okafor', 'premium', true, '{corporate,employment}', '{Massachusetts}', '{English}',
    'MA-441907', 18, 340, 4.9, 'Boston', 'United States',
    'Managing partner; advises start-ups and employers on contracts and workplace disputes.'),
  ('00000000-0000-4000-8000-000000000004', 'admin@demo.mylawyer.test', 'Adam', 'Reyes', 'admin', null, 'premium',
    false, '{}', '{}', '{English,Spanish}', null, null, null, null, 'Austin', 'United States', null),
  ('00000000-0000-4000-8000-000000000005', 'superuser@demo.mylawyer.test', 'Sofia', 'Lindqvist', 'super_user',
    null, 'premium', false, '{}', '{}', '{English,Swedish}', null, null, null, null, 'Seattle', 'United States', null),
  -- More lawyers across practice areas and both firms.
  ('00000000-0000-4000-8000-000000000011', 'minh.nguyen@lawyers.mylawyer.test', 'Minh', 'Nguyen', 'lawyer_admin',
    'nguyen-legal', 'premium', true, '{immigration}', '{California,Federal}', '{English,Vietnamese}',
    'CA-302114', 15, 250, 4.7, 'San Jose', 'United States', 'Work visas, green cards and naturalisation.'),
  ('00000000-0000-4000-8000-000000000012', 'grace.kim@lawyers.mylawyer.test', 'Grace', 'Kim', 'lawyer',
    'nguyen-legal', 'starter', true, '{real_estate,tax}', '{California}', '{English,Korean}',
    'CA-318876', 7, 210, 4.5, 'Los Angeles', 'United States', 'Closings, landlord-tenant disputes and property tax.'),
  ('00000000-0000-4000-8000-000000000013', 'omar.haddad@lawyers.mylawyer.test', 'Omar', 'Haddad', 'lawyer',
    'nguyen-legal', 'premium', true, '{criminal_defence}', '{California}', '{English,Arabic}',
    'CA-290455', 21, 390, 4.9, 'Oakland', 'United States', 'Former public defender; criminal defence at every stage.'),
  ('00000000-0000-4000-8000-000000000014', 'priya.shah@lawyers.mylawyer.test', 'Priya', 'Shah', 'lawyer',
    'hartwell-okafor', 'starter', true, '{intellectual_property}', '{Massachusetts,Federal}', '{English,Hindi}',
    'MA-602318', 9, 300, 4.6, 'Cambridge', 'United States', 'Patents, trademarks and licensing for small companies.'),
  ('00000000-0000-4000-8000-000000000015', 'daniel.brooks@lawyers.mylawyer.test', 'Daniel', 'Brooks', 'lawyer',
    null, 'basic', true, '{personal_injury}', '{Texas}', '{English}',
    'TX-118940', 5, 0, 4.4, 'Houston', 'United States', 'Independent practice; injury claims on contingency.'),
  -- Clients.
  ('00000000-0000-4000-8000-000000000021', 'amina.bello@clients.mylawyer.test', 'Amina', 'Bello', 'user', null,
    'basic', false, '{}', '{}', '{English}', null, null, null, null, 'Chicago', 'United States', null),
  ('00000000-0000-4000-8000-000000000022', 'tomas.novak@clients.mylawyer.test', 'Tomas', 'Novak', 'user', null,
    'starter', false, '{}', '{}', '{English,Czech}', null, null, null, null, 'Denver', 'United States', null),
  ('00000000-0000-4000-8000-000000000023', 'lan.tran@clients.mylawyer.test', 'Lan', 'Tran', 'user', null,
    'basic', false, '{}', '{}', '{English,Vietnamese}', null, null, null, null, 'San Jose', 'United States', null),
  ('00000000-0000-4000-8000-000000000024', 'marcus.webb@clients.mylawyer.test', 'Marcus', 'Webb', 'user', null,
    'basic', false, '{}', '{}', '{English}', null, null, null, null, 'Atlanta', 'United States', null);

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
  email_change_token_new, email_change)
select '00000000-0000-0000-0000-000000000000', p.id, 'authenticated', 'authenticated', p.email,
  '$2a$10$BKuOTkF2AgMDncfuqouD4eaONT6OINUXBrb7kaH/Es8HJNm8qCzZO', now(),
  '{"provider":"email","providers":["email"]}',
  jsonb_build_object('first_name', p.first_name, 'last_name', p.last_name, 'email_verified', true),
  now(), now(), '', '', '', ''
from seed_people p;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select p.id::text, p.id,
  jsonb_build_object('sub', p.id::text, 'email', p.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from seed_people p;

-- The sign-up trigger created the profile rows; complete them.
update public.users u set
  access_level = p.access_level,
  law_firm = f.id,
  plan = p.plan,
  is_public = p.is_public,
  practice_areas = p.practice_areas,
  jurisdictions = p.jurisdictions,
  languages = p.languages,
  bar_number = p.bar_number,
  years_experience = p.years_experience,
  hourly_rate = p.hourly_rate,
  rating = p.rating,
  city = p.city,
  country = p.country,
  about = p.about
from seed_people p left join public.law_firms f on f.slug = p.firm_slug
where u.uuid = p.id;

-- Notifications of every type for each demo account: unread, read and archived.
insert into public.notifications (user_id, title, type, category, is_unread, created_at)
select p.id, n.title, n.type, n.category, n.is_unread, now() - n.age
from seed_people p
cross join (values
  ('<strong>Grace Kim</strong> assigned you the task <em>Collect signed lease</em>', 'task_assignment', null, true,
    interval '20 minutes'),
  ('Consultation with <strong>Leo Hartwell</strong> confirmed for Monday at 10:00', 'appointment', null, true,
    interval '3 hours'),
  ('Case <strong>CASE-2026-0007</strong> moved to <em>engaged</em>', 'case_update', null, true, interval '1 day'),
  ('Payment of <strong>$450.00</strong> received for invoice INV-2026-0012', 'payment', null, false,
    interval '2 days'),
  ('New proposal received on <strong>CASE-2026-0003</strong>', 'case_update', null, false, interval '4 days'),
  ('Reminder: court filing deadline for <strong>CASE-2026-0001</strong> tomorrow', 'appointment', 'Archived',
    false, interval '9 days'),
  ('Invoice <strong>INV-2026-0004</strong> is overdue', 'payment', 'Archived', false, interval '15 days'),
  ('<strong>Fiona Okafor</strong> assigned you the task <em>Review disclosure bundle</em>', 'task_assignment',
    'Archived', false, interval '21 days')
) as n(title, type, category, is_unread, age)
where p.email like '%@demo.mylawyer.test';

-- Preferences for each demo account: in-app and e-mail on, SMS off.
insert into public.user_notification_preferences (user_id, notification_type, medium, enabled)
select p.id, t.type, m.medium, m.medium <> 'sms'
from seed_people p
cross join (values ('task_assignment'), ('appointment'), ('case_update'), ('payment')) as t(type)
cross join (values ('in_app'), ('email'), ('sms')) as m(medium)
where p.email like '%@demo.mylawyer.test';

insert into public.contact_messages (name, email, subject, message, user_id) values
  ('Jordan Ellis', 'jordan.ellis@example.com', 'Firm accounts',
    'Can a law firm share one Premium plan between several lawyers?', null);
