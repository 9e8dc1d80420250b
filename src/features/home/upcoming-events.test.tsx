import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UpcomingEvents } from './upcoming-events.tsx';

// The demo seed always has upcoming events, so the browser tests cannot see the empty grid: render it here.
describe('the upcoming events grid on the home page', () => {
  it('tells visitors to check back when no event is coming up', () => {
    const html = renderToStaticMarkup(<UpcomingEvents state={{ status: 'ready', data: [], source: 'network' }} />);
    expect(html).toContain('No upcoming events at the moment. Check back soon!');
    expect(html).toContain('id="events"');
    expect(html).not.toContain('Loading...');
  });

  it('says Loading... and holds a row of card-sized placeholders while the events load', () => {
    const html = renderToStaticMarkup(<UpcomingEvents state={{ status: 'loading', data: undefined }} />);
    expect(html).toContain('Loading...');
    expect(html.match(/aspect-video animate-pulse/g)).toHaveLength(3);
    expect(html).not.toContain('No upcoming events');
  });
});
