-- Taking consent back left an earlier testimonial of the same quote readable (found by review,
-- 2026-11-30). An admin who deleted a testimonial made from a guest's quote could publish the
-- quote again: 'Publish as testimonial' made a second one and pointed the answer at it. Taking the
-- consent back then withdrew only the second: the first one's tombstone, which anyone reads, kept
-- the words, the name, the job title, the company and the photo, and as it was never marked
-- withdrawn, an admin (or an older edit re-applied by a replica) could bring it back live.
--
-- The server now remembers every testimonial made from an answer, and a consent taken back (or a
-- quote taken out) withdraws all of them: marked withdrawn, so nobody brings them back, and their
-- tombstones blanked, as submit_feedback does for the latest one.

create table private.feedback_testimonials (
  testimonial_id uuid primary key,
  response_id uuid not null
);
create index feedback_testimonials_response_idx on private.feedback_testimonials (response_id);
revoke all on table private.feedback_testimonials from public, anon, authenticated, service_role;
comment on table private.feedback_testimonials is
  'Every testimonial made from a feedback answer''s quote, so that a consent taken back withdraws them all.';

insert into private.feedback_testimonials (testimonial_id, response_id)
select fr.testimonial_id, fr.id from public.feedback_responses fr where fr.testimonial_id is not null
on conflict do nothing;

create function private.withdraw_every_testimonial_of_a_quote()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.testimonial_id is not null then
    insert into private.feedback_testimonials (testimonial_id, response_id)
    values (new.testimonial_id, new.id)
    on conflict do nothing;
  end if;
  if tg_op = 'UPDATE' and not (new.quote_consent and nullif(btrim(new.quote), '') is not null) then
    insert into private.withdrawn_testimonials (id)
    select ft.testimonial_id from private.feedback_testimonials ft where ft.response_id = new.id
    on conflict do nothing;
    update public.testimonials t
       set _deleted = true, quote = 'Withdrawn', name = 'Withdrawn', job_title = null, company = null,
           photo_url = null
     where t.id in (select ft.testimonial_id from private.feedback_testimonials ft where ft.response_id = new.id)
       and (not t._deleted or t.quote <> 'Withdrawn' or t.name <> 'Withdrawn' or t.job_title is not null
            or t.company is not null or t.photo_url is not null);
  end if;
  return null;
end
$$;
revoke all on function private.withdraw_every_testimonial_of_a_quote() from public;
comment on function private.withdraw_every_testimonial_of_a_quote() is
  'Remembers the testimonials made from a feedback answer, and withdraws them all when its consent goes.';

create trigger withdraw_every_testimonial_of_a_quote
  after insert or update on public.feedback_responses
  for each row execute function private.withdraw_every_testimonial_of_a_quote();
