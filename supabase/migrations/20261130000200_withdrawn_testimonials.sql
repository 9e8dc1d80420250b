-- A testimonial made from a guest's quote, once the guest takes their consent back (found by
-- review, 2026-11-30):
--
-- 1. Its tombstone kept the quote, the name, the job title, the company and the photo, and
--    testimonials' tombstones are readable by anyone (replicas learn of deletes through them): the
--    withdrawn words stayed one API call away, and realtime sent them to every visitor online. The
--    tombstone now keeps none of them.
-- 2. An admin could bring it back: re-applying an edit that lost against the withdrawal (a reorder
--    made offline, say) re-creates the row as live, and row security lets an admin write it. The
--    server now remembers a withdrawn testimonial and refuses to bring it back, whoever asks; the
--    guest's consent, given again, makes a new one through 'Publish as testimonial'.

create table private.withdrawn_testimonials (
  id uuid primary key,
  withdrawn_at timestamptz not null default now()
);
revoke all on table private.withdrawn_testimonials from public, anon, authenticated, service_role;

create function private.keep_withdrawn_testimonials_down()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if old._deleted and not new._deleted
     and exists (select 1 from private.withdrawn_testimonials w where w.id = old.id) then
    raise exception using
      errcode = '42501',
      message = 'This testimonial was withdrawn by its author and cannot be brought back';
  end if;
  return new;
end
$$;
revoke all on function private.keep_withdrawn_testimonials_down() from public;

create trigger keep_withdrawn_testimonials_down before update on public.testimonials
  for each row execute function private.keep_withdrawn_testimonials_down();

create or replace function public.submit_feedback(token text, answer jsonb)
  returns text
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_request private.feedback_requests;
  v_open boolean;
  v_session uuid := nullif(answer ->> 'valuable_session_id', '')::uuid;
  v_consent boolean := coalesce((answer ->> 'quote_consent')::boolean, false);
  v_withdrawn uuid;
begin
  select * into v_request from private.feedback_requests f where f.token = submit_feedback.token;
  if not found then
    return 'no_token';
  end if;
  select not e._deleted and now() < e.end_date + interval '30 days' into v_open
    from public.events e where e.id = v_request.event_id;
  if not coalesce(v_open, false) then
    return 'closed';
  end if;
  if v_session is not null and not exists (
    select 1 from public.sessions s where s.id = v_session and s.event_id = v_request.event_id and not s._deleted
  ) then
    v_session := null;
  end if;
  select fr.testimonial_id into v_withdrawn
    from public.feedback_responses fr
   where fr.event_id = v_request.event_id and fr.attendee_id = v_request.attendee_id
     for update;

  insert into public.feedback_responses as fr
    (event_id, attendee_id, rating, valuable_session_id, do_differently, quote, quote_consent)
  values (
    v_request.event_id,
    v_request.attendee_id,
    (answer ->> 'rating')::integer,
    v_session,
    nullif(btrim(answer ->> 'do_differently'), ''),
    nullif(btrim(answer ->> 'quote'), ''),
    v_consent
  )
  on conflict (event_id, attendee_id) do update
     set rating = excluded.rating,
         valuable_session_id = excluded.valuable_session_id,
         do_differently = excluded.do_differently,
         quote = excluded.quote,
         quote_consent = excluded.quote_consent,
         testimonial_id = case when excluded.quote_consent and excluded.quote is not null then fr.testimonial_id end,
         updated_at = now();

  -- A consent taken back (or a quote removed) takes the published testimonial down with it, as an
  -- admin's delete would: a tombstone, so every replica that holds the testimonial drops it too;
  -- one that keeps neither the words nor who said them, and that nobody can bring back.
  if not (v_consent and nullif(btrim(answer ->> 'quote'), '') is not null) and v_withdrawn is not null then
    insert into private.withdrawn_testimonials (id) values (v_withdrawn) on conflict do nothing;
    update public.testimonials t
       set _deleted = true, quote = 'Withdrawn', name = 'Withdrawn', job_title = null, company = null,
           photo_url = null
     where t.id = v_withdrawn;
  end if;
  return 'ok';
end
$$;

