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
  languages text[] not null default '{en}',
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
    false, '{}', '{}', '{en,pt}', null, null, null, null, 'Boston', 'United States', null),
  ('00000000-0000-4000-8000-000000000002', 'lawyer@demo.mylawyer.test', 'Leo', 'Hartwell', 'lawyer',
    'hartwell-okafor', 'premium', true, '{family,wills_and_estates}', '{Massachusetts,New York}', '{en,fr}',
    'MA-558201', 12, 275, 4.8, 'Boston', 'United States',
    'Family lawyer who keeps divorces and custody matters calm, quick and affordable.'),
  ('00000000-0000-4000-8000-000000000003', 'firmadmin@demo.mylawyer.test', 'Fiona', 'Okafor', 'lawyer_admin',
    'hartwell-okafor', 'premium', true, '{corporate,employment}', '{Massachusetts}', '{en}',
    'MA-441907', 18, 340, 4.9, 'Boston', 'United States',
    'Managing partner; advises start-ups and employers on contracts and workplace disputes.'),
  ('00000000-0000-4000-8000-000000000004', 'admin@demo.mylawyer.test', 'Adam', 'Reyes', 'admin', null, 'premium',
    false, '{}', '{}', '{en,es}', null, null, null, null, 'Austin', 'United States', null),
  ('00000000-0000-4000-8000-000000000005', 'superuser@demo.mylawyer.test', 'Sofia', 'Lindqvist', 'super_user',
    null, 'premium', false, '{}', '{}', '{en,sv}', null, null, null, null, 'Seattle', 'United States', null),
  -- More lawyers across practice areas and both firms.
  ('00000000-0000-4000-8000-000000000011', 'minh.nguyen@lawyers.mylawyer.test', 'Minh', 'Nguyen', 'lawyer_admin',
    'nguyen-legal', 'premium', true, '{immigration}', '{California,Federal}', '{en,vi}',
    'CA-302114', 15, 250, 4.7, 'San Jose', 'United States', 'Work visas, green cards and naturalisation.'),
  ('00000000-0000-4000-8000-000000000012', 'grace.kim@lawyers.mylawyer.test', 'Grace', 'Kim', 'lawyer',
    'nguyen-legal', 'starter', true, '{real_estate,tax}', '{California}', '{en,ko}',
    'CA-318876', 7, 210, 4.5, 'Los Angeles', 'United States', 'Closings, landlord-tenant disputes and property tax.'),
  ('00000000-0000-4000-8000-000000000013', 'omar.haddad@lawyers.mylawyer.test', 'Omar', 'Haddad', 'lawyer',
    'nguyen-legal', 'premium', true, '{criminal_defence}', '{California}', '{en,ar}',
    'CA-290455', 21, 390, 4.9, 'Oakland', 'United States', 'Former public defender; criminal defence at every stage.'),
  ('00000000-0000-4000-8000-000000000014', 'priya.shah@lawyers.mylawyer.test', 'Priya', 'Shah', 'lawyer',
    'hartwell-okafor', 'starter', true, '{intellectual_property}', '{Massachusetts,Federal}', '{en,hi}',
    'MA-602318', 9, 300, 4.6, 'Cambridge', 'United States', 'Patents, trademarks and licensing for small companies.'),
  ('00000000-0000-4000-8000-000000000015', 'daniel.brooks@lawyers.mylawyer.test', 'Daniel', 'Brooks', 'lawyer',
    null, 'basic', true, '{personal_injury}', '{Texas}', '{en}',
    'TX-118940', 5, 0, 4.4, 'Houston', 'United States', 'Independent practice; injury claims on contingency.'),
  -- The demo firm's team (issue 21): varied, complete profiles.
  ('00000000-0000-4000-8000-000000000016', 'ana.ruiz@lawyers.mylawyer.test', 'Ana', 'Ruiz', 'lawyer',
    'hartwell-okafor', 'starter', true, '{employment,immigration}', '{Massachusetts,New York,Federal}', '{en,es,pt}',
    'MA-671204', 6, 190, 4.6, 'Boston', 'United States',
    'Employment and immigration: work permits, wrongful dismissal and wage claims, in English, Spanish or Portuguese.'),
  ('00000000-0000-4000-8000-000000000017', 'wei.chen@lawyers.mylawyer.test', 'Wei', 'Chen', 'lawyer',
    'hartwell-okafor', 'premium', true, '{corporate,tax}', '{Massachusetts,New York,China}', '{en,zh}',
    'NY-5530917', 14, 360, 4.8, 'New York', 'United States',
    'Cross-border companies and their tax: formation, investment from China and reporting.'),
  ('00000000-0000-4000-8000-000000000018', 'sarah.cohen@lawyers.mylawyer.test', 'Sarah', 'Cohen', 'lawyer',
    'hartwell-okafor', 'basic', false, '{real_estate,wills_and_estates}', '{Massachusetts}', '{en,fr}',
    'MA-702951', 3, 150, null, 'Worcester', 'United States',
    'Junior associate: house purchases, leases, simple wills and probate.'),
  ('00000000-0000-4000-8000-000000000019', 'karim.mansour@lawyers.mylawyer.test', 'Karim', 'Mansour', 'lawyer',
    'hartwell-okafor', 'premium', true, '{family,criminal_defence}', '{Massachusetts,United Arab Emirates}', '{en,ar,fr}',
    'MA-480633', 25, 420, 4.9, 'Boston', 'United States',
    'International family matters and criminal defence, with a practice between Boston and Dubai.'),
  -- Clients.
  ('00000000-0000-4000-8000-000000000021', 'amina.bello@clients.mylawyer.test', 'Amina', 'Bello', 'user', null,
    'basic', true, '{}', '{}', '{en}', null, null, null, null, 'Chicago', 'United States',
    'Small bakery owner; happy to tell lawyers about my business before they propose.'),
  ('00000000-0000-4000-8000-000000000022', 'tomas.novak@clients.mylawyer.test', 'Tomas', 'Novak', 'user', null,
    'starter', false, '{}', '{}', '{en,cs}', null, null, null, null, 'Denver', 'United States', null),
  ('00000000-0000-4000-8000-000000000023', 'lan.tran@clients.mylawyer.test', 'Lan', 'Tran', 'user', null,
    'basic', true, '{}', '{}', '{en,vi}', null, null, null, null, 'San Jose', 'United States',
    'I prefer to talk in Vietnamese; family matters.'),
  ('00000000-0000-4000-8000-000000000024', 'marcus.webb@clients.mylawyer.test', 'Marcus', 'Webb', 'user', null,
    'basic', false, '{}', '{}', '{en}', null, null, null, null, 'Atlanta', 'United States', null);

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

