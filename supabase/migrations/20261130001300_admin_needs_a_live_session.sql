-- An admin's access token stayed an admin's after their session ended (found by review,
-- 2026-11-30). The data API and realtime check a token's signature and expiry only, so when another
-- admin changed a leaked password (which ends every session of the account), the intruder's access
-- token kept every admin right until it expired, up to an hour: long enough to grant the role to an
-- account of their own. A sign-out on a shared device left the same hour to a copied token.
--
-- The admin check now also needs the session the token names (its `session_id` claim, which the
-- auth service puts in every access token it issues) to exist still, for that user. Ending a session
-- (sign-out, a password change, a deleted user) ends its admin rights at once. A token with no
-- session is no admin's.

create or replace function private.is_admin()
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1
      from public.user_roles ur
      join auth.sessions s on s.user_id = ur.user_id
     where ur.user_id = (select auth.uid())
       and ur.role = 'admin'
       and s.id = (select nullif(auth.jwt() ->> 'session_id', '')::uuid)
  )
$$;
comment on function private.is_admin() is
  'True when the JWT subject has an admin row in user_roles and the session the JWT names still exists. Used by row-level security policies.';
