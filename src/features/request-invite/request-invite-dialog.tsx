/**
 * The 'Request an Invite' dialog (issue 15): the form, checked with the schema the request-invite
 * function checks with, and what became of the request. A request the server cannot take yet waits
 * in the outbox (src/data/invite-requests.ts) and the dialog says so; it says 'Request sent' once the
 * server has it, even when that happens while the dialog waits, offline. Corrections the server asks
 * for show at their fields; a request the server limits or refuses is explained above the buttons.
 * Loaded on demand (./request-invite-host.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  INVITE_REQUEST_LIMITS,
  inviteRequestFieldsSchema,
  type InviteRequestFields,
} from '../../../supabase/functions/_shared/portable/invite-request.ts';
import {
  holdInviteRequest,
  requestInvite,
  sentAgainText,
  useInviteRequest,
  type InviteRequestEvent,
  type InviteRequestOutcome,
} from '../../data/invite-requests.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Field, Input, Textarea } from '../../ui/field.tsx';

type FormValues = z.input<typeof inviteRequestFieldsSchema>;

const BLANK: FormValues = {
  name: '',
  email: '',
  company: '',
  job_title: '',
  linkedin_url: '',
  reason: '',
  consent: false,
  website: '',
};

const FIELD_NAMES = Object.keys(BLANK) as (keyof FormValues)[];
const isFieldName = (name: string): name is keyof FormValues => (FIELD_NAMES as string[]).includes(name);

export interface RequestInviteDialogProps {
  event: InviteRequestEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from the owner's link to a request already made: what is sent replaces its details. */
  updateToken?: string;
}

export function RequestInviteDialog({ event, open, onOpenChange, updateToken }: RequestInviteDialogProps) {
  const { queued, settled, settledFields } = useInviteRequest(event.id, open);
  // A request that waits in the outbox is shown waiting; otherwise (or to edit it) the form.
  const [editing, setEditing] = useState(() => !queued || queued.problems !== null);
  const waiting = queued !== null && queued.problems === null;
  const view = editing ? 'form' : settled?.kind === 'sent' ? 'sent' : waiting ? 'waiting' : 'form';

  // A waiting request is not sent while the visitor corrects it (closing the form lets it go as it was).
  const correcting = view === 'form' && waiting;
  useEffect(() => {
    if (!correcting) return undefined;
    holdInviteRequest(event.id, true);
    return () => holdInviteRequest(event.id, false);
  }, [correcting, event.id]);

  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view !== 'form') status.current?.focus();
  }, [view]);

  const submit = async (fields: InviteRequestFields) => {
    const outcome = await requestInvite(event, fields, updateToken ?? queued?.updateToken);
    if (outcome.kind === 'sent' || outcome.kind === 'queued') setEditing(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={updateToken ? 'Change your request' : 'Request an Invite'}
      description={
        updateToken
          ? `Send your details again, with the e-mail address of your request: they replace what we have for ${event.title}.`
          : `${event.title} is invite-only. Tell us who you are, and we will reply by e-mail.`
      }
    >
      <div ref={status} tabIndex={-1} role="status" className="outline-none">
        {view === 'waiting' ? <WaitingNotice settled={settled} /> : null}
        {view === 'sent' ? (
          <div className="rounded-md border border-emerald-300 bg-emerald-50 p-4">
            <p className="font-semibold text-emerald-900">Request sent</p>
            <p className="mt-1 text-sm text-emerald-900">
              Thank you. We have your request for {event.title} and will reply by e-mail.
            </p>
          </div>
        ) : null}
      </div>
      {view === 'form' ? (
        <RequestForm
          defaults={queued?.fields ?? settledFields ?? BLANK}
          problems={queued?.problems?.fields ?? null}
          alert={alertOf(queued?.problems?.error ?? null, settled)}
          onSubmit={submit}
        />
      ) : (
        <div className="mt-4 flex justify-end gap-2">
          {view === 'waiting' ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              Edit request
            </Button>
          ) : null}
          <DialogClose>
            <Button>Done</Button>
          </DialogClose>
        </div>
      )}
    </Dialog>
  );
}

/** What the visitor is told above the form's buttons: why the server did not take the request. */
function alertOf(problem: string | null, settled: InviteRequestOutcome | null): string | null {
  if (problem) return problem;
  if (settled?.kind === 'refused' || settled?.kind === 'limited') return settled.error;
  return null;
}