-- Photos: small drawings in public/people/ (scripts/people-avatars.ts draws them), for the lawyers
-- and the clients who share a profile.
update public.users u set avatar_url = '/people/' || lower(p.first_name) || '-' || lower(p.last_name) || '.svg'
from seed_people p
where u.uuid = p.id and (p.practice_areas <> '{}' or p.is_public);

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

-- Cases and proposals (supabase/migrations/20261123000400_cases.sql): 24 cases in every status and
-- proposals in every status, over the demo accounts and the other clients and lawyers. Written as
-- history with past dates: the events (notifications, automatic activity) are switched off for
-- this transaction, and the timeline is written below from the same dates.
select set_config('mylawyer.case_events', 'off', true);

create temporary table seed_cases (
  no integer primary key,
  client_email text not null,
  status text not null,
  practice_area text not null,
  jurisdiction text not null,
  priority text not null,
  title text not null,
  description text not null,
  lead_email text,
  budget_min numeric,
  budget_max numeric,
  -- Days after creation the client needs help by.
  needed_in integer,
  court_name text,
  court_case_number text,
  opposing_party text,
  -- Days since the client created the case.
  age integer not null,
  created_at timestamptz,
  opened_at timestamptz,
  engaged_at timestamptz,
  held_at timestamptz,
  closed_at timestamptz
) on commit drop;

insert into seed_cases (no, client_email, status, practice_area, jurisdiction, priority, title, description,
  lead_email, budget_min, budget_max, needed_in, court_name, court_case_number, opposing_party, age)
