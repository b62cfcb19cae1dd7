-- Notifications in the reader's language, leading to what they are about (issue 18, item 2).
--
-- A notification used to be a finished English sentence. It now also stores what happened
-- (`event`), its parameters (`params`) and where it leads (`link`); the app renders the title in
-- the reader's language from locales/<lng>/notifications.json (events.<event>), and `title` keeps
-- the English sentence as the spec's column and the fallback for rows without an event. E-mails
-- are rendered here, in the recipient's language (users.locale, which the app stores when the
-- person changes language), with a link to the thing and one to the notification preferences.
-- The e-mail texts are the same strings as the app's (public.notification_texts, one row per
-- key of locales/<lng>/notifications.json that an e-mail uses; tests/integration/notifications
-- checks that they match).

-- ---------------------------------------------------------------------------------------------
-- users.locale: the language the person reads the app in (the app's five languages).

alter table public.users
  add column locale text not null default 'en' check (locale in ('en', 'fr', 'vi', 'cn', 'ar'));

-- The signed-in person's language, stored by the app's language switch. A function rather than a
-- column grant, so the users table's column privileges stay as they are.
create function public.set_my_locale(p_locale text) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if p_locale is null or p_locale not in ('en', 'fr', 'vi', 'cn', 'ar') then
    raise exception 'Unknown language: %', coalesce(p_locale, 'null')
      using errcode = '22023', hint = 'The languages are en, fr, vi, cn and ar.';
  end if;
  update public.users set locale = p_locale where uuid = auth.uid() and locale <> p_locale;
end
$$;

revoke all on function public.set_my_locale(text) from public, anon;
grant execute on function public.set_my_locale(text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- notifications: what happened, with what, and where it leads.

alter table public.notifications
  add column event text check (event ~ '^[a-z][a-z0-9_]{0,63}$'),
  add column params jsonb not null default '{}'::jsonb check (jsonb_typeof(params) = 'object'),
  -- A path on the site (never another site): the app navigates there.
  add column link text check (link ~ '^/[^/\\]' and char_length(link) <= 500);

-- ---------------------------------------------------------------------------------------------
-- Where e-mails link to: the app's public address (a hosted project sets its own; supabase/local
-- writes its site URL at every start).

create table public.site_settings (
  id boolean primary key default true check (id),
  site_url text not null check (site_url ~ '^https?://[^/]+$')
);
insert into public.site_settings (site_url) values ('http://localhost:8787');
alter table public.site_settings enable row level security;
revoke all on public.site_settings from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The texts e-mails are written with, per language: events.*, caseStatuses.*, caseRoles.* and
-- email.* of locales/<lng>/notifications.json. Only the system reads them.

create table public.notification_texts (
  key text not null,
  locale text not null check (locale in ('en', 'fr', 'vi', 'cn', 'ar')),
  body text not null,
  primary key (key, locale)
);
alter table public.notification_texts enable row level security;
revoke all on public.notification_texts from anon, authenticated;

insert into public.notification_texts (key, locale, body) values
  ('events.welcome_client', 'en', 'Welcome to <b>MyLawyer</b>! Describe your legal problem and lawyers will propose to take it on.'),
  ('events.welcome_lawyer', 'en', 'Welcome to <b>MyLawyer</b>! Browse the open cases and propose to take on the ones that fit your practice.'),
  ('events.welcome_lawyer_admin', 'en', 'Welcome to <b>MyLawyer</b>! Follow your firm''s cases in the pipeline and the proposals your lawyers send.'),
  ('events.welcome_admin', 'en', 'Welcome to <b>MyLawyer</b>! You can see every case, proposal and account of the platform.'),
  ('events.case_status_changed', 'en', 'Case <strong>{{reference}}</strong> <em>{{title}}</em> moved to <em>{{status}}</em>'),
  ('events.member_added', 'en', 'You were added to case <strong>{{reference}}</strong> <em>{{title}}</em> as {{role}}'),
  ('events.member_role_changed', 'en', 'You are now {{role}} on case <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.member_removed', 'en', 'You were removed from case <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_submitted', 'en', 'New proposal from <strong>{{person}}</strong> on <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_withdrawn', 'en', '<strong>{{person}}</strong> withdrew their proposal on <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_accepted', 'en', 'Your proposal on <strong>{{reference}}</strong> <em>{{title}}</em> was <strong>accepted</strong>'),
  ('events.proposal_declined', 'en', 'Your proposal on <strong>{{reference}}</strong> <em>{{title}}</em> was declined'),
  ('caseStatuses.draft', 'en', 'draft'),
  ('caseStatuses.open', 'en', 'open'),
  ('caseStatuses.engaged', 'en', 'engaged'),
  ('caseStatuses.on_hold', 'en', 'on hold'),
  ('caseStatuses.closed', 'en', 'closed'),
  ('caseStatuses.cancelled', 'en', 'cancelled'),
  ('caseRoles.client', 'en', 'client'),
  ('caseRoles.lead', 'en', 'lead lawyer'),
  ('caseRoles.associate', 'en', 'associate'),
  ('caseRoles.paralegal', 'en', 'paralegal'),
  ('email.subject', 'en', 'MyLawyer: {{title}}'),
  ('email.view', 'en', 'View in MyLawyer'),
  ('email.preferences', 'en', 'Notification preferences'),
  ('email.reason', 'en', 'You receive this e-mail because e-mail notifications of this type are on in your MyLawyer notification preferences.'),
  ('events.welcome_client', 'fr', 'Bienvenue sur <b>MyLawyer</b> ! Décrivez votre problème juridique et des avocats vous proposeront de s’en charger.'),
  ('events.welcome_lawyer', 'fr', 'Bienvenue sur <b>MyLawyer</b> ! Parcourez les affaires ouvertes et proposez de prendre en charge celles qui correspondent à votre pratique.'),
  ('events.welcome_lawyer_admin', 'fr', 'Bienvenue sur <b>MyLawyer</b> ! Suivez les affaires de votre cabinet dans le pipeline et les propositions envoyées par vos avocats.'),
  ('events.welcome_admin', 'fr', 'Bienvenue sur <b>MyLawyer</b> ! Vous voyez toutes les affaires, propositions et comptes de la plateforme.'),
  ('events.case_status_changed', 'fr', 'L’affaire <strong>{{reference}}</strong> <em>{{title}}</em> est passée à l’état <em>{{status}}</em>'),
  ('events.member_added', 'fr', 'Vous avez été ajouté à l’affaire <strong>{{reference}}</strong> <em>{{title}}</em> en tant que {{role}}'),
  ('events.member_role_changed', 'fr', 'Vous êtes désormais {{role}} sur l’affaire <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.member_removed', 'fr', 'Vous avez été retiré de l’affaire <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_submitted', 'fr', 'Nouvelle proposition de <strong>{{person}}</strong> sur <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_withdrawn', 'fr', '<strong>{{person}}</strong> a retiré sa proposition sur <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_accepted', 'fr', 'Votre proposition sur <strong>{{reference}}</strong> <em>{{title}}</em> a été <strong>acceptée</strong>'),
  ('events.proposal_declined', 'fr', 'Votre proposition sur <strong>{{reference}}</strong> <em>{{title}}</em> a été refusée'),
  ('caseStatuses.draft', 'fr', 'brouillon'),
  ('caseStatuses.open', 'fr', 'ouverte'),
  ('caseStatuses.engaged', 'fr', 'engagée'),
  ('caseStatuses.on_hold', 'fr', 'en suspens'),
  ('caseStatuses.closed', 'fr', 'clôturée'),
  ('caseStatuses.cancelled', 'fr', 'annulée'),
  ('caseRoles.client', 'fr', 'client'),
  ('caseRoles.lead', 'fr', 'avocat principal'),
  ('caseRoles.associate', 'fr', 'collaborateur'),
  ('caseRoles.paralegal', 'fr', 'assistant juridique'),
  ('email.subject', 'fr', 'MyLawyer : {{title}}'),
  ('email.view', 'fr', 'Voir dans MyLawyer'),
  ('email.preferences', 'fr', 'Préférences de notification'),
  ('email.reason', 'fr', 'Vous recevez cet e-mail parce que les notifications par e-mail de ce type sont activées dans vos préférences de notification MyLawyer.'),
  ('events.welcome_client', 'vi', 'Chào mừng bạn đến với <b>MyLawyer</b>! Hãy mô tả vấn đề pháp lý của bạn và các luật sư sẽ đề xuất nhận xử lý.'),
  ('events.welcome_lawyer', 'vi', 'Chào mừng bạn đến với <b>MyLawyer</b>! Hãy xem các vụ việc đang mở và đề xuất nhận những vụ phù hợp với lĩnh vực hành nghề của bạn.'),
  ('events.welcome_lawyer_admin', 'vi', 'Chào mừng bạn đến với <b>MyLawyer</b>! Theo dõi các vụ việc của công ty bạn trong quy trình và các đề xuất mà luật sư của bạn gửi.'),
  ('events.welcome_admin', 'vi', 'Chào mừng bạn đến với <b>MyLawyer</b>! Bạn có thể xem mọi vụ việc, đề xuất và tài khoản trên nền tảng.'),
  ('events.case_status_changed', 'vi', 'Vụ việc <strong>{{reference}}</strong> <em>{{title}}</em> đã chuyển sang <em>{{status}}</em>'),
  ('events.member_added', 'vi', 'Bạn đã được thêm vào vụ việc <strong>{{reference}}</strong> <em>{{title}}</em> với vai trò {{role}}'),
  ('events.member_role_changed', 'vi', 'Bây giờ bạn là {{role}} trong vụ việc <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.member_removed', 'vi', 'Bạn đã bị xóa khỏi vụ việc <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_submitted', 'vi', 'Đề xuất mới từ <strong>{{person}}</strong> cho <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_withdrawn', 'vi', '<strong>{{person}}</strong> đã rút đề xuất cho <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_accepted', 'vi', 'Đề xuất của bạn cho <strong>{{reference}}</strong> <em>{{title}}</em> đã được <strong>chấp nhận</strong>'),
  ('events.proposal_declined', 'vi', 'Đề xuất của bạn cho <strong>{{reference}}</strong> <em>{{title}}</em> đã bị từ chối'),
  ('caseStatuses.draft', 'vi', 'bản nháp'),
  ('caseStatuses.open', 'vi', 'đang mở'),
  ('caseStatuses.engaged', 'vi', 'đã nhận'),
  ('caseStatuses.on_hold', 'vi', 'tạm dừng'),
  ('caseStatuses.closed', 'vi', 'đã đóng'),
  ('caseStatuses.cancelled', 'vi', 'đã hủy'),
  ('caseRoles.client', 'vi', 'khách hàng'),
  ('caseRoles.lead', 'vi', 'luật sư chính'),
  ('caseRoles.associate', 'vi', 'luật sư cộng sự'),
  ('caseRoles.paralegal', 'vi', 'trợ lý pháp lý'),
  ('email.subject', 'vi', 'MyLawyer: {{title}}'),
  ('email.view', 'vi', 'Xem trên MyLawyer'),
  ('email.preferences', 'vi', 'Tùy chọn thông báo'),
  ('email.reason', 'vi', 'Bạn nhận được e-mail này vì thông báo qua e-mail cho loại này đang bật trong tùy chọn thông báo MyLawyer của bạn.'),
  ('events.welcome_client', 'cn', '欢迎来到 <b>MyLawyer</b>！描述您的法律问题，律师们会提出承接方案。'),
  ('events.welcome_lawyer', 'cn', '欢迎来到 <b>MyLawyer</b>！浏览公开的案件，为符合您执业领域的案件提交承接提案。'),
  ('events.welcome_lawyer_admin', 'cn', '欢迎来到 <b>MyLawyer</b>！在流程中跟进贵所的案件以及您的律师发送的提案。'),
  ('events.welcome_admin', 'cn', '欢迎来到 <b>MyLawyer</b>！您可以查看平台上的所有案件、提案和账户。'),
  ('events.case_status_changed', 'cn', '案件 <strong>{{reference}}</strong> <em>{{title}}</em> 已变更为<em>{{status}}</em>'),
  ('events.member_added', 'cn', '您已作为{{role}}加入案件 <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.member_role_changed', 'cn', '您现在是案件 <strong>{{reference}}</strong> <em>{{title}}</em> 的{{role}}'),
  ('events.member_removed', 'cn', '您已被移出案件 <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_submitted', 'cn', '<strong>{{person}}</strong> 对 <strong>{{reference}}</strong> <em>{{title}}</em> 提交了新提案'),
  ('events.proposal_withdrawn', 'cn', '<strong>{{person}}</strong> 撤回了对 <strong>{{reference}}</strong> <em>{{title}}</em> 的提案'),
  ('events.proposal_accepted', 'cn', '您对 <strong>{{reference}}</strong> <em>{{title}}</em> 的提案已被<strong>接受</strong>'),
  ('events.proposal_declined', 'cn', '您对 <strong>{{reference}}</strong> <em>{{title}}</em> 的提案已被拒绝'),
  ('caseStatuses.draft', 'cn', '草稿'),
  ('caseStatuses.open', 'cn', '开放'),
  ('caseStatuses.engaged', 'cn', '已委托'),
  ('caseStatuses.on_hold', 'cn', '暂停'),
  ('caseStatuses.closed', 'cn', '已结案'),
  ('caseStatuses.cancelled', 'cn', '已取消'),
  ('caseRoles.client', 'cn', '客户'),
  ('caseRoles.lead', 'cn', '主办律师'),
  ('caseRoles.associate', 'cn', '协办律师'),
  ('caseRoles.paralegal', 'cn', '律师助理'),
  ('email.subject', 'cn', 'MyLawyer：{{title}}'),
  ('email.view', 'cn', '在 MyLawyer 中查看'),
  ('email.preferences', 'cn', '通知偏好设置'),
  ('email.reason', 'cn', '您收到此邮件，是因为您在 MyLawyer 通知偏好设置中开启了此类通知的邮件提醒。'),
  ('events.welcome_client', 'ar', 'مرحبًا بك في <b>MyLawyer</b>! صِف مشكلتك القانونية وسيعرض المحامون تولّيها.'),
  ('events.welcome_lawyer', 'ar', 'مرحبًا بك في <b>MyLawyer</b>! تصفّح القضايا المفتوحة وقدّم عروضًا لتولّي ما يناسب تخصصك منها.'),
  ('events.welcome_lawyer_admin', 'ar', 'مرحبًا بك في <b>MyLawyer</b>! تابع قضايا مكتبك في مسار العمل والعروض التي يرسلها محاموك.'),
  ('events.welcome_admin', 'ar', 'مرحبًا بك في <b>MyLawyer</b>! يمكنك الاطلاع على كل القضايا والعروض والحسابات في المنصة.'),
  ('events.case_status_changed', 'ar', 'انتقلت القضية <strong>{{reference}}</strong> <em>{{title}}</em> إلى الحالة <em>{{status}}</em>'),
  ('events.member_added', 'ar', 'تمت إضافتك إلى القضية <strong>{{reference}}</strong> <em>{{title}}</em> بصفة {{role}}'),
  ('events.member_role_changed', 'ar', 'أصبحت الآن {{role}} في القضية <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.member_removed', 'ar', 'تمت إزالتك من القضية <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_submitted', 'ar', 'عرض جديد من <strong>{{person}}</strong> على القضية <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_withdrawn', 'ar', 'سحب <strong>{{person}}</strong> عرضه على القضية <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_accepted', 'ar', 'تم <strong>قبول</strong> عرضك على القضية <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('events.proposal_declined', 'ar', 'تم رفض عرضك على القضية <strong>{{reference}}</strong> <em>{{title}}</em>'),
  ('caseStatuses.draft', 'ar', 'مسودة'),
  ('caseStatuses.open', 'ar', 'مفتوحة'),
  ('caseStatuses.engaged', 'ar', 'قيد التكليف'),
  ('caseStatuses.on_hold', 'ar', 'معلّقة'),
  ('caseStatuses.closed', 'ar', 'مغلقة'),
  ('caseStatuses.cancelled', 'ar', 'ملغاة'),
  ('caseRoles.client', 'ar', 'العميل'),
  ('caseRoles.lead', 'ar', 'المحامي الرئيسي'),
  ('caseRoles.associate', 'ar', 'محامٍ مساعد'),
  ('caseRoles.paralegal', 'ar', 'مساعد قانوني'),
  ('email.subject', 'ar', 'MyLawyer: {{title}}'),
  ('email.view', 'ar', 'عرض في MyLawyer'),
  ('email.preferences', 'ar', 'تفضيلات الإشعارات'),
  ('email.reason', 'ar', 'تتلقى هذه الرسالة لأن إشعارات البريد الإلكتروني لهذا النوع مفعّلة في تفضيلات الإشعارات لديك في MyLawyer.');

-- A text in a language (English when it has no such text), its {{name}} placeholders filled with
-- the parameters, HTML-escaped (a status or a role is first translated).
create function public.notification_text(p_key text, p_locale text, p_params jsonb default '{}'::jsonb)
returns text
language plpgsql stable security definer set search_path = ''
as $$
declare
  template text;
  rest text;
  rendered text := '';
  found text[];
  value text;
begin
  select t.body into template from public.notification_texts t
  where t.key = p_key and t.locale in (p_locale, 'en')
  order by t.locale = p_locale desc
  limit 1;
  if template is null then
    return null;
  end if;
  -- One pass from left to right, so a value that looks like a placeholder stays as it is.
  rest := template;
  loop
    found := regexp_match(rest, '^(.*?)\{\{([A-Za-z0-9_]+)\}\}(.*)$', 's');
    exit when found is null;
    value := p_params ->> found[2];
    if value is not null and found[2] = 'status' then
      value := coalesce(public.notification_text('caseStatuses.' || value, p_locale), value);
    elsif value is not null and found[2] = 'role' then
      value := coalesce(public.notification_text('caseRoles.' || value, p_locale), value);
    end if;
    rendered := rendered || found[1] || coalesce(public.escape_html(value), '');
    rest := found[3];
  end loop;
  return rendered || rest;
end
$$;

-- HTML as plain text: line and block tags become spaces, other tags vanish (so
-- "<b>MyLawyer</b>!" stays one word), entities are decoded.
create function public.html_to_text(p_html text) returns text
language sql immutable set search_path = ''
as $$
  select replace(replace(replace(replace(replace(replace(replace(
    btrim(regexp_replace(regexp_replace(
      regexp_replace(coalesce(p_html, ''), '<(br|/?(p|div|li|ul|ol|h[1-6]|tr|td|th))\y[^>]*>', ' ', 'gi'),
      '<[^>]*>', '', 'g'), '\s+', ' ', 'g')),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&apos;', ''''), '&amp;', '&')
$$;

-- ---------------------------------------------------------------------------------------------
-- create_notification_event: the one way notifications are produced. Domain functions and
-- triggers call it from their own security-definer code with what happened (an event of
-- locales/<lng>/notifications.json's `events`), its parameters (plain text; the renderers escape
-- them) and the path it leads to.
--
-- It honours the person's preferences for (type, medium); a missing row means the default of
-- the app (in-app on, e-mail off, SMS off). In-app off: no notification row, and null is
-- returned. E-mail on: an e-mail in the recipient's language is queued in public.email_outbox,
-- with a link to `p_link` and one to the notification preferences. SMS on: nothing is sent, as
-- the product has no SMS provider yet.

create function public.create_notification_event(
  p_user_id uuid,
  p_type text,
  p_event text,
  p_params jsonb default '{}'::jsonb,
  p_link text default null,
  p_avatar_url text default null,
  p_category text default null,
  -- Only for callers without an event (public.create_notification): the title as given.
  p_title text default null
) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  wants_in_app boolean;
  wants_email boolean;
  recipient text;
  recipient_locale text;
  english_title text;
  title_html text;
  plain_title text;
  site text;
  view_url text;
  preferences_url text;
  notification_id uuid;
begin
  if p_type is null or p_type not in ('task_assignment', 'appointment', 'case_update', 'payment', 'account') then
    raise exception 'Unknown notification type: %', coalesce(p_type, 'null')
      using errcode = '22023',
            hint = 'The types are task_assignment, appointment, case_update, payment and account.';
  end if;
  if p_event is not null and not exists (select from public.notification_texts where key = 'events.' || p_event) then
    raise exception 'Unknown notification event: %', p_event using errcode = '22023';
  end if;
  if p_params is not null and jsonb_typeof(p_params) <> 'object' then
    raise exception 'Notification parameters must be an object' using errcode = '22023';
  end if;
  english_title := case
    when p_event is not null then public.notification_text('events.' || p_event, 'en', p_params)
    else p_title
  end;
  if english_title is null or btrim(english_title) = '' then
    raise exception 'A notification needs an event or a title' using errcode = '22023';
  end if;
  select coalesce(a.email, u.email), u.locale into recipient, recipient_locale
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
    insert into public.notifications (user_id, title, type, category, avatar_url, event, params, link)
    values (p_user_id, english_title, p_type, p_category, p_avatar_url, p_event, coalesce(p_params, '{}'::jsonb), p_link)
    returning id into notification_id;
  end if;

  if wants_email and recipient is not null then
    title_html := case
      when p_event is not null then public.notification_text('events.' || p_event, recipient_locale, p_params)
      -- A title given as HTML by the caller is not trusted in a mail client: its text only.
      else public.escape_html(public.html_to_text(p_title))
    end;
    plain_title := public.html_to_text(title_html);
    select s.site_url into site from public.site_settings s;
    view_url := case when p_link is not null then coalesce(site, '') || p_link end;
    preferences_url := coalesce(site, '') || '/dashboard/notification/NotificationPreferences';
    insert into public.email_outbox (recipient, subject, text_body, html_body)
    values (
      recipient,
      left(public.html_to_text(public.notification_text('email.subject', recipient_locale,
        jsonb_build_object('title', case when char_length(plain_title) > 150 then left(plain_title, 149) || '…' else plain_title end))), 200),
      plain_title || E'\n\n'
        || case when view_url is not null
             then public.notification_text('email.view', recipient_locale) || ': ' || view_url || E'\n\n'
             else '' end
        || public.notification_text('email.reason', recipient_locale) || E'\n'
        || public.notification_text('email.preferences', recipient_locale) || ': ' || preferences_url,
      '<div lang="' || recipient_locale || '" dir="' || case when recipient_locale = 'ar' then 'rtl' else 'ltr' end || '">'
        || '<p>' || title_html || '</p>'
        || case when view_url is not null
             then '<p><a href="' || public.escape_html(view_url) || '">'
               || public.escape_html(public.notification_text('email.view', recipient_locale)) || '</a></p>'
             else '' end
        || '<p style="color:#495057;font-size:small">'
        || public.escape_html(public.notification_text('email.reason', recipient_locale))
        || ' <a href="' || public.escape_html(preferences_url) || '">'
        || public.escape_html(public.notification_text('email.preferences', recipient_locale)) || '</a></p>'
        || '</div>'
    );
  end if;

  return notification_id;
end
$$;

revoke all on function public.create_notification_event(uuid, text, text, jsonb, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.create_notification_event(uuid, text, text, jsonb, text, text, text, text)
  to service_role;

-- The former entry point, for callers that still pass a finished title (HTML): no event, no link.
create or replace function public.create_notification(
  p_user_id uuid,
  p_type text,
  p_title text,
  p_category text default null,
  p_avatar_url text default null
) returns uuid
language plpgsql security definer set search_path = ''
as $$
begin
  if p_title is null or btrim(p_title) = '' then
    raise exception 'A notification needs a title' using errcode = '22023';
  end if;
  return public.create_notification_event(p_user_id, p_type, null, '{}'::jsonb, null, p_avatar_url, p_category, p_title);
end
$$;

revoke all on function public.notification_text(text, text, jsonb), public.html_to_text(text)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Case events: what happened on which case, leading to the case.

-- The parameters every case event has: the case's reference and title.
create function public.case_params(p_case_id uuid) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select coalesce((select jsonb_build_object('reference', reference, 'title', title)
                   from public.cases where id = p_case_id), '{}'::jsonb)
$$;

-- Notifies one person of a case event, unless events are off, they did it themselves or their
-- account is being deleted (members leave their cases with it).
create function public.notify_case_event(
  p_user_id uuid,
  p_case_id uuid,
  p_event text,
  p_params jsonb default '{}'::jsonb,
  p_avatar_url text default null
) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if public.case_events_enabled() and p_user_id is distinct from auth.uid()
     and exists (select from public.users where uuid = p_user_id) then
    perform public.create_notification_event(p_user_id, 'case_update', p_event,
      public.case_params(p_case_id) || coalesce(p_params, '{}'::jsonb),
      '/dashboard/case/' || p_case_id, p_avatar_url);
  end if;
end
$$;

-- The English-title version is no longer called.
drop function public.notify_case_event(uuid, text, text);

create or replace function public.cases_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changed text[];
  member record;
begin
  select coalesce(array_agg(n.key order by n.key), '{}') into changed
  from jsonb_each(to_jsonb(new)) n
  join jsonb_each(to_jsonb(old)) o on o.key = n.key
  where n.value is distinct from o.value
    and n.key not in ('status', 'updated_at', 'opened_at', 'closed_at', 'lead_lawyer_id', 'law_firm_id', 'search');
  if cardinality(changed) > 0 then
    perform public.log_case_activity(new.id, 'updated', jsonb_build_object('fields', to_jsonb(changed)));
  end if;

  if new.status is distinct from old.status then
    perform public.log_case_activity(new.id, 'status_changed',
      jsonb_build_object('from', old.status, 'to', new.status));
    -- A cancelled case takes no more proposals: the pending ones are declined (their lawyers are
    -- notified by the proposals trigger).
    if new.status = 'cancelled' then
      update public.proposals set status = 'declined'
      where case_id = new.id and status in ('submitted', 'viewed');
    end if;
    -- Engagement is announced by the acceptance itself (accept_proposal).
    if not (old.status = 'open' and new.status = 'engaged') then
      for member in select user_id from public.case_members where case_id = new.id loop
        perform public.notify_case_event(member.user_id, new.id, 'case_status_changed',
          jsonb_build_object('status', new.status));
      end loop;
    end if;
  end if;
  return null;
end
$$;

create or replace function public.case_members_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.log_case_activity(new.case_id, 'member_added',
      jsonb_build_object('user_id', new.user_id, 'role', new.role));
    -- The client and the lead join through the acceptance, which notifies them itself.
    if new.role in ('associate', 'paralegal') then
      perform public.notify_case_event(new.user_id, new.case_id, 'member_added',
        jsonb_build_object('role', new.role));
    end if;
  elsif tg_op = 'UPDATE' then
    if new.role is distinct from old.role then
      perform public.log_case_activity(new.case_id, 'member_role_changed',
        jsonb_build_object('user_id', new.user_id, 'from', old.role, 'to', new.role));
      perform public.notify_case_event(new.user_id, new.case_id, 'member_role_changed',
        jsonb_build_object('role', new.role));
    end if;
  -- A member removed with the whole case leaves nothing to log.
  elsif exists (select from public.cases where id = old.case_id) then
    perform public.log_case_activity(old.case_id, 'member_removed',
      jsonb_build_object('user_id', old.user_id, 'role', old.role));
    perform public.notify_case_event(old.user_id, old.case_id, 'member_removed');
  end if;
  return null;
end
$$;

create or replace function public.proposals_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  client uuid := (select client_id from public.cases where id = new.case_id);
  details jsonb := jsonb_build_object('proposal_id', new.id, 'lawyer_id', new.lawyer_id);
  lawyer_avatar text := (select avatar_url from public.users where uuid = new.lawyer_id);
  lawyer jsonb := jsonb_build_object('person', public.person_name(new.lawyer_id));
  previous text := case when tg_op = 'UPDATE' then old.status end;
begin
  if new.status is not distinct from previous then
    -- Drafts are the lawyer's own business; edits after submission are on the timeline.
    if new.status <> 'draft' then
      perform public.log_case_activity(new.case_id, 'proposal_updated', details);
    end if;
    return null;
  end if;
  case new.status
    when 'submitted' then
      perform public.log_case_activity(new.case_id, 'proposal_submitted', details);
      perform public.notify_case_event(client, new.case_id, 'proposal_submitted', lawyer, lawyer_avatar);
    when 'withdrawn' then
      perform public.log_case_activity(new.case_id, 'proposal_withdrawn', details);
      perform public.notify_case_event(client, new.case_id, 'proposal_withdrawn', lawyer, lawyer_avatar);
    when 'accepted' then
      perform public.log_case_activity(new.case_id, 'proposal_accepted', details);
      perform public.notify_case_event(new.lawyer_id, new.case_id, 'proposal_accepted');
    when 'declined' then
      perform public.log_case_activity(new.case_id, 'proposal_declined', details);
      perform public.notify_case_event(new.lawyer_id, new.case_id, 'proposal_declined');
    else
      -- viewed: the lawyer sees it on the proposal; draft: nothing happened yet.
      null;
  end case;
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The welcome: what the person's access level does first, leading to the dashboard.

create or replace function public.handle_auth_user_first_sign_in() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  level text;
begin
  select access_level into level from public.users where uuid = new.id;
  -- An account whose profile an admin deleted signs in without one: nothing to notify.
  if not found then
    return null;
  end if;
  perform public.create_notification_event(
    new.id,
    'account',
    case
      when level = 'lawyer' then 'welcome_lawyer'
      when level = 'lawyer_admin' then 'welcome_lawyer_admin'
      when level in ('admin', 'super_user') then 'welcome_admin'
      else 'welcome_client'
    end,
    '{}'::jsonb,
    '/dashboard'
  );
  return null;
end
$$;

-- Existing welcomes become events (their English titles are exactly the texts above); other
-- existing rows keep their English title, which the app shows as it is.
update public.notifications n
set event = t.event, link = '/dashboard'
from (
  select substring(key from 8) as event, body from public.notification_texts
  where locale = 'en' and key like 'events.welcome\_%'
) t
where n.event is null and n.type = 'account' and n.title = t.body;

revoke all on function
  public.case_params(uuid), public.notify_case_event(uuid, uuid, text, jsonb, text),
  public.cases_after_update(), public.case_members_after_write(), public.proposals_after_write(),
  public.handle_auth_user_first_sign_in()
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The bell's rows carry the new columns too.

create or replace function public.dashboard_shell(bell_limit int default 20, contacts_limit int default 20)
returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'notifications', coalesce((
      select json_agg(n order by n.created_at desc, n.id desc)
      from (
        select id, user_id, title, type, category, is_unread, created_at, avatar_url, event, params, link
        from public.notifications
        where user_id = (select auth.uid())
        order by created_at desc, id desc
        limit least(greatest(coalesce(bell_limit, 20), 0), 100)
      ) n
    ), '[]'::json),
    'counts', (select row_to_json(c) from public.notification_counts() c),
    'contacts', coalesce((
      select json_agg(json_build_object(
        'id', c.id, 'name', c.name, 'avatar_url', c.avatar_url, 'last_activity', c.last_activity
      ) order by c.position)
      from public.list_contacts(contacts_limit) with ordinality as c(id, name, avatar_url, last_activity, position)
    ), '[]'::json)
  )
$$;
