/**
 * 'Your feedback': the short form behind a checked-in guest's personal link (issue 31), made for a
 * phone: an overall rating from 1 to 5, the most valuable session (from the event's agenda), 'What
 * should we do differently?', 'A sentence we may quote', and, apart, an unticked box that lets us
 * publish the quote with the guest's name, job title, company and photo. The form starts from the
 * answer so far, so the same link changes it until feedback closes (30 days after the event); after
 * that, a guest whose quote may be published can still take that consent back, as publishing has no
 * deadline. Offline it works as the invite request form does: the answer waits on the device and
 * goes when the connection is back (src/data/guest-feedback.ts). Loaded on demand by
 * ./feedback-host.tsx.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  FEEDBACK_LIMITS,
  feedbackAnswerSchema,
  type FeedbackAnswer,
  type FeedbackForm,
} from '../../../supabase/functions/_shared/portable/feedback.ts';
import { fieldErrorsOf } from '../../../supabase/functions/_shared/portable/invite-request.ts';
import { sendFeedback, useGuestFeedback } from '../../data/guest-feedback.ts';
import { useOnline } from '../../data/use-sync-status.ts';
import { eventTimeZone, formatVenueDate, formatVenueTime } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Field, Select, Textarea } from '../../ui/field.tsx';

export interface FeedbackDialogProps {
  token: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export function FeedbackDialog({ token, open, onOpenChange }: FeedbackDialogProps) {
  const { form, queued, held, problem, unread } = useGuestFeedback(token);
  const online = useOnline();
  const [submitted, setSubmitted] = useState(false);
  const status = useRef<HTMLDivElement>(null);
  const waiting = queued !== null;
  const thanked = submitted && !waiting && problem === null;
  // An answer that waited (given offline, perhaps before a reload) is thanked for once it has gone.
  if (waiting && !submitted) setSubmitted(true);
  useEffect(() => {
    if (submitted) status.current?.focus();
  }, [submitted, waiting]);

  const title = form ? `Your feedback on ${form.event.title}` : 'Your feedback';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={form ? `Thank you for joining us, ${firstName(form.guest.name)}. It takes two minutes.` : undefined}
      className="max-w-xl"
    >
      <div ref={status} tabIndex={-1} role="status" className="outline-none">
        {waiting && (held || !online) ? (
          <div className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <p className="font-semibold">Your feedback will be sent when you are back online</p>
            <p className="mt-1 text-sm">
              It is kept on this device, so you may close this window: it goes out by itself while a page of this site
              is open, or the next time you open one.
            </p>
          </div>
        ) : null}
        {thanked && form?.open ? (
          <div className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
            <p className="font-semibold">Thank you: we have your feedback</p>
            <p className="mt-1 text-sm">{changeUntil(form)}</p>
          </div>
        ) : null}
        {thanked && form && !form.open ? (
          // Closed, the server takes nothing but the consent taken back.
          <div className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
            <p className="font-semibold">Done: we will not publish your quote</p>
            <p className="mt-1 text-sm">
              If it is on our website, we have taken it down. The rest of your answer stays as it was.
            </p>
          </div>
        ) : null}
      </div>
      {problem?.kind === 'refused' ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {problem.message}
        </p>
      ) : null}
      {!form && problem === null ? (
        <p className="text-sm text-slate-700">
          {!online
            ? 'You are offline. Connect once to open your feedback form; it then works offline too.'
            : unread
              ? 'We could not load your form; trying again...'
              : 'Loading...'}
        </p>
      ) : null}
      {form && !form.open ? (
        <p className="text-sm text-slate-700">Feedback for this event has closed. Thank you all the same.</p>
      ) : null}
      {form && !form.open && !waiting && form.answer?.quote_consent && form.answer.quote ? (
        <ConsentGiven
          answer={form.answer}
          onWithdraw={async (answer) => {
            setSubmitted(true);
            await sendFeedback(token, answer);
          }}
        />
      ) : null}
      {form?.open && !thanked ? (
        <FeedbackFields
          // Starts again from a newer answer the server gives (changed since in another browser),
          // which the copy kept on this device showed first; an answer waiting to go out stands.
          key={queued ? 'queued' : (form.answer?.updated_at ?? 'none')}
          form={form}
          initial={queued ?? form.answer}
          serverFields={problem?.kind === 'invalid' ? problem.fields : null}
          onSubmit={async (answer) => {
            setSubmitted(true);
            await sendFeedback(token, answer);
          }}
        />
      ) : null}
      {thanked ? (
        <div className="flex justify-end gap-2">
          {form?.open ? (
            <Button variant="outline" onClick={() => setSubmitted(false)}>
              Change my answer
            </Button>
          ) : null}
          <DialogClose>
            <Button>Done</Button>
          </DialogClose>
        </div>
      ) : null}
    </Dialog>
  );
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** 'You can change it with the same link until Sunday, 5 April 2026.' */
function changeUntil(form: FeedbackForm): string {
  return `You can change it with the same link until ${formatVenueDate(form.closes_at, eventTimeZone(form.event))}.`;
}