values
  (1, 'client@demo.mylawyer.test', 'engaged', 'family', 'Massachusetts', 'high',
    'Custody schedule after separation',
    'My partner and I separated in March. We share two children (7 and 10) and cannot agree on a schedule for school weeks and holidays. A hearing is set and I need representation.',
    'lawyer@demo.mylawyer.test', 3000, 8000, 45, 'Suffolk Probate and Family Court', 'SU26D0412DR', 'Rafael Mendes', 60),
  (2, 'client@demo.mylawyer.test', 'open', 'wills_and_estates', 'Massachusetts', 'normal',
    'Update my will after moving to Boston',
    'My will was drafted in Portugal ten years ago. I now live in Massachusetts, own a condo here and want a will and health care proxy that are valid under Massachusetts law.',
    null, 800, 2000, 60, null, null, null, 6),
  (3, 'client@demo.mylawyer.test', 'open', 'employment', 'Massachusetts', 'high',
    'Unpaid overtime at my former employer',
    'For two years I regularly worked 50-hour weeks as a warehouse coordinator and was paid a flat salary. I believe I was misclassified as exempt and want to recover the overtime I am owed.',
    null, 2000, 6000, 30, null, null, 'Harbor Logistics Inc.', 10),
  (4, 'client@demo.mylawyer.test', 'draft', 'real_estate', 'Massachusetts', 'normal',
    'Security deposit not returned by landlord',
    'I moved out of my apartment in Somerville three months ago, left it clean, and the landlord has not returned my $2,400 deposit or sent an itemised list of damages.',
    null, 300, 1000, 40, null, null, null, 2),
  (5, 'client@demo.mylawyer.test', 'cancelled', 'wills_and_estates', 'New York', 'low',
    'Estate of my late aunt in Albany',
    'I am named executor of my aunt''s will. Her estate includes a house in Albany and two bank accounts. I need help with probate in New York.',
    null, 1500, 4000, 90, null, null, null, 40),
  (6, 'client@demo.mylawyer.test', 'closed', 'corporate', 'Massachusetts', 'normal',
    'Incorporating a small design studio',
    'Two partners and I are forming a design studio. We need to choose between an LLC and a corporation, file the formation documents and draft an operating agreement.',
    'firmadmin@demo.mylawyer.test', 1000, 2500, 30, null, null, null, 150),
  (7, 'client@demo.mylawyer.test', 'engaged', 'intellectual_property', 'Federal', 'normal',
    'Trademark for my bakery''s name',
    'I run a bakery called "Pão & Co." and want to register the name and logo as a federal trademark before opening a second location.',
    'priya.shah@lawyers.mylawyer.test', 700, 1500, 60, null, null, null, 35),
  (8, 'client@demo.mylawyer.test', 'on_hold', 'family', 'New York', 'normal',
    'Name change after divorce',
    'My divorce was finalised in New York but the judgment does not restore my maiden name. I want to change my name back on all records.',
    'lawyer@demo.mylawyer.test', 400, 900, 60, 'New York County Civil Court', 'NC-2026-00871', null, 80),
  (9, 'amina.bello@clients.mylawyer.test', 'open', 'family', 'New York', 'normal',
    'Prenuptial agreement before our wedding',
    'My fiancé and I are getting married in October in Brooklyn. I own a small business and would like a fair prenuptial agreement that protects it.',
    null, 1500, 3500, 120, null, null, null, 4),
  (10, 'amina.bello@clients.mylawyer.test', 'engaged', 'immigration', 'Federal', 'urgent',
    'H-1B transfer to a new employer',
    'I hold an H-1B visa and have an offer from a new employer starting next month. I need the transfer petition filed quickly so I can start on time.',
    'minh.nguyen@lawyers.mylawyer.test', 3000, 5000, 20, null, null, null, 25),
  (11, 'amina.bello@clients.mylawyer.test', 'draft', 'family', 'Illinois', 'normal',
    'Child support modification',
    'My income dropped after a layoff and I cannot keep up with the child support set in 2023. I want to ask the court to modify it.',
    null, null, 1500, 30, null, null, null, 1),
  (12, 'amina.bello@clients.mylawyer.test', 'closed', 'employment', 'Massachusetts', 'normal',
    'Review of a severance agreement',
    'My employer offered a severance package in exchange for a release of claims and a non-compete. I want it reviewed before I sign.',
    'firmadmin@demo.mylawyer.test', 500, 1500, 14, null, null, 'Brightline Software LLC', 200),
  (13, 'tomas.novak@clients.mylawyer.test', 'open', 'real_estate', 'California', 'normal',
    'Boundary dispute with my neighbour',
    'My neighbour built a fence that a survey shows is two feet onto my lot. We have talked without result and I want to know my options.',
    null, 1500, 5000, 60, null, null, 'Gary Whitfield', 12),
  (14, 'tomas.novak@clients.mylawyer.test', 'engaged', 'real_estate', 'California', 'high',
    'Closing on a condo purchase in San Diego',
    'I am buying a condo and the HOA documents raise questions about a special assessment. I want a lawyer to review the contract and attend closing.',
    'grace.kim@lawyers.mylawyer.test', 1500, 3000, 30, null, null, null, 30),
  (15, 'tomas.novak@clients.mylawyer.test', 'cancelled', 'criminal_defence', 'California', 'normal',
    'Contest a speeding ticket',
    'I received a ticket for 82 mph on I-280. I believe the radar reading was wrong and would like to contest it.',
    null, 300, 800, 30, null, null, null, 50),
  (16, 'tomas.novak@clients.mylawyer.test', 'on_hold', 'tax', 'California', 'normal',
    'IRS audit of my 2024 return',
    'The IRS opened a correspondence audit about home office and vehicle deductions on my 2024 return. I need help preparing the response.',
    'grace.kim@lawyers.mylawyer.test', 2000, 6000, 45, null, null, 'Internal Revenue Service', 70),
  (17, 'lan.tran@clients.mylawyer.test', 'open', 'immigration', 'California', 'normal',
    'Green card through marriage',
    'I am a US citizen and married my husband last year; he is in the US on a student visa. We want to file for adjustment of status.',
    null, 2500, 5000, 90, null, null, null, 8),
  (18, 'lan.tran@clients.mylawyer.test', 'engaged', 'family', 'Massachusetts', 'normal',
    'Uncontested divorce',
    'My spouse and I agree on dividing our property and have no children. We want an uncontested divorce in Massachusetts as simply as possible.',
    'lawyer@demo.mylawyer.test', 1500, 4000, 90, 'Middlesex Probate and Family Court', 'MI26D1190DR', 'Quang Tran', 45),
  (19, 'lan.tran@clients.mylawyer.test', 'closed', 'immigration', 'Federal', 'normal',
    'Citizenship application (N-400)',
    'I have been a permanent resident for six years and want help with my naturalisation application and interview.',
    'minh.nguyen@lawyers.mylawyer.test', 800, 1500, 120, null, null, null, 300),
  (20, 'lan.tran@clients.mylawyer.test', 'draft', 'tax', 'California', 'low',
    'Back taxes on a small business',
    'My nail salon owes about $18,000 in payroll taxes from 2023. I want to set up a payment plan.',
    null, null, null, null, null, null, null, 3),
  (21, 'marcus.webb@clients.mylawyer.test', 'open', 'personal_injury', 'Texas', 'high',
    'Injured in a rear-end collision',
    'A delivery van hit my car from behind at a red light in Houston. I have a neck injury, missed three weeks of work and the insurer''s offer does not cover my bills.',
    null, null, null, 30, null, null, 'Swift Parcel Delivery LLC', 5),
  (22, 'marcus.webb@clients.mylawyer.test', 'engaged', 'criminal_defence', 'California', 'urgent',
    'Defence against a shoplifting charge',
    'I was charged with petty theft after a misunderstanding at a self-checkout in Oakland. My arraignment is in two weeks.',
    'omar.haddad@lawyers.mylawyer.test', 1500, 5000, 14, 'Superior Court of California, County of Alameda',
    '24-CR-018822', 'The People of the State of California', 20),
  (23, 'marcus.webb@clients.mylawyer.test', 'closed', 'personal_injury', 'Texas', 'normal',
    'Slip and fall at a grocery store',
    'I slipped on a wet floor without a warning sign and broke my wrist. The store''s insurer denied my claim.',
    'daniel.brooks@lawyers.mylawyer.test', null, null, 60, 'Harris County Civil Court at Law No. 2', '2025-CCL-04417',
    'FreshMart Stores Inc.', 400),
  (24, 'marcus.webb@clients.mylawyer.test', 'open', 'wills_and_estates', 'Massachusetts', 'normal',
    'Setting up a trust for my children',
    'I want to set up a revocable trust so that my two children inherit my house and savings without going through probate.',
    null, 2000, 4000, 60, null, null, null, 7);

-- The story's dates: published a day after writing, engaged a week after publishing, put on hold
-- ten days after engagement, closed thirty days after, cancelled five days after publishing.
update seed_cases set created_at = now() - age * interval '1 day';
update seed_cases set opened_at = created_at + interval '1 day' where status <> 'draft';
update seed_cases set engaged_at = opened_at + interval '7 days' where status in ('engaged', 'on_hold', 'closed');
update seed_cases set held_at = engaged_at + interval '10 days' where status = 'on_hold';
update seed_cases set closed_at = engaged_at + interval '30 days' where status = 'closed';
update seed_cases set closed_at = opened_at + interval '5 days' where status = 'cancelled';

