-- A feedback link mailed to a record that was later merged into another (found by review,
-- 2026-11-30) read and wrote the answer of the removed record, while the merge had moved the answer
-- to the kept one: the form showed no answer, and taking consent back through it stored a second
-- answer instead of withdrawing the published testimonial. The link now reads and writes the answer
-- of the record the guest lives on now (private.merged_into), as every other row of theirs does.

create or replace function public.feedback_form(token text)
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select jsonb_build_object(
           'event', jsonb_build_object(
             'id', e.id, 'slug', e.slug, 'title', e.title, 'start_date', e.start_date,
             'end_date', e.end_date, 'time_zone', e.time_zone),
           'guest', jsonb_build_object('name', a.name),
           'closes_at', e.end_date + interval '30 days',
           'open', not e._deleted and now() < e.end_date + interval '30 days',
           'sessions', coalesce((
             select jsonb_agg(jsonb_build_object('id', s.id, 'title', s.title, 'start_time', s.start_time)
                              order by s.start_time, s.title)
               from public.sessions s
              where s.event_id = e.id and not s._deleted), '[]'::jsonb),
           'answer', (
             select jsonb_build_object(
                      'rating', fr.rating, 'valuable_session_id', fr.valuable_session_id,
                      'do_differently', fr.do_differently, 'quote', fr.quote,
                      'quote_consent', fr.quote_consent, 'updated_at', fr.updated_at)
               from public.feedback_responses fr
              where fr.event_id = f.event_id and fr.attendee_id = private.merged_into(f.attendee_id)))
    from private.feedback_requests f
    join public.events e on e.id = f.event_id
    join public.attendees a on a.id = private.merged_into(f.attendee_id)
   where f.token = feedback_form.token
$$;

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
  -- The guest's record now, should it have been merged into another since the link went out.
  v_request.attendee_id := private.merged_into(v_request.attendee_id);
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
