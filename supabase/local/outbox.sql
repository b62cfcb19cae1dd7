-- Local only: sends the e-mails the product queues in public.email_outbox (created by
-- supabase/migrations) to the local mailbox. On a hosted project an edge function or a scheduled
-- job drains the outbox instead. Runs at every start after the migrations and before the seed, so
-- the table exists; idempotent.
--
-- A row is delivered as it is inserted (a BEFORE INSERT trigger sets its sent_at), in the
-- inserting transaction: what rolls back sends nothing. Rows still unsent at start (queued while
-- no trigger existed) are delivered then.

-- The href targets of a message, in order, without duplicates (as mailbox.ts linksOf).
create or replace function supabase_local.links_of(html text) returns jsonb
language sql immutable set search_path = ''
as $$
  select coalesce(jsonb_agg(link order by first_seen), '[]'::jsonb)
  from (
    select replace(replace(captured[1], '&amp;', '&'), '&#38;', '&') as link, min(ordinal) as first_seen
    from regexp_matches(coalesce(html, ''), 'href="([^"]+)"', 'g') with ordinality as found(captured, ordinal)
    group by 1
  ) links
$$;

-- Puts one e-mail in the mailbox; a text-only e-mail is shown as preformatted, escaped text.
create or replace function supabase_local.deliver_to_mailbox(
  recipient text,
  subject text,
  text_body text,
  html_body text
) returns void
language sql set search_path = ''
as $$
  insert into supabase_local.mailbox (recipient, subject, text_body, html_body, links)
  values (
    recipient,
    subject,
    text_body,
    coalesce(
      html_body,
      '<p style="white-space: pre-wrap">'
        || replace(replace(replace(replace(text_body, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')
        || '</p>'
    ),
    supabase_local.links_of(html_body)
  )
$$;

create or replace function supabase_local.send_outbox_email() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.sent_at is null then
    perform supabase_local.deliver_to_mailbox(new.recipient, new.subject, new.text_body, new.html_body);
    new.sent_at := clock_timestamp();
  end if;
  return new;
end
$$;

do $$
begin
  if to_regclass('public.email_outbox') is null then
    return;
  end if;
  if not exists (
    select from pg_catalog.pg_trigger
    where tgrelid = 'public.email_outbox'::regclass and tgname = 'supabase_local_send_email'
  ) then
    create trigger supabase_local_send_email
      before insert on public.email_outbox
      for each row execute function supabase_local.send_outbox_email();
  end if;
  perform supabase_local.deliver_to_mailbox(sent.recipient, sent.subject, sent.text_body, sent.html_body)
  from (
    select recipient, subject, text_body, html_body, created_at, id
    from public.email_outbox
    where sent_at is null
    order by created_at, id
  ) sent;
  update public.email_outbox set sent_at = clock_timestamp() where sent_at is null;
end
$$;