insert into public.cases (reference, title, description, practice_area, jurisdiction, status, priority, client_id,
  lead_lawyer_id, law_firm_id, court_name, court_case_number, opposing_party, budget_min, budget_max, currency,
  needed_by, opened_at, closed_at, created_at, updated_at)
select 'CASE-2026-' || lpad(c.no::text, 4, '0'), c.title, c.description, c.practice_area, c.jurisdiction, c.status,
  c.priority, client.uuid, lead.uuid, lead.law_firm, c.court_name, c.court_case_number, c.opposing_party,
  c.budget_min, c.budget_max, 'USD', (c.created_at + c.needed_in * interval '1 day')::date, c.opened_at, c.closed_at,
  c.created_at, greatest(c.created_at, c.opened_at, c.engaged_at, c.held_at, c.closed_at)
from seed_cases c
join public.users client on client.email = c.client_email
left join public.users lead on lead.email = c.lead_email
order by c.no;

-- New cases continue after the seeded references.
select setval('public.case_reference_seq', (select max(no) from seed_cases));

create temporary table seed_proposals (
  case_no integer not null,
  lawyer_email text not null,
  status text not null,
  fee_type text not null,
  amount numeric,
  hourly_rate numeric,
  estimated_hours numeric,
  contingency_percent numeric,
  estimated_duration_days integer,
  scope text not null,
  terms text not null,
  -- Order of arrival on the case (proposals come in ten hours apart).
  position integer not null
) on commit drop;

insert into seed_proposals values
  (1, 'lawyer@demo.mylawyer.test', 'accepted', 'hourly', null, 275, 30, null, 60,
    'Negotiate a parenting plan, prepare the financial statement and represent you at the hearing.',
    'Billed monthly in 6-minute increments; court fees and expert costs are extra.', 1),
  (1, 'daniel.brooks@lawyers.mylawyer.test', 'declined', 'fixed', 4500, null, null, null, 75,
    'Parenting plan negotiation and one court appearance.', 'Half on signing, half before the hearing.', 2),
  (2, 'lawyer@demo.mylawyer.test', 'submitted', 'fixed', 1200, null, null, null, 21,
    'A Massachusetts will, health care proxy and durable power of attorney, signed in our office.',
    'Paid in full at signing. One round of revisions included.', 1),
  (3, 'firmadmin@demo.mylawyer.test', 'viewed', 'hourly', null, 340, 15, null, 90,
    'Review your pay records, send a demand letter and negotiate with Harbor Logistics; file with the Attorney General if needed.',
    'Billed monthly; a $1,000 advance is credited against the first invoices.', 1),
  (3, 'grace.kim@lawyers.mylawyer.test', 'withdrawn', 'fixed', 3000, null, null, null, 60,
    'Demand letter and negotiation of a settlement.', 'Half on signing, half on settlement.', 2),
  (3, 'daniel.brooks@lawyers.mylawyer.test', 'submitted', 'contingency', null, null, null, 33.33, 180,
    'Wage claim under the Massachusetts Wage Act, including treble damages, from demand to trial if needed.',
    'No fee unless we recover; one third of the recovery. Costs advanced and repaid from the recovery.', 3),
  (5, 'lawyer@demo.mylawyer.test', 'declined', 'fixed', 2500, null, null, null, 180,
    'Probate of the will in Albany County Surrogate''s Court and transfer of the house and accounts.',
    'Half on filing, half on the final accounting.', 1),
  (6, 'firmadmin@demo.mylawyer.test', 'accepted', 'fixed', 1500, null, null, null, 30,
    'Entity choice advice, LLC formation with the Secretary of the Commonwealth and an operating agreement for three members.',
    'Paid in full on signing; filing fees included.', 1),
  (6, 'priya.shah@lawyers.mylawyer.test', 'declined', 'fixed', 1800, null, null, null, 30,
    'Formation documents and an operating agreement with IP assignment clauses.', 'Paid in full on signing.', 2),
  (7, 'priya.shah@lawyers.mylawyer.test', 'accepted', 'fixed', 950, null, null, null, 365,
    'Clearance search, one USPTO application for the name and logo in class 30, and responses to one office action.',
    'Paid on signing; USPTO fees billed at cost.', 1),
  (7, 'firmadmin@demo.mylawyer.test', 'declined', 'retainer', 2000, null, null, null, 365,
    'Trademark application and a year of brand protection advice.', 'Monthly retainer, renewable.', 2),
  (8, 'lawyer@demo.mylawyer.test', 'accepted', 'fixed', 600, null, null, null, 45,
    'Petition for a name change in New York County Civil Court and the publication requirement.',
    'Paid on signing; court and publication fees extra.', 1),
  (9, 'lawyer@demo.mylawyer.test', 'draft', 'retainer', 2500, null, null, null, 60,
    'Draft and negotiate a prenuptial agreement protecting your business.', 'Retainer billed against at $275/hour.', 1),
  (10, 'minh.nguyen@lawyers.mylawyer.test', 'accepted', 'fixed', 4200, null, null, null, 30,
    'H-1B transfer petition with premium processing, coordination with your new employer and RFE response.',
    'Paid on signing; USCIS fees are the employer''s.', 1),
  (10, 'omar.haddad@lawyers.mylawyer.test', 'declined', 'hourly', null, 390, 10, null, 30,
    'H-1B transfer petition.', 'Billed monthly.', 2),
  (12, 'firmadmin@demo.mylawyer.test', 'accepted', 'hourly', null, 340, 4, null, 7,
    'Review the severance agreement, advise on the release and non-compete, and negotiate one round of changes.',
    'Billed at the end of the engagement.', 1),
  (13, 'grace.kim@lawyers.mylawyer.test', 'submitted', 'hourly', null, 210, 12, null, 60,
    'Review the survey and title, write to your neighbour and negotiate a boundary line agreement.',
    'Billed monthly; survey costs extra.', 1),
  (13, 'daniel.brooks@lawyers.mylawyer.test', 'withdrawn', 'contingency', null, null, null, 30, 120,
    'Quiet title action.', 'One third of any recovery.', 2),
  (14, 'grace.kim@lawyers.mylawyer.test', 'accepted', 'fixed', 2200, null, null, null, 30,
    'Review the purchase contract and HOA documents, negotiate the special assessment and attend closing.',
    'Paid at closing.', 1),
  (14, 'daniel.brooks@lawyers.mylawyer.test', 'declined', 'fixed', 2400, null, null, null, 30,
    'Contract review and closing.', 'Paid at closing.', 2),
  (15, 'omar.haddad@lawyers.mylawyer.test', 'withdrawn', 'fixed', 750, null, null, null, 60,
    'Trial by written declaration, and a court trial if needed.', 'Paid on signing.', 1),
  (16, 'grace.kim@lawyers.mylawyer.test', 'accepted', 'retainer', 5000, null, null, null, 120,
    'Represent you before the IRS in the correspondence audit, gather records and negotiate any adjustment.',
    'Retainer billed against at $210/hour; unused funds returned.', 1),
  (17, 'minh.nguyen@lawyers.mylawyer.test', 'viewed', 'fixed', 3800, null, null, null, 240,
    'I-130 and I-485 with work and travel permits, and preparation for the interview.',
    'Half on signing, half on filing; USCIS fees extra.', 1),
  (18, 'lawyer@demo.mylawyer.test', 'accepted', 'fixed', 3500, null, null, null, 120,
    'Separation agreement, joint petition (1A) and the uncontested hearing.', 'Half on signing, half before the hearing.', 1),
  (18, 'daniel.brooks@lawyers.mylawyer.test', 'declined', 'fixed', 2900, null, null, null, 120,
    'Joint petition and hearing.', 'Paid on signing.', 2),
  (19, 'minh.nguyen@lawyers.mylawyer.test', 'accepted', 'fixed', 1200, null, null, null, 180,
    'N-400 application, evidence checklist and preparation for the interview and civics test.',
    'Paid on signing; USCIS fee extra.', 1),
  (21, 'daniel.brooks@lawyers.mylawyer.test', 'submitted', 'contingency', null, null, null, 33.33, 365,
    'Personal injury claim against the delivery company and its insurer, through trial if needed.',
    'No fee unless we recover: one third before suit, 40% after filing. Costs advanced.', 1),
  (22, 'omar.haddad@lawyers.mylawyer.test', 'accepted', 'retainer', 7500, null, null, null, 90,
    'Defence from arraignment through trial, including a motion to dismiss and diversion negotiations.',
    'Retainer billed against at $390/hour.', 1),
  (22, 'daniel.brooks@lawyers.mylawyer.test', 'declined', 'hourly', null, 250, 20, null, 90,
    'Defence through arraignment and plea negotiations.', 'Billed monthly.', 2),
  (23, 'daniel.brooks@lawyers.mylawyer.test', 'accepted', 'contingency', null, null, null, 33, 365,
    'Premises liability claim against FreshMart and its insurer.', 'One third of the recovery; costs advanced.', 1),
  (24, 'lawyer@demo.mylawyer.test', 'viewed', 'fixed', 2800, null, null, null, 45,
    'A revocable living trust, pour-over will and deed transferring your house to the trust.',
    'Half on signing, half when the trust is funded.', 1),
  (24, 'grace.kim@lawyers.mylawyer.test', 'draft', 'hourly', null, 210, 8, null, 45,
    'Trust and estate tax planning.', 'Billed monthly.', 2);

