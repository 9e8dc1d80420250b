/**
 * An event's Feedback tab (issue 31): the overview (response rate, average rating and how the
 * ratings spread, the sessions named most valuable), the comments and quotes, a CSV export, and
 * 'Publish as testimonial' on a quote given with consent, and on no other. The answers are read
 * online and followed live (src/data/event-feedback.ts); the guests, the agenda and the testimonials
 * come from the admin's replica. A published quote becomes a testimonial like any other, edited and
 * ordered on the Testimonials page.
 */
import { Download, Quote, Star } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useAdminRows } from '../../data/admin-data.ts';
import { publishFeedbackQuote, useEventFeedback, type FeedbackResponse } from '../../data/event-feedback.ts';
import { useRoster } from '../../data/use-roster.ts';
import { eventTimeZone } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { OfflineNotice } from '../../ui/offline-notice.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { feedbackToCsv, summarise } from './feedback-summary.ts';

const byStart = (a: { start_time: string }, b: { start_time: string }) => a.start_time.localeCompare(b.start_time);

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function EventFeedbackTab({ eventId }: { eventId: string }) {
  const { state } = useEventFeedback(eventId);
  const events = useAdminRows('events');
  const attendees = useAdminRows('attendees');
  const sessions = useAdminRows('sessions', byStart);
  const testimonials = useAdminRows('testimonials');
  const { guests } = useRoster(eventId);
  const headingId = useId();
  const event = events?.find((row) => row.id === eventId);
  const agenda = useMemo(() => (sessions ?? []).filter((session) => session.event_id === eventId), [sessions, eventId]);
  const people = useMemo(() => new Map((attendees ?? []).map((attendee) => [attendee.id, attendee])), [attendees]);
  const published = useMemo(() => new Set((testimonials ?? []).map((testimonial) => testimonial.id)), [testimonials]);
  const responses = state.status === 'ready' ? state.data : state.status === 'offline' ? state.kept : null;
  const checkedIn = (guests ?? []).filter((guest) => guest.checkedInAt !== null).length;
  const summary = useMemo(() => summarise(responses ?? [], checkedIn, agenda), [responses, checkedIn, agenda]);

  const exportCsv = () => {
    if (!responses || !event) return;
    const titles = new Map(agenda.map((session) => [session.id, session.title]));
    const rows = responses.map((response) => {
      const person = people.get(response.attendee_id);
      return {
        response,
        guest: person
          ? { name: person.name, email: person.email ?? null, company: person.company, jobTitle: person.job_title }
          : null,
        sessionTitle: response.valuable_session_id ? (titles.get(response.valuable_session_id) ?? null) : null,
      };
    });
    download(`feedback-${event.slug ?? event.id}.csv`, feedbackToCsv(rows, eventTimeZone(event)));
  };

  return (
    <div className="space-y-6">
      {state.status === 'offline' ? <OfflineNotice what="Feedback" /> : null}
      {state.status === 'error' ? <p role="alert">{state.message}</p> : null}
      {responses === null && state.status !== 'error' ? (
        <p className="text-slate-600">{state.status === 'loading' ? 'Loading...' : ''}</p>
      ) : null}
      {responses ? (
        <>
          <section aria-labelledby={headingId} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 id={headingId} className="text-lg font-semibold">
                Overview
              </h4>
              <Button variant="outline" size="sm" disabled={responses.length === 0} onClick={exportCsv}>
                <Download aria-hidden="true" className="h-4 w-4" />
                Export CSV
              </Button>
            </div>
            <dl className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-lg border border-slate-200 p-4">
                <dt className="text-sm text-slate-600">Response rate</dt>
                <dd className="mt-1 font-semibold">{summary.responseRate}</dd>
              </div>
              <div className="rounded-lg border border-slate-200 p-4">
                <dt className="text-sm text-slate-600">Average rating</dt>
                <dd className="mt-1 font-semibold">
                  {summary.average ? `${summary.average} out of 5` : 'No ratings yet'}
                </dd>
              </div>
            </dl>
            <table className="w-full max-w-sm text-sm">
              <caption className="text-left text-sm text-slate-600">How the ratings spread</caption>
              <tbody>
                {summary.distribution.map(({ rating, count }) => (
                  <tr key={rating}>
                    <th scope="row" className="w-24 py-1 text-left font-medium">
                      {rating} {rating === 1 ? 'star' : 'stars'}
                    </th>
                    <td className="py-1">
                      <span
                        aria-hidden="true"
                        className="inline-block h-2 rounded bg-brand align-middle"
                        style={{
                          width: `${summary.answered ? (count / summary.answered) * 100 : 0}%`,
                          minWidth: count ? 4 : 0,
                        }}
                      />
                    </td>
                    <td className="w-10 py-1 text-right">{count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div>
              <h5 className="font-medium">Sessions named most valuable</h5>
              {summary.sessions.length === 0 ? (
                <p className="text-sm text-slate-600">None named yet</p>
              ) : (
                <ol className="mt-1 list-decimal pl-5 text-sm">
                  {summary.sessions.map((session) => (
                    <li key={session.id}>
                      {session.title}: {session.count}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </section>
          <section className="space-y-3" aria-label="Answers">
            <h4 className="text-lg font-semibold">Answers</h4>
            {responses.length === 0 ? <p className="text-slate-600">No feedback yet</p> : null}
            <ul className="space-y-3">
              {responses.map((response) => (
                <ResponseCard
                  key={response.id}
                  response={response}
                  name={people.get(response.attendee_id)?.name ?? 'A guest'}
                  published={response.testimonial_id !== null && published.has(response.testimonial_id)}
                  sessionTitle={agenda.find((session) => session.id === response.valuable_session_id)?.title ?? null}
                />
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </div>
  );
}

interface ResponseCardProps {
  response: FeedbackResponse;
  name: string;
  published: boolean;
  sessionTitle: string | null;
}

function ResponseCard({ response, name, published, sessionTitle }: ResponseCardProps) {
  const [publishing, setPublishing] = useState(false);
  const publishable = response.quote_consent && Boolean(response.quote?.trim());
  const publish = async () => {
    setPublishing(true);
    try {
      await publishFeedbackQuote(response.id);
      toast.success('Testimonial added successfully', {
        description: 'Edit and order it on the Testimonials page.',
      });
    } catch (error) {
      toastError(error);
    } finally {
      setPublishing(false);
    }
  };
  return (
    <li className="rounded-lg border border-slate-200 p-4" aria-label={`Feedback from ${name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{name}</p>
        <span role="img" className="flex items-center gap-1 text-sm" aria-label={`Rated ${response.rating} out of 5`}>
          {Array.from({ length: 5 }, (_, index) => (
            <Star
              key={index}
              aria-hidden="true"
              className={`h-4 w-4 ${index < response.rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`}
            />
          ))}
        </span>
      </div>
      {sessionTitle ? <p className="mt-1 text-sm text-slate-700">Most valuable: {sessionTitle}</p> : null}
      {response.do_differently ? (
        <p className="mt-2 text-sm">
          <span className="font-medium">Do differently: </span>
          {response.do_differently}
        </p>
      ) : null}
      {response.quote ? (
        <blockquote className="mt-2 flex gap-2 border-l-4 border-slate-200 pl-3 text-sm italic">
          <Quote aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
          {response.quote}
        </blockquote>
      ) : null}
      {response.quote ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          {published ? (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900">
              Published as a testimonial
            </span>
          ) : publishable ? (
            <Button size="sm" disabled={publishing} onClick={() => void publish()}>
              Publish as testimonial
            </Button>
          ) : (
            <span className="text-slate-600">Not for publishing: given without consent</span>
          )}
        </div>
      ) : null}
    </li>
  );
}
