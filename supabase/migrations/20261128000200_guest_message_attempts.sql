-- Guest messages: each attempt to send is recorded before it starts (issue 27).
--
-- A sender that dies between the provider's acceptance and `finish_guest_message` (kill -9, a
-- crashed function) leaves the message unsent in the outbox; once its lease runs out, the next run
-- sends it again. With the HTTP provider the message id is the Idempotency-Key, so the provider
-- answers the repeat with the first message and delivers nothing new; with SMTP nothing can tell a
-- server the two apart, so the guest may get that one message twice. `sending_since` says which
-- messages were caught in that state: set just before the send, cleared when the outcome is recorded.
-- A claimed message whose `sending_since` is still set had an attempt cut off, and the sender says so.
alter table private.guest_messages add column sending_since timestamptz;
comment on column private.guest_messages.sending_since is
  'When the attempt under way began; still set on a message whose sender stopped before recording the outcome.';

-- Called by the sender right before it hands a claimed message to the mail provider. Answers
-- whether to send it at all (not when it is gone or already sent: a sender whose lease ran out
-- while another sent it) and when an earlier attempt was cut off, if one was.
create function public.begin_guest_message(message_id uuid)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  earlier timestamptz;
  done boolean;
begin
  select m.sending_since, m.sent_at is not null
    into earlier, done
    from private.guest_messages m
   where m.id = message_id
     for update;
  if not found or done then
    return jsonb_build_object('send', false, 'interrupted_at', null);
  end if;
  update private.guest_messages set sending_since = now() where id = message_id;
  return jsonb_build_object('send', true, 'interrupted_at', earlier);
end
$$;
comment on function public.begin_guest_message(uuid) is
  'Service role only: records that a claimed guest message is about to be sent; says whether to send it.';

-- As before (migration 20261127000100), and the attempt under way ends with its outcome.
create or replace function public.finish_guest_message(message_id uuid, error text default null)
  returns void
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
begin
  if error is null then
    update private.guest_messages set sent_at = now(), last_error = null, sending_since = null where id = message_id;
  else
    update private.guest_messages
       set last_error = left(error, 1000),
           sending_since = null,
           next_attempt_at = now() + least(interval '1 hour', interval '1 minute' * power(2, greatest(attempts - 1, 0)))
     where id = message_id;
  end if;
end
$$;

revoke all on function public.begin_guest_message(uuid) from public, anon, authenticated;
grant execute on function public.begin_guest_message(uuid) to service_role;
