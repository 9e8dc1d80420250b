/**
 * iCalendar files for 'Add to calendar'. The builder itself lives in
 * supabase/functions/_shared/portable/ics.ts and is re-exported here: the calendar-feed server function
 * builds the same text from it, and functions may import nothing outside supabase/, so the shared
 * copy has to sit on that side. Pure, no dependencies: safe in public-route bundles.
 */
export {
  buildCalendar,
  calendarEventFromEvent,
  escapeIcsText,
  eventUid,
  foldIcsLine,
  formatIcsDateTime,
  icsFileName,
} from '../../supabase/functions/_shared/portable/ics.ts';

/**
 * Saves calendar text as a file through a Blob and a link with the download attribute. Call it from
 * an event handler (it touches the document), never during render.
 */
export function downloadCalendarFile(fileName: string, ics: string): void {
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; a delay keeps slower browsers from losing the URL mid-click.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
