/**
 * 'Invite guests' from past editions (issue 32): instead of pasting a list, the admin chooses
 * people by what they did at chosen past editions (attended; were invited or on the list; missed
 * it), may leave out no-shows and narrow by company or job title. Anyone already asked, invited,
 * approved, declined or waitlisted for the edition being invited to, or already on its list, is left
 * out. The people chosen become the rows of the same plan, preview and report as a pasted list
 * (invite-list.ts), so they are invited through the replica, offline too, each once.
 */
import type { SyncDoc } from '../../data/admin-data.ts';
import type { SeriesIndex } from '../../data/series-history.ts';
import type { InviteValues } from './invite-list.ts';

/** What the people chosen did at the chosen editions. */
export type PastPart = 'attended' | 'expected' | 'no-show';

export interface PastGuestCriteria {
  /** The editions to draw from. None chosen: nobody. */
  eventIds: readonly string[];
  /** attended: came to one of them; expected: invited, approved or on the list of one (came or not); no-show: missed one. */
  part: PastPart;
  /** Leave out anyone who was a no-show (not cleared) at any of the chosen editions. */
  leaveOutNoShows: boolean;
  /** Part of the company's name or the job title, any case ('': any). */
  company: string;
  jobTitle: string;
}

export const NO_PAST_GUEST_CRITERIA: PastGuestCriteria = {
  eventIds: [],
  part: 'attended',
  leaveOutNoShows: true,
  company: '',
  jobTitle: '',
};

type Person = Pick<SyncDoc<'attendees'>, 'id' | 'name' | 'email' | 'company' | 'job_title' | 'linkedin_url'>;
type Request = Pick<SyncDoc<'invite_requests'>, 'event_id' | 'email' | 'attendee_id'>;
type Link = Pick<SyncDoc<'event_attendees'>, 'event_id' | 'attendee_id'>;

export interface PastGuests<P extends Person> {
  /** The people to invite, by name. */
  chosen: P[];
  /** How many matched but are already asked, invited or on the list of the edition. */
  alreadyThere: number;
}

const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** The people `criteria` choose for inviting to `targetEventId`. */
export function choosePastGuests<P extends Person>(
  people: readonly P[],
  index: SeriesIndex,
  targetEventId: string,
  requests: readonly Request[],
  links: readonly Link[],
  criteria: PastGuestCriteria,
): PastGuests<P> {
  const chosenEvents = new Set(criteria.eventIds);
  chosenEvents.delete(targetEventId);
  if (chosenEvents.size === 0) return { chosen: [], alreadyThere: 0 };
  const askedEmails = new Set<string>();
  const there = new Set<string>();
  for (const request of requests) {
    if (request.event_id !== targetEventId) continue;
    askedEmails.add(lower(request.email));
    if (request.attendee_id) there.add(request.attendee_id);
  }
  for (const link of links) if (link.event_id === targetEventId) there.add(link.attendee_id);
  const company = lower(criteria.company);
  const jobTitle = lower(criteria.jobTitle);

  const chosen: P[] = [];
  let alreadyThere = 0;
  for (const person of people) {
    if (company && !lower(person.company).includes(company)) continue;
    if (jobTitle && !lower(person.job_title).includes(jobTitle)) continue;
    const editions = index.summaryOf(person.id).editions.filter((edition) => chosenEvents.has(edition.event.id));
    const matches = editions.some((edition) =>
      criteria.part === 'attended'
        ? edition.outcome === 'attended'
        : criteria.part === 'no-show'
          ? edition.outcome === 'no-show'
          : edition.outcome !== 'none',
    );
    if (!matches) continue;
    if (
      criteria.leaveOutNoShows &&
      criteria.part !== 'no-show' &&
      editions.some((edition) => edition.outcome === 'no-show')
    )
      continue;
    if (there.has(person.id) || askedEmails.has(lower(person.email))) {
      alreadyThere += 1;
      continue;
    }
    chosen.push(person);
  }
  chosen.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  return { chosen, alreadyThere };
}

/** The chosen people as the rows of an invitation list (numbered from 1, in the order given). */
export function pastGuestRows(people: readonly Person[]): { row: number; values: InviteValues }[] {
  return people.map((person, position) => {
    const values: InviteValues = { name: person.name, email: person.email };
    if (person.company) values.company = person.company;
    if (person.job_title) values.job_title = person.job_title;
    if (person.linkedin_url) values.linkedin_url = person.linkedin_url;
    return { row: position + 1, values };
  });
}