insert into public.proposals (case_id, lawyer_id, fee_type, amount, currency, hourly_rate, estimated_hours,
  contingency_percent, estimated_duration_days, scope, terms, status, submitted_at, viewed_at, decided_at,
  created_at, updated_at)
select pc.id, lawyer.uuid, p.fee_type, p.amount, 'USD', p.hourly_rate, p.estimated_hours, p.contingency_percent,
  p.estimated_duration_days, p.scope, p.terms, p.status, d.submitted_at,
  case when p.status in ('viewed', 'accepted', 'declined') and d.submitted_at is not null
    then d.submitted_at + interval '6 hours' end,
  d.decided_at, d.written_at, coalesce(d.decided_at, d.submitted_at + interval '6 hours', d.written_at)
from seed_proposals p
join seed_cases c on c.no = p.case_no
join public.cases pc on pc.reference = 'CASE-2026-' || lpad(c.no::text, 4, '0')
join public.users lawyer on lawyer.email = p.lawyer_email
cross join lateral (
  select
    c.opened_at + p.position * interval '10 hours' - interval '2 hours' as written_at,
    case when p.status <> 'draft' then c.opened_at + p.position * interval '10 hours' end as submitted_at,
    case
      when p.status = 'withdrawn' then c.opened_at + p.position * interval '10 hours' + interval '2 days'
      when p.status in ('accepted', 'declined') then coalesce(c.engaged_at, c.closed_at)
    end as decided_at
) d
order by p.case_no, p.position;

-- Members: the client and the lead of each engaged case, and a few associates of the lead's firm.
insert into public.case_members (case_id, user_id, role, created_at)
select pc.id, m.user_id, m.role, c.engaged_at + m.delay
from seed_cases c
join public.cases pc on pc.reference = 'CASE-2026-' || lpad(c.no::text, 4, '0')
cross join lateral (values
  (pc.client_id, 'client', interval '0'),
  (pc.lead_lawyer_id, 'lead', interval '0')
) as m(user_id, role, delay)
where c.engaged_at is not null
union all
select pc.id, u.uuid, 'associate', c.engaged_at + interval '1 day'
from (values
  (6, 'lawyer@demo.mylawyer.test'),
  (10, 'grace.kim@lawyers.mylawyer.test'),
  (22, 'minh.nguyen@lawyers.mylawyer.test')
) as a(case_no, email)
join seed_cases c on c.no = a.case_no
join public.cases pc on pc.reference = 'CASE-2026-' || lpad(c.no::text, 4, '0')
join public.users u on u.email = a.email;