interface ConsentGivenProps {
  answer: FeedbackAnswer;
  onWithdraw: (answer: FeedbackAnswer) => Promise<void>;
}

/**
 * Once feedback has closed: the quote the guest let us publish, and a way to take that back (which
 * withdraws a testimonial made from it). The answer goes as it stands, its consent off: the server
 * changes nothing else of a closed answer.
 */
function ConsentGiven({ answer, onWithdraw }: ConsentGivenProps) {
  const [sending, setSending] = useState(false);
  const withdraw = async () => {
    setSending(true);
    try {
      await onWithdraw({
        rating: answer.rating,
        valuable_session_id: answer.valuable_session_id ?? null,
        do_differently: answer.do_differently ?? '',
        quote: answer.quote ?? '',
        quote_consent: false,
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="mt-4 space-y-3 rounded-md border border-slate-200 p-4">
      <p className="text-sm text-ink">You let us publish your quote with your name, job title, company and photo:</p>
      <blockquote className="border-l-4 border-slate-200 pl-3 text-sm italic">“{answer.quote}”</blockquote>
      <p className="text-sm text-slate-700">
        You can still take that back: we will not publish it, and will take it down if it is on our website.
      </p>
      <Button variant="outline" disabled={sending} onClick={() => void withdraw()}>
        {sending ? 'Sending...' : 'Take back my consent'}
      </Button>
    </div>
  );
}

interface FeedbackFieldsProps {
  form: FeedbackForm;
  initial: FeedbackAnswer | null;
  serverFields: Record<string, string> | null;
  onSubmit: (answer: FeedbackAnswer) => Promise<void>;
}

function FeedbackFields({ form, initial, serverFields, onSubmit }: FeedbackFieldsProps) {
  const ids = useId();
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [session, setSession] = useState(initial?.valuable_session_id ?? '');
  const [differently, setDifferently] = useState(initial?.do_differently ?? '');
  const [quote, setQuote] = useState(initial?.quote ?? '');
  const [consent, setConsent] = useState(initial?.quote_consent ?? false);
  const [errors, setErrors] = useState<Record<string, string>>(serverFields ?? {});
  const [sending, setSending] = useState(false);
  const zone = eventTimeZone(form.event);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = feedbackAnswerSchema.safeParse({
      rating: rating ?? undefined,
      valuable_session_id: session || null,
      do_differently: differently,
      quote,
      quote_consent: consent,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await onSubmit(parsed.data);
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <fieldset
        aria-describedby={errors.rating ? `${ids}-rating-error` : undefined}
        aria-invalid={errors.rating ? true : undefined}
      >
        <legend className="text-sm font-medium text-ink">Overall, how was the event?</legend>
        <div className="mt-2 grid grid-cols-5 gap-1.5">
          {RATING_WORDS.map((word, index) => {
            const value = index + 1;
            const id = `${ids}-rating-${value}`;
            return (
              <label
                key={value}
                htmlFor={id}
                className="flex min-h-14 cursor-pointer flex-col items-center justify-center rounded-md border border-slate-300 px-1 py-2 text-center has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand has-[:focus-visible]:ring-offset-2"
              >
                <input
                  id={id}
                  type="radio"
                  name={`${ids}-rating`}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  className="sr-only"
                />
                <span className="text-lg font-semibold">{value}</span>
                <span className="text-[11px] leading-tight">{word}</span>
              </label>
            );
          })}
        </div>
        {errors.rating ? (
          <p id={`${ids}-rating-error`} role="alert" className="mt-1 text-sm text-red-700">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <Field label="The most valuable session" error={errors.valuable_session_id}>
        {(fieldIds) => (
          <Select {...fieldIds} value={session} onChange={(event) => setSession(event.target.value)}>
            <option value="">None in particular</option>
            {form.sessions.map((item) => (
              <option key={item.id} value={item.id}>
                {formatVenueTime(item.start_time, zone)} · {item.title}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="What should we do differently?" error={errors.do_differently}>
        {(fieldIds) => (
          <Textarea
            {...fieldIds}
            rows={3}
            maxLength={FEEDBACK_LIMITS.doDifferently}
            value={differently}
            onChange={(event) => setDifferently(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="A sentence we may quote"
        hint="Optional. What would you tell a peer about this evening?"
        error={errors.quote}
      >
        {(fieldIds) => (
          <Textarea
            {...fieldIds}
            rows={2}
            maxLength={FEEDBACK_LIMITS.quote}
            value={quote}
            onChange={(event) => setQuote(event.target.value)}
          />
        )}
      </Field>
      <div className="flex items-start gap-3">
        <input
          id={`${ids}-consent`}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
        />
        <label htmlFor={`${ids}-consent`} className="text-sm text-ink">
          CDO Vision may publish my quote on its website with my name, job title, company and photo.
        </label>
      </div>
      {serverFields && Object.keys(serverFields).length > 0 ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          Some answers need correcting.
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <DialogClose>
          <Button variant="outline" disabled={sending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending...' : form.answer ? 'Update feedback' : 'Send feedback'}
        </Button>
      </div>
    </form>
  );
}
