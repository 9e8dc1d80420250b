-- Admin invites grant the role only to a proven mailbox.
--
-- Until now a new auth user whose e-mail had an invite became an admin at once. Signing up proves
-- nothing about the address when the auth service confirms it by itself (local backend; a hosted
-- project with confirmations off), so whoever signed up first with an invited address, in any case,
-- took the role. Now an invite carries a secret token that is only ever sent to the invited address
-- (server function invite-admin). The role goes to the signed-in user who presents that token and
-- whose account has the invited address: `accept_admin_invite(token)`. Signing up grants nothing,
-- whatever the project's confirmation setting, and a stranger who registered the address first
-- never sees the token.

drop trigger if exists accept_admin_invite on auth.users;
drop function if exists private.accept_admin_invite();

-- The token of each invite, kept as its SHA-256 (hex) so that a copy of the table opens no invite.
-- In `private`, which the API does not expose; only the functions below touch it.
create table private.admin_invite_tokens (
  email text primary key references public.admin_invites (email) on delete cascade on update cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  sent_at timestamptz not null default now()
);
comment on table private.admin_invite_tokens is
  'The secret of each admin invite (SHA-256 of the token mailed to the invited address). No API role reads it.';
alter table private.admin_invite_tokens enable row level security;
revoke all on table private.admin_invite_tokens from public, anon, authenticated, service_role;

-- Issue (or re-issue) an invite: the server function calls this with the service role after checking
-- that its caller is an admin, then mails the token. A new token replaces the old one, so only the
-- latest link works. Invites last 7 days.
create function public.issue_admin_invite(invite_email text, invite_token_hash text)
  returns timestamptz
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_email text := lower(btrim(invite_email));
  v_expires timestamptz := now() + interval '7 days';
begin
  insert into public.admin_invites (email) values (v_email) on conflict (email) do nothing;
  insert into private.admin_invite_tokens (email, token_hash, expires_at)
  values (v_email, invite_token_hash, v_expires)
  on conflict (email) do update
    set token_hash = excluded.token_hash, expires_at = excluded.expires_at, sent_at = now();
  return v_expires;
end
$$;
comment on function public.issue_admin_invite(text, text) is
  'Creates or renews the admin invite of an address with the hash of a token mailed to it. Service role only.';
revoke all on function public.issue_admin_invite(text, text) from public, anon, authenticated;
grant execute on function public.issue_admin_invite(text, text) to service_role;

-- Accept an invite: the caller must be signed in with the invited address and present its token.
create function public.accept_admin_invite(invite_token text)
  returns void
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_invited text;
  v_email text;
begin
  if v_user is null then
    raise exception using errcode = '42501', message = 'Sign in to accept the invite';
  end if;
  select t.email into v_invited
    from private.admin_invite_tokens t
   where t.token_hash = encode(sha256(convert_to(coalesce(invite_token, ''), 'UTF8')), 'hex')
     and t.expires_at > now();
  if v_invited is null then
    raise exception using errcode = 'P0001',
      message = 'This invite link is invalid or has expired. Ask an admin to send a new one.';
  end if;
  select lower(btrim(u.email)) into v_email from auth.users u where u.id = v_user;
  if v_email is distinct from v_invited then
    raise exception using errcode = 'P0001',
      message = 'This invite was sent to another e-mail address. Sign in with that address to accept it.';
  end if;
  insert into public.user_roles (user_id, role) values (v_user, 'admin') on conflict (user_id, role) do nothing;
  delete from public.admin_invites where email = v_invited;
end
$$;
comment on function public.accept_admin_invite(text) is
  'Makes the caller an admin when the token is that of an unexpired invite of the caller''s own e-mail address.';
revoke all on function public.accept_admin_invite(text) from public, anon, service_role;
grant execute on function public.accept_admin_invite(text) to authenticated;