-- Tasks (20261130000000_tasks.sql) on the demo lawyer's engaged cases: a few in each column, one
-- assigned to the demo client and visible to them, some overdue. Due dates follow today's date so
-- the overview always has something due. (Events are off: no notifications, no history rows.)
insert into public.tasks (case_id, title, description, status, priority, labels, assignee_id, reporter_id,
  due_date, client_visible)
select pc.id, t.title, t.description, t.status, t.priority, t.labels,
  case t.who when 'client' then pc.client_id when 'lead' then pc.lead_lawyer_id end,
  pc.lead_lawyer_id, current_date + t.due_in, t.client_visible
from (values
  (1, 'Collect financial statements', 'Bank, pension and mortgage statements for the last three years.',
    'todo', 'high', array['disclosure'], 'client', -2, true),
  (1, 'Draft the financial statement (Form 12)', '', 'in_progress', 'high', array['court', 'drafting'], 'lead', 3, false),
  (1, 'Propose mediation dates to the other side', '', 'waiting', 'medium', array['mediation'], 'lead', 7, true),
  (1, 'File the petition', 'Filed with the Suffolk Probate and Family Court.', 'done', 'urgent', array['court'], 'lead', -20, true),
  (1, 'Review the parenting plan draft', '', 'todo', 'medium', array[]::text[], 'lead', 0, false),
  (18, 'Request the marriage certificate', '', 'todo', 'low', array[]::text[], 'lead', 5, false),
  (18, 'Prepare the financial disclosure', '', 'in_progress', 'high', array['disclosure'], 'lead', -1, false)
) as t(case_no, title, description, status, priority, labels, who, due_in, client_visible)
join public.cases pc on pc.reference = 'CASE-2026-' || lpad(t.case_no::text, 4, '0')
where pc.status in ('engaged', 'on_hold');

-- The timeline of each case, from the dates above.
insert into public.case_activity (case_id, actor_id, action, details, created_at)
select e.case_id, e.actor_id, e.action, e.details, e.at
from (
  select pc.id as case_id, pc.client_id as actor_id, 'created' as action,
    jsonb_build_object('status', 'draft') as details, c.created_at as at
  from seed_cases c join public.cases pc on pc.reference = 'CASE-2026-' || lpad(c.no::text, 4, '0')
  union all
  select pc.id, pc.client_id, 'status_changed', jsonb_build_object('from', 'draft', 'to', 'open'), c.opened_at
  from seed_cases c join public.cases pc on pc.reference = 'CASE-2026-' || lpad(c.no::text, 4, '0')
  where c.opened_at is not null
  union all
  select p.case_id, p.lawyer_id, 'proposal_submitted',
    jsonb_build_object('proposal_id', p.id, 'lawyer_id', p.lawyer_id), p.submitted_at
  from public.proposals p where p.submitted_at is not null
  union all
  select p.case_id, case when p.status = 'withdrawn' then p.lawyer_id else c.client_id end,
    'proposal_' || p.status, jsonb_build_object('proposal_id', p.id, 'lawyer_id', p.lawyer_id), p.decided_at
  from public.proposals p join public.cases c on c.id = p.case_id
  where p.status in ('accepted', 'declined', 'withdrawn')
  union all
  select pc.id, pc.client_id, 'status_changed', jsonb_build_object('from', 'open', 'to', 'engaged'), c.engaged_at
  from seed_cases c join public.cases pc on pc.reference = 'CASE-2026-' || lpad(c.no::text, 4, '0')
  where c.engaged_at is not null
  union all
  select m.case_id, case when m.role in ('client', 'lead') then pc.client_id else pc.lead_lawyer_id end,
    'member_added', jsonb_build_object('user_id', m.user_id, 'role', m.role), m.created_at
  from public.case_members m join public.cases pc on pc.id = m.case_id
  union all
  select pc.id, pc.lead_lawyer_id, 'status_changed', jsonb_build_object('from', 'engaged', 'to', 'on_hold'), c.held_at
  from seed_cases c join public.cases pc on pc.reference = 'CASE-2026-' || lpad(c.no::text, 4, '0')
  where c.held_at is not null
  union all
  select pc.id, case when c.status = 'closed' then pc.lead_lawyer_id else pc.client_id end, 'status_changed',
    jsonb_build_object('from', case when c.status = 'closed' then 'engaged' else 'open' end, 'to', c.status),
    c.closed_at
  from seed_cases c join public.cases pc on pc.reference = 'CASE-2026-' || lpad(c.no::text, 4, '0')
  where c.closed_at is not null
) e
order by e.at, e.action;

