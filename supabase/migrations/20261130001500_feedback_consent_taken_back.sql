-- A guest's consent to publish their quote, taken back (found by review, 2026-11-30):
--
-- 1. Once feedback had closed (30 days after the end), the link refused every answer, the consent
--    taken back with the rest, while publishing a consented quote has no deadline: a guest could no
--    longer withdraw a testimonial, published or still to be, and a withdrawal given offline on day
--    29 and sent on day 31 was refused and dropped. Issue 31 and decision 023 put no time limit on
--    taking the consent back. Closed, the link now still takes an answer that takes the consent back
--    (or the quote out): the consent goes, with any testimonial made from the quote, and nothing
--    else of the answer changes ('withdrawn'); any other change is still 'closed'.
-- 2. An answer carried no version, so an older one waiting in another device's outbox replaced the
--    answer that had taken the consent back, and gave it back. An answer now names the version
--    (`updated_at`) of the answer it was made from, `based_on` (null: none, or not known, as from an
--    outbox filled by an older app); one that gives consent over an answer without it, and made from
--    an older version, is refused ('conflict'), so a consent is only ever given again by someone
--    who saw it taken back. Taking consent back is never refused, whatever it was made from.
--
-- The result becomes jsonb, to hand back the form as this call left it (in its transaction, so the
-- version is this answer's and nobody else's): the next answer from the same device is made from it.

drop function public.submit_feedback(text, jsonb);

create function public.submit_feedback(token text, answer jsonb, based_on timestamptz default null)
  returns jsonb
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
  v_quote text := nullif(btrim(answer ->> 'quote'), '');
  v_stored public.feedback_responses;
  v_withdrawn uuid;
begin
  select * into v_request from private.feedback_requests f where f.token = submit_feedback.token;
  if not found then
    return jsonb_build_object('result', 'no_token');
  end if;
  -- The guest's record now, should it have been merged into another since the link went out.
  v_request.attendee_id := private.merged_into(v_request.attendee_id);
  select not e._deleted and now() < e.end_date + interval '30 days' into v_open
    from public.events e where e.id = v_request.event_id;
  select * into v_stored
    from public.feedback_responses fr
   where fr.event_id = v_request.event_id and fr.attendee_id = v_request.attendee_id
     for update;
  v_withdrawn := v_stored.testimonial_id;

  if not coalesce(v_open, false) then
    -- Closed: an answer that no longer consents takes the consent back, and only that.
    if v_stored.id is null or not v_stored.quote_consent or (v_consent and v_quote is not null) then
      return jsonb_build_object('result', 'closed', 'form', public.feedback_form(submit_feedback.token));
    end if;
    update public.feedback_responses fr
       set quote_consent = false, testimonial_id = null, updated_at = now()
     where fr.id = v_stored.id;
  else
    if v_consent and v_quote is not null and v_stored.id is not null
       and not (v_stored.quote_consent and v_stored.quote is not null)
       and (submit_feedback.based_on is null or v_stored.updated_at > submit_feedback.based_on) then
      return jsonb_build_object('result', 'conflict', 'form', public.feedback_form(submit_feedback.token));
    end if;
    if v_session is not null and not exists (
      select 1 from public.sessions s where s.id = v_session and s.event_id = v_request.event_id and not s._deleted
    ) then
      v_session := null;
    end if;

    insert into public.feedback_responses as fr
      (event_id, attendee_id, rating, valuable_session_id, do_differently, quote, quote_consent)
    values (
      v_request.event_id,
      v_request.attendee_id,
      (answer ->> 'rating')::integer,
      v_session,
      nullif(btrim(answer ->> 'do_differently'), ''),
      v_quote,
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
  end if;

  -- A consent taken back (or a quote removed) takes the published testimonial down with it, as an
  -- admin's delete would: a tombstone, so every replica that holds the testimonial drops it too;
  -- one that keeps neither the words nor who said them, and that nobody can bring back.
  if not (v_consent and v_quote is not null) and v_withdrawn is not null then
    insert into private.withdrawn_testimonials (id) values (v_withdrawn) on conflict do nothing;
    update public.testimonials t
       set _deleted = true, quote = 'Withdrawn', name = 'Withdrawn', job_title = null, company = null,
           photo_url = null
     where t.id = v_withdrawn;
  end if;
  return jsonb_build_object(
    'result', case when v_open then 'ok' else 'withdrawn' end,
    'form', public.feedback_form(submit_feedback.token));
end
$$;
comment on function public.submit_feedback(text, jsonb, timestamptz) is
  'Service role only (the guest-feedback function): stores or replaces the answer of a feedback link''s guest (once feedback has closed, only takes its consent back), and gives the form as it is now.';
revoke all on function public.submit_feedback(text, jsonb, timestamptz) from public, anon, authenticated;
grant execute on function public.submit_feedback(text, jsonb, timestamptz) to service_role;
