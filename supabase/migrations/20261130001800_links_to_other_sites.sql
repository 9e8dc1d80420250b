-- A LinkedIn profile and a sponsor's website are links to other sites, and the forms take only
-- those; the table API took a path on this site too ('/sponsors' as a website, found by review,
-- 2026-11-30), which the sponsor card, the event's Partner section and the attendee's profile then
-- showed as a link into this site. private.is_safe_url takes such paths on purpose, for images and
-- for an event's request-invite link; these columns now take absolute http(s) URLs only.

create function private.is_web_url(url text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select url is null
      or url = ''
      or (char_length(url) <= 2048 and url ~* '^https?://[^[:space:]/\\?#]+[^[:space:]\\]*$')
$$;
revoke all on function private.is_web_url(text) from public;
grant execute on function private.is_web_url(text) to authenticated, service_role;

-- A path kept before this change is no link to anyone's profile or website: it is taken out.
update public.attendees set linkedin_url = null where not private.is_web_url(linkedin_url);
update public.sponsors_library set website = null where not private.is_web_url(website);
update public.invite_requests set linkedin_url = null where not private.is_web_url(linkedin_url);

alter table public.attendees drop constraint attendees_linkedin_url_check;
alter table public.attendees add constraint attendees_linkedin_url_check check (private.is_web_url(linkedin_url));
alter table public.sponsors_library drop constraint sponsors_library_website_check;
alter table public.sponsors_library add constraint sponsors_library_website_check check (private.is_web_url(website));
alter table public.invite_requests drop constraint invite_requests_linkedin_url_check;
alter table public.invite_requests add constraint invite_requests_linkedin_url_check
  check (private.is_web_url(linkedin_url));
