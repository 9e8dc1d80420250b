/** The comma-separated priorities of an attendee as bullet points: trimmed, blanks dropped. */
export function splitPriorities(priorities: string | null | undefined): string[] {
  return (priorities ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** Up to two initials of a name, for the placeholder shown when an attendee has no photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A text column worth showing: not null and not blank. */
export function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}
