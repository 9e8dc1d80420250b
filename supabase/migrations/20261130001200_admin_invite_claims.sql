-- A stranger who signed up first with an address invited as an admin blocked the invite (found by
-- review, 2026-11-30): the invited person could neither sign in (the stranger chose the password)
-- nor sign up (the address was taken), and the product has no password reset. The mailed token
-- proves the mailbox, so it may also set up the account: the server function claim-admin-invite
-- replaces whatever account holds the address with one whose password the invited person chooses,
-- and grants it the role. This function tells that function which address a token was sent to.

create function public.admin_invite_email(invite_token text)
  returns text
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select t.email
    from private.admin_invite_tokens t
   where t.token_hash = encode(sha256(convert_to(coalesce(invite_token, ''), 'UTF8')), 'hex')
     and t.expires_at > now()
$$;
comment on function public.admin_invite_email(text) is
  'The address of the unexpired admin invite whose mailed token this is, or null. Service role only.';
revoke all on function public.admin_invite_email(text) from public, anon, authenticated;
grant execute on function public.admin_invite_email(text) to service_role;