-- Notifications of each demo account: the latest events of the cases they take part in, stored as
-- the triggers store them (what happened, its parameters and the case it leads to; the English
-- title is the fallback of the spec's column), the three newest unread and the oldest archived.
insert into public.notifications (user_id, title, type, category, is_unread, created_at, event, params, link,
  avatar_url)
select n.user_id, public.notification_text('events.' || n.event, 'en', n.params), 'case_update',
  case when n.rank > 5 then 'Archived' end, n.rank <= 3, n.at, n.event, n.params, '/dashboard/case/' || n.case_id,
  n.avatar_url
from (
  select x.*, row_number() over (partition by x.user_id order by x.at desc, x.event) as rank
  from (
    -- A status change reaches the client and the members of the case, but not who made it.
    select people.user_id, a.case_id, a.created_at as at, 'case_status_changed' as event,
      public.case_params(a.case_id) || jsonb_build_object('status', a.details ->> 'to') as params,
      null::text as avatar_url
    from public.case_activity a
    join lateral (
      select m.user_id from public.case_members m where m.case_id = a.case_id
      union
      select c.client_id from public.cases c where c.id = a.case_id
    ) people on people.user_id is distinct from a.actor_id
    where a.action = 'status_changed'
    union all
    -- A proposal reaches the client of the case.
    select c.client_id, a.case_id, a.created_at, 'proposal_submitted',
      public.case_params(a.case_id) || jsonb_build_object('person', public.person_name(p.lawyer_id)),
      lawyer.avatar_url
    from public.case_activity a
    join public.cases c on c.id = a.case_id
    join public.proposals p on p.id = (a.details ->> 'proposal_id')::uuid
    join public.users lawyer on lawyer.uuid = p.lawyer_id
    where a.action = 'proposal_submitted'
    union all
    -- The client's decision reaches the lawyer who proposed.
    select p.lawyer_id, a.case_id, a.created_at, a.action, public.case_params(a.case_id), null
    from public.case_activity a
    join public.proposals p on p.id = (a.details ->> 'proposal_id')::uuid
    where a.action in ('proposal_accepted', 'proposal_declined')
    union all
    -- Joining a case reaches the new member.
    select (a.details ->> 'user_id')::uuid, a.case_id, a.created_at, 'member_added',
      public.case_params(a.case_id) || jsonb_build_object('role', a.details ->> 'role'), null
    from public.case_activity a
    where a.action = 'member_added' and a.actor_id is distinct from (a.details ->> 'user_id')::uuid
  ) x
  join seed_people sp on sp.id = x.user_id and sp.email like '%@demo.mylawyer.test'
) n
where n.rank <= 8;

-- Workflow templates (issue 22): the demo firm's know-how, in plain English, and one of the other
-- firm's (which the demo firm never sees). offset_days counts from the workflow's trigger date,
-- named in each template's first words; negative = before it.
insert into public.workflow_templates (id, law_firm_id, name, practice_area, skip_weekends, archived, created_by) values
  ('20000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001',
    'Uncontested divorce (from filing the petition)', 'family', false, false, '00000000-0000-4000-8000-000000000003'),
  ('20000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001',
    'Employment claim (from the date of dismissal)', 'employment', true, false, '00000000-0000-4000-8000-000000000003'),
  ('20000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000001',
    'Residential purchase (to the closing date)', 'real_estate', true, false, '00000000-0000-4000-8000-000000000003'),
  ('20000000-0000-4000-8000-000000000004', '10000000-0000-4000-8000-000000000001',
    'Work visa application (from the job offer)', 'immigration', false, false, '00000000-0000-4000-8000-000000000003'),
  ('20000000-0000-4000-8000-000000000005', '10000000-0000-4000-8000-000000000001',
    'Simple will (from the first meeting)', 'wills_and_estates', false, false, '00000000-0000-4000-8000-000000000003'),
  ('20000000-0000-4000-8000-000000000006', '10000000-0000-4000-8000-000000000001',
    'Trademark filing (old checklist)', 'intellectual_property', false, true, '00000000-0000-4000-8000-000000000003'),
  ('20000000-0000-4000-8000-000000000011', '10000000-0000-4000-8000-000000000002',
    'Green card through marriage (from the interview notice)', 'immigration', false, false, '00000000-0000-4000-8000-000000000011');

insert into public.workflow_template_steps (template_id, position, title, instructions, offset_days, role, is_court_deadline)
select ('20000000-0000-4000-8000-0000000000' || t)::uuid, s.position, s.title, s.instructions, s.offset_days, s.role, s.court
from (values
  ('01', 0, 'Collect marriage certificate and financial statements', 'Ask the client for the marriage certificate, the last three payslips, bank statements and a list of shared property and debts.', -14, 'client', false),
  ('01', 1, 'Draft the separation agreement', 'Division of property, support and, if there are children, the parenting plan. Send the draft to the client for comments.', -7, 'associate', false),
  ('01', 2, 'Both spouses sign the agreement', 'Arrange signing with a notary; each spouse keeps an original.', -2, 'client', false),
  ('01', 3, 'File the joint petition and agreement', 'File with the Probate and Family Court with the filing fee and the financial statements.', 0, 'lead', true),
  ('01', 4, 'Send the filed papers to the client', 'Explain what happens next and when the hearing is likely.', 2, 'paralegal', false),
  ('01', 5, 'Parenting education course certificate', 'If there are children under 18, both parents complete the approved course and send the certificate.', 30, 'client', false),
  ('01', 6, 'Prepare the client for the hearing', 'Walk through the questions the judge asks in an uncontested hearing.', 40, 'lead', false),
  ('01', 7, 'Uncontested hearing', 'Attend with the client. Bring the signed agreement and updated financial statements.', 45, 'lead', true),
  ('01', 8, 'Check the judgment of divorce nisi', 'Read the judgment against the agreement and send a copy to the client.', 50, 'associate', false),
  ('01', 9, 'Divorce becomes final', 'Confirm the judgment absolute and close the file.', 135, 'lead', false),

  ('02', 0, 'Intake interview and documents', 'Employment contract, handbook, pay slips, termination letter, emails about the dismissal.', 2, 'client', false),
  ('02', 1, 'Write the timeline of events', 'From hiring to dismissal, with dates, witnesses and documents for each event.', 5, 'paralegal', false),
  ('02', 2, 'Assess the claim and deadlines', 'Check the limitation period and whether an agency complaint must be filed first.', 7, 'lead', false),
  ('02', 3, 'Send the demand letter to the employer', 'State the claim, the remedy sought and a response date.', 15, 'lead', false),
  ('02', 4, 'File the agency charge', 'File the charge of discrimination before the deadline; keep the filing receipt.', 60, 'lead', true),
  ('02', 5, 'Gather witness statements', 'Contact former colleagues the client named; record short statements.', 30, 'associate', false),
  ('02', 6, 'Mediation brief', 'Summarise facts, law and damages for the mediator.', 90, 'associate', false),
  ('02', 7, 'Mediation session', 'Attend with the client; settlement authority agreed beforehand.', 100, 'lead', false),

  ('03', 0, 'Review the purchase and sale agreement', 'Check price, deposit, contingencies and the closing date with the client.', -45, 'lead', false),
  ('03', 1, 'Order the title search', 'Order title and municipal lien certificate; note any liens or easements.', -40, 'paralegal', false),
  ('03', 2, 'Home inspection report', 'The client sends the inspection report; we raise any repair requests.', -35, 'client', false),
  ('03', 3, 'Mortgage commitment', 'The client confirms the lender''s written commitment before the contingency date.', -21, 'client', false),
  ('03', 4, 'Clear title issues', 'Resolve liens, discharges and survey questions found in the title search.', -14, 'associate', false),
  ('03', 5, 'Prepare the closing documents', 'Deed, settlement statement, transfer tax forms; coordinate with the lender''s attorney.', -5, 'paralegal', false),
  ('03', 6, 'Final walk-through', 'The client checks the property is empty and in the agreed condition.', -1, 'client', false),
  ('03', 7, 'Closing', 'Sign, fund and hand over the keys.', 0, 'lead', false),
  ('03', 8, 'Record the deed', 'Record the deed and mortgage at the registry; send recorded copies to the client.', 2, 'paralegal', false),

  ('04', 0, 'Collect passport, diplomas and CV', 'Scanned passport pages, degree certificates with translations, and an up-to-date CV.', 3, 'client', false),
  ('04', 1, 'Check eligibility and the visa category', 'Match the job offer, salary and qualifications to the category.', 5, 'lead', false),
  ('04', 2, 'Employer support letter', 'Ask the employer for the signed letter describing the role and salary.', 10, 'associate', false),
  ('04', 3, 'Labour condition application', 'File with the Department of Labor and wait for certification.', 14, 'paralegal', false),
  ('04', 4, 'Prepare the petition package', 'Forms, fees, support letter, certified application and evidence of qualifications.', 30, 'associate', false),
  ('04', 5, 'File the petition', 'Send by courier; keep the tracking number and copy of everything sent.', 35, 'lead', true),
  ('04', 6, 'Answer any request for evidence', 'Calendar the response deadline from the notice as soon as it arrives.', 90, 'lead', false),
  ('04', 7, 'Consular interview preparation', 'Go over the questions and the documents to bring.', 120, 'associate', false),

  ('05', 0, 'Questionnaire about family and assets', 'The client lists family members, property, accounts and wishes.', 7, 'client', false),
  ('05', 1, 'Draft the will', 'Executor, guardians if any, specific gifts and the residue.', 14, 'associate', false),
  ('05', 2, 'Review the draft with the client', 'Explain each clause in plain language and note changes.', 21, 'lead', false),
  ('05', 3, 'Signing ceremony', 'Two witnesses and a notary for the self-proving affidavit.', 30, 'lead', false),
  ('05', 4, 'Store the original and send copies', 'Original in the firm''s vault; scanned copy to the client.', 32, 'paralegal', false),

  ('06', 0, 'Clearance search', 'Search the register and common-law uses.', 0, 'associate', false),
  ('06', 1, 'File the application', 'File online with the specimen of use.', 14, 'lead', false),
  ('06', 2, 'Watch the publication period', 'Check for oppositions during publication.', 120, 'paralegal', false),
  ('06', 3, 'Registration certificate', 'Send the certificate to the client with the renewal dates.', 200, 'lead', false),
  ('06', 4, 'Calendar the maintenance filing', 'Add the declaration of use deadline to the firm calendar.', 201, 'paralegal', false),

  ('11', 0, 'Gather evidence of the relationship', 'Joint lease, bank accounts, photos over time, affidavits from friends.', -30, 'client', false),
  ('11', 1, 'Mock interview', 'Practise the questions asked separately to each spouse.', -7, 'lead', false),
  ('11', 2, 'Assemble the interview binder', 'Originals and copies of every document filed.', -3, 'paralegal', false),
  ('11', 3, 'Green card interview', 'Attend with both spouses.', 0, 'lead', true),
  ('11', 4, 'Follow up on the decision', 'Check the case status and answer any further request.', 30, 'lead', false)
) as s(t, position, title, instructions, offset_days, role, court);

-- A workflow under way (issue 22): the demo lawyer started the uncontested-divorce template on
-- their engaged family case of the demo client (CASE-2026-0001), through public.start_workflow as
-- the app does, so the details page and the board have something to show. The trigger date (the
-- filing) is five days from today; the template counts calendar days, so each step is due on
-- trigger + offset (app/features/workflows/due-dates.ts). The client has sent their documents
-- (the first step is done); the draft agreement is overdue. One statement, so the caller and the
-- events switch hold however the seed is run; events stay off as for the rows above.
do $$
declare
  demo_lawyer constant uuid := '00000000-0000-4000-8000-000000000002';
  divorce constant uuid := '20000000-0000-4000-8000-000000000001';
  trigger_date constant date := current_date + 5;
  target uuid;
  started uuid;
begin
  perform set_config('mylawyer.case_events', 'off', true);
  perform set_config('request.jwt.claims',
    jsonb_build_object('sub', demo_lawyer, 'role', 'authenticated')::text, true);
  select id into strict target from public.cases where reference = 'CASE-2026-0001';
  started := public.start_workflow(target, divorce, trigger_date, array(
    select trigger_date + s.offset_days
    from public.workflow_template_steps s
    where s.template_id = divorce
    order by s.position, s.id));
  update public.tasks t set status = 'done'
  from public.workflow_steps s
  where t.workflow_step_id = s.id and s.workflow_id = started and s.position = 1;
  perform set_config('request.jwt.claims', '', true);
end
$$;
