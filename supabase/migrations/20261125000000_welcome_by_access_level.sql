-- The first sign-in's welcome spoke to clients only ("Describe your legal problem…"), so lawyers,
-- firm admins and admins were told to do what they do not do here. It now says what the person's
-- access level does first: a client describes a problem, a lawyer browses the open cases, a firm
-- admin follows the firm's pipeline, an admin or super user looks after the platform.
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
  perform public.create_notification(
    new.id,
    'account',
    case
      when level = 'lawyer' then
        'Welcome to <b>MyLawyer</b>! Browse the open cases and propose to take on the ones that fit your practice.'
      when level = 'lawyer_admin' then
        'Welcome to <b>MyLawyer</b>! Follow your firm''s cases in the pipeline and the proposals your lawyers send.'
      when level in ('admin', 'super_user') then
        'Welcome to <b>MyLawyer</b>! You can see every case, proposal and account of the platform.'
      else
        'Welcome to <b>MyLawyer</b>! Describe your legal problem and lawyers will propose to take it on.'
    end
  );
  return null;
end
$$;

revoke all on function public.handle_auth_user_first_sign_in() from public, anon, authenticated;