function WaitingNotice({ settled }: { settled: InviteRequestOutcome | null }) {
  const serverBusy = settled?.kind === 'queued' && settled.reason === 'server';
  // A waiting request the server limited (sent again in the background) waits for the limit, not a connection.
  const limited = settled?.kind === 'limited' ? sentAgainText(settled.retryAfterMs) : null;
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">
        {limited
          ? 'Your request will be sent later'
          : serverBusy
            ? 'Your request will be sent shortly'
            : 'Your request will be sent when you are back online'}
      </p>
      <p className="mt-1 text-sm">
        {limited ? `${limited} ` : serverBusy ? 'Our server could not take it just now. ' : ''}
        It is kept on this device, so you may close this window: it goes out by itself while a page of this site is
        open, or the next time you open one.
      </p>
    </div>
  );
}

interface RequestFormProps {
  defaults: FormValues;
  /** The server's messages per field, for a request it asked to correct. */
  problems: Record<string, string> | null;
  alert: string | null;
  onSubmit: (fields: InviteRequestFields) => Promise<void>;
}

function RequestForm({ defaults, problems, alert, onSubmit }: RequestFormProps) {
  const consentId = useId();
  const honeypotId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, InviteRequestFields>({
    resolver: zodResolver(inviteRequestFieldsSchema),
    defaultValues: { ...BLANK, ...defaults },
  });

  // The server's corrections show where the form's own would.
  useEffect(() => {
    if (!problems) return;
    let first = true;
    for (const [name, message] of Object.entries(problems)) {
      if (!isFieldName(name)) continue;
      setError(name, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  }, [problems, setError]);
  const otherProblems = Object.entries(problems ?? {}).flatMap(([name, message]) =>
    isFieldName(name) ? [] : [message],
  );

  // Registered here, in the form's order: the first field in error gets focus, and the Field
  // components render their controls after this one has rendered.
  const field = {
    name: register('name'),
    email: register('email'),
    company: register('company'),
    job_title: register('job_title'),
    linkedin_url: register('linkedin_url'),
    reason: register('reason'),
    consent: register('consent'),
    website: register('website'),
  };
  const consentError = errors.consent?.message;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="relative space-y-4">
      <Field label="Name" error={errors.name?.message}>
        {(ids) => (
          <Input {...ids} autoComplete="name" required maxLength={INVITE_REQUEST_LIMITS.name} {...field.name} />
        )}
      </Field>
      <Field label="Work e-mail" error={errors.email?.message}>
        {(ids) => (
          <Input
            {...ids}
            type="email"
            autoComplete="email"
            required
            maxLength={INVITE_REQUEST_LIMITS.email}
            {...field.email}
          />
        )}
      </Field>
      <Field label="Company" error={errors.company?.message}>
        {(ids) => (
          <Input
            {...ids}
            autoComplete="organization"
            required
            maxLength={INVITE_REQUEST_LIMITS.company}
            {...field.company}
          />
        )}
      </Field>
      <Field label="Job title" error={errors.job_title?.message}>
        {(ids) => (
          <Input
            {...ids}
            autoComplete="organization-title"
            required
            maxLength={INVITE_REQUEST_LIMITS.jobTitle}
            {...field.job_title}
          />
        )}
      </Field>
      <Field label="LinkedIn URL (optional)" error={errors.linkedin_url?.message}>
        {(ids) => (
          <Input
            {...ids}
            type="url"
            inputMode="url"
            placeholder="https://www.linkedin.com/in/…"
            maxLength={INVITE_REQUEST_LIMITS.linkedinUrl}
            {...field.linkedin_url}
          />
        )}
      </Field>
      <Field
        label="Why you (optional)"
        hint={`What would you bring to the room? Up to ${INVITE_REQUEST_LIMITS.reason} characters.`}
        error={errors.reason?.message}
      >
        {(ids) => <Textarea {...ids} maxLength={INVITE_REQUEST_LIMITS.reason} {...field.reason} />}
      </Field>
      <div className="space-y-1">
        <div className="flex items-start gap-3">
          <input
            id={consentId}
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${consentId}-error` : undefined}
            {...field.consent}
          />
          <label htmlFor={consentId} className="text-sm text-ink">
            I agree that CDO Vision may contact me about this event.
          </label>
        </div>
        {consentError ? (
          <p id={`${consentId}-error`} role="alert" className="text-sm text-red-700">
            {consentError}
          </p>
        ) : null}
      </div>
      {/* The honeypot: out of sight and out of the accessibility tree; only a robot fills it in. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={honeypotId}>Website</label>
        <input id={honeypotId} type="text" tabIndex={-1} autoComplete="off" {...field.website} />
      </div>
      {alert || otherProblems.length > 0 ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {[alert, ...otherProblems].filter(Boolean).join(' ')}
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        <DialogClose>
          <Button variant="outline" disabled={isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Request'}
        </Button>
      </div>
    </form>
  );
}
