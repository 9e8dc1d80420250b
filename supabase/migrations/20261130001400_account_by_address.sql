-- The admin functions found the account of an address through the auth admin API's `filter`, a
-- substring match over addresses and names, 100 a page and at most 50 pages (found by review,
-- 2026-11-30): anyone could sign up 5,000 accounts whose address or name contains an invited
-- address, and the lookup then missed the real account. claim-admin-invite then tried to create the
-- account, was told the address was taken, and the invited person was locked out again; create-admin
-- and invite-admin misjudged the address the same way. This asks the database itself, exactly.

create function public.account_id_by_email(account_email text)
  returns uuid
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select u.id
    from auth.users u
   where lower(u.email) = lower(btrim(account_email))
   order by u.created_at, u.id
   limit 1
$$;
comment on function public.account_id_by_email(text) is
  'The id of the account with this e-mail address (compared without case), or null. Service role only.';
revoke all on function public.account_id_by_email(text) from public, anon, authenticated;
grant execute on function public.account_id_by_email(text) to service_role;
